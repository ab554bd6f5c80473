/**
 * `npm run bench:games -- [games] [seconds] [--nodes 2]`: N concurrent games
 * of socket.io-client bots against ONE real server process (src/main.ts, on a
 * fresh PostgreSQL database next to DATABASE_URL, its own anvil), for a while.
 * With `--nodes 2`: two server processes on that database, a redis-server of
 * the bench's own (a free port, no persistence) and one shared anvil; bot i
 * connects to node i mod 2, and the queue pairs whoever searches, so about
 * half the games have their players on different nodes (every action of one
 * of them is forwarded to the game's owner).
 * Prints move-to-result latency p50/p99 (the second choice sent → its
 * `game_result` received), matches per second, and the server's CPU time per
 * game (from /proc). Players and their sessions and balances are written
 * straight into the database (signing 2,000 people up through argon2 would
 * measure argon2).
 *
 * A benchmark, not a test: run it on a quiet machine and record the figures in
 * docs/benchmarks.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@shifumi/protocol';
import { createScratchDatabase } from '../infra/db/scratch-database';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig } from '../config';
import { openDatabase } from '../infra/db/database';
import { sessions, users } from '../infra/db/schema/index';
import { createAccessTokens } from '../modules/auth/access-tokens';
import { generateReferralCode } from '../modules/auth/referral-codes';
import { LedgerAccounts } from '../modules/ledger/ledger-accounts';
import { transfer } from '../modules/ledger/ledger.service';
import { startTestAnvil } from '../infra/chain/anvil-testing';
import { freePort, startRedisServer } from './local-processes';

type BotSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const CHOICES = ['rock', 'paper', 'scissors'] as const;
const SECRET = randomBytes(32).toString('hex');

function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `[games] [seconds] [--nodes N]`, in any order of the flag. */
function parseArguments(argv: string[]): { games: number; seconds: number; nodes: number } {
  const positional: string[] = [];
  let nodes = 1;
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === '--nodes') nodes = Number(argv[++index]);
    else positional.push(argv[index]!);
  }
  const games = Number(positional[0] ?? 1000);
  const seconds = Number(positional[1] ?? 60);
  if (!Number.isInteger(games) || games < 1) throw new Error('games must be a positive integer');
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('seconds must be a positive number');
  if (nodes !== 1 && nodes !== 2) throw new Error('--nodes must be 1 or 2');
  return { games, seconds, nodes };
}

async function main(): Promise<void> {
  const { games, seconds, nodes } = parseArguments(process.argv.slice(2));
  const serverUrl = loadConfig(process.env).databaseUrl;
  if (!serverUrl) throw new Error('bench:games needs DATABASE_URL (a PostgreSQL server; a fresh database is created on it)');
  const scratch = await createScratchDatabase(serverUrl, 'shifumi_bench');
  const databaseUrl = scratch.url;

  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  await database.migrate();
  const tokens = createAccessTokens({ secret: SECRET, clock: () => new Date() });
  const players: Array<{ id: string; token: string }> = [];
  console.log(`Seeding ${games * 2} players…`);
  for (let index = 0; index < games * 2; index += 1) {
    const [user] = await database.db
      .insert(users)
      .values({ name: `Bot${index}`, referralCode: generateReferralCode() })
      .returning({ id: users.id });
    const sessionId = randomUUID();
    await database.db.insert(sessions).values({ id: sessionId, userId: user!.id });
    await database.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `bench-fund:${user!.id}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(user!.id), amount: 10n ** 20n }],
      }),
    );
    players.push({ id: user!.id, token: await tokens.issue({ userId: user!.id, sessionId }) });
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-bench-'));
  // Several nodes share one Redis of the bench's own and one chain; one node starts its embedded anvil.
  const redis = nodes > 1 ? await startRedisServer() : undefined;
  const anvil = nodes > 1 ? await startTestAnvil() : undefined;
  const servers: Array<{ port: number; child: ChildProcess }> = [];
  const stopServers = async () => {
    for (const { child } of servers) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    for (let node = 1; node <= nodes; node += 1) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          PORT: String(port),
          APP_URL: `http://localhost:${port}`,
          DATABASE_URL: databaseUrl,
          JWT_SECRET: SECRET,
          DATA_DIR: dataDir,
          ANVIL_PORT: String(await freePort()),
          ETH_USD_PRICE: '2000',
          LOG_LEVEL: 'warn',
          WEB_DIST_DIR: path.join(dataDir, 'none'),
          // The development chain: the bench does not touch it, but the server needs one.
          DEPOSIT_CONFIRMATIONS: '1',
          ...(redis ? { REDIS_URL: redis.url, NODE_ID: `bench-${node}` } : {}),
          ...(anvil ? { ETH_RPC_URL: anvil.rpcUrl } : {}),
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      servers.push({ port, child });
    }
    for (const { port, child } of servers) {
      for (let attempt = 0; ; attempt += 1) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false);
        if (ok) break;
        if (attempt > 300 || child.exitCode !== null) throw new Error('a server did not start');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    const latencies: number[] = [];
    let stop = false;
    const sockets: BotSocket[] = [];
    const connectBot = async (player: { id: string; token: string }, index: number) => {
      const { port } = servers[index % servers.length]!;
      const socket: BotSocket = connect(`http://127.0.0.1:${port}`, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: player.token } });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };

    console.log(`Connecting ${players.length} bots…`);
    const bots: BotSocket[] = [];
    for (let index = 0; index < players.length; index += 50) {
      bots.push(...(await Promise.all(players.slice(index, index + 50).map((player, offset) => connectBot(player, index + offset)))));
    }

    const cpuOfServers = () => servers.reduce((total, { child }) => total + cpuSeconds(child.pid!), 0);
    const cpuBefore = cpuOfServers();
    const startedAt = performance.now();
    // Every bot plays on its own: it searches, plays the game the queue gives it (whoever the opponent), and
    // searches again. In each round the player with the smaller id chooses 10 ms after the round starts; the
    // other chooses 5 ms after hearing that the first choice is locked, and is timed from that choice (the
    // round's decisive move) to its game_result.
    const finishedRooms = new Set<string>();
    bots.forEach((bot, index) => {
      const me = players[index]!.id;
      let room: string | undefined;
      let leads = false;
      let sentAt = 0;
      const search = () => {
        if (!stop) bot.emit('search_game', { character: 'Character1', amount: 1 });
      };
      const choose = (timed: boolean) => {
        if (!room) return;
        sentAt = timed ? performance.now() : 0;
        bot.emit('make_choice', { room, choice: CHOICES[randomInt(3)]! });
      };
      bot.on('game_found', (event) => {
        room = event.room;
        leads = me < event.opponent.id;
      });
      bot.on('new_round', () => {
        if (leads) setTimeout(() => choose(false), 10);
      });
      bot.on('opponent_choice_locked', () => {
        if (!leads) setTimeout(() => choose(true), 5);
      });
      bot.on('game_result', () => {
        if (sentAt > 0) latencies.push(performance.now() - sentAt);
        sentAt = 0;
      });
      bot.on('round_end', (event) => {
        if (!event.gameOver) return;
        if (room) finishedRooms.add(room);
        room = undefined;
        setTimeout(search, 50);
      });
      setTimeout(search, index % 2 === 0 ? 0 : 20);
    });
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    stop = true;
    const elapsed = (performance.now() - startedAt) / 1000;
    const finished = finishedRooms.size;
    const cpu = cpuOfServers() - cpuBefore;
    const sorted = [...latencies].sort((a, b) => a - b);
    for (const socket of sockets) socket.disconnect();

    console.log(
      JSON.stringify(
        {
          nodes,
          concurrentGames: games,
          seconds: Number(elapsed.toFixed(1)),
          gamesFinished: finished,
          matchesPerSecond: Number((finished / elapsed).toFixed(2)),
          rounds: latencies.length,
          moveToResultMs: { p50: Number(percentile(sorted, 50).toFixed(1)), p99: Number(percentile(sorted, 99).toFixed(1)), max: Number((sorted.at(-1) ?? 0).toFixed(1)) },
          serverCpuSeconds: Number(cpu.toFixed(2)),
          serverCpuMsPerGame: finished > 0 ? Number(((cpu * 1000) / finished).toFixed(1)) : null,
          cpus: os.cpus().length,
        },
        null,
        2,
      ),
    );
  } finally {
    await stopServers();
    await redis?.stop();
    await anvil?.dispose();
    await database.close();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:games: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

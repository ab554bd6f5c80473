/**
 * Issue 29: `npm run bench:soak -- [minutes] [--games N]` (default 30 minutes,
 * 200 games). The real server (main.ts's startServer through
 * scripts/bench-server.ts, production mode, its embedded anvil) on a fresh
 * PostgreSQL database next to DATABASE_URL; N games of socket.io-client bots
 * kept running the whole time (a pair searches again as soon as its game
 * ends). Every minute it prints the server's memory (RSS, and the heap after
 * a full GC: the server runs with --expose-gc and collects on SIGUSR2), the
 * event loop's delay p99, its open handles and the database's connections
 * (pg_stat_activity); at the end, the memory's growth after the first minute
 * (the warm-up) — the median of the first five minutes after it against the
 * median of the last five — against the bound of 10 %.
 *
 * A soak, not a test: record a run in docs/benchmarks.md with the machine's load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PROTOCOL_VERSION, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@shifumi/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig } from '../config';
import { openDatabase } from '../infra/db/database';
import { createScratchDatabase } from '../infra/db/scratch-database';
import { seedBenchPlayers } from './bench-players';
import { freePort } from './local-processes';

type BotSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const CHOICES = ['rock', 'paper', 'scissors'] as const;
const SECRET = randomBytes(32).toString('hex');
const METRICS_TOKEN = randomBytes(24).toString('hex');
/** The bound on memory growth after warm-up. */
const MAX_GROWTH = 0.1;

function parseArguments(argv: string[]): { minutes: number; games: number } {
  let minutes = 30;
  let games = 200;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--games') games = Number(argv[++index]);
    else minutes = Number(argument);
  }
  if (!Number.isInteger(minutes) || minutes < 2)
    throw new Error('bench:soak -- [minutes] needs a whole number of minutes, at least 2');
  if (!Number.isInteger(games) || games < 1) throw new Error('--games needs a positive whole number');
  return { minutes, games };
}

/** One sample of a Prometheus text exposition: the value of `name` (the first series). */
function metricValue(text: string, name: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{`) || candidate.startsWith(`${name} `));
  return line === undefined ? Number.NaN : Number(line.slice(line.lastIndexOf(' ') + 1));
}

interface Sample {
  minute: number;
  rssMb: number;
  heapMb: number;
  loopP99Ms: number;
  handles: number;
  dbConnections: number;
  gamesEnded: number;
}

async function main(): Promise<void> {
  const { minutes, games } = parseArguments(process.argv.slice(2));
  const serverUrl = loadConfig(process.env).databaseUrl;
  if (!serverUrl) throw new Error('bench:soak needs DATABASE_URL (a PostgreSQL server; a fresh database is created on it)');
  const scratch = await createScratchDatabase(serverUrl, 'shifumi_soak');
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  await database.migrate();
  console.log(`Seeding ${games * 2} players…`);
  const players = await seedBenchPlayers(database.db, {
    count: games * 2,
    namePrefix: 'Soak',
    fundingKey: 'soak-fund',
    fundsWei: 10n ** 21n,
    secret: SECRET,
  });
  await database.close();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-soak-'));
  const port = await freePort();
  const server: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'src/scripts/bench-server.ts', '--soak'],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        APP_URL: `http://localhost:${port}`,
        DATABASE_URL: scratch.url,
        JWT_SECRET: SECRET,
        TWO_FACTOR_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        FAIRNESS_SIGNING_KEY: randomBytes(32).toString('base64'),
        METRICS_TOKEN,
        DATA_DIR: dataDir,
        ANVIL_PORT: String(await freePort()),
        ETH_USD_PRICE: '2000',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: path.join(dataDir, 'none'),
        DEPOSIT_CONFIRMATIONS: '1',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 300 || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  // The bots: each pair searches the same stake, plays at random, and searches again when its game ends.
  let gamesEnded = 0;
  let stopping = false;
  const sockets: BotSocket[] = [];
  const amounts = [1, 5, 10, 15, 20, 50, 100] as const;
  for (const [index, player] of players.entries()) {
    const socket: BotSocket = connect(base, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      forceNew: true,
      auth: { token: player.token, protocolVersion: PROTOCOL_VERSION },
    });
    sockets.push(socket);
    const amount = amounts[Math.floor(index / 2) % amounts.length]!;
    let room: string | undefined;
    const search = () => {
      if (!stopping) setTimeout(() => socket.emit('search_game', { character: 'Character1', amount }), randomInt(50, 500));
    };
    const choose = () =>
      setTimeout(() => room && socket.emit('make_choice', { room, choice: CHOICES[randomInt(3)]! }), randomInt(50, 400));
    socket.on('connect', search);
    socket.on('game_found', (event) => {
      room = event.room;
    });
    socket.on('new_round', choose);
    socket.on('round_end', (event) => {
      if (!event.gameOver) return;
      room = undefined;
      if (index % 2 === 0) gamesEnded += 1;
      search();
    });
    socket.on('game_dead', () => {
      room = undefined;
      search();
    });
  }

  const stats = new pg.Client({ connectionString: serverUrl });
  await stats.connect();
  const samples: Sample[] = [];
  const sample = async (minute: number): Promise<Sample> => {
    server.kill('SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const connections = await stats.query<{ count: number }>(
      'select count(*)::int as count from pg_stat_activity where datname = $1',
      [scratch.name],
    );
    return {
      minute,
      rssMb: Math.round(metricValue(text, 'process_resident_memory_bytes') / 1e6),
      heapMb: Math.round(metricValue(text, 'nodejs_heap_size_used_bytes') / 1e6),
      loopP99Ms: Number((metricValue(text, 'nodejs_eventloop_lag_p99_seconds') * 1000).toFixed(1)),
      handles: metricValue(text, 'nodejs_active_handles_total'),
      dbConnections: connections.rows[0]?.count ?? Number.NaN,
      gamesEnded,
    };
  };

  console.log(`Soak: ${games} games for ${minutes} minutes against ${base}`);
  console.log('minute  rss MB  heap after GC MB  loop p99 ms  handles  db connections  games ended');
  try {
    for (let minute = 1; minute <= minutes; minute += 1) {
      await new Promise((resolve) => setTimeout(resolve, 60_000));
      const current = await sample(minute);
      samples.push(current);
      console.log(
        [
          current.minute,
          current.rssMb,
          current.heapMb,
          current.loopP99Ms,
          current.handles,
          current.dbConnections,
          current.gamesEnded,
        ]
          .map((value, column) => String(value).padStart(column === 0 ? 6 : [8, 18, 13, 9, 16, 13][column - 1]!))
          .join(''),
      );
    }
  } finally {
    stopping = true;
    for (const socket of sockets) socket.disconnect();
    await stats.end();
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  // Warm-up: the first minute. Growth from the samples after it to the last ones, for RSS and the heap after GC: the
  // median of a window of up to five minutes at each end (a single sample can land on a moment of queued work and
  // read a few MB high or low), or the first and last samples of a run too short for windows.
  const { from, to } = windowsOf(samples);
  const growth = (before: number, after: number) => (after - before) / before;
  const heapGrowth = growth(from.heapMb, to.heapMb);
  const rssGrowth = growth(from.rssMb, to.rssMb);
  const verdict = heapGrowth <= MAX_GROWTH && rssGrowth <= MAX_GROWTH ? 'within' : 'OVER';
  console.log(
    `Memory after warm-up (${from.label} → ${to.label}): heap ${from.heapMb} → ${to.heapMb} MB (${(heapGrowth * 100).toFixed(1)} %), RSS ${from.rssMb} → ${to.rssMb} MB (${(rssGrowth * 100).toFixed(1)} %): ${verdict} the 10 % bound. ${samples.at(-1)!.gamesEnded} games ended.`,
  );
  if (verdict === 'OVER') process.exitCode = 1;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Number(((sorted[middle - 1]! + sorted[middle]!) / 2).toFixed(1));
}

/** The memory at the start (after the warm-up minute) and at the end of the run: windows' medians, or single samples. */
function windowsOf(samples: Array<{ minute: number; heapMb: number; rssMb: number }>) {
  const afterWarmup = samples.length > 1 ? samples.slice(1) : samples;
  const size = Math.min(5, Math.floor(afterWarmup.length / 3));
  if (size < 2) {
    const first = samples[0]!;
    const last = samples.at(-1)!;
    return {
      from: { label: `minute ${first.minute}`, heapMb: first.heapMb, rssMb: first.rssMb },
      to: { label: `minute ${last.minute}`, heapMb: last.heapMb, rssMb: last.rssMb },
    };
  }
  const window = (part: typeof samples) => ({
    label: `median of minutes ${part[0]!.minute}–${part.at(-1)!.minute}`,
    heapMb: median(part.map((entry) => entry.heapMb)),
    rssMb: median(part.map((entry) => entry.rssMb)),
  });
  return { from: window(afterWarmup.slice(0, size)), to: window(afterWarmup.slice(-size)) };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});

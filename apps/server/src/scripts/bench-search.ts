/**
 * `npm run bench:search -- [rate] [seconds] [--nodes 2] [--tick <ms>] [--bots <n>] [--warmup <s>] [--baseline] [--cpu-prof]`
 * (issue 30, decision 061): matchmaking under bursts of searches. Defaults:
 * 200 searches a second for 30 s measured after 5 s of warm-up at the same
 * rate, sent in bursts every 100 ms (20 at a time),
 * each at one of the seven stakes drawn at random, by bots that search as the
 * web app does (`search_game {character, amount}`) against real server
 * processes (scripts/bench-server.ts, production mode, a fresh PostgreSQL
 * database next to DATABASE_URL; `--nodes 2`: two nodes, a redis-server of the
 * bench's own, bot i on node i mod 2). A bot that gets `game_found` leaves at
 * once if it has the smaller id (a forfeit, settled at once: the least work a
 * game can add to the measurement), and searches again once `round_end` says
 * the game is over. A burst with too few free bots sends fewer searches: the
 * rate achieved is printed.
 *
 * Prints, from the search that completed a pair to each player's
 * `game_found`: p50/p99/max; the same less each game's own start transaction,
 * and less its whole start (gate wait, lease, transaction), from the timings
 * the server logs with "Game started", and each sample split further into the
 * search's own checks, the queue's step and what is left (sockets, event
 * loops), by whether the player's socket is on the node that made the pair;
 * the servers' CPU per search (/proc); with `--baseline`, the same searches
 * against the bare referee first (bench-referee.ts), and the ratios;
 * with `--cpu-prof`, the CPU on stacks of the queue (modules/matchmaking) and
 * of the game start (game-start*.ts), per search and per game.
 *
 * A benchmark, not a test: the figures go in docs/benchmarks.md with the
 * machine's load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { loadConfig } from '../config';
import { startTestAnvil } from '../infra/chain/anvil-testing';
import { openDatabase } from '../infra/db/database';
import { createScratchDatabase } from '../infra/db/scratch-database';
import { baselinePhase, round2, searchPhase, vsBaseline } from './bench-search-phase';
import { profileFigures } from './search-profile';
import { seedBenchPlayers, type BenchPlayer } from './bench-players';
import { freePort, startRedisServer } from './local-processes';
import { searchLatencies, startTimingOf, type StartTiming } from './search-latency';

const SECRET = randomBytes(32).toString('hex');

interface Options {
  rate: number;
  seconds: number;
  nodes: number;
  tickMs: number;
  bots: number;
  warmupSeconds: number;
  cpuProf: boolean;
  /** Also drive the same searches against the bare referee first (bench-referee.ts): the sockets' own floor. */
  baseline: boolean;
}

function parseOptions(argv: string[]): Options {
  const positional: string[] = [];
  const named = new Map<string, string>();
  let cpuProf = false;
  let baseline = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--cpu-prof') cpuProf = true;
    else if (argument === '--baseline') baseline = true;
    else if (['--nodes', '--tick', '--bots', '--warmup'].includes(argument)) named.set(argument, argv[++index] ?? '');
    else if (argument.startsWith('--')) throw new Error(`unknown option ${argument}`);
    else positional.push(argument);
  }
  const rate = Number(positional[0] ?? 200);
  const seconds = Number(positional[1] ?? 30);
  const nodes = Number(named.get('--nodes') ?? 1);
  const tickMs = Number(named.get('--tick') ?? 100);
  const bots = Number(named.get('--bots') ?? Math.max(40, Math.ceil(rate * 4)));
  if (!Number.isFinite(rate) || rate <= 0 || rate > 5000)
    throw new Error('rate must be a number of searches a second, up to 5000');
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) throw new Error('seconds must be a positive number, up to 600');
  const warmupSeconds = Number(named.get('--warmup') ?? 5);
  if (nodes !== 1 && nodes !== 2) throw new Error('--nodes must be 1 or 2');
  if (!Number.isFinite(warmupSeconds) || warmupSeconds < 0 || warmupSeconds > 120)
    throw new Error('--warmup must be seconds, 0 to 120');
  if (!Number.isInteger(tickMs) || tickMs < 1 || tickMs > 1000) throw new Error('--tick must be whole milliseconds, 1 to 1000');
  if (!Number.isInteger(bots) || bots < 4 || bots > 5000) throw new Error('--bots must be a whole number, 4 to 5000');
  return { rate, seconds, nodes, tickMs, bots, warmupSeconds, cpuProf, baseline };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seedPlayers(databaseUrl: string, count: number): Promise<BenchPlayer[]> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    await database.migrate();
    // 100 ETH each: thousands of $100 stakes at 2,000 USD per ETH.
    return await seedBenchPlayers(database.db, {
      count,
      namePrefix: 'Seeker',
      fundingKey: 'bench-fund',
      fundsWei: 10n ** 20n,
      secret: SECRET,
    });
  } finally {
    await database.close();
  }
}

interface Nodes {
  ports: number[];
  pids: number[];
  stop(): Promise<void>;
}

/** The product's nodes, logging at info (production's level) into `onLine`: the "Game started" lines carry the start's times. */
async function startNodes(
  options: Options,
  databaseUrl: string,
  dataDir: string,
  shared: { redisUrl?: string; rpcUrl?: string },
  onLine: (line: string) => void,
): Promise<Nodes> {
  const twoFactorKey = randomBytes(32).toString('hex');
  const fairnessKey = randomBytes(32).toString('base64');
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  for (let node = 1; node <= options.nodes; node += 1) {
    const port = await freePort();
    const profile = options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dataDir, 'cpu-profiles')}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/scripts/bench-server.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        APP_URL: `http://localhost:${port}`,
        DATABASE_URL: databaseUrl,
        JWT_SECRET: SECRET,
        TWO_FACTOR_ENCRYPTION_KEY: twoFactorKey,
        FAIRNESS_SIGNING_KEY: fairnessKey,
        DATA_DIR: dataDir,
        ANVIL_PORT: String(await freePort()),
        ETH_USD_PRICE: '2000',
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: path.join(dataDir, 'none'),
        DEPOSIT_CONFIRMATIONS: '1',
        ...(shared.redisUrl ? { REDIS_URL: shared.redisUrl, NODE_ID: `bench-${node}` } : {}),
        ...(shared.rpcUrl ? { ETH_RPC_URL: shared.rpcUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    readline.createInterface({ input: child.stdout! }).on('line', onLine);
    children.push(child);
    ports.push(port);
  }
  const stop = async () => {
    for (const child of children) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    for (const [index, child] of children.entries()) {
      for (let attempt = 0; ; attempt += 1) {
        const up = await fetch(`http://127.0.0.1:${ports[index]}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
          () => true,
          () => false,
        );
        if (up) break;
        if (attempt > 300 || child.exitCode !== null) throw new Error('a server did not start');
        await sleep(200);
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports, pids: children.map((child) => child.pid!), stop };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const serverUrl = loadConfig(process.env).databaseUrl;
  if (!serverUrl) throw new Error('bench:search needs DATABASE_URL (a PostgreSQL server; a fresh database is created on it)');
  const scratch = await createScratchDatabase(serverUrl, 'shifumi_bench');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-bench-search-'));
  const redis = options.nodes > 1 ? await startRedisServer() : undefined;
  const anvil = options.nodes > 1 ? await startTestAnvil() : undefined;
  let nodes: Nodes | undefined;
  try {
    console.log(`Seeding ${options.bots} players…`);
    const players = await seedPlayers(scratch.url, options.bots);
    const timings = new Map<string, StartTiming>();
    const onLine = (line: string) => {
      const started = startTimingOf(line);
      if (started) timings.set(started.gameId, started.timing);
      else if (/"level":(40|50|60)/.test(line)) process.stdout.write(`${line}\n`);
    };
    const baseline = options.baseline ? await baselinePhase(options, players) : undefined;
    nodes = await startNodes(options, scratch.url, dataDir, { redisUrl: redis?.url, rpcUrl: anvil?.rpcUrl }, onLine);
    console.log(`Searching at ${options.rate}/s for ${options.seconds} s on ${options.nodes} node(s)…`);
    const phase = await searchPhase(options, nodes, players);
    const { driven, cpu, netCpu, idlePerSecond, machine, loadBefore, loadAfter, window } = phase;
    const found = driven.games;
    const matched = found.length * 2;
    const latencies = searchLatencies(found, timings);
    await nodes.stop();
    nodes = undefined;
    const results: Record<string, unknown> = {
      nodes: options.nodes,
      cpus: os.cpus().length,
      loadAverage: { before: loadBefore, after: loadAfter },
      requested: {
        searchesPerSecond: options.rate,
        seconds: options.seconds,
        warmupSeconds: options.warmupSeconds,
        burstEveryMs: options.tickMs,
        bots: options.bots,
      },
      searchesSent: driven.sent,
      searchesPerSecond: round2(driven.sent / driven.elapsed),
      searchesNotSentNoFreeBot: driven.short,
      gamesFound: found.length,
      refusals: Object.fromEntries(driven.refusals),
      botsStillPlaying: driven.stillPlaying,
      latencyMs: latencies,
      serverCpu: {
        seconds: round2(cpu),
        idleSecondsPerSecond: round2(idlePerSecond),
        msPerMatchedSearch: matched > 0 ? round2((netCpu * 1000) / matched) : null,
        note: 'every node, from the end of the warm-up until the last game ended, less their idle background: the searches, the starts, the forfeits and their settlements',
      },
      machine,
      ...(baseline ? { baseline, vsBaseline: vsBaseline(latencies.searchToFound, baseline.searchToFound) } : {}),
      target: {
        'search → game_found p99 ≤ 20 ms beyond the start transaction':
          latencies.beyondTransaction.p99 <= 20 ? 'met' : `missed (${latencies.beyondTransaction.p99} ms)`,
      },
    };
    if (options.cpuProf) results.cpuProfile = profileFigures(path.join(dataDir, 'cpu-profiles'), window, matched, found.length);
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await nodes?.stop();
    await redis?.stop();
    await anvil?.dispose();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:search: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

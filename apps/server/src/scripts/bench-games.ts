/**
 * `npm run bench:games -- [games] [seconds] [--nodes 2] [--baseline] [--instant] [--cpu-prof] [--plain | --both]`:
 * N concurrent games of socket.io-client bots against real server processes
 * (the product: main.ts's startServer through scripts/bench-server.ts,
 * production mode, on a fresh PostgreSQL database next to DATABASE_URL, its
 * own anvil), for a while.
 *
 * - `--nodes 2`: two server processes on that database, a redis-server of the
 *   bench's own (a free port, no persistence) and one shared anvil; bot i
 *   connects to node i mod 2 (about half the games are played across nodes).
 * - `--baseline`: in the same run, first the same bots, counts and timing
 *   against a bare Socket.IO referee in memory (scripts/bench-referee.ts),
 *   then the product; prints both and their ratios. The referee's bots play
 *   as the product's measured phase does: sealed, plain (`--plain`) or both
 *   at once (`--mixed`). Both phases report the Socket.IO messages and bytes
 *   the bots received per move, by event (`wire`).
 * - `--instant`: no wait between rounds (the reveal pause is 0, bots choose at
 *   once), to measure games settled per second; with `pgbench` on PATH, a
 *   TPC-B run (scale 10, -c 10 -j 2) on a scratch database of the same
 *   PostgreSQL, alternated with the games, for comparison.
 * - `--cpu-prof`: the product's server runs under `node --cpu-prof`; the top of
 *   the profile (self time by function, and by component) is printed.
 * - Issue 17: the bots seal their choices like the web app (`commit_choice`
 *   with a SHA-256 commitment and a 32-byte salt, `reveal_choice` on
 *   `reveal_request`); the decisive move is then timed from its commitment to
 *   `game_result` (one more round trip: the reveals). `--plain` keeps the
 *   plain `make_choice` bots; `--both` plays the product plain, then sealed,
 *   on the same server, and prints what sealing adds (the baseline referee
 *   always plays plain). `--mixed` plays plain and sealed games at the same
 *   time on the same server (even bots plain at $1, odd bots sealed at $5: two
 *   queues, so no game mixes them) and prints each one's latency and what
 *   sealing adds: both measured under the same load, which a loaded machine
 *   cannot give two phases one after the other.
 *
 * Prints move-to-result latency p50/p99/max (the round's decisive choice sent
 * → its `game_result` received), matches per second, the servers' CPU time
 * per move and per game (from /proc), and the product's PostgreSQL commits
 * (and statements, when pg_stat_statements is loaded) per game, from the
 * bench database's own statistics. Players, sessions and balances are
 * written straight into the database (signing 2,000 people up through argon2
 * would measure argon2).
 *
 * A benchmark, not a test: the figures go in docs/benchmarks.md, with the
 * machine's load; compare ratios measured in one run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { commitmentPreimage } from '@shifumi/fairness';
import { PROTOCOL_VERSION, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@shifumi/protocol';
import { createScratchDatabase } from '../infra/db/scratch-database';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig } from '../config';
import { openDatabase } from '../infra/db/database';
import { startTestAnvil } from '../infra/chain/anvil-testing';
import { summarizeCpuProfile } from './cpu-profile';
import { cpuSeconds, seedBenchPlayers } from './bench-players';
import { freePort, startRedisServer, stopChildren, waitUntilUp } from './local-processes';
import { parseArguments } from './bench-games-options';
import {
  percentile,
  round1,
  round2,
  withIdle,
  type PhaseResult,
  type Target,
} from './bench-games-results';
import { countWire, createWireCount, wirePerMove } from './bench-wire';

type BotSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const CHOICES = ['rock', 'paper', 'scissors'] as const;
const SECRET = randomBytes(32).toString('hex');

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const { games, seconds, nodes, instant } = options;
  const serverUrl = loadConfig(process.env).databaseUrl;
  if (!serverUrl) throw new Error('bench:games needs DATABASE_URL (a PostgreSQL server; a fresh database is created on it)');
  const scratch = await createScratchDatabase(serverUrl, 'shifumi_bench');
  const databaseUrl = scratch.url;

  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  await database.migrate();
  console.log(`Seeding ${games * 2} players…`);
  const players = await seedBenchPlayers(database.db, {
    count: games * 2,
    namePrefix: 'Bot',
    fundingKey: 'bench-fund',
    fundsWei: 10n ** 20n,
    secret: SECRET,
  });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-bench-'));
  const profileDir = path.join(dataDir, 'cpu-profiles');
  // Several nodes share one Redis of the bench's own and one chain; one node starts its embedded anvil.
  const redis = nodes > 1 ? await startRedisServer() : undefined;
  const anvil = nodes > 1 ? await startTestAnvil() : undefined;
  const stats = new pg.Client({ connectionString: databaseUrl });
  await stats.connect();
  let pgbench: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

  const startProduct = async (): Promise<Target> => {
    // Production needs these secrets; every node of the run shares them.
    const twoFactorKey = randomBytes(32).toString('hex');
    const fairnessKey = randomBytes(32).toString('base64');
    const children: ChildProcess[] = [];
    const ports: number[] = [];
    for (let node = 1; node <= nodes; node += 1) {
      const port = await freePort();
      const nodeArguments = options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
      const child = spawn(
        process.execPath,
        [...nodeArguments, '--import', 'tsx', 'src/scripts/bench-server.ts', ...(instant ? ['--instant'] : [])],
        {
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
            LOG_LEVEL: 'warn',
            WEB_DIST_DIR: path.join(dataDir, 'none'),
            // The development chain: the bench does not touch it, but the server needs one.
            DEPOSIT_CONFIRMATIONS: '1',
            ...(redis ? { REDIS_URL: redis.url, NODE_ID: `bench-${node}` } : {}),
            ...(anvil ? { ETH_RPC_URL: anvil.rpcUrl } : {}),
          },
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      );
      children.push(child);
      ports.push(port);
    }
    const stop = stopChildren(children);
    try {
      for (const [index, child] of children.entries()) await waitUntilUp(ports[index]!, child, '/api/health');
    } catch (error) {
      await stop();
      throw error;
    }
    return { ports, pids: children.map((child) => child.pid!), stop };
  };

  const startReferee = async (): Promise<Target> => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/scripts/bench-referee.ts', String(port), ...(instant ? ['--instant'] : [])],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    const stop = stopChildren([child]);
    try {
      await waitUntilUp(port, child, '/');
    } catch (error) {
      await stop();
      throw error;
    }
    return { ports: [port], pids: [child.pid!], stop };
  };

  /** The bench database's counters (commits, rows) and, when loaded, pg_stat_statements' calls. */
  const databaseCounters = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_200)); // backends report their statistics at most once a second
    await stats.query('select pg_stat_clear_snapshot()');
    const { rows } = await stats.query<{ commits: string; rollbacks: string; written: string; read: string }>(
      `select xact_commit as commits, xact_rollback as rollbacks, tup_inserted + tup_updated + tup_deleted as written, tup_fetched as read
       from pg_stat_database where datname = current_database()`,
    );
    let statements: number | null = null;
    const byStatement = new Map<string, { calls: number; query: string }>();
    try {
      const result = await stats.query<{ queryid: string; calls: string; query: string }>(
        'select queryid::text, calls, query from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())',
      );
      statements = 0;
      for (const entry of result.rows) {
        statements += Number(entry.calls);
        byStatement.set(entry.queryid, { calls: Number(entry.calls), query: entry.query.replace(/\s+/g, ' ').slice(0, 110) });
      }
    } catch {
      statements = null;
    }
    const row = rows[0]!;
    return {
      commits: Number(row.commits),
      rollbacks: Number(row.rollbacks),
      written: Number(row.written),
      read: Number(row.read),
      statements,
      byStatement,
    };
  };
  // The bench's own queries (this connection) count too: a few per phase, against thousands of games.
  await stats.query('create extension if not exists pg_stat_statements').catch(() => undefined);

  /** Waits (at most 30 s) until the bench database has no game in play. */
  const untilNoGameInPlay = async () => {
    const until = performance.now() + 30_000;
    while (performance.now() < until) {
      const { rows } = await stats.query<{ playing: string }>(`select count(*) as playing from games where status = 'playing'`);
      if (Number(rows[0]!.playing) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    console.warn('Games were still in play 30 s after the phase ended');
  };

  /**
   * Issue 30: the target's CPU with no player connected (its background: the deposit watcher's passes over the
   * development chain's one block a second, the mail outbox, the takeover scan…), in ms a second over 10 s after
   * 3 s of settling. The per-move figure is judged with it included; "beyond idle" shows the games' own share.
   */
  const idleCpuMsPerSecond = async (target: Target): Promise<number> => {
    const cpuNow = () => target.pids.reduce((total, pid) => total + cpuSeconds(pid), 0);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const before = cpuNow();
    const startedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    return round2(((cpuNow() - before) * 1000) / ((performance.now() - startedAt) / 1000));
  };

  /** The bots play against `target` for `seconds`; returns the phase's figures. */
  const playPhase = async (target: Target, measureDatabase: boolean, mode: boolean | 'mixed' = false): Promise<PhaseResult> => {
    const latencies: number[] = [];
    const latenciesBy = { plain: [] as number[], sealed: [] as number[] };
    let moves = 0;
    let stop = false;
    const wire = createWireCount();
    const sockets: BotSocket[] = [];
    const connectBot = async (player: { id: string; token: string }, index: number) => {
      const port = target.ports[index % target.ports.length]!;
      const socket: BotSocket = connect(`http://127.0.0.1:${port}`, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token: player.token, protocolVersion: PROTOCOL_VERSION },
      });
      sockets.push(socket);
      countWire(socket as unknown as Socket, wire, () => !stop);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };

    const bots: BotSocket[] = [];
    for (let index = 0; index < players.length; index += 50) {
      bots.push(
        ...(await Promise.all(players.slice(index, index + 50).map((player, offset) => connectBot(player, index + offset)))),
      );
    }

    // --mixed: a probe socket times one round trip through the server every 100 ms (an invalid search, answered at
    // once with an error, no database), under the same load: the bound for sealing is one round trip + 20 ms.
    const roundTrips: number[] = [];
    let probeTimer: NodeJS.Timeout | undefined;
    if (mode === 'mixed') {
      const probe = await connectBot(players[0]!, 0);
      let probeSentAt = 0;
      probe.on('error', () => {
        if (probeSentAt > 0 && !stop) roundTrips.push(performance.now() - probeSentAt);
        probeSentAt = 0;
      });
      probeTimer = setInterval(() => {
        if (probeSentAt > 0) return;
        probeSentAt = performance.now();
        (probe as unknown as Socket).emit('search_game', 'probe');
      }, 100);
    }
    const cpuOfServers = () => target.pids.reduce((total, pid) => total + cpuSeconds(pid), 0);
    const cpuBefore = cpuOfServers();
    const startedAt = performance.now();
    // Every bot plays on its own: it searches, plays the game the queue gives it (whoever the opponent), and
    // searches again. In each round the player with the smaller id chooses 10 ms after the round starts (at
    // once with --instant); the other chooses 5 ms after hearing that the first choice is locked (at once
    // with --instant), and is timed from that choice (the round's decisive move) to its game_result.
    const leadDelayMs = instant ? 0 : 10;
    const followDelayMs = instant ? 0 : 5;
    const finishedRooms = new Set<string>();
    /** The game each bot is in, so that a phase ends its games (a next phase on the same server starts from none). */
    const roomOf = new Map<BotSocket, string>();
    bots.forEach((bot, index) => {
      const me = players[index]!.id;
      // --mixed: odd bots seal and bet $5, even bots play plain at $1 (two queues: no game mixes the two).
      const sealed = mode === 'mixed' ? index % 2 === 1 : mode;
      const amount = mode === 'mixed' && sealed ? 5 : 1;
      let room: string | undefined;
      let round = 1;
      let leads = false;
      let sentAt = 0;
      /** This round's sealed choice, until the reveal request (issue 17). */
      let kept: { choice: (typeof CHOICES)[number]; salt: string } | undefined;
      const search = () => {
        if (!stop) bot.emit('search_game', { character: 'Character1', amount });
      };
      const choose = (timed: boolean) => {
        if (!room || stop) return;
        sentAt = timed ? performance.now() : 0;
        moves += 1;
        const choice = CHOICES[randomInt(3)]!;
        if (!sealed) {
          bot.emit('make_choice', { room, choice });
          return;
        }
        // As the web app does: 32 random bytes of salt, SHA-256 of the preimage, the commitment sent at once.
        const salt = randomBytes(32).toString('hex');
        kept = { choice, salt };
        const commitment = createHash('sha256')
          .update(commitmentPreimage({ room, round, userId: me, choice, salt }), 'utf8')
          .digest('hex');
        bot.emit('commit_choice', { room, round, commitment });
      };
      bot.on('reveal_request', (event) => {
        if (kept && event.room === room && event.round === round)
          bot.emit('reveal_choice', { room, round, choice: kept.choice, salt: kept.salt });
        kept = undefined;
      });
      bot.on('game_found', (event) => {
        room = event.room;
        roomOf.set(bot, event.room);
        leads = me < event.opponent.id;
      });
      bot.on('new_round', (event) => {
        round = event.round;
        kept = undefined;
        if (leads) setTimeout(() => choose(false), leadDelayMs);
      });
      bot.on('opponent_choice_locked', () => {
        if (!leads) setTimeout(() => choose(true), followDelayMs);
      });
      bot.on('game_result', () => {
        if (sentAt > 0 && !stop) {
          latencies.push(performance.now() - sentAt);
          latenciesBy[sealed ? 'sealed' : 'plain'].push(performance.now() - sentAt);
        }
        sentAt = 0;
      });
      bot.on('round_end', (event) => {
        if (!event.gameOver) return;
        if (room && !stop) finishedRooms.add(room);
        room = undefined;
        roomOf.delete(bot);
        setTimeout(search, instant ? 0 : 50);
      });
      setTimeout(search, index % 2 === 0 ? 0 : 20);
    });
    // The database's work per game is counted after a warm-up (a third of the run): the first games all start
    // at once and none ends yet, which would count the starts of games that do not finish within the run.
    const warmupMs = (seconds * 1000) / 3;
    await new Promise((resolve) => setTimeout(resolve, warmupMs));
    const before = measureDatabase ? await databaseCounters() : undefined;
    const finishedAtWarmup = finishedRooms.size;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, seconds * 1000 - (performance.now() - startedAt))));
    stop = true;
    if (probeTimer) clearInterval(probeTimer);
    const elapsed = (performance.now() - startedAt) / 1000;
    const finished = finishedRooms.size;
    const cpu = cpuOfServers() - cpuBefore;
    const after = measureDatabase ? await databaseCounters() : undefined;
    const sorted = [...latencies].sort((a, b) => a - b);
    const spread = (values: number[]) => {
      const ordered = [...values].sort((a, b) => a - b);
      return {
        rounds: ordered.length,
        moveToResultMs: {
          p50: round1(percentile(ordered, 50)),
          p99: round1(percentile(ordered, 99)),
          max: round1(ordered.at(-1) ?? 0),
        },
      };
    };
    // Games still running are left (a forfeit, settled at once), so that a next phase finds every bot free.
    for (const [bot, room] of roomOf) bot.emit('leave_game', { room });
    if (measureDatabase) await untilNoGameInPlay();
    for (const socket of sockets) socket.disconnect();
    const perGame = (value: number) => (finished > 0 ? round1(value / finished) : null);
    const measuredGames = finished - finishedAtWarmup;
    const perMeasuredGame = (value: number) => (measuredGames > 0 ? round1(value / measuredGames) : null);
    return {
      seconds: round1(elapsed),
      gamesFinished: finished,
      matchesPerSecond: round2(finished / elapsed),
      moves,
      rounds: latencies.length,
      moveToResultMs: {
        p50: round1(percentile(sorted, 50)),
        p99: round1(percentile(sorted, 99)),
        max: round1(sorted.at(-1) ?? 0),
      },
      ...(mode === 'mixed'
        ? { byMode: { plain: spread(latenciesBy.plain), sealed: spread(latenciesBy.sealed) }, roundTrip: spread(roundTrips) }
        : {}),
      serverCpuSeconds: round2(cpu),
      wire: wirePerMove(wire, moves),
      cpuMsPerMove: moves > 0 ? Number(((cpu * 1000) / moves).toFixed(3)) : null,
      cpuMsPerGame: perGame(cpu * 1000),
      ...(before && after
        ? {
            database: {
              commitsPerGame: perMeasuredGame(after.commits - before.commits),
              gamesMeasured: measuredGames,
              rollbacks: after.rollbacks - before.rollbacks,
              statementsPerGame:
                after.statements !== null && before.statements !== null
                  ? perMeasuredGame(after.statements - before.statements)
                  : null,
              // The statements a game costs most of, per game in the measured window (pg_stat_statements, when loaded).
              topStatementsPerGame: [...after.byStatement]
                .map(([id, entry]) => ({
                  perGame: perMeasuredGame(entry.calls - (before.byStatement.get(id)?.calls ?? 0)) ?? 0,
                  query: entry.query,
                }))
                .sort((a, b) => b.perGame - a.perGame)
                .slice(0, 12),
              ...(after.statements === null
                ? {
                    statementsNote:
                      'pg_stat_statements is not loaded on this PostgreSQL (shared_preload_libraries): statements not counted, commits from pg_stat_database',
                  }
                : {}),
              rowsWrittenPerGame: perMeasuredGame(after.written - before.written),
              rowsReadPerGame: perMeasuredGame(after.read - before.read),
            },
          }
        : {}),
    };
  };

  /** TPC-B on a scratch database of the same PostgreSQL server (scale 10, 10 clients, 2 threads). */
  const runPgbench = (durationSeconds: number): { tps: number } | undefined => {
    if (!pgbench) return undefined;
    const run = spawnSync('pgbench', ['-c', '10', '-j', '2', '-T', String(Math.round(durationSeconds)), pgbench.url], {
      encoding: 'utf8',
    });
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
    return match ? { tps: Number(match[1]) } : undefined;
  };

  const results: Record<string, unknown> = {
    nodes,
    concurrentGames: games,
    instant,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map(round2),
  };
  try {
    let baseline: PhaseResult | undefined;
    if (options.baseline) {
      // Issue 30: the referee plays as the measured product phase does (sealed bots, plain ones, or both at once).
      const measured = options.modes.at(-1)!;
      console.log(`Baseline: the bare Socket.IO referee (${measured} bots)…`);
      const referee = await startReferee();
      try {
        const idle = await idleCpuMsPerSecond(referee);
        baseline = withIdle(await playPhase(referee, false, measured === 'mixed' ? 'mixed' : measured === 'sealed'), idle);
      } finally {
        await referee.stop();
      }
      results.baseline = baseline;
    }
    console.log('Product…');
    const product = await startProduct();
    let productResult: PhaseResult;
    try {
      const productIdle = await idleCpuMsPerSecond(product);
      // Issue 17: with --both, the plain bots first, then the sealed ones, on the same server.
      let plainResult: PhaseResult | undefined;
      if (options.modes.length > 1) {
        console.log('Product, plain bots (make_choice)…');
        plainResult = await playPhase(product, true, false);
        results.productPlain = plainResult;
        console.log('Product, sealed bots (commit_choice, reveal_choice)…');
      }
      const lastMode = options.modes.at(-1)!;
      productResult = withIdle(
        await playPhase(product, true, lastMode === 'mixed' ? 'mixed' : lastMode === 'sealed'),
        productIdle,
      );
      results.product = { mode: lastMode, ...productResult };
      const byMode = productResult.byMode;
      if (byMode) {
        const added = (key: 'p50' | 'p99' | 'max') =>
          round1(byMode.sealed.moveToResultMs[key] - byMode.plain.moveToResultMs[key]);
        const roundTripP99 = productResult.roundTrip?.moveToResultMs.p99 ?? Number.NaN;
        results.sealedOverPlainSameTime = {
          addedMs: { p50: added('p50'), p99: added('p99'), max: added('max') },
          roundTripMs: productResult.roundTrip?.moveToResultMs,
          'added p99 ≤ one round trip (p99) + 20 ms':
            added('p99') <= roundTripP99 + 20 ? 'met' : `missed (+${added('p99')} ms against ${round1(roundTripP99 + 20)} ms)`,
        };
      }
      if (plainResult) {
        const added = (key: 'p50' | 'p99' | 'max') => round1(productResult.moveToResultMs[key] - plainResult.moveToResultMs[key]);
        results.sealedOverPlain = {
          addedMs: { p50: added('p50'), p99: added('p99'), max: added('max') },
          cpuMsPerMove: [plainResult.cpuMsPerMove, productResult.cpuMsPerMove],
          commitsPerGame: [plainResult.database?.commitsPerGame ?? null, productResult.database?.commitsPerGame ?? null],
        };
      }
      if (instant && spawnSync('pgbench', ['--version']).status === 0) {
        console.log('pgbench TPC-B (scale 10), alternated with the games…');
        pgbench = await createScratchDatabase(serverUrl, 'shifumi_pgbench');
        spawnSync('pgbench', ['-i', '-q', '-s', '10', pgbench.url], { encoding: 'utf8' });
        const first = runPgbench(seconds);
        const again = await playPhase(product, true);
        const second = runPgbench(seconds);
        results.pgbench = {
          tps: [first?.tps ?? null, second?.tps ?? null],
          gamesSettledPerSecond: [productResult.matchesPerSecond, again.matchesPerSecond],
          note: 'games, pgbench, games, pgbench: each for the same seconds, one after the other on the same PostgreSQL',
        };
      } else if (instant) {
        results.pgbench = 'pgbench not found on PATH';
      }
    } finally {
      await product.stop();
    }
    if (baseline) {
      const ratio = (ours: number | null, theirs: number | null) =>
        ours !== null && theirs !== null && theirs > 0 ? round2(ours / theirs) : null;
      const ratios = {
        cpuPerMove: ratio(productResult.cpuMsPerMove, baseline.cpuMsPerMove),
        cpuPerMoveBeyondIdle: ratio(productResult.cpuMsPerMoveBeyondIdle ?? null, baseline.cpuMsPerMoveBeyondIdle ?? null),
        p50: ratio(productResult.moveToResultMs.p50, baseline.moveToResultMs.p50),
        p99: ratio(productResult.moveToResultMs.p99, baseline.moveToResultMs.p99),
        max: ratio(productResult.moveToResultMs.max, baseline.moveToResultMs.max),
        matchesPerSecond: ratio(productResult.matchesPerSecond, baseline.matchesPerSecond),
        messagesPerMove: ratio(productResult.wire.messagesPerMove, baseline.wire.messagesPerMove),
        bytesPerMove: ratio(productResult.wire.bytesPerMove, baseline.wire.bytesPerMove),
      };
      results.productOverBaseline = ratios;
      const commits = productResult.database?.commitsPerGame ?? null;
      results.targets = {
        'cpu per move ≤ 3× baseline':
          ratios.cpuPerMove !== null && ratios.cpuPerMove <= 3 ? 'met' : `missed (${ratios.cpuPerMove}×)`,
        'p99 ≤ 2× baseline': ratios.p99 !== null && ratios.p99 <= 2 ? 'met' : `missed (${ratios.p99}×)`,
        ...(instant ? {} : { '≤ 6 commits per game': commits !== null && commits <= 6 ? 'met' : `missed (${commits})` }),
      };
    }
    if (options.cpuProf) {
      const files = fs.existsSync(profileDir) ? fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile')) : [];
      // One profile per thread (tsx's loader runs in a worker): the server's main thread is the busiest.
      const profiles = files.map((name) =>
        summarizeCpuProfile(JSON.parse(fs.readFileSync(path.join(profileDir, name), 'utf8')), 15),
      );
      results.cpuProfile = profiles.sort((a, b) => b.busySeconds - a.busySeconds)[0];
    }
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await stats.end().catch(() => undefined);
    await redis?.stop();
    await anvil?.dispose();
    await database.close();
    await pgbench?.drop();
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

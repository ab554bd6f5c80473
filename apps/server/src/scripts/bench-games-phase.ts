/**
 * One phase of bench:games (bench-games.ts): the bots play against a target (the product or the bare referee) for
 * the run's seconds, each searching, playing the game the queue gives it and searching again, and the phase's
 * figures are read: move → result latency, CPU per move, what the bots received, and the database's work.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { commitmentPreimage } from '@shifumi/fairness';
import type { ClientToServerEvents, ServerToClientEvents } from '@shifumi/protocol';
import type { Socket } from 'socket.io-client';
import { machineCpuSnapshot, machineCpuSplit } from './bench-machine-cpu';
import { connectBenchSocket, cpuSeconds } from './bench-players';
import { countWire, createWireCount, wirePerMove } from './bench-wire';
import { percentile, round1, round2, type DatabaseCounters, type PhaseResult, type Target } from './bench-games-results';

type BotSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const CHOICES = ['rock', 'paper', 'scissors'] as const;

/** What a phase needs of the run: its players, timing and the bench database's counters. */
export interface PhaseContext {
  players: ReadonlyArray<{ id: string; token: string }>;
  instant: boolean;
  seconds: number;
  databaseCounters(): Promise<DatabaseCounters>;
  untilNoGameInPlay(): Promise<void>;
  /** ANALYZE of the games, once the warm-up has put the run's games in play (decision 068). */
  analyzeGames(): Promise<void>;
}

export async function playPhase(
  context: PhaseContext,
  target: Target,
  measureDatabase: boolean,
  mode: boolean | 'mixed' = false,
): Promise<PhaseResult> {
  const { players, instant, seconds, databaseCounters, untilNoGameInPlay } = context;
  const latencies: number[] = [];
  const latenciesBy = { plain: [] as number[], sealed: [] as number[] };
  let moves = 0;
  let stop = false;
  const wire = createWireCount();
  const sockets: BotSocket[] = [];
  const connectBot = async (player: { id: string; token: string }, index: number) => {
    const port = target.ports[index % target.ports.length]!;
    return connectBenchSocket(`http://127.0.0.1:${port}`, player.token, (socket) => {
      sockets.push(socket);
      countWire(socket as unknown as Socket, wire, () => !stop);
    });
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
  const machineBefore = machineCpuSnapshot(cpuOfServers);
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
  // Decision 068: statistics of the games as they are in the run (its games in play), as autovacuum keeps them in
  // service. Those of the seeding count no game in play, and a plan made on them read every game in play at each
  // start and search, or not, as autovacuum's next pass fell within the run or not (73 or 1,882 rows read a game).
  if (measureDatabase) await context.analyzeGames();
  const before = measureDatabase ? await databaseCounters() : undefined;
  const finishedAtWarmup = finishedRooms.size;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, seconds * 1000 - (performance.now() - startedAt))));
  stop = true;
  if (probeTimer) clearInterval(probeTimer);
  const elapsed = (performance.now() - startedAt) / 1000;
  const finished = finishedRooms.size;
  const cpu = cpuOfServers() - cpuBefore;
  const machine = machineCpuSplit(machineBefore, machineCpuSnapshot(cpuOfServers));
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
    machine,
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
            statementsTracked: after.track,
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
}

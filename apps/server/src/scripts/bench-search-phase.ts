/**
 * `bench:search`'s phases (issue 30, decision 061): the bots that search as
 * the web app does and leave at once, a measured phase against the product's
 * nodes or against the bare referee (`--baseline`), and the ratios of the two.
 */
import { randomInt } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { BET_AMOUNTS, type ClientToServerEvents, type ServerToClientEvents } from '@shifumi/protocol';
import type { Socket } from 'socket.io-client';
import { machineCpuSnapshot, machineCpuSplit } from './bench-machine-cpu';
import { connectBenchSocket, cpuSeconds, type BenchPlayer } from './bench-players';
import { startBenchReferee } from './local-processes';
import { searchesThisTick, searchLatencies, type ObservedGame, type Spread } from './search-latency';

type BotSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A bot searches again this long after its game ended (a person's pause; the forfeit's settlement is done by then). */
const REST_MS = 1_000;
/** The nodes' idle CPU is read over this long before the searches. */
const IDLE_MS = 3_000;

/** What a phase needs of the options (bench-search.ts parses them). */
export interface PhaseOptions {
  rate: number;
  seconds: number;
  tickMs: number;
  warmupSeconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const round2 = (value: number) => Math.round(value * 100) / 100;
/** The monotonic clock of V8's CPU profiles (CLOCK_MONOTONIC), in µs. */
export const microsNow = () => Number(process.hrtime.bigint() / 1000n);

interface Bot {
  id: string;
  /** The node its socket is on. */
  node: number;
  socket: BotSocket;
  /** The search in flight (sent, no game_found yet), or undefined when the bot is free or playing. */
  searchSentAt?: number;
  playing: boolean;
}

/** Drives the searches for `seconds`, then waits for the games to end; answers what the bots saw. */
async function driveSearches(options: PhaseOptions, bots: Bot[], onMeasuring: () => void) {
  const games = new Map<string, ObservedGame>();
  const refusals = new Map<string, number>();
  let sent = 0;
  let short = 0;
  let stop = false;
  const free = new Set(bots);
  /** The bot searches again a moment later, as a person would (and after its game's settlement, normally). */
  const rest = (bot: Bot) =>
    setTimeout(() => {
      if (!bot.playing && bot.searchSentAt === undefined) free.add(bot);
    }, REST_MS);
  for (const bot of bots) {
    bot.socket.on('game_found', (event) => {
      const foundAt = performance.now();
      const sentAt = bot.searchSentAt;
      bot.searchSentAt = undefined;
      bot.playing = true;
      if (sentAt !== undefined) {
        const game = games.get(event.room) ?? { room: event.room, searches: [] };
        game.searches.push({ sentAt, foundAt, node: bot.node });
        games.set(event.room, game);
      }
      // The smaller id leaves at once (a forfeit, settled at once); the other hears game_dead.
      if (bot.id < event.opponent.id) {
        bot.socket.emit('leave_game', { room: event.room });
        bot.playing = false;
        rest(bot);
      }
    });
    bot.socket.on('game_dead', () => {
      bot.playing = false;
      rest(bot);
    });
    bot.socket.on('error', (event) => {
      refusals.set(event.code, (refusals.get(event.code) ?? 0) + 1);
      if (bot.searchSentAt !== undefined) {
        bot.searchSentAt = undefined;
        rest(bot);
      }
    });
  }
  let carried = 0;
  const timer = setInterval(() => {
    if (stop) return;
    const tick = searchesThisTick(options.rate, options.tickMs, carried);
    carried = tick.carried;
    for (let index = 0; index < tick.count; index += 1) {
      const bot = free.values().next().value;
      if (!bot) {
        short += tick.count - index;
        break;
      }
      free.delete(bot);
      bot.searchSentAt = performance.now();
      sent += 1;
      bot.socket.emit('search_game', { character: 'Character1', amount: BET_AMOUNTS[randomInt(BET_AMOUNTS.length)]! });
    }
  }, options.tickMs);
  // The warm-up (the server's first games: JIT, prepared statements per connection) is driven but not measured.
  await sleep(options.warmupSeconds * 1000);
  const [sentBefore, shortBefore, measuredFrom] = [sent, short, performance.now()];
  onMeasuring();
  await sleep(options.seconds * 1000);
  stop = true;
  clearInterval(timer);
  const elapsed = (performance.now() - measuredFrom) / 1000;
  // The last searches' games start and end; a search left alone at its stake is cancelled.
  const until = performance.now() + 10_000;
  while (performance.now() < until && bots.some((bot) => bot.playing)) await sleep(100);
  for (const bot of bots) if (bot.searchSentAt !== undefined) bot.socket.emit('cancel_search');
  // A game counts when the search that completed its pair was sent within the measured window.
  const measured = [...games.values()].filter(
    (game) => game.searches.length === 2 && Math.max(...game.searches.map((search) => search.sentAt)) >= measuredFrom,
  );
  return {
    games: measured,
    refusals,
    sent: sent - sentBefore,
    short: short - shortBefore,
    elapsed,
    stillPlaying: bots.filter((bot) => bot.playing).length,
  };
}

export interface Target {
  ports: number[];
  pids: number[];
}

/**
 * One measured phase against `target`: the bots connect (bot i to node i mod n), the nodes' idle CPU is read, the
 * searches are driven, and the CPU (the target's processes, and the machine's split) is read from the end of the
 * warm-up; the bots disconnect at the end.
 */
export async function searchPhase(options: PhaseOptions, target: Target, players: BenchPlayer[]) {
  const sockets: BotSocket[] = [];
  try {
    const bots: Bot[] = [];
    for (const [index, player] of players.entries()) {
      const node = index % target.ports.length;
      const socket = await connectBenchSocket(`http://127.0.0.1:${target.ports[node]}`, player.token, (created) =>
        sockets.push(created),
      );
      bots.push({ id: player.id, node, socket, playing: false });
    }
    const loadBefore = os.loadavg().map(round2);
    const cpuOf = (pids: number[]) => pids.reduce((total, pid) => total + cpuSeconds(pid), 0);
    // The nodes' own background (timers, watchers) while idle, subtracted from the CPU per search.
    const idleBefore = cpuOf(target.pids);
    await sleep(IDLE_MS);
    const idlePerSecond = (cpuOf(target.pids) - idleBefore) / (IDLE_MS / 1000);
    const { pids } = target;
    // From the end of the warm-up: the CPU, the clock and the profile's window.
    let [cpuBefore, measuredFrom, windowFrom] = [0, 0, 0];
    let machineBefore = machineCpuSnapshot(() => cpuOf(pids));
    const driven = await driveSearches(options, bots, () => {
      [cpuBefore, measuredFrom, windowFrom] = [cpuOf(pids), performance.now(), microsNow()];
      machineBefore = machineCpuSnapshot(() => cpuOf(pids));
    });
    const window = { fromMicros: windowFrom, toMicros: microsNow() };
    const cpu = cpuOf(pids) - cpuBefore;
    // Where the machine's CPU went meanwhile (servers, bots, PostgreSQL; the bench's redis-server is in "other").
    const machine = machineCpuSplit(
      machineBefore,
      machineCpuSnapshot(() => cpuOf(pids)),
    );
    const netCpu = Math.max(0, cpu - idlePerSecond * ((performance.now() - measuredFrom) / 1000));
    return { driven, cpu, netCpu, idlePerSecond, machine, loadBefore, loadAfter: os.loadavg().map(round2), window };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await sleep(300);
  }
}

/**
 * `--baseline`: the same searches against the bare referee (bench-referee.ts: the same wire, pairs in memory,
 * `game_found` at once, no database, no queue, no lease), one process: what the sockets, the bots and the
 * machine alone cost a search → `game_found`, measured in the same run.
 */
export async function baselinePhase(options: PhaseOptions, players: BenchPlayer[]) {
  console.log(`Baseline: the bare referee, ${options.rate}/s for ${options.seconds} s…`);
  const referee = await startBenchReferee(false);
  try {
    const phase = await searchPhase(options, referee, players);
    const matched = phase.driven.games.length * 2;
    return {
      loadAverage: { before: phase.loadBefore, after: phase.loadAfter },
      gamesFound: phase.driven.games.length,
      searchToFound: searchLatencies(phase.driven.games, new Map()).searchToFound,
      cpuMsPerMatchedSearch: matched > 0 ? round2((phase.netCpu * 1000) / matched) : null,
      machine: phase.machine,
    };
  } finally {
    await referee.stop();
  }
}

/** The product's search → game_found against the referee's: the ratios, and what the product adds at p50 and p99. */
export function vsBaseline(product: Spread, referee: Spread) {
  return {
    p50Ratio: round2(product.p50 / referee.p50),
    p99Ratio: round2(product.p99 / referee.p99),
    p50AddedMs: round2(product.p50 - referee.p50),
    p99AddedMs: round2(product.p99 - referee.p99),
  };
}

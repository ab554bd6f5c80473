/**
 * The figures of `bench:search` (issue 30, decision 061), pure: each game's
 * two searches and two `game_found` joined with the start's own times that the
 * server logged for that game ("Game started": gate wait, lease, transaction).
 *
 * A game's latency is counted from the search that completed its pair (the
 * later of its two `search_game`): before it, the first player waited for an
 * opponent, which is the stake's traffic, not the queue's speed. Each player
 * gives one sample: that search → its own `game_found`.
 */

/** One game as the bench saw it: each player's search sent and game_found received (performance.now() ms). */
export interface ObservedGame {
  room: string;
  /** `node`: the index of the node the player's socket is on (two nodes: bot i on node i mod 2). */
  searches: Array<{ sentAt: number; foundAt: number; node?: number }>;
}

/** The start's own times for one game, as its "Game started" log line gives them (ms). */
export interface StartTiming {
  gateMs: number;
  leaseMs: number;
  transactionMs: number;
  /** The search that made the pair, before the start: its checks (already playing? the balance) and the queue's step. */
  checksMs?: number;
  queueMs?: number;
}

export interface Spread {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** The p-th percentile (nearest rank) of ascending values; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Count, p50, p99 and max of the values (any order), to a tenth. */
export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round1(percentile(sorted, 50)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1) ?? Number.NaN),
  };
}

export interface SearchLatencies {
  /** Search (the pair's later one) → game_found, per player. */
  searchToFound: Spread;
  /** The same, less the game's start transaction (each sample less its own game's transaction). */
  beyondTransaction: Spread;
  /** The same, less the game's whole start: gate wait, lease and transaction. */
  beyondStart: Spread;
  /** The start transaction alone, per game. */
  transaction: Spread;
  /** The wait for the start gate (a few starts at once per node), per game. */
  gate: Spread;
  /** The pair's later search before the start, per game: its checks (already playing? the balance), the queue's step. */
  checks: Spread;
  queueStep: Spread;
  /**
   * What is left of each sample beyond the search's checks, the queue's step and the whole start: the socket
   * messages in and out, the event loops' waits; split by whether the player's socket is on the node that made the
   * pair (the later search's) or on the other one (`game_found` through the Redis adapter).
   */
  restSameNode: Spread;
  restOtherNode: Spread;
  /** Games whose two game_found arrived but whose start timing was not found (not counted above but searchToFound). */
  gamesWithoutTiming: number;
}

/** Joins games (both found) with their start timings and spreads each figure. */
export function searchLatencies(games: readonly ObservedGame[], timings: ReadonlyMap<string, StartTiming>): SearchLatencies {
  const toFound: number[] = [];
  const beyondTransaction: number[] = [];
  const beyondStart: number[] = [];
  const transaction: number[] = [];
  const gate: number[] = [];
  const checks: number[] = [];
  const queueStep: number[] = [];
  const restSameNode: number[] = [];
  const restOtherNode: number[] = [];
  let withoutTiming = 0;
  for (const game of games) {
    if (game.searches.length !== 2) continue;
    const completing = game.searches.reduce((later, search) => (search.sentAt > later.sentAt ? search : later));
    const completedAt = completing.sentAt;
    const timing = timings.get(game.room);
    if (!timing) withoutTiming += 1;
    else {
      transaction.push(timing.transactionMs);
      gate.push(timing.gateMs);
      if (timing.checksMs !== undefined) checks.push(timing.checksMs);
      if (timing.queueMs !== undefined) queueStep.push(timing.queueMs);
    }
    for (const search of game.searches) {
      const latency = search.foundAt - completedAt;
      toFound.push(latency);
      if (!timing) continue;
      beyondTransaction.push(latency - timing.transactionMs);
      const afterStart = latency - timing.transactionMs - timing.leaseMs - timing.gateMs;
      beyondStart.push(afterStart);
      if (timing.checksMs === undefined || timing.queueMs === undefined) continue;
      const rest = afterStart - timing.checksMs - timing.queueMs;
      (search.node === completing.node ? restSameNode : restOtherNode).push(rest);
    }
  }
  return {
    searchToFound: spreadOf(toFound),
    beyondTransaction: spreadOf(beyondTransaction),
    beyondStart: spreadOf(beyondStart),
    transaction: spreadOf(transaction),
    gate: spreadOf(gate),
    checks: spreadOf(checks),
    queueStep: spreadOf(queueStep),
    restSameNode: spreadOf(restSameNode),
    restOtherNode: spreadOf(restOtherNode),
    gamesWithoutTiming: withoutTiming,
  };
}

/** The start timing of a server log line (pino JSON) saying "Game started", or undefined for any other line. */
export function startTimingOf(line: string): { gameId: string; timing: StartTiming } | undefined {
  if (!line.includes('"Game started"')) return undefined;
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { msg, gameId, gateMs, leaseMs, transactionMs, checksMs, queueMs } = entry as Record<string, unknown>;
  if (msg !== 'Game started' || typeof gameId !== 'string') return undefined;
  const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
  if (!isTime(gateMs) || !isTime(leaseMs) || !isTime(transactionMs)) return undefined;
  // A challenge's or a rematch's start has no search before it: no checks nor queue step.
  const search = isTime(checksMs) && isTime(queueMs) ? { checksMs, queueMs } : {};
  return { gameId, timing: { gateMs, leaseMs, transactionMs, ...search } };
}

/**
 * Spreads `rate` per second over ticks of `tickMs`: how many searches this
 * tick sends, carrying the fraction to the next (200/s in ticks of 100 ms:
 * bursts of 20; 7/s in ticks of 100 ms: 0, 0, … 1, ending at 7 a second).
 */
export function searchesThisTick(rate: number, tickMs: number, carried: number): { count: number; carried: number } {
  const due = carried + (rate * tickMs) / 1000;
  const count = Math.floor(due + 1e-9);
  return { count, carried: due - count };
}

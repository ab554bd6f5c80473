/**
 * The figures of one bench:games phase (bench-games.ts): the target played against, a phase's result and its
 * database work, percentiles and rounding, and the idle background taken out of the CPU per move.
 */
import type { MachineCpuSplit } from './bench-machine-cpu';
import type { wirePerMove } from './bench-wire';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface Target {
  ports: number[];
  pids: number[];
  stop(): Promise<void>;
}

export interface Spread {
  rounds: number;
  moveToResultMs: { p50: number; p99: number; max: number };
}

export interface PhaseResult {
  seconds: number;
  gamesFinished: number;
  matchesPerSecond: number;
  moves: number;
  rounds: number;
  moveToResultMs: { p50: number; p99: number; max: number };
  /** With --mixed: the plain games' and the sealed games' latencies, measured at the same time. */
  byMode?: Record<'plain' | 'sealed', Spread>;
  /** With --mixed: one round trip through the server (an invalid search and its error), sampled every 100 ms. */
  roundTrip?: Spread;
  serverCpuSeconds: number;
  /** Issue 30: the machine's busy cores over the phase, and the shares of the servers, the bots, PostgreSQL, the rest. */
  machine: MachineCpuSplit;
  cpuMsPerMove: number | null;
  cpuMsPerGame: number | null;
  /** Issue 30: what the bots received over the phase, per move (Socket.IO messages and bytes, by event). */
  wire: ReturnType<typeof wirePerMove>;
  /** Issue 30: the target's CPU with nobody connected, measured before the phase (ms a second). */
  idleCpuMsPerSecond?: number;
  /** The CPU per move less that idle background over the phase's seconds. */
  cpuMsPerMoveBeyondIdle?: number | null;
  /** Only for the product: its database's work over the phase. */
  database?: DatabaseWork;
}

export interface DatabaseWork {
  /** Over the run after its first third (warm-up), per game finished in that window. */
  commitsPerGame: number | null;
  gamesMeasured: number;
  rollbacks: number;
  /** From pg_stat_statements, when the server loads it; otherwise null (see `statementsNote`). */
  statementsPerGame: number | null;
  /** What `statementsPerGame` counts: pg_stat_statements.track (`top`: the statements sent; `all`: nested ones too). */
  statementsTracked?: string | null;
  topStatementsPerGame?: Array<{ perGame: number; query: string }>;
  statementsNote?: string;
  rowsWrittenPerGame: number | null;
  rowsReadPerGame: number | null;
}

export const round1 = (value: number) => Number(value.toFixed(1));
export const round2 = (value: number) => Number(value.toFixed(2));

/** A phase's figures with the target's idle background and the CPU per move beyond it. */
export function withIdle(result: PhaseResult, idleMsPerSecond: number): PhaseResult {
  const beyond = result.serverCpuSeconds * 1000 - idleMsPerSecond * result.seconds;
  return {
    ...result,
    idleCpuMsPerSecond: idleMsPerSecond,
    cpuMsPerMoveBeyondIdle: result.moves > 0 ? Number((beyond / result.moves).toFixed(3)) : null,
  };
}

/** The bench database's counters at one moment (pg_stat_database, and pg_stat_statements when loaded). */
export interface DatabaseCounters {
  commits: number;
  rollbacks: number;
  written: number;
  read: number;
  /** All statements' calls, or null without pg_stat_statements. */
  statements: number | null;
  /** pg_stat_statements.track: `top` counts the statements sent, `all` those run by functions and triggers too. */
  track: string | null;
  byStatement: Map<string, { calls: number; query: string }>;
}

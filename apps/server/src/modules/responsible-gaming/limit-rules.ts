/**
 * The pure rules of responsible gaming (issue 19): which limit is in force,
 * what a change does, how much of a window is used, when a stake fits again.
 * No I/O and no clock: `now` is passed in.
 */
import {
  LIMIT_PERIOD_HOURS,
  SELF_EXCLUSION_COOLING_OFF_HOURS,
  type LimitPeriod,
  type RealityCheckMinutes,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@shifumi/protocol';

export const HOUR_MS = 3_600_000;

export const periodMs = (period: LimitPeriod): number => LIMIT_PERIOD_HOURS[period] * HOUR_MS;

/** A stored limit: the amount in force and at most one pending change (`pendingAmountUsd` null = removal). */
export interface LimitSetting {
  amountUsd: number | null;
  pending: { amountUsd: number | null; effectiveAt: Date } | null;
}

/** The setting as it is at `now`: a pending change whose time has come is in force. */
export function settle(setting: LimitSetting, now: Date): LimitSetting {
  if (setting.pending && setting.pending.effectiveAt.getTime() <= now.getTime()) {
    return { amountUsd: setting.pending.amountUsd, pending: null };
  }
  return setting;
}

/**
 * A player asks for `requested` (null = no limit). Setting or lowering takes
 * effect at once; raising or removing waits `delayMs`; asking for the value in
 * force drops a pending change.
 */
export function changeLimit(current: LimitSetting, requested: number | null, now: Date, delayMs: number): LimitSetting {
  const inForce = settle(current, now).amountUsd;
  if (requested === inForce) return { amountUsd: inForce, pending: null };
  const tighter = requested !== null && (inForce === null || requested < inForce);
  if (tighter) return { amountUsd: requested, pending: null };
  return { amountUsd: inForce, pending: { amountUsd: requested, effectiveAt: new Date(now.getTime() + delayMs) } };
}

/** How often a reality check comes: 0 (off) is the least frequent. */
const frequencyRank = (minutes: number): number => (minutes === 0 ? Number.POSITIVE_INFINITY : minutes);

export interface RealityCheckSetting {
  minutes: number;
  pending: { minutes: number; effectiveAt: Date } | null;
}

export function settleRealityCheck(setting: RealityCheckSetting, now: Date): RealityCheckSetting {
  if (setting.pending && setting.pending.effectiveAt.getTime() <= now.getTime())
    return { minutes: setting.pending.minutes, pending: null };
  return setting;
}

/** More frequent reminders take effect at once; less frequent ones (or none) after `delayMs`. */
export function changeRealityCheck(
  current: RealityCheckSetting,
  requested: RealityCheckMinutes,
  now: Date,
  delayMs: number,
): RealityCheckSetting {
  const inForce = settleRealityCheck(current, now).minutes;
  if (requested === inForce) return { minutes: inForce, pending: null };
  if (frequencyRank(requested) < frequencyRank(inForce)) return { minutes: requested, pending: null };
  return { minutes: inForce, pending: { minutes: requested, effectiveAt: new Date(now.getTime() + delayMs) } };
}

function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

export function timeOutEnd(period: TimeOutPeriod, now: Date): Date {
  const hours = { '24h': 24, '7d': 24 * 7, '30d': 24 * 30, '6w': 24 * 42 }[period];
  return new Date(now.getTime() + hours * HOUR_MS);
}

export function selfExclusionEnd(period: SelfExclusionPeriod, now: Date): Date {
  return addMonths(now, { '6m': 6, '1y': 12, '5y': 60 }[period]);
}

/** A later end never shortens: a new time-out or self-exclusion can only extend one in force. */
export function laterOf(existing: Date | null, proposed: Date): Date {
  return existing && existing.getTime() > proposed.getTime() ? existing : proposed;
}

export interface SelfExclusionState {
  until: Date;
  endRequestedAt: Date | null;
}

/** When a self-exclusion ends: never before its term, and only 24 hours after the player asked (after the term). */
export function selfExclusionEndsAt(state: SelfExclusionState): Date | null {
  if (!state.endRequestedAt) return null;
  const coolingOffEnd = state.endRequestedAt.getTime() + SELF_EXCLUSION_COOLING_OFF_HOURS * HOUR_MS;
  return new Date(Math.max(state.until.getTime(), coolingOffEnd));
}

export function selfExclusionActive(state: SelfExclusionState | null, now: Date): boolean {
  if (!state) return false;
  const endsAt = selfExclusionEndsAt(state);
  return endsAt === null || endsAt.getTime() > now.getTime();
}

/** A game as the loss and wager limits see it. */
export interface PlayedGame {
  betUsd: number;
  createdAt: Date;
  /** 'playing' counts as a possible loss in full; 'refunded' counts for nothing. */
  outcome: 'playing' | 'won' | 'lost' | 'refunded';
}

const inWindow = (at: Date, now: Date, period: LimitPeriod) => at.getTime() > now.getTime() - periodMs(period);

/** Net loss (stakes lost minus winnings; a game in play counts as lost) in the window ending at `now`; may be negative. */
export function netLossUsd(games: readonly PlayedGame[], period: LimitPeriod, now: Date): number {
  let total = 0;
  for (const game of games) {
    if (!inWindow(game.createdAt, now, period)) continue;
    if (game.outcome === 'lost' || game.outcome === 'playing') total += game.betUsd;
    else if (game.outcome === 'won') total -= game.betUsd;
  }
  return total;
}

/** Total staked in the window (refunded games staked nothing in the end). */
export function wageredUsd(games: readonly PlayedGame[], period: LimitPeriod, now: Date): number {
  let total = 0;
  for (const game of games) if (inWindow(game.createdAt, now, period) && game.outcome !== 'refunded') total += game.betUsd;
  return total;
}

export type StakeLimitKind = 'loss' | 'wager';

/**
 * Whether a stake of `betUsd` fits a loss or wager limit (reaching it exactly
 * is allowed): `{ fits: true }`, or the time from which it would fit as games
 * leave the window (`freeAt` null when the stake alone is above the limit).
 */
export function stakeFits(
  kind: StakeLimitKind,
  period: LimitPeriod,
  limitUsd: number,
  games: readonly PlayedGame[],
  betUsd: number,
  now: Date,
): { fits: true } | { fits: false; freeAt: Date | null } {
  const used = (at: Date) => (kind === 'loss' ? netLossUsd(games, period, at) : wageredUsd(games, period, at));
  if (used(now) + betUsd <= limitUsd) return { fits: true };
  if (betUsd > limitUsd) return { fits: false, freeAt: null };
  const exits = games
    .filter((game) => inWindow(game.createdAt, now, period))
    .map((game) => game.createdAt.getTime() + periodMs(period))
    .sort((a, b) => a - b);
  for (const exit of exits) {
    const at = new Date(exit);
    if (used(at) + betUsd <= limitUsd) return { fits: false, freeAt: at };
  }
  return { fits: false, freeAt: new Date(now.getTime() + periodMs(period)) };
}

export interface CreditedDeposit {
  amountWei: bigint;
  createdAt: Date;
}

export interface DepositLimitInWei {
  period: LimitPeriod;
  /** The limit converted at the price in use, rounded up (never holds a wei the limit allows). */
  limitWei: bigint;
}

/** Deposits in the window above the limit, at `now` (the largest excess of all deposit limits). */
export function depositExcessWei(deposits: readonly CreditedDeposit[], limits: readonly DepositLimitInWei[], now: Date): bigint {
  let excess = 0n;
  for (const limit of limits) {
    let total = 0n;
    for (const deposit of deposits) if (inWindow(deposit.createdAt, now, limit.period)) total += deposit.amountWei;
    if (total - limit.limitWei > excess) excess = total - limit.limitWei;
  }
  return excess;
}

/** The part of the balance a deposit limit holds: the excess, never more than the balance (money that left took the playable part first). */
export function heldWei(
  balanceWei: bigint,
  deposits: readonly CreditedDeposit[],
  limits: readonly DepositLimitInWei[],
  now: Date,
): bigint {
  const excess = depositExcessWei(deposits, limits, now);
  return excess < balanceWei ? excess : balanceWei;
}

/** The first time at which the held part leaves at least `neededWei` playable (deposits leaving their windows). */
export function playableFrom(
  balanceWei: bigint,
  deposits: readonly CreditedDeposit[],
  limits: readonly DepositLimitInWei[],
  neededWei: bigint,
  now: Date,
): Date {
  const exits = new Set<number>();
  for (const limit of limits) {
    for (const deposit of deposits) {
      if (inWindow(deposit.createdAt, now, limit.period)) exits.add(deposit.createdAt.getTime() + periodMs(limit.period));
    }
  }
  for (const exit of [...exits].sort((a, b) => a - b)) {
    const at = new Date(exit);
    if (balanceWei - heldWei(balanceWei, deposits, limits, at) >= neededWei) return at;
  }
  return now;
}

/** `2026-11-25 04:30 UTC`: one format for every time in a sentence (the refusals' table formats with it too). */
export { formatUtc } from '@shifumi/protocol/refusals';

/**
 * Responsible gaming's check inside the escrow transaction (issue 19): whether a
 * player may stake now — time-out, self-exclusion and limits, read under the
 * players' row locks. Split out of responsible-gaming.service.ts (issue 25).
 */
import { usdToWei } from '@shifumi/money';
import { LIMIT_PERIODS, type PlayRefusalCode, type SocketRefusalOf } from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { balanceOf } from '../ledger/ledger.service';
import {
  formatUtc,
  heldWei,
  periodMs,
  playableFrom,
  selfExclusionActive,
  selfExclusionEndsAt,
  settle,
  stakeFits,
  type DepositLimitInWei,
  type SelfExclusionState,
} from './limit-rules';
import {
  depositsSince,
  gamesSince,
  readPlayFacts,
  readLimits,
  type PlayFacts,
  type ProtectionsRow,
  type StoredLimits,
} from './responsible-gaming.repo';

export const LONGEST_WINDOW = periodMs('month');

export function selfExclusionOf(row: ProtectionsRow | undefined): SelfExclusionState | null {
  if (!row?.selfExclusionUntil) return null;
  return { until: row.selfExclusionUntil, endRequestedAt: row.selfExclusionEndRequestedAt };
}

/** The deposit limits in force, in wei at `microUsdPerEth`. */
export function depositLimitsInWei(limits: StoredLimits, microUsdPerEth: bigint, now: Date): DepositLimitInWei[] {
  const result: DepositLimitInWei[] = [];
  for (const period of LIMIT_PERIODS) {
    const setting = limits.get(`deposit:${period}`);
    const amount = setting ? settle(setting, now).amountUsd : null;
    if (amount !== null) result.push({ period, limitWei: usdToWei(amount, microUsdPerEth, 'up') });
  }
  return result;
}

/** Why the player may not play at all now (time-out, self-exclusion), or undefined (issue 25: as a code). */
function protectionRefusal(row: ProtectionsRow | undefined, now: Date): PlayRefusalReason | undefined {
  const exclusion = selfExclusionOf(row);
  if (exclusion && selfExclusionActive(exclusion, now)) {
    if (exclusion.until.getTime() > now.getTime())
      return { code: 'self_exclusion_active', params: { until: formatUtc(exclusion.until) } };
    const endsAt = selfExclusionEndsAt(exclusion);
    return endsAt
      ? { code: 'self_exclusion_active', params: { until: formatUtc(endsAt) } }
      : { code: 'self_exclusion_awaiting_request' };
  }
  if (row?.timeOutUntil && row.timeOutUntil.getTime() > now.getTime())
    return { code: 'time_out_active', params: { until: formatUtc(row.timeOutUntil) } };
  return undefined;
}

export interface PlayCheck {
  /** Every player of the game about to start. */
  userIds: readonly string[];
  /** Each player's stake, wei, and the bet it is worth, USD, at the game's one price. */
  stakeWei: bigint;
  betUsd: number;
  priceMicroUsd: bigint;
  now: Date;
}

/** Why a player may not stake now, as a code (issue 25); the transports say it in words (@shifumi/protocol's socket-refusals.ts). */
export type PlayRefusalReason = SocketRefusalOf<PlayRefusalCode>;

export interface PlayRefusal {
  userId: string;
  refusal: PlayRefusalReason;
}

/**
 * Whether these players may stake: no time-out or self-exclusion, no loss or
 * wager limit taken above its amount by this stake (reaching it is allowed; a
 * stake counts as a possible loss in full), and enough balance that no deposit
 * limit holds. Locks the players' rows first, so that two searches (two tabs,
 * two nodes) are checked one after the other, each seeing the other's stake.
 * Call it inside the transaction that escrows the stakes; a refusal must
 * escrow nothing. `onClear` hears each player found with no freeze, no
 * protection in force and no limit at all (issue 16: a search's early check
 * remembers it for a moment).
 */
export async function checkPlayAllowed(
  tx: Executor,
  check: PlayCheck,
  onClear?: (userId: string) => void,
  /** Issue 30: what comes first of each player, read by the caller under the players' row locks in this transaction. */
  known?: ReadonlyMap<string, PlayFacts>,
): Promise<PlayRefusal | undefined> {
  const { now } = check;
  // The players' rows locked, and what comes first of each, in one statement (issue 16).
  const facts = known ?? (await readPlayFacts(tx, check.userIds));
  for (const userId of check.userIds) {
    const known = facts.get(userId);
    // Issue 18: a frozen account may not play.
    if (known?.frozen) return { userId, refusal: { code: 'account_frozen' } };
    const blocked = protectionRefusal(known?.protections, now);
    if (blocked) return { userId, refusal: blocked };
    if (!known?.hasLimits) {
      onClear?.(userId);
      continue;
    }
    const limits = await readLimits(tx, userId);
    const since = new Date(now.getTime() - LONGEST_WINDOW);
    const played = await gamesSince(tx, userId, since);
    for (const kind of ['loss', 'wager'] as const) {
      for (const period of LIMIT_PERIODS) {
        const setting = limits.get(`${kind}:${period}`);
        const amount = setting ? settle(setting, now).amountUsd : null;
        if (amount === null) continue;
        const verdict = stakeFits(kind, period, amount, played, check.betUsd, now);
        if (verdict.fits) continue;
        const refusal: PlayRefusalReason = verdict.freeAt
          ? { code: 'limit_reached', params: { kind, period, limitUsd: amount, freeAt: formatUtc(verdict.freeAt) } }
          : { code: 'stake_above_limit', params: { kind, period, limitUsd: amount } };
        return { userId, refusal };
      }
    }
    const depositLimits = depositLimitsInWei(limits, check.priceMicroUsd, now);
    if (depositLimits.length === 0) continue;
    const balance = await balanceOf(tx, LedgerAccounts.user(userId));
    // Too little money at all is the ledger's refusal, with its own text.
    if (balance < check.stakeWei) continue;
    const deposits = await depositsSince(tx, userId, since);
    const held = heldWei(balance, deposits, depositLimits, now);
    if (balance - held >= check.stakeWei) continue;
    const freeAt = playableFrom(balance, deposits, depositLimits, check.stakeWei, now);
    return { userId, refusal: { code: 'held_by_deposit_limit', params: { heldWei: held, freeAt: formatUtc(freeAt) } } };
  }
  return undefined;
}

/** A refusal of `checkPlayAllowed` thrown out of the escrow transaction (which rolls it back). */
export class PlayNotAllowedError extends Error {
  override name = 'PlayNotAllowedError';
  constructor(
    readonly userId: string,
    readonly refusal: PlayRefusalReason,
  ) {
    super(`play refused: ${refusal.code}`);
  }
}

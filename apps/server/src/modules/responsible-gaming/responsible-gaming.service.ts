/**
 * Responsible gaming (issue 19): the player's limits, reality check, time-out
 * and self-exclusion, and `checkPlayAllowed`, which the escrow step calls
 * inside the transaction that moves the stakes.
 */
import { formatEth, usdToWei, weiToUsdCents } from '@shifumi/money';
import {
  ADMIN_TEXTS,
  DEFAULT_REALITY_CHECK_MINUTES,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  RESPONSIBLE_GAMING_TEXTS as TEXTS,
  firstIssueMessage,
  realityCheckRequestSchema,
  selfExclusionRequestSchema,
  setLimitRequestSchema,
  timeOutRequestSchema,
  type LimitKind,
  type LimitPeriod,
  type LimitsResponse,
  type MessageResponse,
  type UntilResponse,
} from '@shifumi/protocol';
import type { Database, Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import { ok, refuse, type Result } from '../../shared/result';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { balanceOf } from '../ledger/ledger.service';
import {
  changeLimit,
  changeRealityCheck,
  formatUtc,
  heldWei,
  laterOf,
  netLossUsd,
  periodMs,
  playableFrom,
  selfExclusionActive,
  selfExclusionEnd,
  selfExclusionEndsAt,
  settle,
  settleRealityCheck,
  stakeFits,
  timeOutEnd,
  wageredUsd,
  type DepositLimitInWei,
  type RealityCheckSetting,
  type SelfExclusionState,
} from './limit-rules';
import {
  depositsSince,
  gamesSince,
  listEvents,
  lockPlayers,
  readPlayFacts,
  readLimits,
  readProtections,
  recordEvent,
  writeLimit,
  writeProtections,
  type ProtectionsRow,
  type StoredLimits,
} from './responsible-gaming.repo';

const LONGEST_WINDOW = periodMs('month');

function selfExclusionOf(row: ProtectionsRow | undefined): SelfExclusionState | null {
  if (!row?.selfExclusionUntil) return null;
  return { until: row.selfExclusionUntil, endRequestedAt: row.selfExclusionEndRequestedAt };
}

function realityCheckOf(row: ProtectionsRow | undefined): RealityCheckSetting {
  const pendingMinutes = row?.pendingRealityCheckMinutes ?? null;
  const pendingAt = row?.pendingRealityCheckAt ?? null;
  return {
    minutes: row?.realityCheckMinutes ?? DEFAULT_REALITY_CHECK_MINUTES,
    pending: pendingMinutes !== null && pendingAt !== null ? { minutes: pendingMinutes, effectiveAt: pendingAt } : null,
  };
}

/** Why the player may not play at all now (time-out, self-exclusion), or undefined. */
function protectionRefusal(row: ProtectionsRow | undefined, now: Date): string | undefined {
  const exclusion = selfExclusionOf(row);
  if (exclusion && selfExclusionActive(exclusion, now)) {
    if (exclusion.until.getTime() > now.getTime()) return TEXTS.selfExclusionActive(formatUtc(exclusion.until));
    const endsAt = selfExclusionEndsAt(exclusion);
    return endsAt ? TEXTS.selfExclusionActive(formatUtc(endsAt)) : TEXTS.selfExclusionAwaitingRequest;
  }
  if (row?.timeOutUntil && row.timeOutUntil.getTime() > now.getTime()) return TEXTS.timeOutActive(formatUtc(row.timeOutUntil));
  return undefined;
}

/** The deposit limits in force, in wei at `microUsdPerEth`. */
function depositLimitsInWei(limits: StoredLimits, microUsdPerEth: bigint, now: Date): DepositLimitInWei[] {
  const result: DepositLimitInWei[] = [];
  for (const period of LIMIT_PERIODS) {
    const setting = limits.get(`deposit:${period}`);
    const amount = setting ? settle(setting, now).amountUsd : null;
    if (amount !== null) result.push({ period, limitWei: usdToWei(amount, microUsdPerEth, 'up') });
  }
  return result;
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

export interface PlayRefusal {
  userId: string;
  message: string;
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
export async function checkPlayAllowed(tx: Executor, check: PlayCheck, onClear?: (userId: string) => void): Promise<PlayRefusal | undefined> {
  const { now } = check;
  // The players' rows locked, and what comes first of each, in one statement (issue 16).
  const facts = await readPlayFacts(tx, check.userIds);
  for (const userId of check.userIds) {
    const known = facts.get(userId);
    // Issue 18: a frozen account may not play.
    if (known?.frozen) return { userId, message: ADMIN_TEXTS.accountFrozen };
    const blocked = protectionRefusal(known?.protections, now);
    if (blocked) return { userId, message: blocked };
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
        const message = verdict.freeAt
          ? TEXTS.limitReached(kind, period, amount, formatUtc(verdict.freeAt))
          : TEXTS.stakeAboveLimit(kind, period, amount);
        return { userId, message };
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
    return { userId, message: TEXTS.heldByDepositLimit(formatEth(held, { decimals: 6, rounding: 'up' }), formatUtc(freeAt)) };
  }
  return undefined;
}

/** A refusal of `checkPlayAllowed` thrown out of the escrow transaction (which rolls it back). */
export class PlayNotAllowedError extends Error {
  override name = 'PlayNotAllowedError';
  constructor(
    readonly userId: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ResponsibleGamingDeps {
  db: Database;
  clock: Clock;
  /** LIMIT_INCREASE_DELAY_HOURS in ms: how long a raise, a removal or a less frequent reality check waits. */
  increaseDelayMs: number;
  /** The current ETH price in micro-USD (deposit limits); undefined before the first price. */
  currentPrice: () => bigint | undefined;
  /** Told after a player's limit, time-out or self-exclusion changed (issue 16: the search's remembered facts are dropped). */
  onChanged?: (userId: string) => void;
}

const cents = (value: bigint) => Number(value) / 100;

export function createResponsibleGaming(deps: ResponsibleGamingDeps) {
  const { db, clock } = deps;

  async function state(executor: Executor, userId: string, now: Date): Promise<LimitsResponse> {
    const since = new Date(now.getTime() - LONGEST_WINDOW);
    const [limits, protections, played, deposits, events] = await Promise.all([
      readLimits(executor, userId),
      readProtections(executor, userId),
      gamesSince(executor, userId, since),
      depositsSince(executor, userId, since),
      listEvents(executor, userId),
    ]);
    const price = deps.currentPrice();
    const rows: LimitsResponse['limits'] = [];
    for (const kind of LIMIT_KINDS) {
      for (const period of LIMIT_PERIODS) {
        const setting = settle(limits.get(`${kind}:${period}`) ?? { amountUsd: null, pending: null }, now);
        let usedUsd: number;
        if (kind === 'deposit') {
          const total = deposits.filter((deposit) => deposit.createdAt.getTime() > now.getTime() - periodMs(period)).reduce((sum, deposit) => sum + deposit.amountWei, 0n);
          usedUsd = price === undefined ? 0 : cents(weiToUsdCents(total, price, 'down'));
        } else {
          usedUsd = Math.max(0, kind === 'loss' ? netLossUsd(played, period, now) : wageredUsd(played, period, now));
        }
        rows.push({
          kind,
          period,
          amountUsd: setting.amountUsd,
          usedUsd,
          pending: setting.pending ? { amountUsd: setting.pending.amountUsd, effectiveAt: setting.pending.effectiveAt.toISOString() } : null,
        });
      }
    }
    const reality = settleRealityCheck(
      realityCheckOf(protections),
      now,
    );
    const exclusion = selfExclusionOf(protections);
    const endsAt = exclusion ? selfExclusionEndsAt(exclusion) : null;
    return {
      limits: rows,
      realityCheckMinutes: reality.minutes,
      realityCheckPending: reality.pending ? { minutes: reality.pending.minutes, effectiveAt: reality.pending.effectiveAt.toISOString() } : null,
      timeOut: protections?.timeOutUntil && protections.timeOutUntil.getTime() > now.getTime() ? { until: protections.timeOutUntil.toISOString() } : null,
      selfExclusion:
        exclusion && selfExclusionActive(exclusion, now)
          ? {
              until: exclusion.until.toISOString(),
              endRequestedAt: exclusion.endRequestedAt?.toISOString() ?? null,
              endsAt: endsAt?.toISOString() ?? null,
            }
          : null,
      history: events.map((event) => ({ kind: event.kind, at: event.createdAt.toISOString(), detail: event.detail })),
    };
  }

  return {
    async limits(userId: string): Promise<LimitsResponse> {
      return state(db, userId, clock());
    },

    async setLimit(userId: string, body: unknown): Promise<Result<LimitsResponse>> {
      const parsed = setLimitRequestSchema.safeParse(body);
      if (!parsed.success) return refuse('invalid_input', firstIssueMessage(parsed.error));
      const { kind, period, amountUsd } = parsed.data;
      const now = clock();
      await db.transaction(async (tx) => {
        await lockPlayers(tx, [userId]);
        const current = (await readLimits(tx, userId)).get(`${kind}:${period}`) ?? { amountUsd: null, pending: null };
        const next = changeLimit(current, amountUsd, now, deps.increaseDelayMs);
        await writeLimit(tx, userId, kind as LimitKind, period as LimitPeriod, next, now);
        await recordEvent(
          tx,
          userId,
          'limit_changed',
          {
            kind,
            period,
            requestedUsd: amountUsd,
            inForceUsd: next.amountUsd,
            pendingUsd: next.pending?.amountUsd ?? null,
            pendingAt: next.pending?.effectiveAt.toISOString() ?? null,
          },
          now,
        );
      });
      deps.onChanged?.(userId);
      return ok(await state(db, userId, now));
    },

    async setRealityCheck(userId: string, body: unknown): Promise<Result<LimitsResponse>> {
      const parsed = realityCheckRequestSchema.safeParse(body);
      if (!parsed.success) return refuse('invalid_input', firstIssueMessage(parsed.error));
      const now = clock();
      await db.transaction(async (tx) => {
        await lockPlayers(tx, [userId]);
        const row = await readProtections(tx, userId);
        const next = changeRealityCheck(
          realityCheckOf(row),
          parsed.data.minutes,
          now,
          deps.increaseDelayMs,
        );
        await writeProtections(tx, userId, {
          realityCheckMinutes: next.minutes,
          pendingRealityCheckMinutes: next.pending?.minutes ?? null,
          pendingRealityCheckAt: next.pending?.effectiveAt ?? null,
          updatedAt: now,
        });
        await recordEvent(tx, userId, 'reality_check_changed', { requested: parsed.data.minutes, inForce: next.minutes, pendingAt: next.pending?.effectiveAt.toISOString() ?? null }, now);
      });
      return ok(await state(db, userId, now));
    },

    async timeOut(userId: string, body: unknown): Promise<Result<UntilResponse>> {
      const parsed = timeOutRequestSchema.safeParse(body);
      if (!parsed.success) return refuse('invalid_input', firstIssueMessage(parsed.error));
      const now = clock();
      const until = await db.transaction(async (tx) => {
        await lockPlayers(tx, [userId]);
        const row = await readProtections(tx, userId);
        const end = laterOf(row?.timeOutUntil ?? null, timeOutEnd(parsed.data.period, now));
        await writeProtections(tx, userId, { timeOutUntil: end, updatedAt: now });
        await recordEvent(tx, userId, 'time_out_started', { period: parsed.data.period, until: end.toISOString() }, now);
        return end;
      });
      deps.onChanged?.(userId);
      return ok({ until: until.toISOString() });
    },

    async selfExclude(userId: string, body: unknown): Promise<Result<UntilResponse>> {
      const parsed = selfExclusionRequestSchema.safeParse(body);
      if (!parsed.success) return refuse('invalid_input', firstIssueMessage(parsed.error));
      const now = clock();
      const until = await db.transaction(async (tx) => {
        await lockPlayers(tx, [userId]);
        const row = await readProtections(tx, userId);
        const current = selfExclusionOf(row);
        const stillOn = current !== null && selfExclusionActive(current, now);
        const end = laterOf(stillOn ? current.until : null, selfExclusionEnd(parsed.data.period, now));
        await writeProtections(tx, userId, {
          selfExclusionStartedAt: stillOn ? (row?.selfExclusionStartedAt ?? now) : now,
          selfExclusionUntil: end,
          // A new self-exclusion cancels a request to end the previous one.
          selfExclusionEndRequestedAt: null,
          updatedAt: now,
        });
        await recordEvent(tx, userId, 'self_exclusion_started', { period: parsed.data.period, until: end.toISOString() }, now);
        return end;
      });
      deps.onChanged?.(userId);
      return ok({ until: until.toISOString() });
    },

    /** Asks to end a self-exclusion past its term: it ends after the cooling-off. */
    async requestSelfExclusionEnd(userId: string): Promise<Result<MessageResponse>> {
      const now = clock();
      return db.transaction(async (tx): Promise<Result<MessageResponse>> => {
        await lockPlayers(tx, [userId]);
        const row = await readProtections(tx, userId);
        const current = selfExclusionOf(row);
        if (!current || !selfExclusionActive(current, now)) return refuse('invalid_input', TEXTS.selfExclusionNotActive);
        if (current.until.getTime() > now.getTime()) return refuse('invalid_input', TEXTS.selfExclusionEndTooEarly(formatUtc(current.until)));
        const requestedAt = current.endRequestedAt ?? now;
        if (!current.endRequestedAt) {
          await writeProtections(tx, userId, { selfExclusionEndRequestedAt: requestedAt, updatedAt: now });
        }
        const endsAt = selfExclusionEndsAt({ until: current.until, endRequestedAt: requestedAt })!;
        if (!current.endRequestedAt) await recordEvent(tx, userId, 'self_exclusion_end_requested', { endsAt: endsAt.toISOString() }, now);
        return ok({ message: TEXTS.selfExclusionEndRequested(formatUtc(endsAt)) });
      });
    },

    /** The part of `balanceWei` held by the deposit limits now, at the current price. */
    async heldWei(userId: string, balanceWei: bigint): Promise<bigint> {
      const price = deps.currentPrice();
      if (price === undefined || balanceWei === 0n) return 0n;
      const now = clock();
      const limits = await readLimits(db, userId);
      const depositLimits = depositLimitsInWei(limits, price, now);
      if (depositLimits.length === 0) return 0n;
      return heldWei(balanceWei, await depositsSince(db, userId, new Date(now.getTime() - LONGEST_WINDOW)), depositLimits, now);
    },
  };
}

export type ResponsibleGaming = ReturnType<typeof createResponsibleGaming>;

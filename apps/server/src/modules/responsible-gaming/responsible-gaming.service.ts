/**
 * Responsible gaming (issue 19): the player's limits, reality check, time-out
 * and self-exclusion, and `checkPlayAllowed`, which the escrow step calls
 * inside the transaction that moves the stakes.
 */
import { weiToUsdCents } from '@shifumi/money';
import {
  DEFAULT_REALITY_CHECK_MINUTES,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  RESPONSIBLE_GAMING_TEXTS as TEXTS,
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
import {
  changeLimit,
  changeRealityCheck,
  formatUtc,
  heldWei,
  laterOf,
  netLossUsd,
  periodMs,
  selfExclusionActive,
  selfExclusionEnd,
  selfExclusionEndsAt,
  settle,
  settleRealityCheck,
  timeOutEnd,
  wageredUsd,
  type RealityCheckSetting,
} from './limit-rules';
import {
  depositsSince,
  gamesSince,
  listEvents,
  lockPlayers,
  readLimits,
  readProtections,
  recordEvent,
  writeLimit,
  writeProtections,
  type ProtectionsRow,
} from './responsible-gaming.repo';
import {
  checkPlayAllowed,
  depositLimitsInWei,
  LONGEST_WINDOW,
  PlayNotAllowedError,
  selfExclusionOf,
  type PlayCheck,
  type PlayRefusal,
  type PlayRefusalReason,
} from './play-check';

export { checkPlayAllowed, PlayNotAllowedError, type PlayCheck, type PlayRefusal, type PlayRefusalReason };

function realityCheckOf(row: ProtectionsRow | undefined): RealityCheckSetting {
  const pendingMinutes = row?.pendingRealityCheckMinutes ?? null;
  const pendingAt = row?.pendingRealityCheckAt ?? null;
  return {
    minutes: row?.realityCheckMinutes ?? DEFAULT_REALITY_CHECK_MINUTES,
    pending: pendingMinutes !== null && pendingAt !== null ? { minutes: pendingMinutes, effectiveAt: pendingAt } : null,
  };
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

/** The player's limits with what each has used, the protections in force and the history, as of `now` (`currentPrice` in micro-USD). */
async function limitsState(
  executor: Executor,
  userId: string,
  now: Date,
  currentPrice: () => bigint | undefined,
): Promise<LimitsResponse> {
  const since = new Date(now.getTime() - LONGEST_WINDOW);
  const [limits, protections, played, deposits, events] = await Promise.all([
    readLimits(executor, userId),
    readProtections(executor, userId),
    gamesSince(executor, userId, since),
    depositsSince(executor, userId, since),
    listEvents(executor, userId),
  ]);
  const price = currentPrice();
  const rows: LimitsResponse['limits'] = [];
  for (const kind of LIMIT_KINDS) {
    for (const period of LIMIT_PERIODS) {
      const setting = settle(limits.get(`${kind}:${period}`) ?? { amountUsd: null, pending: null }, now);
      let usedUsd: number;
      if (kind === 'deposit') {
        const total = deposits
          .filter((deposit) => deposit.createdAt.getTime() > now.getTime() - periodMs(period))
          .reduce((sum, deposit) => sum + deposit.amountWei, 0n);
        usedUsd = price === undefined ? 0 : cents(weiToUsdCents(total, price, 'down'));
      } else {
        usedUsd = Math.max(0, kind === 'loss' ? netLossUsd(played, period, now) : wageredUsd(played, period, now));
      }
      rows.push({
        kind,
        period,
        amountUsd: setting.amountUsd,
        usedUsd,
        pending: setting.pending
          ? { amountUsd: setting.pending.amountUsd, effectiveAt: setting.pending.effectiveAt.toISOString() }
          : null,
      });
    }
  }
  const reality = settleRealityCheck(realityCheckOf(protections), now);
  const exclusion = selfExclusionOf(protections);
  const endsAt = exclusion ? selfExclusionEndsAt(exclusion) : null;
  return {
    limits: rows,
    realityCheckMinutes: reality.minutes,
    realityCheckPending: reality.pending
      ? { minutes: reality.pending.minutes, effectiveAt: reality.pending.effectiveAt.toISOString() }
      : null,
    timeOut:
      protections?.timeOutUntil && protections.timeOutUntil.getTime() > now.getTime()
        ? { until: protections.timeOutUntil.toISOString() }
        : null,
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

export function createResponsibleGaming(deps: ResponsibleGamingDeps) {
  const { db, clock } = deps;

  const state = (executor: Executor, userId: string, now: Date) => limitsState(executor, userId, now, deps.currentPrice);

  return {
    async limits(userId: string): Promise<LimitsResponse> {
      return state(db, userId, clock());
    },

    async setLimit(userId: string, body: unknown): Promise<Result<LimitsResponse>> {
      const parsed = setLimitRequestSchema.safeParse(body);
      if (!parsed.success) return refuse('invalid_input', { error: parsed.error });
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
      if (!parsed.success) return refuse('invalid_input', { error: parsed.error });
      const now = clock();
      await db.transaction(async (tx) => {
        await lockPlayers(tx, [userId]);
        const row = await readProtections(tx, userId);
        const next = changeRealityCheck(realityCheckOf(row), parsed.data.minutes, now, deps.increaseDelayMs);
        await writeProtections(tx, userId, {
          realityCheckMinutes: next.minutes,
          pendingRealityCheckMinutes: next.pending?.minutes ?? null,
          pendingRealityCheckAt: next.pending?.effectiveAt ?? null,
          updatedAt: now,
        });
        await recordEvent(
          tx,
          userId,
          'reality_check_changed',
          { requested: parsed.data.minutes, inForce: next.minutes, pendingAt: next.pending?.effectiveAt.toISOString() ?? null },
          now,
        );
      });
      return ok(await state(db, userId, now));
    },

    async timeOut(userId: string, body: unknown): Promise<Result<UntilResponse>> {
      const parsed = timeOutRequestSchema.safeParse(body);
      if (!parsed.success) return refuse('invalid_input', { error: parsed.error });
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
      if (!parsed.success) return refuse('invalid_input', { error: parsed.error });
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
        if (!current || !selfExclusionActive(current, now)) return refuse('self_exclusion_not_active');
        if (current.until.getTime() > now.getTime()) return refuse('self_exclusion_end_too_early', { until: current.until });
        const requestedAt = current.endRequestedAt ?? now;
        if (!current.endRequestedAt) {
          await writeProtections(tx, userId, { selfExclusionEndRequestedAt: requestedAt, updatedAt: now });
        }
        const endsAt = selfExclusionEndsAt({ until: current.until, endRequestedAt: requestedAt })!;
        if (!current.endRequestedAt)
          await recordEvent(tx, userId, 'self_exclusion_end_requested', { endsAt: endsAt.toISOString() }, now);
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

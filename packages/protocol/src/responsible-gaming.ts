/**
 * Responsible gaming (issue 19): limits, reality checks, time-out,
 * self-exclusion, statements, and the age and Terms confirmation.
 */
import { z } from 'zod';
import { RESPONSIBLE_GAMING_TEXTS as T } from './server-texts';

/** The kinds of limit: money deposited, net loss (stakes lost minus winnings), total staked. */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Rolling windows: the last 24 hours, 7 days, 30 days. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const LIMIT_PERIOD_HOURS: Record<LimitPeriod, number> = { day: 24, week: 24 * 7, month: 24 * 30 };

/** The largest limit one can set, in whole USD. */
export const LIMIT_MAX_USD = 1_000_000;

/** Reality-check intervals in minutes; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];
export const DEFAULT_REALITY_CHECK_MINUTES: RealityCheckMinutes = 60;

export const TIME_OUT_PERIODS = ['24h', '7d', '30d', '6w'] as const;
export type TimeOutPeriod = (typeof TIME_OUT_PERIODS)[number];
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y'] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];

/** Hours between a request to end a self-exclusion past its term and its end. */
export const SELF_EXCLUSION_COOLING_OFF_HOURS = 24;

/** The version of the Terms a new account accepts; stored with the acceptance. */
export const TERMS_VERSION = '2026-11-24';

/** Statements cover the last 30 days unless asked otherwise; any earlier period can be asked for. */
export const STATEMENT_DEFAULT_DAYS = 30;

/** `PUT /api/account/limits`: a whole number of USD, or null to remove the limit. */
export const setLimitRequestSchema = z.object({
  kind: z.enum(LIMIT_KINDS, { error: T.limitKindInvalid }),
  period: z.enum(LIMIT_PERIODS, { error: T.limitPeriodInvalid }),
  amountUsd: z
    .number({ error: T.limitAmountInvalid })
    .int({ error: T.limitAmountInvalid })
    .min(1, { error: T.limitAmountInvalid })
    .max(LIMIT_MAX_USD, { error: T.limitAmountInvalid })
    .nullable(),
});
export type SetLimitRequest = z.input<typeof setLimitRequestSchema>;

export const realityCheckRequestSchema = z.object({
  minutes: z.union(
    REALITY_CHECK_MINUTES.map((minutes) => z.literal(minutes)),
    { error: T.realityCheckInvalid },
  ),
});
export type RealityCheckRequest = z.input<typeof realityCheckRequestSchema>;

export const timeOutRequestSchema = z.object({ period: z.enum(TIME_OUT_PERIODS, { error: T.timeOutPeriodInvalid }) });
export type TimeOutRequest = z.input<typeof timeOutRequestSchema>;

export const selfExclusionRequestSchema = z.object({
  period: z.enum(SELF_EXCLUSION_PERIODS, { error: T.selfExclusionPeriodInvalid }),
});
export type SelfExclusionRequest = z.input<typeof selfExclusionRequestSchema>;

/** An ISO date (`2026-01-31`, the start of that day UTC) or date-time. */
const statementDateSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: T.statementDateInvalid });

export const statementQuerySchema = z.object({
  from: statementDateSchema.optional(),
  to: statementDateSchema.optional(),
  format: z.enum(['json', 'csv'], { error: T.statementFormatInvalid }).optional(),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

const pendingLimitSchema = z.object({ amountUsd: z.number().nullable(), effectiveAt: z.iso.datetime() });

export const limitStateSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** The limit in force, whole USD; null when none. */
  amountUsd: z.number().nullable(),
  /** The use of the window now, USD (cents precision). */
  usedUsd: z.number(),
  /** A raise or removal waiting for its delay; null when none. */
  pending: pendingLimitSchema.nullable(),
});
export type LimitState = z.infer<typeof limitStateSchema>;

/** `GET /api/account/limits`. */
export const limitsResponseSchema = z.object({
  limits: z.array(limitStateSchema),
  realityCheckMinutes: z.number(),
  /** A less frequent reality check waiting for its delay. */
  realityCheckPending: z.object({ minutes: z.number(), effectiveAt: z.iso.datetime() }).nullable(),
  timeOut: z.object({ until: z.iso.datetime() }).nullable(),
  /**
   * `until`: the term chosen. Past its term a self-exclusion stays until the
   * player asks to end it; `endsAt` is then the end of the cooling-off.
   */
  selfExclusion: z
    .object({ until: z.iso.datetime(), endRequestedAt: z.iso.datetime().nullable(), endsAt: z.iso.datetime().nullable() })
    .nullable(),
  /** The account's responsible-gaming history, oldest first: every change with its time. */
  history: z.array(z.object({ kind: z.string(), at: z.iso.datetime(), detail: z.record(z.string(), z.unknown()) })),
});
export type LimitsResponse = z.infer<typeof limitsResponseSchema>;

export const untilResponseSchema = z.object({ until: z.iso.datetime() });
export type UntilResponse = z.infer<typeof untilResponseSchema>;

export const STATEMENT_ROW_KINDS = ['deposit', 'stake', 'payout', 'refund', 'withdrawal', 'fee', 'withdrawal_refund'] as const;
export type StatementRowKind = (typeof STATEMENT_ROW_KINDS)[number];

export const statementRowSchema = z.object({
  date: z.iso.datetime(),
  kind: z.enum(STATEMENT_ROW_KINDS),
  /** Signed: negative for money leaving the balance. */
  amountWei: z.string(),
  amountEth: z.string(),
  amountUsd: z.string(),
  /** The balance after this row. */
  balanceWei: z.string(),
  /** The game room or the transaction hash. */
  reference: z.string(),
});
export type StatementRow = z.infer<typeof statementRowSchema>;

/** The CSV header: the row field names, in this order. */
export const STATEMENT_CSV_FIELDS = ['date', 'kind', 'amountWei', 'amountEth', 'amountUsd', 'balanceWei', 'reference'] as const;

export const statementResponseSchema = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  rows: z.array(statementRowSchema),
  totals: z.object({
    depositedWei: z.string(),
    withdrawnWei: z.string(),
    feesWei: z.string(),
    netResultWei: z.string(),
    openingBalanceWei: z.string(),
    closingBalanceWei: z.string(),
  }),
});
export type StatementResponse = z.infer<typeof statementResponseSchema>;

/** `ageConfirmed` and `termsAccepted` as sign-up and a first wallet sign-in require them. */
export const ageConfirmedSchema = z.literal(true, { error: T.ageRequired });
export const termsAcceptedSchema = z.literal(true, { error: T.termsRequired });

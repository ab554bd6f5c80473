/**
 * Issue 26 (items 3 and 4, decision 040): every account state that changes
 * what a player may do, as `GET /api/account/status` tells it — with its
 * reason and, where there is one, its end. The server says what holds (codes
 * and facts); the web app says it in words (the catalogue's `status`
 * namespace, issue 27).
 */
import { z } from 'zod';
import { LIMIT_KINDS, LIMIT_PERIODS } from './responsible-gaming';

export const accountRestrictionSchema = z.discriminatedUnion('kind', [
  /** Staff froze the account: no play, no search, no withdrawal. */
  z.object({ kind: z.literal('frozen'), reason: z.string(), since: z.iso.datetime() }),
  /** A withdrawal waits for staff. `reason` is the review policy's words; `expectedBy` when staff usually decided by. */
  z.object({
    kind: z.literal('withdrawal_review'),
    withdrawalId: z.string(),
    /** ETH, decimal string. */
    amount: z.string(),
    reason: z.string(),
    since: z.iso.datetime(),
    expectedBy: z.iso.datetime(),
  }),
  /** Withdrawals wait after a password or two-factor change. */
  z.object({ kind: z.literal('withdrawal_hold'), until: z.iso.datetime() }),
  /** A loss, wager or deposit limit is used up (reaching it counts). */
  z.object({
    kind: z.literal('limit_reached'),
    limit: z.enum(LIMIT_KINDS),
    period: z.enum(LIMIT_PERIODS),
    amountUsd: z.number(),
  }),
  z.object({ kind: z.literal('time_out'), until: z.iso.datetime() }),
  /** `endsAt`: when it really ends (null while past its term and no end was asked for). */
  z.object({ kind: z.literal('self_exclusion'), until: z.iso.datetime(), endsAt: z.iso.datetime().nullable() }),
]);
export type AccountRestriction = z.infer<typeof accountRestrictionSchema>;
export type AccountRestrictionKind = AccountRestriction['kind'];

export const accountStatusResponseSchema = z.object({ restrictions: z.array(accountRestrictionSchema) });
export type AccountStatusResponse = z.infer<typeof accountStatusResponseSchema>;

/**
 * Issue 27: the shape of a language's refusal texts (refusals.ts holds the
 * English, refusals-fr.ts the French): which codes take parameters, and what
 * each text is, so that every language's table has exactly one entry per code.
 */
import type { ZodError } from 'zod';
import type { ADMIN_TEXTS } from './admin-texts';
import type { StaffRole } from './constants';
import type { RefusalCode } from './refusal-codes';
import type { PlayRefusalCode, SocketRefusalOf } from './socket-refusals';

/** The parameters of the codes whose text needs some; every other code takes none. */
export interface RefusalParams {
  invalid_input: { error: ZodError };
  too_many_requests: { retryAfterSeconds: number };
  too_many_sign_in_failures: { retryAfterSeconds: number };
  verification_mail_wait: { retryAfterSeconds: number };
  too_many_withdrawals: { perHour: number; retryAfterSeconds: number };
  fee_changed: { feeWei: bigint };
  below_minimum: { minimumWei: bigint };
  insufficient_funds_with_fee: { feeWei: bigint };
  withdrawal_held: { until: Date };
  address_not_active_yet: { until: Date };
  self_exclusion_end_too_early: { until: Date };
  too_many_challenges: { max: number };
  /**
   * Why the friend accepting a challenge cannot play its game: the refusal the game's start gave
   * (a code and its figures, never a sentence), said in the reader's language from the socket's table.
   */
  play_refused: { refusal: GameStartRefusal };
  wrong_role: { role: StaffRole };
  own_case: { action: keyof typeof ADMIN_TEXTS.ownCase };
}

/** Why a player cannot play a game's start: this node stops, the balance, already in a game, or may not stake now. */
export type GameStartRefusal = SocketRefusalOf<'restarting' | 'insufficient_balance' | 'already_playing' | PlayRefusalCode>;

/** What a text of `code` is: a sentence, or a function of the code's parameters. */
export type RefusalText<C extends RefusalCode> = C extends keyof RefusalParams ? (params: RefusalParams[C]) => string : string;

/** One language's texts: exactly one entry per code. */
export type RefusalTexts = { readonly [C in RefusalCode]: RefusalText<C> };

/** A date and time as the server's sentences show it: `2026-01-31 14:05 UTC`. */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

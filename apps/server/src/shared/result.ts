/**
 * Expected refusals travel as values, not exceptions: a service returns
 * `Result<T>` and the transport (HTTP or socket) turns a refusal's code into
 * its status. Unexpected failures are thrown and answered generically.
 */

/** Every refusal the server can answer with. The HTTP status of each lives in http/refusal-status.ts. */
export type RefusalCode =
  | 'invalid_input'
  | 'email_taken'
  | 'unknown_referral'
  | 'invalid_credentials'
  | 'account_disabled'
  | 'not_authenticated'
  | 'refresh_failed'
  | 'verify_link_invalid'
  | 'already_verified'
  | 'no_email'
  | 'not_found'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'price_unavailable'
  | 'insufficient_funds'
  | 'email_not_verified'
  | 'idempotency_conflict'
  | 'siwe_refused'
  | 'wallet_taken'
  | 'email_locked'
  | 'chain_rpc_refused'
  | 'chain_not_configured'
  | 'chain_upstream_failed'
  | 'chain_upstream_timeout'
  // Issue 13 (account security).
  | 'reset_link_invalid'
  | 'wrong_password'
  | 'two_factor_invalid'
  | 'two_factor_locked'
  | 'two_factor_state'
  | 'challenge_invalid'
  | 'withdrawal_held'
  | 'withdrawal_address_refused'
  | 'address_exists'
  // Issue 12.
  | 'below_minimum'
  | 'fee_changed'
  | 'fee_unavailable'
  // Issue 18: a staff route refused to a player or to the wrong role; a frozen account.
  | 'forbidden'
  | 'account_frozen'
  // Issue 23: an action that needs a recent sign-in (a wallet-only account adding an e-mail).
  | 'reauthentication_required'
  // Issue 24: a challenge that cannot be taken now (not open, one's own, a player away or busy, linked accounts);
  // a player unable to play the stake (balance, limits, time-out, self-exclusion, freeze).
  | 'challenge_conflict'
  | 'play_refused';

export interface Refusal {
  code: RefusalCode;
  /** A sentence for the user (from SERVER_TEXTS). */
  message: string;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function refuse<T = never>(code: RefusalCode, message: string, headers?: Record<string, string>): Result<T> {
  return { ok: false, refusal: headers ? { code, message, headers } : { code, message } };
}

/**
 * A refusal thrown from a place that cannot return one (a Fastify hook, a
 * route's shared guard). The central error handler answers it like a
 * returned refusal.
 */
export class RefusalError extends Error {
  override name = 'RefusalError';
  readonly refusal: Refusal;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;

  constructor(refusal: Refusal, headers: Record<string, string> = {}) {
    super(refusal.message);
    this.refusal = refusal;
    this.headers = headers;
  }
}

/** Returns the value of a successful result or throws its refusal. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new RefusalError(result.refusal, result.refusal.headers);
  return result.value;
}

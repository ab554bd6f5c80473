/**
 * The list of HTTP refusal codes (decision 037), apart from their texts
 * (refusals.ts) so that the web app's first load can recognise a code
 * without carrying every sentence.
 */

/** Every HTTP refusal code, grouped by where it happens. */
export const REFUSAL_CODES = [
  // Any route: input, transport, the service's own health.
  /** A field of the input is wrong: the text is the first issue's (from the protocol's schema). */
  'invalid_input',
  /** The input as a whole is not what the route takes (no body, an array, a string). */
  'invalid_request',
  'invalid_json',
  'json_too_deep',
  'not_found',
  'payload_too_large',
  'unsupported_media_type',
  /** A per-IP or per-account rate limit; `Retry-After` in seconds. */
  'too_many_requests',
  /** The database (or another part the server leans on) is away; `Retry-After` when the error handler answers it. */
  'service_unavailable',
  /** This node is restarting (readiness probe). */
  'draining',
  /** An unexpected failure: details in the log, never in the answer. */
  'internal_error',
  'price_unavailable',

  // Sign-up, sign-in, sessions, e-mail.
  'email_taken',
  'unknown_referral',
  /** Sign-up (or a first wallet sign-in) without the age and Terms boxes ticked. */
  'address_needs_acceptance',
  'invalid_credentials',
  'account_disabled',
  'too_many_sign_in_failures',
  /** No access token at all. 403: the web client answers 403 with one refresh and one retry. */
  'not_authenticated',
  /** An access token that is invalid, expired, revoked, or names no account any more. 403. */
  'session_expired',
  'refresh_failed',
  'verify_link_invalid',
  'already_verified',
  'no_email',
  'email_unchanged',
  'email_locked',
  'verification_mail_wait',
  'password_required',
  'wrong_password',
  'no_password_on_account',
  'reauthentication_required',
  'wallet_taken',

  // Sign-In With Ethereum.
  'siwe_invalid_message',
  'siwe_wrong_domain',
  'siwe_wrong_chain',
  'siwe_bad_nonce',
  'siwe_not_for_linking',
  'siwe_not_for_sign_in',
  'siwe_not_yet_valid',
  'siwe_expired',
  'siwe_bad_signature',

  // Account security: password reset, two-factor, sessions, address book.
  'reset_link_invalid',
  'address_link_invalid',
  'session_not_found',
  /** The sign-in's second step (two-factor) was asked with an unknown, used or expired challenge. */
  'two_factor_challenge_invalid',
  'two_factor_required',
  'two_factor_invalid',
  'two_factor_locked',
  'two_factor_not_on',
  'two_factor_already_on',
  'two_factor_no_setup',
  'address_book_needs_email',
  'address_exists',
  'address_not_found',

  // Withdrawals.
  'idempotency_conflict',
  'fee_unavailable',
  'fee_changed',
  'below_minimum',
  'insufficient_funds',
  'insufficient_funds_with_fee',
  'withdrawal_to_burn_address',
  'withdrawal_to_house_address',
  /** An account with no e-mail address at all (signed in with a wallet only). */
  'withdrawal_needs_email',
  /** An unverified e-mail address: a verification mail was sent (the spec's failure text). */
  'email_not_verified',
  'too_many_withdrawals',
  /** The hold after a password or two-factor change. */
  'withdrawal_held',
  'address_not_in_book',
  'address_pending',
  'address_not_active_yet',
  'account_frozen',

  // Responsible gaming.
  'self_exclusion_not_active',
  'self_exclusion_end_too_early',
  'statement_date_invalid',
  'statement_range_invalid',
  /** Issue 27: `PATCH /api/account/preferences` with a language the product does not speak. */
  'unknown_language',

  // Challenges (the lobby).
  'too_many_challenges',
  'challenge_not_found',
  'challenge_not_open',
  'challenge_is_yours',
  'you_are_busy',
  'challenger_away',
  'challenger_busy',
  'cannot_accept_from_account',
  'challenger_unable',
  /**
   * The accepting player cannot play the stake (balance, limits, time-out,
   * self-exclusion, freeze). Transitional: the game start still reports its
   * refusals as texts (socket side), carried here as `reason`.
   */
  'play_refused',

  // The chain proxy.
  'chain_rpc_refused',
  'chain_not_configured',
  'chain_upstream_failed',
  'chain_upstream_timeout',

  // The operator's console: access, four eyes, lookups.
  'not_staff',
  'staff_frozen',
  'wrong_role',
  'staff_needs_two_factor',
  'staff_sign_in_again',
  /** Four eyes: nobody acts on their own account or case. */
  'own_case',
  'staff_account_admin_only',
  'withdrawal_not_found',
  'player_not_found',
  'game_not_found',
  'flag_not_found',
  'deposit_not_found',

  // Solvency proofs.
  'solvency_snapshots_off',
  'no_snapshot',
  'snapshot_not_found',
  'not_in_snapshot',
  'address_not_listed',
  'signature_not_by_address',
] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];

const CODES: ReadonlySet<string> = new Set(REFUSAL_CODES);

/** Whether a value (a response body's `code`) is one of the refusal codes. */
export function isRefusalCode(value: unknown): value is RefusalCode {
  return typeof value === 'string' && CODES.has(value);
}

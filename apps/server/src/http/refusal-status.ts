import type { RefusalCode } from '../shared/result';

/**
 * The HTTP status of every refusal. 403 is reserved for a missing, invalid,
 * expired or revoked access token: the web client answers a 403 with one
 * refresh and one retry, so no other refusal may use it.
 */
export const REFUSAL_STATUS: Record<RefusalCode, number> = {
  invalid_input: 400,
  unknown_referral: 400,
  verify_link_invalid: 400,
  no_email: 400,
  invalid_credentials: 401,
  account_disabled: 401,
  refresh_failed: 401,
  not_authenticated: 403,
  not_found: 404,
  email_taken: 409,
  already_verified: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  price_unavailable: 503,
  insufficient_funds: 422,
  // A 4xx other than 403 (which the client answers with a token refresh): the web app shows the spec's failure text.
  email_not_verified: 422,
  idempotency_conflict: 409,
  siwe_refused: 401,
  wallet_taken: 409,
  email_locked: 409,
  chain_rpc_refused: 400,
  // The chain proxy: no chain configured (503), the node failed or answered nonsense (502), or was too slow (504).
  chain_not_configured: 503,
  chain_upstream_failed: 502,
  chain_upstream_timeout: 504,
  // Issue 13 (account security): 4xx other than 403, so that the client never answers them with a token refresh.
  reset_link_invalid: 400,
  wrong_password: 400,
  two_factor_invalid: 400,
  two_factor_locked: 429,
  two_factor_state: 409,
  challenge_invalid: 400,
  withdrawal_held: 422,
  withdrawal_address_refused: 422,
  address_exists: 409,
  // Issue 12: a withdrawal below WITHDRAWAL_MIN_ETH; a fee risen above the one the user confirmed; no fee quote without the chain.
  below_minimum: 422,
  fee_changed: 409,
  fee_unavailable: 503,
  // Issue 18: the issue asks for 403 on a staff route refused to a player or the wrong role (the client's one refresh and retry is harmless).
  forbidden: 403,
  account_frozen: 423,
  // Issue 23: not 403, which the client would answer with a refresh (that opens no new sign-in).
  reauthentication_required: 401,
  // Issue 24: never 403 (the web app would refresh its token and retry).
  challenge_conflict: 409,
  play_refused: 422,
};

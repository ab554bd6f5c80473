/**
 * Every refusal the HTTP API answers with, as a stable code, and the text a
 * person reads for each (decision 037). A service says *what* happened
 * (`refuse('email_taken')`); the HTTP transport looks the text up here at the
 * edge and answers `{ code, message }`. Clients branch on `code`, never on
 * `message`; the English texts stay those of the spec, and refusals-fr.ts
 * says each code in French (issue 27, decision 052).
 *
 * One code is one meaning: where one situation had several sentences, each
 * sentence has its own code. Values a text needs (a date, an amount, a
 * number) are typed parameters, formatted here, so that another language's
 * table (issue 27) formats them its own way.
 *
 * Socket refusals have their own list (`socket-refusals.ts`).
 */
import { formatEth } from '@shifumi/money';
import { z } from 'zod';
import { ADMIN_TEXTS } from './admin-texts';
import { firstIssueMessage } from './http';
import { DEFAULT_LANGUAGE, type Language } from './language';
import { LOBBY_TEXTS } from './lobby-texts';
import { REFUSAL_CODES, type RefusalCode } from './refusal-codes';
import { formatUtc, type RefusalParams, type RefusalTexts } from './refusal-params';
import { FRENCH_REFUSAL_TEXTS } from './refusals-fr';
import { ACCOUNT_SECURITY_TEXTS, RESPONSIBLE_GAMING_TEXTS, SERVER_TEXTS } from './server-texts';
import { socketRefusalText } from './socket-refusals';
import { SOLVENCY_TEXTS } from './solvency-texts';
import { TEXTS } from './texts';
import { SIWE_TEXTS } from './wallet';

export { isRefusalCode, REFUSAL_CODES, type RefusalCode } from './refusal-codes';
export { formatUtc, type GameStartRefusal, type RefusalParams, type RefusalText, type RefusalTexts } from './refusal-params';

const ENGLISH: RefusalTexts = {
  invalid_input: ({ error }) => firstIssueMessage(error),
  invalid_request: SERVER_TEXTS.invalidRequest,
  invalid_json: SERVER_TEXTS.invalidJson,
  json_too_deep: SERVER_TEXTS.jsonTooDeep,
  not_found: SERVER_TEXTS.notFound,
  payload_too_large: SERVER_TEXTS.payloadTooLarge,
  unsupported_media_type: SERVER_TEXTS.unsupportedMediaType,
  too_many_requests: () => SERVER_TEXTS.tooManyRequests,
  service_unavailable: SERVER_TEXTS.serviceUnavailable,
  draining: SERVER_TEXTS.draining,
  internal_error: SERVER_TEXTS.internalError,
  price_unavailable: SERVER_TEXTS.priceUnavailable,

  email_taken: SERVER_TEXTS.emailTaken,
  unknown_referral: SERVER_TEXTS.unknownReferral,
  address_needs_acceptance: RESPONSIBLE_GAMING_TEXTS.addressNeedsAcceptance,
  invalid_credentials: SERVER_TEXTS.invalidCredentials,
  account_disabled: SERVER_TEXTS.accountDisabled,
  too_many_sign_in_failures: () => SERVER_TEXTS.tooManySignInFailures,
  not_authenticated: SERVER_TEXTS.notAuthenticated,
  session_expired: SERVER_TEXTS.sessionExpired,
  refresh_failed: SERVER_TEXTS.refreshFailed,
  verify_link_invalid: SERVER_TEXTS.verifyLinkInvalid,
  already_verified: SERVER_TEXTS.alreadyVerified,
  no_email: SERVER_TEXTS.noEmailOnAccount,
  email_unchanged: SERVER_TEXTS.emailUnchanged,
  email_locked: SERVER_TEXTS.emailLocked,
  verification_mail_wait: ({ retryAfterSeconds }) => SERVER_TEXTS.verificationMailWait(Math.ceil(retryAfterSeconds / 60)),
  password_required: ACCOUNT_SECURITY_TEXTS.currentPasswordRequired,
  wrong_password: ACCOUNT_SECURITY_TEXTS.currentPasswordWrong,
  no_password_on_account: ACCOUNT_SECURITY_TEXTS.noPasswordOnAccount,
  reauthentication_required: ACCOUNT_SECURITY_TEXTS.recentWalletSignInRequired,
  wallet_taken: SIWE_TEXTS.addressTaken,

  siwe_invalid_message: SIWE_TEXTS.invalidMessage,
  siwe_wrong_domain: SIWE_TEXTS.wrongDomain,
  siwe_wrong_chain: SIWE_TEXTS.wrongChain,
  siwe_bad_nonce: SIWE_TEXTS.badNonce,
  siwe_not_for_linking: SIWE_TEXTS.notForLinking,
  siwe_not_for_sign_in: SIWE_TEXTS.notForSignIn,
  siwe_not_yet_valid: SIWE_TEXTS.notYetValid,
  siwe_expired: SIWE_TEXTS.expired,
  siwe_bad_signature: SIWE_TEXTS.badSignature,

  reset_link_invalid: ACCOUNT_SECURITY_TEXTS.resetLinkInvalid,
  address_link_invalid: ACCOUNT_SECURITY_TEXTS.addressLinkInvalid,
  session_not_found: ACCOUNT_SECURITY_TEXTS.sessionNotFound,
  two_factor_challenge_invalid: ACCOUNT_SECURITY_TEXTS.challengeInvalid,
  two_factor_required: ACCOUNT_SECURITY_TEXTS.twoFactorCodeRequired,
  two_factor_invalid: ACCOUNT_SECURITY_TEXTS.twoFactorCodeWrong,
  two_factor_locked: ACCOUNT_SECURITY_TEXTS.twoFactorLocked,
  two_factor_not_on: ACCOUNT_SECURITY_TEXTS.twoFactorNotOn,
  two_factor_already_on: ACCOUNT_SECURITY_TEXTS.twoFactorAlreadyOn,
  two_factor_no_setup: ACCOUNT_SECURITY_TEXTS.twoFactorNoSetup,
  address_book_needs_email: ACCOUNT_SECURITY_TEXTS.addressBookNeedsEmail,
  address_exists: ACCOUNT_SECURITY_TEXTS.addressAlreadyInBook,
  address_not_found: ACCOUNT_SECURITY_TEXTS.addressNotFound,

  // Not in the spec's catalogue: only a client that reuses a key by mistake can see it.
  idempotency_conflict: 'This Idempotency-Key was already used for another withdrawal.',
  fee_unavailable: SERVER_TEXTS.feeUnavailable,
  fee_changed: ({ feeWei }) => SERVER_TEXTS.withdrawalFeeRose(formatEth(feeWei)),
  below_minimum: ({ minimumWei }) => SERVER_TEXTS.withdrawalBelowMinimum(formatEth(minimumWei)),
  insufficient_funds: TEXTS.withdrawalAboveBalance,
  insufficient_funds_with_fee: ({ feeWei }) => SERVER_TEXTS.withdrawalAboveBalanceWithFee(formatEth(feeWei)),
  withdrawal_to_burn_address: SERVER_TEXTS.withdrawalToBurnAddress,
  withdrawal_to_house_address: SERVER_TEXTS.withdrawalToHouseAddress,
  // Not in the spec's catalogue either: the spec's failure text promises a verification mail, which an
  // account without an e-mail (signed in with a wallet only) cannot get. The web app shows the server's
  // sentence under the form when it differs from the spec's toast.
  withdrawal_needs_email:
    'Withdrawals need a verified e-mail address. Add your e-mail address on your account page, then follow the link we send you.',
  email_not_verified: TEXTS.withdrawalFailure,
  too_many_withdrawals: ({ perHour }) => SERVER_TEXTS.tooManyWithdrawals(perHour),
  withdrawal_held: ({ until }) => ACCOUNT_SECURITY_TEXTS.withdrawalSecurityHold.replace('{until}', formatUtc(until)),
  address_not_in_book: ACCOUNT_SECURITY_TEXTS.addressBookNotInBook,
  address_pending: ACCOUNT_SECURITY_TEXTS.addressBookPending,
  address_not_active_yet: ({ until }) => ACCOUNT_SECURITY_TEXTS.addressBookNotActiveYet.replace('{until}', formatUtc(until)),
  account_frozen: ADMIN_TEXTS.accountFrozen,

  self_exclusion_not_active: RESPONSIBLE_GAMING_TEXTS.selfExclusionNotActive,
  self_exclusion_end_too_early: ({ until }) => RESPONSIBLE_GAMING_TEXTS.selfExclusionEndTooEarly(formatUtc(until)),
  statement_date_invalid: RESPONSIBLE_GAMING_TEXTS.statementDateInvalid,
  statement_range_invalid: RESPONSIBLE_GAMING_TEXTS.statementRangeInvalid,
  unknown_language: 'Please choose English (en) or French (fr).',

  too_many_challenges: ({ max }) => LOBBY_TEXTS.tooManyChallenges(max),
  challenge_not_found: LOBBY_TEXTS.challengeNotFound,
  challenge_not_open: LOBBY_TEXTS.challengeNotOpen,
  challenge_is_yours: LOBBY_TEXTS.challengeIsYours,
  you_are_busy: LOBBY_TEXTS.youAreBusy,
  challenger_away: LOBBY_TEXTS.challengerAway,
  challenger_busy: LOBBY_TEXTS.challengerBusy,
  cannot_accept_from_account: LOBBY_TEXTS.cannotAcceptFromAccount,
  challenger_unable: LOBBY_TEXTS.challengerUnable,
  play_refused: ({ refusal }) => socketRefusalText(refusal, 'en'),

  chain_rpc_refused: SERVER_TEXTS.chainRpcRefused,
  chain_not_configured: SERVER_TEXTS.chainUnavailable,
  chain_upstream_failed: SERVER_TEXTS.chainUnavailable,
  chain_upstream_timeout: SERVER_TEXTS.chainUnavailable,

  not_staff: ADMIN_TEXTS.notStaff,
  staff_frozen: ADMIN_TEXTS.staffFrozen,
  wrong_role: ({ role }) => ADMIN_TEXTS.wrongRole(role),
  staff_needs_two_factor: ADMIN_TEXTS.needsTwoFactor,
  staff_sign_in_again: ADMIN_TEXTS.signInAgainWithTwoFactor,
  own_case: ({ action }) => ADMIN_TEXTS.ownCase[action],
  staff_account_admin_only: ADMIN_TEXTS.staffAccountAdminOnly,
  withdrawal_not_found: ADMIN_TEXTS.withdrawalNotFound,
  player_not_found: ADMIN_TEXTS.playerNotFound,
  game_not_found: ADMIN_TEXTS.gameNotFound,
  flag_not_found: ADMIN_TEXTS.flagNotFound,
  deposit_not_found: ADMIN_TEXTS.depositNotFound,

  solvency_snapshots_off: SOLVENCY_TEXTS.server.snapshotsOff,
  no_snapshot: SOLVENCY_TEXTS.server.noSnapshot,
  snapshot_not_found: SOLVENCY_TEXTS.server.snapshotNotFound,
  not_in_snapshot: SOLVENCY_TEXTS.server.notInSnapshot,
  address_not_listed: SOLVENCY_TEXTS.server.addressNotListed,
  signature_not_by_address: SOLVENCY_TEXTS.server.signatureNotByAddress,
};

/** The text of every refusal code, by language (one table per language, the same keys). */
export const REFUSAL_TEXTS: Readonly<Record<Language, RefusalTexts>> = { en: ENGLISH, fr: FRENCH_REFUSAL_TEXTS };

/** A refusal as it travels from a service to a transport: a code and, when its text needs them, its parameters. */
export type Refusal = {
  [C in RefusalCode]: C extends keyof RefusalParams ? { code: C; params: RefusalParams[C] } : { code: C; params?: undefined };
}[RefusalCode];

/** The sentence a person reads for a refusal, in their language. */
export function refusalText(refusal: Refusal, language: Language = DEFAULT_LANGUAGE): string {
  const text = REFUSAL_TEXTS[language][refusal.code] as string | ((params: unknown) => string);
  return typeof text === 'function' ? text(refusal.params) : text;
}

/** The body of every HTTP refusal: the stable code and the sentence for the reader. */
export const refusalBodySchema = z.object({ code: z.enum(REFUSAL_CODES), message: z.string() });
export type RefusalBody = z.infer<typeof refusalBodySchema>;

/** The `{ code, message }` body of a refusal, in the reader's language. */
export function refusalBody(refusal: Refusal, language: Language = DEFAULT_LANGUAGE): RefusalBody {
  return { code: refusal.code, message: refusalText(refusal, language) };
}

/**
 * The texts the server answers with (`{ message }` bodies, socket `error`s),
 * responsible gaming's and account security's: apart from texts.ts so that
 * home's first load, which needs only TEXTS, does not carry them.
 */
import { CONTACT_SUCCESS, INTERNAL_ERROR, SIGN_UP_SUCCESS, VERIFY_FAILED_TEXT } from './shared-texts';

/** Texts the server answers with in `{ message }` bodies. */
export const SERVER_TEXTS = {
  registered: SIGN_UP_SUCCESS,
  emailTaken: 'An account with this e-mail address already exists.',
  invalidCredentials: 'Incorrect e-mail or password.',
  unknownReferral: 'This referral code does not exist.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notAuthenticated: 'You need to be signed in.',
  refreshFailed: 'Your session has expired. Please sign in again.',
  loggedOut: 'You have been signed out.',
  loggedOutEverywhere: 'You have been signed out on every device.',
  emailVerified: 'Your e-mail address has been verified.',
  /** Issue 26: a verification link followed again (or after another link did it): nothing failed. */
  emailAlreadyVerified: 'Your e-mail address is already verified.',
  verifyLinkInvalid: VERIFY_FAILED_TEXT,
  verificationSent: 'A new verification link has been sent to your address.',
  alreadyVerified: 'Your e-mail address is already verified.',
  noEmailOnAccount: 'This account has no e-mail address.',
  contactReceived: CONTACT_SUCCESS,
  tooManyRequests: 'Too many requests. Please try again in a moment.',
  notFound: 'Not found.',
  payloadTooLarge: 'The request is too large.',
  invalidJson: 'The request body is not valid JSON.',
  internalError: INTERNAL_ERROR,
  forcedDisconnect: 'Your session was ended. Please sign in again.',
  accountDisabled: 'This account has been disabled. Please contact support.',
  invalidRequest: 'The request is not valid.',
  unsupportedMediaType: 'The request must be sent as JSON.',
  priceUnavailable: 'The ETH price is temporarily unavailable. Please try again in a moment.',
  emailAdded: 'Check your inbox: we have sent a verification link to your e-mail address.',
  emailLocked: 'Your e-mail address is already verified.',
  /** Issue 23: a verified address stays the account's until the new one is confirmed. */
  emailChangeRequested:
    'Check the inbox of your new address: your e-mail address changes when you open the link we have sent there. Until then your current address stays.',
  emailUnchanged: 'This is already your e-mail address.',
  /** `minutes`: until another verification mail may be sent. */
  verificationMailWait: (minutes: number) =>
    `We have just sent you a verification mail. You can ask for another one in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** Issue 23: too many wrong passwords for one address (the same for an address no account uses). */
  tooManySignInFailures:
    'Too many wrong passwords for this account. Please wait a few minutes and try again, or choose a new password with "Forgot password?".',
  chainRpcRefused: 'This request cannot be sent to the chain.',
  chainUnavailable: 'The chain is temporarily unavailable. Please try again in a moment.',
  // Issue 29: a part the server leans on is away, or the node is restarting.
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  draining: 'This server is restarting. Please try again in a moment.',

  // Issue 12: money and malformed input under attack.
  jsonTooDeep: 'The request is nested too deeply.',
  withdrawalBelowMinimum: (minimumEth: string) => `The minimum withdrawal is ${minimumEth} ETH.`,
  withdrawalFeeRose: (feeEth: string) =>
    `The network fee has just risen to ${feeEth} ETH. Please check the amounts and confirm again.`,
  withdrawalAboveBalanceWithFee: (feeEth: string) =>
    `You cannot withdraw more than your balance minus the network fee (${feeEth} ETH).`,
  tooManyWithdrawals: (perHour: number) => `You can request at most ${perHour} withdrawals an hour. Please try again later.`,
  feeUnavailable: 'The network fee cannot be worked out right now. Please try again in a moment.',

  // Issue 23: withdrawals that could only be lost.
  withdrawalToBurnAddress:
    'Nothing sent to this address can ever be recovered. Please enter the address of a wallet of your own.',
  withdrawalToHouseAddress:
    'This is a Shifumi address (a deposit address or our own wallet): withdrawals cannot go to it. Please enter the address of a wallet of your own.',
} as const;

/**
 * Issue 12: the sentences of the signed-in socket's refusals, written for
 * people (the validation messages of the socket schemas aside, which are
 * sentences of their own). Issue 25: a refusal is sent by its code with its
 * sentence, from socket-refusals.ts, which takes these.
 */
export const SOCKET_TEXTS = {
  invalidPayload: 'This request is not valid. Please reload the page and try again.',
  unknownEvent: 'This action is not known. Please reload the page.',
  internalError: INTERNAL_ERROR,
  notInGame: 'You are not in this game.',
  oneReactionPerSecond: 'One reaction per second, please.',
  oneMessagePerSecond: 'One message per second, please.',
  alreadySearching: 'You are already looking for a game.',
  alreadyPlaying: 'You are already in a game.',
  searchInterrupted: 'Your search was interrupted. Please search again.',
  restarting: 'The server is restarting. Your game continues in a moment.',
  searchWhileRestarting: 'The server is restarting. Please search again in a moment.',
  moving: 'Your game is moving to another server. Try again in a moment.',
} as const;

/** Responsible gaming (issue 19): limits, reality checks, time-out, self-exclusion, statements, age and Terms. */
export const RESPONSIBLE_GAMING_TEXTS = {
  limitKindInvalid: 'Please choose a deposit, loss or wager limit.',
  limitPeriodInvalid: 'Please choose a limit for 24 hours, 7 days or 30 days.',
  limitAmountInvalid: 'Please enter a whole number of dollars from 1 to 1,000,000, or remove the limit.',
  realityCheckInvalid: 'Please choose a reminder every 15, 30 or 60 minutes, or none.',
  timeOutPeriodInvalid: 'Please choose a time-out of 24 hours, 7 days, 30 days or 6 weeks.',
  selfExclusionPeriodInvalid: 'Please choose a self-exclusion of 6 months, 1 year or 5 years.',
  statementDateInvalid: 'Please give dates as YYYY-MM-DD or an ISO date and time.',
  statementFormatInvalid: 'The statement format is csv or json.',
  statementRangeInvalid: 'The start of the statement must come before its end.',
  ageRequired: 'Please confirm that you are 18 or older.',
  termsRequired: 'Please accept the Terms to continue.',
  limitKindName: { deposit: 'deposit', loss: 'loss', wager: 'wager' } as Record<string, string>,
  limitPeriodName: { day: '24-hour', week: '7-day', month: '30-day' } as Record<string, string>,
  /** A stake refused by a loss or wager limit. */
  limitReached: (kind: string, period: string, limitUsd: number, freeAt: string) =>
    `This game would take you over your ${RESPONSIBLE_GAMING_TEXTS.limitPeriodName[period] ?? period} ${RESPONSIBLE_GAMING_TEXTS.limitKindName[kind] ?? kind} limit of $${limitUsd}. You can play this amount again from ${freeAt}.`,
  /** A stake refused because part of the balance is held by a deposit limit. */
  heldByDepositLimit: (heldEth: string, freeAt: string) =>
    `${heldEth} ETH of your balance is held by your deposit limit and is not playable until ${freeAt}. You can still withdraw it.`,
  timeOutActive: (until: string) => `You are taking a time-out until ${until}. You can play again after that.`,
  selfExclusionActive: (until: string) => `You have excluded yourself from play until ${until}.`,
  selfExclusionAwaitingRequest:
    'Your self-exclusion has reached its term. To play again, ask to end it on your account page: it ends 24 hours after you ask.',
  selfExclusionEndTooEarly: (until: string) => `Your self-exclusion cannot be ended before ${until}.`,
  selfExclusionEndRequested: (endsAt: string) => `Your self-exclusion will end on ${endsAt}.`,
  selfExclusionNotActive: 'You are not self-excluded.',
  stakeAboveLimit: (kind: string, period: string, limitUsd: number) =>
    `This game's stake is above your ${RESPONSIBLE_GAMING_TEXTS.limitPeriodName[period] ?? period} ${RESPONSIBLE_GAMING_TEXTS.limitKindName[kind] ?? kind} limit of $${limitUsd}. Please choose a smaller amount.`,
  increaseDelayNote: 'Until then you can cancel the change, and the limit in force stays.',
  addressNeedsAcceptance: 'To create your account, please confirm that you are 18 or older and accept the Terms.',
} as const;

/** Issue 13 (account security): password reset and change, two-factor codes, sessions, the withdrawal guards. */
export const ACCOUNT_SECURITY_TEXTS = {
  forgotPasswordSent:
    'If an account uses this address, we have sent it a link to choose a new password. The link is valid for 30 minutes.',
  resetLinkInvalid: 'This password reset link is invalid, has already been used or has expired. Please ask for a new one.',
  passwordReset: 'Your password has been changed. Please sign in with your new password.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  currentPasswordWrong: 'Your current password is not correct.',
  /** Issue 23: changing the e-mail address of an account with a password. */
  currentPasswordRequired: 'Please enter your current password to change your e-mail address.',
  /** Issue 23: a wallet-only account adds an e-mail within minutes of signing in with its wallet. */
  recentWalletSignInRequired:
    'For your safety, please sign out and sign in again with your wallet, then add your e-mail address within 10 minutes.',
  noPasswordOnAccount: 'This account has no password yet. Use "Forgot password?" to choose one.',
  twoFactorCodeRequired: 'Please enter the 6-digit code from your authenticator app.',
  twoFactorCodeFormat: 'Please enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  twoFactorCodeWrong: 'This code is not correct. Please try again.',
  twoFactorLocked: 'Too many wrong codes. Please wait 15 minutes and try again.',
  twoFactorAlreadyOn: 'Two-factor authentication is already on.',
  twoFactorNotOn: 'Two-factor authentication is not on.',
  twoFactorNoSetup: 'Please start the two-factor setup again.',
  twoFactorEnabled: 'Two-factor authentication is on.',
  twoFactorDisabled: 'Two-factor authentication is off.',
  challengeInvalid: 'This sign-in attempt has expired. Please sign in again.',
  sessionRevoked: 'The session has been signed out.',
  sessionNotFound: 'This session does not exist or has already ended.',
  /** `{until}`: a date and time (UTC). */
  withdrawalSecurityHold:
    'For your safety, withdrawals are paused after a change of password, e-mail address or two-factor authentication. You can withdraw again from {until}.',
  addressConfirmationSent: 'Check your inbox: we have sent a link to confirm this address. It is valid for 30 minutes.',
  addressConfirmed: 'The address is confirmed. It can receive withdrawals once its waiting time is over.',
  addressLinkInvalid: 'This confirmation link is invalid, has already been used or has expired. Please add the address again.',
  addressAlreadyInBook: 'This address is already in your address book.',
  addressRemoved: 'The address has been removed from your address book.',
  addressNotFound: 'This address is not in your address book.',
  addressLabelRequired: 'Label is required.',
  addressLabelTooLong: 'Label must be at most 64 characters.',
  addressBookNeedsEmail: 'The address book needs an e-mail address on your account, to confirm each new address.',
  addressBookOn: 'Your withdrawal address book is on: withdrawals go only to its active addresses.',
  addressBookOff: 'Your withdrawal address book is off.',
  /** `{at}`: a date and time (UTC). */
  addressBookOffScheduled: 'Your withdrawal address book will turn off on {at}.',
  addressBookNotInBook:
    "Your withdrawal address book is on: this address is not in it. Add it in your account's Security section first.",
  /** `{until}`: a date and time (UTC). */
  addressBookNotActiveYet: 'This address in your address book can receive withdrawals from {until}.',
  addressBookPending: 'This address in your address book is not confirmed yet: open the link we sent you.',
} as const;

/**
 * Issue 27: another language's version of a table of texts: the same keys,
 * a sentence where English has a sentence, a function of the same parameters
 * where English has one. A missing or extra key is a compile error.
 */
export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Translation<T[K]>;
};

/**
 * Every user-facing text of the spec's error catalogue (section 8) and the
 * texts the server answers with. The web app shows these verbatim.
 */
export const TEXTS = {
  // Auth form (S8.01, S8.02, S4.07)
  genericError: 'Une erreur est survenue.',
  signUpSuccess: 'A verification email has been sent to your address. Please check your inbox!',
  logoutTitle: 'Confirmation de Déconnexion',
  logoutQuestion: 'Êtes-vous sûr de vouloir vous déconnecter ?',
  yes: 'Oui',
  no: 'Non',
  connected: 'Connecté',
  notConnected: 'Non connecté',

  // Contact (S8.06)
  contactSuccess: 'Form submitted successfully',
  contactFailure: 'Error submitting form',

  // Play (S5.02)
  selectAmount: 'Please select an amount to play.',
  insufficientBalance: (eth: string) => `Insufficient balance. You need at least ${eth} ETH to play.`,

  // Withdrawal (S8.07)
  withdrawalInfo: 'Your withdrawal request is being processed.',
  withdrawalSuccess: 'Withdrawal completed successfully.',
  withdrawalFailure:
    'An error occurred during the withdrawal. If your email is not verified, we have just sent you an email to verify it.',
  withdrawalInvalidAmount: 'Please enter a valid amount to withdraw.',
  withdrawalAboveBalance: 'You cannot withdraw an amount greater than your balance.',
  withdrawalAddressMissing: 'Please enter your Ethereum wallet address.',
  withdrawalAddressInvalid: 'Please enter a valid Ethereum address (ERC-20).',

  // Verify e-mail (S8.08)
  verifyFailedTitle: 'Verification Failed',
  verifyFailedText: 'The verification link is invalid or has expired.',

  // Deposit copy (S8.09)
  addressCopied: 'Address copied to clipboard!',
  addressCopyFailed: (reason: string) => `Failed to copy address: ${reason}`,

  // Game popup (S2.26)
  opponentLeft: 'Your opponent has left the game?!',

  // Wallet (S8.12)
  wrongNetwork: 'Wrong network',
  walletPrepareError: 'Error preparing message, please retry!',
  walletSignError: 'Error signing message, please retry!',
  walletVerifyError: 'Error verifying signature, please retry!',
  walletOops: 'Oops, something went wrong!',
  wrongNetworkDetected: 'Wrong network detected, switch or disconnect to continue.',
} as const;

/** Texts the server answers with in `{ message }` bodies. */
export const SERVER_TEXTS = {
  registered: TEXTS.signUpSuccess,
  emailTaken: 'An account with this e-mail address already exists.',
  invalidCredentials: 'Incorrect e-mail or password.',
  unknownReferral: 'This referral code does not exist.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notAuthenticated: 'You need to be signed in.',
  refreshFailed: 'Your session has expired. Please sign in again.',
  loggedOut: 'You have been signed out.',
  loggedOutEverywhere: 'You have been signed out on every device.',
  emailVerified: 'Your e-mail address has been verified.',
  verifyLinkInvalid: TEXTS.verifyFailedText,
  verificationSent: 'A new verification link has been sent to your address.',
  alreadyVerified: 'Your e-mail address is already verified.',
  noEmailOnAccount: 'This account has no e-mail address.',
  contactReceived: TEXTS.contactSuccess,
  tooManyRequests: 'Too many requests. Please try again in a moment.',
  notFound: 'Not found.',
  payloadTooLarge: 'The request is too large.',
  invalidJson: 'The request body is not valid JSON.',
  internalError: 'Something went wrong on our side. Please try again.',
  forcedDisconnect: 'Your session was ended. Please sign in again.',
  accountDisabled: 'This account has been disabled. Please contact support.',
  invalidRequest: 'The request is not valid.',
  unsupportedMediaType: 'The request must be sent as JSON.',
  priceUnavailable: 'The ETH price is temporarily unavailable. Please try again in a moment.',
  emailAdded: 'Check your inbox: we have sent a verification link to your e-mail address.',
  emailLocked: 'Your e-mail address is already verified.',
  chainRpcRefused: 'This request cannot be sent to the chain.',
  chainUnavailable: 'The chain is temporarily unavailable. Please try again in a moment.',
} as const;

/**
 * Every user-facing text of the spec's error catalogue (section 8) and the
 * texts the server answers with. The web app shows these verbatim.
 *
 * Issue 27: the texts of the playing screens (game, play panel, contact) and
 * those only the player's account and money screens used (the logout
 * confirmation, the verify-e-mail failure's title, the deposit address's copy
 * toasts, the wallet-link errors, the withdrawal's e-mail notices, the
 * no-wallet dialog) moved to the web catalogue (`catalogue/<language>/*.ts`),
 * in English and French.
 */
import { CONTACT_SUCCESS, SIGN_UP_SUCCESS, VERIFY_FAILED_TEXT } from './shared-texts';

export const TEXTS = {
  // Auth form (S8.01, S8.02, S4.07)
  genericError: 'Une erreur est survenue.',
  signUpSuccess: SIGN_UP_SUCCESS,
  connected: 'Connecté',
  notConnected: 'Non connecté',

  // Contact (S8.06)
  contactSuccess: CONTACT_SUCCESS,

  // Play (S5.02): the server's refusal (the screens' texts are in the web's catalogues, issue 27)
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
  verifyFailedText: VERIFY_FAILED_TEXT,

  // Wallet (S8.12). The two wrong-network texts are RainbowKit's own words, shown by its button and chain dialog in
  // the app's language (its `locale`); kept here as the spec's English, which wrong-network-texts.test.ts pins.
  wrongNetwork: 'Wrong network',
  walletOops: 'Oops, something went wrong!',
  wrongNetworkDetected: 'Wrong network detected, switch or disconnect to continue.',

  // Issue 14: the player's experience (leaving a game, the live connection)
  leaveGameTitle: (amount: string) => `Leave and lose ${amount}?`,
  leaveGameText: 'The game is still running: leaving now forfeits it, and your opponent wins the stake.',
  leaveGameStay: 'Stay',
  leaveGameLeave: 'Leave',
  forfeitLost: (amount: string) => `You left the game and lost ${amount}`,
  forfeitWon: (amount: string) => `Your opponent left the game: you won ${amount}`,
  forfeitConnectionLost: (amount: string) => `Your connection was lost for too long: you lost the game and ${amount}`,
  dismiss: 'Dismiss',
  realtimeLive: 'Live',
  realtimeReconnecting: 'Reconnecting…',
  realtimeOffline: 'Offline',
  withdrawalFailedOnChain: 'Your withdrawal could not be completed. The amount is back in your balance.',
  depositSeen: (amountEth: string, confirmations: number, required: number) =>
    `Deposit of ${amountEth} ETH seen on chain: ${confirmations}/${required} confirmations`,
  depositCredited: (amountEth: string) => `Deposit of ${amountEth} ETH credited to your balance.`,
  /** Issue 29: the deposit dialog and the withdraw form while the server does not reach the chain. */
  chainDelayed:
    'Deposits and withdrawals are delayed: we cannot reach the Ethereum network right now. Nothing is lost: deposits are credited and withdrawals sent as soon as it is back.',
  explorerLink: 'View on the block explorer',
  copyHash: 'Copy transaction hash',
  hashCopied: 'Transaction hash copied to clipboard!',
} as const;

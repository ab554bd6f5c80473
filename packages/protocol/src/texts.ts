/**
 * Every user-facing text of the spec's error catalogue (section 8) and the
 * texts the server answers with. The web app shows these verbatim.
 */
import { CONTACT_SUCCESS, SIGN_UP_SUCCESS, VERIFY_FAILED_TEXT } from './shared-texts';

export const TEXTS = {
  // Auth form (S8.01, S8.02, S4.07)
  genericError: 'Une erreur est survenue.',
  signUpSuccess: SIGN_UP_SUCCESS,
  logoutTitle: 'Confirmation de Déconnexion',
  logoutQuestion: 'Êtes-vous sûr de vouloir vous déconnecter ?',
  yes: 'Oui',
  no: 'Non',
  connected: 'Connecté',
  notConnected: 'Non connecté',

  // Contact (S8.06)
  contactSuccess: CONTACT_SUCCESS,
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
  verifyFailedText: VERIFY_FAILED_TEXT,

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
  playNeedsConnection: 'Play Now waits for the live connection to the game server.',
  searchConnectionLost: 'The connection to the game server was lost, so the search stopped. Press Play Now again once the connection is Live.',
  gameReconnecting: 'Reconnecting…',
  withdrawalFailedOnChain: 'Your withdrawal could not be completed. The amount is back in your balance.',
  withdrawalNeedsVerifiedEmail: 'Withdrawals need a verified e-mail. Verify yours above (check your inbox, or resend the link), then come back here.',
  withdrawalNeedsEmail: 'Withdrawals need a verified e-mail. Add an e-mail above and verify it, then come back here.',
  depositSeen: (amountEth: string, confirmations: number, required: number) =>
    `Deposit of ${amountEth} ETH seen on chain: ${confirmations}/${required} confirmations`,
  depositCredited: (amountEth: string) => `Deposit of ${amountEth} ETH credited to your balance.`,
  /** Issue 29: the deposit dialog and the withdraw form while the server does not reach the chain. */
  chainDelayed:
    'Deposits and withdrawals are delayed: we cannot reach the Ethereum network right now. Nothing is lost: deposits are credited and withdrawals sent as soon as it is back.',
  noWalletTitle: 'No wallet found in this browser',
  noWalletText:
    'To connect a wallet, install a browser wallet such as MetaMask or Rainbow (any wallet that announces itself to the page works), then reload this page. You can also play without one: sign up with an e-mail and deposit to your own deposit address from any wallet or exchange.',
  noWalletCoinbase: 'Use Coinbase Wallet',
  explorerLink: 'View on the block explorer',
  copyHash: 'Copy transaction hash',
  hashCopied: 'Transaction hash copied to clipboard!',
} as const;

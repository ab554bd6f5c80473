/** The texts of the deposit from the wallet, shared by its light stand-in and the form itself. */
export const WALLET_DEPOSIT_TEXTS = {
  title: 'Send from your wallet',
  connectHint: 'Connect a wallet to send ETH to your deposit address in one step.',
  connect: 'Connect a wallet',
  amountLabel: 'Amount (ETH)',
  send: 'Send from wallet',
  switchAndSend: 'Switch network and send',
  invalidAmount: 'Please enter a valid amount of ETH.',
  aboveWalletBalance: 'Your wallet does not hold that much ETH.',
  rejected: 'The transaction was rejected in your wallet.',
  switching: 'Switching your wallet to the deposit network…',
  confirmInWallet: 'Confirm the transaction in your wallet…',
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed',
  recentDescription: (eth: string) => `Deposit ${eth} ETH to Shifumi`,
  creditedAfter: 'Your balance is credited once the deposit has its confirmations.',
} as const;

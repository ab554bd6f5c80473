/** The wallet stack's own dialogs in English (issue 27): no wallet found, a first wallet sign-in's confirmation. */
export const WALLET_EN = {
  noWallet: {
    title: 'No wallet found in this browser',
    text: 'To connect a wallet, install a browser wallet such as MetaMask or Rainbow (any wallet that announces itself to the page works), then reload this page. You can also play without one: sign up with an e-mail and deposit to your own deposit address from any wallet or exchange.',
    get: 'Get {wallet}',
    coinbase: 'Use Coinbase Wallet',
    close: 'Close',
  },
  acceptance: {
    title: 'Create your account',
    text: 'This wallet has no Shifumi account yet. To create one, please confirm:',
    ageRequired: 'Please confirm that you are 18 or older.',
    termsRequired: 'Please accept the Terms to continue.',
    submit: 'Create my account',
  },
  twoFactor: {
    title: 'Two-factor code',
    text: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    verify: 'Verify',
    cancel: 'Cancel',
  },
  oops: 'Oops, something went wrong!',
} as const;

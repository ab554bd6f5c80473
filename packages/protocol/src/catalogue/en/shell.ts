/**
 * The app shell in English (issue 27): navigation bar, mobile menu, footer,
 * language switch, not-found page. The spec's own words are kept exactly,
 * French ones included (Connecté / Non connecté).
 */
export const SHELL_EN = {
  nav: {
    home: 'Home',
    howToPlay: 'How to play ?',
    contact: 'Contact us',
    myAccount: 'My account',
    signInToOpenAccount: 'Sign in to open your account',
    signUpLogin: 'Sign Up / Login',
    logout: 'Logout',
    logoHome: 'Shifumi home',
    main: 'Main',
    mobileMenu: 'Mobile menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    connected: 'Connecté',
    notConnected: 'Non connecté',
    realtimeLive: 'Live',
    realtimeReconnecting: 'Reconnecting…',
    realtimeOffline: 'Offline',
  },
  balance: {
    label: 'Balance',
    name: 'Balance {shown}, show in {currency}',
    nameWithDevelopmentPrice: 'Balance {shown} ({development}), show in {currency}',
    showIn: 'Show in {currency}',
  },
  search: {
    open: 'Search',
    field: 'Search the site',
    placeholder: 'Search…',
  },
  language: {
    label: 'Language',
    en: 'English',
    fr: 'Français',
  },
  footer: {
    label: 'Footer',
    tagline: 'real-time rock paper scissors.',
    terms: 'Terms',
    privacy: 'Privacy',
    responsibleGaming: 'Responsible gaming',
    note: 'Play for money only if it is legal where you live, and only with money you can afford to lose.',
  },
  signedOut: {
    title: 'You were signed out',
  },
  close: 'Close',
  dismiss: 'Dismiss',
  wallet: {
    connect: 'Connect Wallet',
    short: 'Wallet',
  },
  errors: {
    generic: 'Une erreur est survenue.',
    walletOops: 'Oops, something went wrong!',
  },
  deposit: {
    seen: 'Deposit of {amount} ETH seen on chain: {confirmations}/{required} confirmations',
    credited: 'Deposit of {amount} ETH credited to your balance.',
  },
  skipToContent: 'Skip to content',
  loading: 'Loading…',
  crashed: {
    title: 'Something went wrong',
    text: 'The page could not be displayed. Your balance and your games are safe.',
  },
  notFound: {
    title: 'Page not found',
    text: 'This page does not exist or has moved. Your balance and your games are safe.',
    backHome: 'Back to home',
  },
} as const;

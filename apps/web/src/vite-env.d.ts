/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** WalletConnect Cloud project id; unset leaves WalletConnect-based wallets out. */
  readonly VITE_WALLETCONNECT_PROJECT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

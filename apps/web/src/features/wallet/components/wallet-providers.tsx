/**
 * The wallet stack's providers: wagmi (the connection, reads through the
 * server's RPC window), RainbowKit's authentication against our server
 * (Sign-In With Ethereum) and RainbowKit's dialogs (connect, account, chain),
 * themed like the rest of Shifumi; inside them the session sync, the
 * connection's life on demand and the screens' wallet islands.
 *
 * RainbowKit is told the user is authenticated whenever the app holds a
 * session — e-mail or wallet — so an e-mail user who connects a wallet is not
 * asked to sign in again; linking that wallet is an explicit step on the
 * account page.
 */
import { memo, useMemo } from 'react';
import { RainbowKitAuthenticationProvider, RainbowKitProvider, darkTheme } from '@rainbow-me/rainbowkit';
import { WagmiProvider, type Config } from 'wagmi';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useIsSignedIn } from '../../../lib/session-store';
import { APP_NAME } from '../wallet-config';
import { createSiweAdapter, defaultSiweAdapterDeps, type SiweAdapterDeps } from '../siwe-adapter';
import { WalletConnection } from './wallet-connection';
import { WalletIslands } from './wallet-islands';
import { WalletSessionSync } from './wallet-session-sync';
import { AcceptanceDialogHost } from './acceptance-dialog';
import { TwoFactorCodeDialogHost } from './two-factor-code-dialog';

const theme = darkTheme({
  accentColor: '#3ddc97',
  accentColorForeground: '#04261a',
  borderRadius: 'medium',
  fontStack: 'system',
  overlayBlur: 'small',
});

export interface WalletProvidersProps {
  config: Config;
  /** Reconnect the wallet this browser had connected (WalletConnection). */
  restore: boolean;
  /** Tests replace the server calls. */
  adapterDeps?: SiweAdapterDeps;
}

/**
 * Rendered once per configuration: with `reconnectOnMount` off, every render
 * of WagmiProvider forgets the connections it hydrated from storage, so it
 * must not render again while a wallet is connected (memo; what changes lives
 * in WalletInterface, below it).
 */
export const WalletProviders = memo(function WalletProviders({
  config,
  restore,
  adapterDeps = defaultSiweAdapterDeps,
}: WalletProvidersProps) {
  return (
    // No reconnection of every connector at mount: WalletConnection reconnects the remembered one only.
    <WagmiProvider config={config} reconnectOnMount={false}>
      <WalletInterface config={config} restore={restore} adapterDeps={adapterDeps} />
    </WagmiProvider>
  );
});

function WalletInterface({ config, restore, adapterDeps }: Required<WalletProvidersProps>) {
  const signedIn = useIsSignedIn();
  // Issue 27: RainbowKit's own dialogs speak the player's language too.
  const language = useLanguage();
  const adapter = useMemo(() => createSiweAdapter(adapterDeps), [adapterDeps]);
  return (
    <RainbowKitAuthenticationProvider adapter={adapter} status={signedIn ? 'authenticated' : 'unauthenticated'}>
      <RainbowKitProvider
        theme={theme}
        showRecentTransactions
        appInfo={{ appName: APP_NAME, learnMoreUrl: '/howtoplay' }}
        locale={language === 'fr' ? 'fr-FR' : 'en-US'}
      >
        <WalletSessionSync />
        <WalletConnection config={config} restore={restore} />
        <WalletIslands />
        <AcceptanceDialogHost />
        <TwoFactorCodeDialogHost />
      </RainbowKitProvider>
    </RainbowKitAuthenticationProvider>
  );
}

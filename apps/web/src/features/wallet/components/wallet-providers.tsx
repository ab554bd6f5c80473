/**
 * The wallet stack around the app: wagmi (the connection, reads through the
 * server's RPC window), RainbowKit's authentication against our server
 * (Sign-In With Ethereum) and RainbowKit's dialogs (connect, account, chain),
 * themed like the rest of Shifumi.
 *
 * RainbowKit is told the user is authenticated whenever the app holds a
 * session — e-mail or wallet — so an e-mail user who connects a wallet is not
 * asked to sign in again; linking that wallet is an explicit step on the
 * account page.
 */
import { useMemo, type ReactNode } from 'react';
import { RainbowKitAuthenticationProvider, RainbowKitProvider, darkTheme } from '@rainbow-me/rainbowkit';
import { WagmiProvider, type Config } from 'wagmi';
import { useIsSignedIn } from '../../../lib/session-store';
import { APP_NAME } from '../wallet-config';
import { createSiweAdapter, defaultSiweAdapterDeps, type SiweAdapterDeps } from '../siwe-adapter';
import { WalletSessionSync } from './wallet-session-sync';

const theme = darkTheme({
  accentColor: '#3ddc97',
  accentColorForeground: '#04261a',
  borderRadius: 'medium',
  fontStack: 'system',
  overlayBlur: 'small',
});

export interface WalletProvidersProps {
  config: Config;
  children: ReactNode;
  /** Tests replace the server calls. */
  adapterDeps?: SiweAdapterDeps;
}

export function WalletProviders({ config, children, adapterDeps = defaultSiweAdapterDeps }: WalletProvidersProps) {
  const signedIn = useIsSignedIn();
  const adapter = useMemo(() => createSiweAdapter(adapterDeps), [adapterDeps]);
  return (
    <WagmiProvider config={config}>
      <RainbowKitAuthenticationProvider adapter={adapter} status={signedIn ? 'authenticated' : 'unauthenticated'}>
        <RainbowKitProvider theme={theme} showRecentTransactions appInfo={{ appName: APP_NAME, learnMoreUrl: '/howtoplay' }} locale="en-US">
          <WalletSessionSync />
          {children}
        </RainbowKitProvider>
      </RainbowKitAuthenticationProvider>
    </WagmiProvider>
  );
}

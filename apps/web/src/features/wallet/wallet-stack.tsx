/**
 * The wallet stack, in chunks of its own, fetched on demand (decision 011):
 * RainbowKit's stylesheet and components, wagmi, viem. WalletHost mounts
 * `WalletStack` once, beside the page; the screens' wallet islands render
 * inside it.
 *
 * The configuration is built from what the server says (GET /api/config: the
 * chain deposits live on) and the build's WalletConnect project id, unless a
 * ready one is handed in (tests).
 */
import '@rainbow-me/rainbowkit/styles.css';
import { useEffect, useMemo } from 'react';
import { ConnectButton } from '@rainbow-me/rainbowkit';
import type { Config } from 'wagmi';
import { useChainConfigQuery } from '../../lib/chain-config';
import { translate, useT } from '../../lib/i18n/i18n';
import { notify } from '../../lib/toast';
import { useWalletStackStore } from '../../lib/wallet-stack';
import { WalletProviders } from './components/wallet-providers';
import { chainFromConfig, createWalletConfig, walletConnectProjectId } from './wallet-config';

export interface WalletStackProps {
  /** A ready configuration (tests); otherwise it is built from the server's. */
  config?: Config;
  /** Reconnect the wallet this browser had connected. */
  restore: boolean;
}

export function WalletStack({ config, restore }: WalletStackProps) {
  if (config) return <WalletProviders config={config} restore={restore} />;
  return <ServerChainWallet restore={restore} />;
}

function ServerChainWallet({ restore }: { restore: boolean }) {
  const store = useWalletStackStore();
  const query = useChainConfigQuery();
  const chain = query.data?.chain;

  useEffect(() => {
    if (!query.error) return;
    console.error('The wallet stack could not read the chain configuration', query.error);
    if (store.getState().connectRequests > 0) notify.error(translate('shell.errors.walletOops'));
    store.markFailed();
  }, [query.error, store]);

  const id = chain?.id;
  const name = chain?.name;
  const development = chain?.development;
  const config = useMemo(
    () =>
      id === undefined || name === undefined || development === undefined
        ? null
        : createWalletConfig({
            chain: chainFromConfig({ id, name, development }, window.location.origin),
            projectId: walletConnectProjectId(),
          }),
    [id, name, development],
  );
  return config ? <WalletProviders config={config} restore={restore} /> : null;
}

/**
 * RainbowKit's connect button, in the navigation bar's wallet island: it opens
 * the connect dialog (and its Sign-In With Ethereum step for visitors), shows
 * the connected address (or ENS name), which opens the account dialog, the
 * chain, which opens the chain dialog, and 'Wrong network' on an unsupported
 * chain. On extra-small screens it keeps to a short label and the account's
 * avatar so the bar fits in one line.
 */
export function NavigationConnectButton({ compact }: { compact: boolean }) {
  const t = useT();
  return (
    <ConnectButton
      label={t(compact ? 'shell.wallet.short' : 'shell.wallet.connect')}
      accountStatus={{ smallScreen: 'avatar', largeScreen: 'address' }}
      chainStatus={{ smallScreen: 'none', largeScreen: 'icon' }}
      showBalance={false}
    />
  );
}

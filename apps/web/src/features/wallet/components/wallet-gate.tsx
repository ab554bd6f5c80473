/**
 * Builds the wallet stack once the server has said which chain it runs on
 * (GET /api/config) and renders the app inside it. Until then a short loading
 * screen; if the server cannot be reached, a way to try again.
 */
import { useMemo, type ReactNode } from 'react';
import type { Config } from 'wagmi';
import type { ConfigResponse } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useChainConfigQuery } from '../../../lib/chain-config';
import { chainFromConfig, createWalletConfig, walletConnectProjectId } from '../wallet-config';
import { WalletProviders } from './wallet-providers';
import styles from './wallet-gate.module.css';

export interface WalletGateProps {
  children: ReactNode;
  /** A ready configuration (tests); otherwise it is built from the server's. */
  config?: Config;
}

export function WalletGate({ children, config }: WalletGateProps) {
  if (config) return <WalletProviders config={config}>{children}</WalletProviders>;
  return <ServerChainWallet>{children}</ServerChainWallet>;
}

function ServerChainWallet({ children }: { children: ReactNode }) {
  const query = useChainConfigQuery();
  if (query.data) return <ConfiguredWallet chain={query.data.chain}>{children}</ConfiguredWallet>;
  if (query.isError) {
    console.error('Could not load the app configuration', query.error);
    return (
      <main className={styles.screen}>
        <h1 className={styles.title}>Shifumi cannot reach its server</h1>
        <p className={styles.text}>Check your connection and try again. Your balance and your games are safe.</p>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          Try again
        </Button>
      </main>
    );
  }
  return (
    <main className={styles.screen} aria-busy="true">
      <p role="status" className={styles.text}>
        <Spinner size="small" /> Loading Shifumi…
      </p>
    </main>
  );
}

function ConfiguredWallet({ chain, children }: { chain: ConfigResponse['chain']; children: ReactNode }) {
  const { id, name, development } = chain;
  const config = useMemo(
    () => createWalletConfig({ chain: chainFromConfig({ id, name, development }, window.location.origin), projectId: walletConnectProjectId() }),
    [id, name, development],
  );
  return <WalletProviders config={config}>{children}</WalletProviders>;
}

/**
 * The wallet connection's life with a stack loaded on demand:
 * - at start (`restore`), reconnects the wallet this browser had connected,
 *   and only that one: wagmi's own reconnection asks every connector for its
 *   provider, which fetches SDKs (Coinbase Wallet's, say) for nobody;
 * - remembers the connector of a wallet that connects, forgets it when the
 *   wallet disconnects or does not come back;
 * - answers presses on Connect Wallet by opening RainbowKit's connect dialog
 *   (the press that loaded the stack included);
 * - lets a logout disconnect the wallet, and says the stack is ready.
 */
import { useEffect, useRef, useState } from 'react';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useAccount, useAccountEffect, type Config } from 'wagmi';
import { disconnect, getAccount, reconnect } from 'wagmi/actions';
import {
  rememberedWalletConnector,
  rememberWalletConnector,
  useWalletStackStore,
  useWalletStackValue,
} from '../../../lib/wallet-stack';
import { hasWalletToOffer } from '../wallet-config';
import { NoWalletDialog } from './no-wallet-dialog';

export function WalletConnection({ config, restore }: { config: Config; restore: boolean }) {
  const store = useWalletStackStore();
  const connectRequests = useWalletStackValue((state) => state.connectRequests);
  const account = useAccount();
  const { openConnectModal } = useConnectModal();
  const answeredRequests = useRef(0);
  // RainbowKit closes every dialog in its own first effects while nobody is
  // signed in; those run after ours (it is our parent): a dialog asked for at
  // mount opens after that first commit.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // Issue 14: nothing to connect in this browser (no wallet, no WalletConnect): say how to get one.
  const [noWallet, setNoWallet] = useState(false);

  useAccountEffect({
    onConnect: ({ connector }) => rememberWalletConnector(connector.id),
    onDisconnect: () => rememberWalletConnector(null),
  });

  useEffect(() => {
    if (!restore) return;
    const remembered = rememberedWalletConnector();
    // A session bound to a wallet with no connector remembered (opened before connectors were remembered):
    // a browser wallet may hold it, found without fetching any SDK.
    const connectors = config.connectors.filter((connector) =>
      remembered === null ? connector.type === 'injected' : connector.id === remembered,
    );
    if (connectors.length === 0) {
      rememberWalletConnector(null);
      return;
    }
    reconnect(config, { connectors: [...connectors] }).then(
      (connections) => {
        if (connections.length === 0) rememberWalletConnector(null);
      },
      (error: unknown) => console.error('The wallet could not be reconnected', error),
    );
  }, [config, restore]);

  useEffect(() => {
    store.setDisconnector(async () => {
      if (getAccount(config).status !== 'disconnected') await disconnect(config);
    });
    store.markReady();
    return () => store.setDisconnector(null);
  }, [config, store]);

  useEffect(() => {
    if (!mounted || connectRequests <= answeredRequests.current) return;
    // Already connected (the remembered wallet came back): nothing to connect.
    if (account.status === 'connected') {
      answeredRequests.current = connectRequests;
      return;
    }
    // Connecting or reconnecting: RainbowKit offers no dialog until that settles.
    if (!openConnectModal) return;
    answeredRequests.current = connectRequests;
    if (hasWalletToOffer(config.connectors)) openConnectModal();
    else setNoWallet(true);
  }, [mounted, connectRequests, account.status, openConnectModal, config]);

  return (
    <NoWalletDialog
      open={noWallet}
      onClose={() => setNoWallet(false)}
      onUseCoinbase={() => {
        setNoWallet(false);
        openConnectModal?.();
      }}
    />
  );
}

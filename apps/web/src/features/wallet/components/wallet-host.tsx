/**
 * Mounts the wallet stack beside the page (in the layout) once something asks
 * for it through the store of lib/wallet-stack.ts: a press on Connect Wallet,
 * a wallet to reconnect at start. Until then nothing of RainbowKit, wagmi or
 * viem is fetched, except when a hover asks to fetch the code ahead.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { Config } from 'wagmi';
import { translate } from '../../../lib/i18n/i18n';
import { afterFirstPaint } from '../../../lib/first-paint';
import { notify } from '../../../lib/toast';
import { useWalletStackStore, useWalletStackValue } from '../../../lib/wallet-stack';
import type * as WalletStackExports from '../wallet-stack';

type WalletStackModule = typeof WalletStackExports;

/** The stack handed in ready (tests): mounted at once with this configuration. */
export interface PreparedWalletStack {
  module: WalletStackModule;
  config: Config;
  /** Reconnect the remembered wallet at start, as a page opened by a wallet holder does. */
  restore?: boolean;
}

const PreparedWalletStackContext = createContext<PreparedWalletStack | null>(null);

export const PreparedWalletStackProvider = PreparedWalletStackContext.Provider;

let loaded: WalletStackModule | null = null;
let loading: Promise<WalletStackModule> | null = null;

function loadWalletStack(): Promise<WalletStackModule> {
  loading ??= import('../wallet-stack').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function WalletHost() {
  const prepared = useContext(PreparedWalletStackContext);
  const store = useWalletStackStore();
  const status = useWalletStackValue((state) => state.status);
  const restore = useWalletStackValue((state) => state.restore);
  const [module, setModule] = useState<WalletStackModule | null>(() => prepared?.module ?? loaded);
  const wanted = status === 'loading' || status === 'ready';

  useEffect(() => {
    store.setPrefetcher(loadWalletStack);
    return () => store.setPrefetcher(null);
  }, [store]);

  useEffect(() => {
    if (!wanted || module) return;
    let current = true;
    // A wallet to reconnect at start waits for the first paint; a press does not wait.
    (restore ? afterFirstPaint().then(loadWalletStack) : loadWalletStack()).then(
      (loadedModule) => {
        if (current) setModule(() => loadedModule);
      },
      (error: unknown) => {
        console.error('The wallet stack could not be loaded', error);
        if (!current) return;
        if (store.getState().connectRequests > 0) notify.error(translate('shell.errors.walletOops'));
        store.markFailed();
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, module, store, restore]);

  if (!wanted || !module) return null;
  return <module.WalletStack config={prepared?.config} restore={restore} />;
}

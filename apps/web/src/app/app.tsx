/**
 * Providers around the whole app: server state (TanStack Query), the wallet
 * stack's store (the stack itself loads on demand, decision 011), the router,
 * preloading on intent, and the toasts (fetched with the first one).
 */
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { PreparedWalletStackProvider, type PreparedWalletStack } from '../features/wallet/components/wallet-host';
import { lazyComponent } from '../lib/lazy-component';
import { loadGameStoreWith } from '../lib/game-start';
import { provideAddFundsDialog } from '../lib/add-funds-dialog';
import { getSession } from '../lib/session-store';
import { useToastsWanted } from '../lib/toast';
import { createWalletStackStore, WalletStackProvider, WalletStackStore } from '../lib/wallet-stack';
import { preloadOnIntent } from './preload-on-intent';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';

// A game found starts its view at once, in the game store's chunk, fetched then if not before (lib/game-start.ts).
loadGameStoreWith(() => {
  import('../features/game/game-store').catch((error: unknown) => console.error('The game could not be loaded', error));
});
// Home's Add Funds opens the deposit feature's dialog, a chunk of its own (features never import each other).
provideAddFundsDialog(
  lazyComponent(() => import('../features/deposit/components/deposit-dialog').then((module) => module.DepositDialog)),
);

const ToastContainer = lazyComponent(() => import('./toast-container').then((module) => module.default));

export interface AppProps {
  /** The router around the pages: the browser's by default; tests pass a MemoryRouter. */
  Router?: ComponentType<{ children: ReactNode }>;
  queryClient?: QueryClient;
  /** The wallet stack handed in ready (tests): mounted at once with this configuration instead of on demand. */
  walletStack?: PreparedWalletStack;
}

function Toasts() {
  const wanted = useToastsWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}

export function App({ Router = BrowserRouter, queryClient, walletStack }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [wallet] = useState(() =>
    walletStack
      ? new WalletStackStore({ requested: true, restore: walletStack.restore ?? false })
      : createWalletStackStore(getSession().wallet),
  );
  useEffect(() => preloadOnIntent(), []);
  return (
    <QueryClientProvider client={client}>
      <WalletStackProvider value={wallet}>
        <PreparedWalletStackProvider value={walletStack ?? null}>
          <Router>
            <AppRoutes />
          </Router>
        </PreparedWalletStackProvider>
      </WalletStackProvider>
      <Toasts />
    </QueryClientProvider>
  );
}

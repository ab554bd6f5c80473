/**
 * Providers around the whole app: server state (TanStack Query), the wallet
 * stack (wagmi + RainbowKit, built from the server's chain), the router and
 * the toast container (5 s, spec S9.03).
 */
import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Config as WalletConfig } from 'wagmi';
import { RouterProvider, createBrowserRouter, type DataRouter } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { TOAST_AUTO_CLOSE_MS } from '@shifumi/protocol';
import { WalletGate } from '../features/wallet/components/wallet-gate';
import { createQueryClient } from './query-client';
import { routes } from './routes';

export interface AppProps {
  router?: DataRouter;
  queryClient?: QueryClient;
  /** A ready wallet configuration (tests); by default it is built from GET /api/config. */
  walletConfig?: WalletConfig;
}

export function App({ router, queryClient, walletConfig }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [appRouter] = useState(() => router ?? createBrowserRouter(routes));
  return (
    <QueryClientProvider client={client}>
      <WalletGate config={walletConfig}>
        <RouterProvider router={appRouter} />
      </WalletGate>
      <ToastContainer position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} theme="dark" newestOnTop pauseOnFocusLoss />
    </QueryClientProvider>
  );
}

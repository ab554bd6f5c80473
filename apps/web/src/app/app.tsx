/**
 * Providers around the whole app: server state (TanStack Query), the router
 * and the toast container (5 s, spec S9.03).
 */
import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter, type DataRouter } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { TOAST_AUTO_CLOSE_MS } from '@shifumi/protocol';
import { createQueryClient } from './query-client';
import { routes } from './routes';

export interface AppProps {
  router?: DataRouter;
  queryClient?: QueryClient;
}

export function App({ router, queryClient }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [appRouter] = useState(() => router ?? createBrowserRouter(routes));
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={appRouter} />
      <ToastContainer position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} theme="dark" newestOnTop pauseOnFocusLoss />
    </QueryClientProvider>
  );
}

import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type InitialEntry,
  type Location,
  type NavigateFunction,
  type To,
} from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, type PublicUser } from '@shifumi/protocol';
import type { ReactNode } from 'react';
import type { Config } from 'wagmi';
import { App, type AppProps } from '../app/app';
import * as walletStackModule from '../features/wallet/wallet-stack';
import { loadAllLazyComponents } from '../lib/lazy-component';
import { reloadSessionFromStorage } from '../lib/session-store';
import { createTestWalletConfig } from './wallet';

// Every page and dialog is a chunk of its own; tests render them as a warm cache does, at once.
await loadAllLazyComponents();

export const testUser: PublicUser = { id: 'user-1', name: 'Ada Player', email: 'ada@example.com', walletAddress: null };

/** Stores a session the way sign-in does, as if the page had just loaded with it. */
export function signInAs(token = 'access-token', user: PublicUser = testUser) {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, token);
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  reloadSessionFromStorage();
}

/** Where the app is, and a way to move it, as a router would tell. */
export interface TestRouter {
  readonly state: { readonly location: Location };
  navigate: (to: To | number) => Promise<void>;
}

/** A memory router starting at `path`, and what it says about where the app is. */
export function createTestRouter(path: InitialEntry): { Router: NonNullable<AppProps['Router']>; router: TestRouter } {
  let location: Location | null = null;
  let navigate: NavigateFunction | null = null;
  function Probe() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  function Router({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        {children}
        <Probe />
      </MemoryRouter>
    );
  }
  const router: TestRouter = {
    get state() {
      if (!location) throw new Error('The app has not rendered yet');
      return { location };
    },
    async navigate(to) {
      if (!navigate) throw new Error('The app has not rendered yet');
      await (typeof to === 'number' ? navigate(to) : navigate(to));
    },
  };
  return { Router, router };
}

function renderWith(path: InitialEntry, walletStack: AppProps['walletStack']) {
  const { Router, router } = createTestRouter(path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(<App Router={Router} queryClient={queryClient} walletStack={walletStack} />);
  return { ...view, router, queryClient, user };
}

/**
 * Renders the whole app (providers, layout, routes, toasts) at `path`, with
 * the wallet stack handed in ready on a test configuration (wagmi's mock
 * connector), as on a page where a wallet is in use. `restoreWallet`: the
 * stack reconnects the remembered wallet at start.
 */
export function renderApp(
  path: InitialEntry = '/',
  walletConfig: Config = createTestWalletConfig(),
  { restoreWallet = false } = {},
) {
  return { ...renderWith(path, { module: walletStackModule, config: walletConfig, restore: restoreWallet }), walletConfig };
}

/** Renders the whole app with the wallet stack left to load on demand, as in production (from GET /api/config). */
export function renderAppWithWalletOnDemand(path: InitialEntry = '/') {
  return renderWith(path, undefined);
}

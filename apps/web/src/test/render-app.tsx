import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type InitialEntry } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, type PublicUser } from '@shifumi/protocol';
import { App } from '../app/app';
import { routes } from '../app/routes';
import { reloadSessionFromStorage } from '../lib/session-store';
import { createTestWalletConfig } from './wallet';

export const testUser: PublicUser = { id: 'user-1', name: 'Ada Player', email: 'ada@example.com', walletAddress: null };

/** Stores a session the way sign-in does, as if the page had just loaded with it. */
export function signInAs(token = 'access-token', user: PublicUser = testUser) {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, token);
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  reloadSessionFromStorage();
}

/** Renders the whole app (providers, wallet stack, layout, routes, toasts) at `path`. */
export function renderApp(path: InitialEntry = '/', walletConfig = createTestWalletConfig()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(<App router={router} queryClient={queryClient} walletConfig={walletConfig} />);
  return { ...view, router, queryClient, user, walletConfig };
}

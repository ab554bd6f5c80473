/**
 * What the app does with a stored session when it starts (spec S4 "Session").
 */
import { refreshAccessToken } from './api-client';
import { isTokenExpired } from './jwt';
import { clearSession, getAccessToken } from './session-store';
import { connectAuthenticatedSocket } from './socket';

export type StartupOutcome = 'anonymous' | 'signed-in' | 'signed-out';

export interface StartupDependencies {
  refresh: () => Promise<string>;
  openSocket: (token: string) => void;
  now: () => number;
}

const defaultDependencies: StartupDependencies = {
  refresh: refreshAccessToken,
  openSocket: (token) => {
    connectAuthenticatedSocket(token);
  },
  now: () => Date.now(),
};

/**
 * - no token: anonymous;
 * - expired token (`exp` in seconds): one refresh, and sign out if it fails;
 * - valid token: open the authenticated socket with it;
 * - if opening fails, one refresh attempt and then sign out if that fails too.
 */
export async function startSession(overrides: Partial<StartupDependencies> = {}): Promise<StartupOutcome> {
  const dependencies = { ...defaultDependencies, ...overrides };
  const stored = getAccessToken();
  if (!stored) return 'anonymous';

  let token = stored;
  if (isTokenExpired(stored, dependencies.now())) {
    try {
      token = await dependencies.refresh();
    } catch (error) {
      console.warn('The stored session could not be renewed; signing out.', error);
      clearSession();
      return 'signed-out';
    }
  }

  try {
    dependencies.openSocket(token);
    return 'signed-in';
  } catch (error) {
    console.warn('Session initialisation failed; trying a refresh.', error);
    try {
      dependencies.openSocket(await dependencies.refresh());
      return 'signed-in';
    } catch (refreshError) {
      console.warn('The session could not be initialised; signing out.', refreshError);
      clearSession();
      return 'signed-out';
    }
  }
}

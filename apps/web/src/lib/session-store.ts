/**
 * The one session store of the web app (spec S3.01, S4 "Session").
 *
 * The session lives in localStorage under `accessToken` and `user` so that it
 * survives reloads and is shared by every tab; React components read it with
 * `useSession()` (useSyncExternalStore). Being signed in means holding an
 * access token — nothing else.
 */
import { useSyncExternalStore } from 'react';
import type { PublicUser } from '@shifumi/protocol';
import { STORAGE_KEYS } from '@shifumi/protocol/constants';
import { isPublicUser } from '@shifumi/protocol/guards';

export interface Session {
  accessToken: string | null;
  user: PublicUser | null;
  /** The wallet address a Sign-In With Ethereum session is bound to; null for an e-mail session. */
  wallet: string | null;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let snapshot: Session = readFromStorage();

function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy mode, sandboxed frame): behave as signed out.
    return null;
  }
}

function parseUser(raw: string | null): PublicUser | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPublicUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function readFromStorage(): Session {
  const accessToken = readItem(STORAGE_KEYS.accessToken);
  return {
    accessToken: accessToken || null,
    user: parseUser(readItem(STORAGE_KEYS.user)),
    wallet: readItem(STORAGE_KEYS.sessionWallet) || null,
  };
}

function refreshSnapshot(): void {
  const next = readFromStorage();
  if (
    next.accessToken === snapshot.accessToken &&
    next.wallet === snapshot.wallet &&
    JSON.stringify(next.user) === JSON.stringify(snapshot.user)
  ) {
    return;
  }
  snapshot = next;
  for (const listener of listeners) listener();
}

/** The current session; the same object until the session changes. */
export function getSession(): Session {
  return snapshot;
}

export function getAccessToken(): string | null {
  return snapshot.accessToken;
}

export function isSignedIn(): boolean {
  return snapshot.accessToken !== null;
}

/**
 * Stores a new session. When `user` is omitted (a refresh answer without
 * one), the stored user is kept; likewise the wallet binding when `wallet` is
 * undefined (null clears it: an e-mail session).
 */
export function saveSession(accessToken: string, user?: PublicUser | null, wallet?: string | null): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
    if (user) window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    if (wallet) window.localStorage.setItem(STORAGE_KEYS.sessionWallet, wallet);
    else if (wallet === null) window.localStorage.removeItem(STORAGE_KEYS.sessionWallet);
  } catch (error) {
    console.error('Could not store the session', error);
  }
  refreshSnapshot();
}

/** Signs out locally: forgets the access token and the user. */
export function clearSession(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.accessToken);
    window.localStorage.removeItem(STORAGE_KEYS.user);
    window.localStorage.removeItem(STORAGE_KEYS.sessionWallet);
  } catch (error) {
    console.error('Could not clear the session', error);
  }
  refreshSnapshot();
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Re-reads localStorage; used when another tab changed it (and by tests). */
export function reloadSessionFromStorage(): void {
  refreshSnapshot();
}

if (typeof window !== 'undefined') {
  // Another tab signed in, refreshed or signed out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) refreshSnapshot();
  });
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}

export function useIsSignedIn(): boolean {
  return useSession().accessToken !== null;
}

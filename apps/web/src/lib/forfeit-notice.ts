/**
 * What happened to a game the player left (issue 14): "You left the game and
 * lost $5" on the next screen, once. Kept in local storage so that it
 * survives the reload or the closed tab that forfeited the game; taken out
 * of storage as soon as a screen shows it.
 */
import { useSyncExternalStore } from 'react';

export interface ForfeitNotice {
  outcome: 'lost' | 'won';
  /** The stake as the player reads it, e.g. "$5". */
  amount: string;
  /** Issue 14: why a lost game was lost: the player left (default), or their connection was gone past the grace. */
  reason?: 'left' | 'connection';
}

const STORAGE_KEY = 'shifumi.forfeit';

function readStored(): ForfeitNotice | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ForfeitNotice>;
    if ((value.outcome === 'lost' || value.outcome === 'won') && typeof value.amount === 'string') {
      return {
        outcome: value.outcome,
        amount: value.amount,
        ...(value.reason === 'connection' ? { reason: 'connection' as const } : {}),
      };
    }
  } catch {
    // Unreadable or unavailable storage: nothing to tell.
  }
  return null;
}

let pending: ForfeitNotice | null = typeof window === 'undefined' ? null : readStored();
const listeners = new Set<() => void>();

function publish(): void {
  for (const listener of listeners) listener();
}

/** The game was forfeited: the next screen tells. */
export function recordForfeit(notice: ForfeitNotice): void {
  pending = notice;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(notice));
  } catch {
    // Without storage, the notice still shows after an in-app navigation.
  }
  publish();
}

/** A screen shows the notice: it is not shown again. */
export function consumeForfeit(): void {
  pending = null;
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  publish();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePendingForfeit(): ForfeitNotice | null {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
}

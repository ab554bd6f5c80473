/**
 * Whether the realtime connections are live (issue 14): the navigation bar
 * shows it (Live / Reconnecting… / Offline), Play Now waits for it, and a
 * running game says "Reconnecting…" over the board while it is not live.
 * socket.ts reports each connection's state here; the browser's own
 * offline signal counts too.
 */
import { useSyncExternalStore } from 'react';

export type RealtimeStatus = 'live' | 'reconnecting' | 'offline';
export type RealtimeChannel = 'authenticated' | 'public';

const statuses: Record<RealtimeChannel, RealtimeStatus> = { authenticated: 'offline', public: 'reconnecting' };
let browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
const listeners = new Set<() => void>();

function publish(): void {
  for (const listener of listeners) listener();
}

export function setRealtimeStatus(channel: RealtimeChannel, status: RealtimeStatus): void {
  if (statuses[channel] === status) return;
  statuses[channel] = status;
  publish();
}

export function getRealtimeStatus(channel: RealtimeChannel): RealtimeStatus {
  return browserOffline ? 'offline' : statuses[channel];
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    browserOffline = true;
    publish();
  });
  window.addEventListener('online', () => {
    browserOffline = false;
    publish();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Subscribes `listener` outside React (matchmaking); returns the unsubscribe function. */
export function onRealtimeStatusChange(listener: () => void): () => void {
  return subscribe(listener);
}

export function useRealtimeStatus(channel: RealtimeChannel): RealtimeStatus {
  return useSyncExternalStore(
    subscribe,
    () => getRealtimeStatus(channel),
    () => 'reconnecting',
  );
}

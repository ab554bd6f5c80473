/**
 * Issue 24: who is waiting at each stake, as the public socket's `lobby`
 * event last said (the server sends it at connection and on change). One
 * store for the page; null until the first count arrives.
 */
import { useSyncExternalStore } from 'react';
import type { BetAmount, LobbyEvent } from '@shifumi/protocol';
import { isLobbyEvent } from '@shifumi/protocol/guards';

let lobby: LobbyEvent | null = null;
const listeners = new Set<() => void>();

/** The public socket hands every `lobby` here; anything malformed is ignored. */
export function receiveLobby(payload: unknown): void {
  if (!isLobbyEvent(payload)) return;
  lobby = payload;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLobby(): LobbyEvent | null {
  return useSyncExternalStore(
    subscribe,
    () => lobby,
    () => lobby,
  );
}

/** Players waiting at `amount` (undefined while unknown). */
export function waitingAt(current: LobbyEvent | null, amount: BetAmount): number | undefined {
  return current?.stakes.find((stake) => stake.amount === amount)?.waiting;
}

/** Back to unknown (tests). */
export function resetLobby(): void {
  lobby = null;
  for (const listener of listeners) listener();
}

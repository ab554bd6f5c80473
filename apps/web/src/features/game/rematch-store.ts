/**
 * Issue 24: the rematch of an ended game, as this browser knows it: asked
 * (waiting for the opponent), offered by the opponent (Accept / Decline), or
 * declined with its reason. Listens from the moment the game screen's chunk is
 * loaded, so an offer arriving before the end-of-game popup shows is kept.
 * A rematch that starts arrives as `game_found`, which opens its own screen.
 */
import { useSyncExternalStore } from 'react';
import type { RematchDeclineReason } from '@shifumi/protocol';
import { onServerEvent } from '../../lib/game-events';
import { emitToServer } from '../../lib/socket';

export interface RematchState {
  room: string;
  status: 'idle' | 'asked' | 'offered' | 'declined' | 'answered';
  /** Who offered (status `offered`). */
  from: { id: string; name: string } | null;
  /** Why it will not happen (status `declined`): the opponent's answer, said in the language of the moment (game.over.rematchDeclined)… */
  reason: RematchDeclineReason | null;
  /** …or the server's refusal of ours, in its own words. */
  message: string | null;
}

const idle = (room: string): RematchState => ({ room, status: 'idle', from: null, reason: null, message: null });
let state: RematchState = idle('');
const listeners = new Set<() => void>();

function set(next: RematchState): void {
  state = next;
  for (const listener of listeners) listener();
}

onServerEvent('rematch_offered', (event) =>
  set({ room: event.room, status: 'offered', from: event.from, reason: null, message: null }),
);
onServerEvent('rematch_declined', (event) =>
  set({ room: event.room, status: 'declined', from: null, reason: event.reason, message: null }),
);
// A refusal while a rematch is asked or answered is about it (the popup is the only thing on screen).
onServerEvent('error', ({ message }) => {
  if (state.status === 'asked' || state.status === 'answered') set({ ...state, status: 'declined', reason: null, message });
});

export function requestRematch(room: string): void {
  set({ room, status: 'asked', from: null, reason: null, message: null });
  emitToServer('rematch_request', { room });
}

export function answerRematch(room: string, accept: boolean): void {
  set({ room, status: accept ? 'answered' : 'idle', from: null, reason: null, message: null });
  emitToServer('rematch_answer', { room, accept });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The rematch of this game (idle for any other). */
export function useRematch(room: string): RematchState {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  return current.room === room ? current : idle(room);
}

/** Forgets everything (tests). */
export function resetRematch(): void {
  set(idle(''));
}

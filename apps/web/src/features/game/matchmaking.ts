/**
 * The search for an opponent (spec S4 "Matchmaking"): idle, then searching
 * after Play Now (the button becomes Cancel); an `error` event returns to idle
 * with its message; `game_found` hands the game to whoever listens (the home
 * panel or the game screen's Play Again), which navigates to /search-game.
 * One store for the page, so a game found while another screen shows is not lost.
 */
import { useSyncExternalStore } from 'react';
import type { BetAmount, Character, GameFoundEvent } from '@shifumi/protocol';
import { onServerEvent } from '../../lib/game-events';
import { emitToServer } from '../../lib/socket';

export interface MatchmakingState {
  status: 'idle' | 'searching';
  /** The last refusal, shown under the amount selector. */
  error: string | null;
  /** What the player searched with (Play Again reuses it). */
  request: { character: Character; amount: BetAmount } | null;
}

/** What the game screen needs to start (the spec's navigation state). */
export interface GameStart extends GameFoundEvent {
  character: Character;
}

let state: MatchmakingState = { status: 'idle', error: null, request: null };
const listeners = new Set<() => void>();
const foundListeners = new Set<(start: GameStart) => void>();

function set(next: Partial<MatchmakingState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

onServerEvent('error', ({ message }) => {
  if (state.status === 'searching') set({ status: 'idle', error: message });
});
onServerEvent('game_found', (event) => {
  if (state.status !== 'searching' || !state.request) return;
  const start: GameStart = { ...event, character: state.request.character };
  set({ status: 'idle', error: null });
  for (const listener of foundListeners) listener(start);
});

export function searchGame(character: Character, amount: BetAmount): void {
  set({ status: 'searching', error: null, request: { character, amount } });
  if (!emitToServer('search_game', { character, amount })) set({ status: 'idle' });
}

export function cancelSearch(): void {
  emitToServer('cancel_search');
  set({ status: 'idle' });
}

export function showMatchmakingError(message: string | null): void {
  set({ error: message });
}

/** Runs `listener` when a searched game is found; returns the unsubscribe function. */
export function onGameFound(listener: (start: GameStart) => void): () => void {
  foundListeners.add(listener);
  return () => foundListeners.delete(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMatchmaking(): MatchmakingState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}

/** For tests: back to idle. */
export function resetMatchmaking(): void {
  set({ status: 'idle', error: null, request: null });
}

/**
 * The search for an opponent (spec S4 "Matchmaking"): idle, then searching
 * after Play Now (the button becomes Cancel); an `error` event returns to idle
 * with its message; `game_found` hands the game to whichever screen listens
 * (the home panel or the game screen's Play Again), which opens /search-game.
 * One store for the page, shared by both screens. A game found starts its
 * view at once, before any screen shows it (game-start.ts hands it to the
 * game feature's store, a chunk of its own).
 */
import { useSyncExternalStore } from 'react';
import type { BetAmount, Character, GameFoundEvent } from '@shifumi/protocol';
import { translate } from './i18n/i18n';
import { onServerEvent } from './game-events';
import { getSelectedCharacter } from './selected-character';
import { getSession } from './session-store';
import { getRealtimeStatus, onRealtimeStatusChange } from './realtime-status';
import { emitToServer } from './socket';
import { startGame } from './game-start';

export interface MatchmakingState {
  status: 'idle' | 'searching';
  /** The last refusal, shown under the amount selector (or in the game's end popup). */
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
// Taken even when no longer searching: a Cancel that crossed the match on the
// way still leaves the player in a game the server started (stakes included).
onServerEvent('game_found', (event) => {
  const me = getSession().user?.id;
  if (!me) return;
  const start: GameStart = { ...event, character: state.request?.character ?? getSelectedCharacter() };
  startGame(event.room, me, event.opponent.id);
  set({ status: 'idle', error: null });
  for (const listener of foundListeners) listener(start);
});

// A search the server cannot hear is not "Looking for an opponent…" forever
// (issue 14): the server drops a player's search with their connection, so
// the search stops, and says why.
onRealtimeStatusChange(() => {
  if (state.status === 'searching' && getRealtimeStatus('authenticated') !== 'live') {
    set({ status: 'idle', error: translate('home.play.connectionLost') });
  }
});

export function searchGame(character: Character, amount: BetAmount): void {
  if (getRealtimeStatus('authenticated') !== 'live') {
    set({ status: 'idle', error: translate('home.play.needsConnection'), request: { character, amount } });
    return;
  }
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

/**
 * Runs `listener` when a searched game is found; returns the unsubscribe
 * function. When the last screen that can open a game goes away while a
 * search runs, the search is cancelled: a game found then would start (and
 * cost a stake) on a screen the player never sees. The check waits a tick so
 * that a screen replaced by another one that listens too keeps the search.
 */
export function onGameFound(listener: (start: GameStart) => void): () => void {
  foundListeners.add(listener);
  return () => {
    foundListeners.delete(listener);
    window.setTimeout(() => {
      if (foundListeners.size === 0 && state.status === 'searching') cancelSearch();
    }, 0);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMatchmaking(): MatchmakingState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** Back to idle with no error (tests start from there). */
export function resetMatchmaking(): void {
  set({ status: 'idle', error: null, request: null });
}

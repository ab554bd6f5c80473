/**
 * The games of this page, from the moment each is found: the server's events
 * run through the pure reducer of game-state.ts here, not in the screen.
 * The server sends `new_round` right after `game_found`, before the game
 * screen (opened by a navigation React renders later) could subscribe: a
 * screen that listened for itself would miss the first round's deadline.
 * This module is a chunk of its own (issue 27, decision 058): a game found
 * before it ran is kept, with its events, by lib/game-start.ts and handed over
 * here as the module runs.
 *
 * Events that carry their room go to that game; the others (`new_round`,
 * `game_result`, `round_end`, `error`) to the game found last: a player is in
 * one game at a time. A game is open from `game_found` until it ends or is
 * left; only an open game's screen can be opened (a reload, which forfeits
 * the game, or the browser's Back to a finished game goes home instead).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { onServerEvent, type ServerEventPayload } from '../../lib/game-events';
import { GAME_EVENTS, provideGameStore, type GameEventName } from '../../lib/game-start';
import { gameReducer, initialGameView, isRunning, type GameAction, type GameView } from './game-state';
import { checkOpponentSeal, preloadSealing, revealChoice } from './sealing';

/** Games kept: the current one and the one a Play Again replaced. */
const KEPT_GAMES = 3;

const views = new Map<string, GameView>();
const closed = new Set<string>();
let currentRoom: string | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** A game was found: its view starts now, and the next round events are its own. */
export function startGame(room: string, me: string, opponentId: string): void {
  views.delete(room);
  views.set(room, initialGameView(me, opponentId));
  closed.delete(room);
  currentRoom = room;
  // Issue 17: what seals the choices, fetched now rather than at the first click.
  void preloadSealing().catch(() => undefined);
  for (const old of [...views.keys()].slice(0, Math.max(0, views.size - KEPT_GAMES))) views.delete(old);
  notify();
}

export function dispatchToGame(room: string, action: GameAction): void {
  const view = views.get(room);
  if (!view) return;
  const next = gameReducer(view, action);
  if (next === view) return;
  views.set(room, next);
  notify();
}

function toCurrentGame(action: GameAction): void {
  if (currentRoom !== null) dispatchToGame(currentRoom, action);
}

const HANDLERS: { [E in GameEventName]: (payload: ServerEventPayload<E>) => void } = {
  new_round: (event) => toCurrentGame({ type: 'newRound', event }),
  game_result: (event) => {
    toCurrentGame({ type: 'result', event });
    // Issue 17: the opponent's seal is checked here, in the browser.
    const room = currentRoom;
    const view = room === null ? undefined : views.get(room);
    if (room === null || !view) return;
    const { round, me } = view;
    void checkOpponentSeal(room, round, me, event).then((check) => dispatchToGame(room, { type: 'sealChecked', round, check }));
  },
  reveal_request: ({ room, round }) => revealChoice(room, round),
  round_end: (event) => toCurrentGame({ type: 'roundEnd', event }),
  error: ({ message }) => toCurrentGame({ type: 'error', message }),
  game_state: (event) => dispatchToGame(event.room, { type: 'gameState', event }),
  opponent_choice_locked: ({ room }) => dispatchToGame(room, { type: 'opponentLocked' }),
  opponent_connection: ({ room, connected }) => dispatchToGame(room, { type: 'opponentConnection', connected }),
  game_dead: ({ room }) => dispatchToGame(room, { type: 'gameDead' }),
};

function handle(event: GameEventName, payload: unknown): void {
  (HANDLERS[event] as (payload: unknown) => void)(payload);
}

for (const event of GAME_EVENTS) onServerEvent(event, (payload) => handle(event, payload));

// Issue 27: this module is a chunk of its own; a game found before it ran starts now, its events replayed (lib/game-start.ts).
provideGameStore({ start: startGame, replay: handle });

/** Found in this page, and neither over nor left. */
export function isGameOpen(room: string): boolean {
  return views.has(room) && !closed.has(room);
}

/** Issue 19: a game of this page is being played (the reality check waits for its end). */
export function hasRunningGame(): boolean {
  if (currentRoom === null || closed.has(currentRoom)) return false;
  const view = views.get(currentRoom);
  return view !== undefined && isRunning(view);
}

/** The game is over (or was left): its screen cannot be opened again. */
export function closeGame(room: string): void {
  closed.add(room);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Issue 19: hasRunningGame, re-read when a game of this page changes (the reality check steps aside during a game). */
export function useHasRunningGame(): boolean {
  return useSyncExternalStore(subscribe, hasRunningGame, () => false);
}

/** The view of one game of this page (undefined for a game it did not find). */
export function useGameView(room: string): GameView | undefined {
  const read = useCallback(() => views.get(room), [room]);
  return useSyncExternalStore(subscribe, read, read);
}

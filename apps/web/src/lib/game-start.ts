/**
 * A game found starts its view at once, in the game feature's store
 * (features/game/game-store.ts), before any screen shows it: the server sends
 * `new_round` right after `game_found`. The store is a chunk of its own
 * (home's first load has no room for it, issue 27): until its module has run,
 * the found game and its events are kept here, and handed to the store, in
 * their order, as it takes over (`provideGameStore`, called by the store's
 * module as it runs, so before any screen can read it). Shared code does not
 * import a feature: the app gives the loader (app/app.tsx).
 */
import { onServerEvent, type ServerEventName } from './game-events';

/** The events of a game, each of which the store handles. */
export const GAME_EVENTS = [
  'new_round',
  'game_result',
  'reveal_request',
  'round_end',
  'error',
  'game_state',
  'opponent_choice_locked',
  'opponent_connection',
  'game_dead',
] as const satisfies readonly ServerEventName[];
export type GameEventName = (typeof GAME_EVENTS)[number];

export interface GameStore {
  start(room: string, me: string, opponentId: string): void;
  /** One event of a game, handled as if it arrived now. */
  replay(event: GameEventName, payload: unknown): void;
}

let store: GameStore | null = null;
let loadStore: () => void = () => undefined;
/** The game found before the store ran, and its events since. */
let waiting: { start: [room: string, me: string, opponentId: string]; events: [GameEventName, unknown][] } | null = null;

for (const event of GAME_EVENTS) onServerEvent(event, (payload) => waiting?.events.push([event, payload]));

/** How to fetch the store's chunk (the app composes it in). */
export function loadGameStoreWith(load: () => void): void {
  loadStore = load;
}

/** The store takes over: a game found before it ran starts now, with its events replayed. */
export function provideGameStore(next: GameStore): void {
  store = next;
  const pending = waiting;
  waiting = null;
  if (!pending) return;
  next.start(...pending.start);
  for (const [event, payload] of pending.events) next.replay(event, payload);
}

/** Starts a found game's view: in the store, or as soon as its chunk has run. */
export function startGame(room: string, me: string, opponentId: string): void {
  if (store) {
    store.start(room, me, opponentId);
    return;
  }
  waiting = { start: [room, me, opponentId], events: [] };
  loadStore();
}

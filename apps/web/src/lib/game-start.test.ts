import { describe, expect, it, vi } from 'vitest';
import { dispatchServerEvent } from './game-events';
import { loadGameStoreWith, provideGameStore, startGame, type GameStore } from './game-start';

describe('a game found before the game store has run (issue 27: the store is a chunk of its own)', () => {
  it('fetches the store, keeps the game and its events, and hands them over in order; then the store takes games directly', () => {
    const load = vi.fn();
    loadGameStoreWith(load);
    dispatchServerEvent('new_round', { round: 9, deadline: 1 }); // before any game: not kept
    startGame('room-1', 'me', 'them');
    expect(load).toHaveBeenCalledTimes(1);
    dispatchServerEvent('new_round', { round: 1, deadline: 1_000 });
    dispatchServerEvent('opponent_choice_locked', { room: 'room-1' });
    dispatchServerEvent('reaction_received', { room: 'room-1', content: '👍' } as never); // not a game event

    const calls: unknown[] = [];
    const store: GameStore = {
      start: (...args) => calls.push(['start', ...args]),
      replay: (event, payload) => calls.push([event, payload]),
    };
    provideGameStore(store);
    expect(calls).toEqual([
      ['start', 'room-1', 'me', 'them'],
      ['new_round', { round: 1, deadline: 1_000 }],
      ['opponent_choice_locked', { room: 'room-1' }],
    ]);

    // Once it runs, the store listens for itself: nothing is kept nor replayed, and nothing is fetched again.
    calls.length = 0;
    startGame('room-2', 'me', 'other');
    dispatchServerEvent('new_round', { round: 1, deadline: 2_000 });
    expect(calls).toEqual([['start', 'room-2', 'me', 'other']]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it } from 'vitest';
import { apply, createMatch, type MatchState } from './match';
import { settlement } from './settlement';

const T0 = 1_000_000;

function over(action: 'leave' | 'idle'): MatchState {
  let { state } = createMatch({ id: 'room', players: ['alice', 'bob'], now: T0 });
  if (action === 'leave') return apply(state, { type: 'leave', playerId: 'bob', now: T0 }).state;
  // Ten idle rounds: a draw.
  state = apply(state, { type: 'tick', now: T0 + 10 * 60_000 }).state;
  return state;
}

describe('settlement', () => {
  it('pays the pot (2 × stake) to the winner', () => {
    expect([...settlement(over('leave'), 7n)]).toEqual([['alice', 14n]]);
  });

  it('gives each stake back on a draw', () => {
    const state = over('idle');
    expect(state.winnerId).toBe('draw');
    expect([...settlement(state, 7n)]).toEqual([
      ['alice', 7n],
      ['bob', 7n],
    ]);
  });

  it('refuses a match that is not over, and a stake that is not positive', () => {
    expect(() => settlement(createMatch({ id: 'room', players: ['alice', 'bob'], now: T0 }).state, 7n)).toThrow(/not over/);
    expect(() => settlement(over('leave'), 0n)).toThrow(RangeError);
  });

  it('refuses a winner who is not a player (a corrupted stored state)', () => {
    expect(() => settlement({ ...over('leave'), winnerId: 'mallory' }, 7n)).toThrow(/one of its players/);
  });
});

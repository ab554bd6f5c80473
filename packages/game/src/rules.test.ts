import fc from 'fast-check';
import { CHOICES, type Choice } from '@shifumi/protocol/constants';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHOICE, isChoice, resolveRound } from './rules';

describe('resolveRound', () => {
  it.each<[Choice, Choice, 'first' | 'second' | 'draw']>([
    ['rock', 'scissors', 'first'],
    ['scissors', 'paper', 'first'],
    ['paper', 'rock', 'first'],
    ['scissors', 'rock', 'second'],
    ['paper', 'scissors', 'second'],
    ['rock', 'paper', 'second'],
    ['rock', 'rock', 'draw'],
    ['paper', 'paper', 'draw'],
    ['scissors', 'scissors', 'draw'],
  ])('%s against %s: %s', (first, second, outcome) => {
    expect(resolveRound(first, second)).toBe(outcome);
  });

  it('is antisymmetric: swapping the players swaps the winner', () => {
    const swap = { first: 'second', second: 'first', draw: 'draw' } as const;
    fc.assert(
      fc.property(fc.constantFrom(...CHOICES), fc.constantFrom(...CHOICES), (first, second) => {
        expect(resolveRound(second, first)).toBe(swap[resolveRound(first, second)]);
      }),
    );
  });

  it('every choice beats exactly one other and loses to exactly one other', () => {
    for (const choice of CHOICES) {
      const outcomes = CHOICES.map((other) => resolveRound(choice, other));
      expect(outcomes.filter((outcome) => outcome === 'first')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'second')).toHaveLength(1);
    }
  });
});

describe('isChoice', () => {
  it('accepts the three choices and nothing else', () => {
    for (const choice of CHOICES) expect(isChoice(choice)).toBe(true);
    for (const value of ['Rock', 'lizard', '', ' rock', 0, null, undefined, {}, ['rock']]) expect(isChoice(value)).toBe(false);
  });
});

describe('DEFAULT_CHOICE', () => {
  it('is rock (a player without a choice plays rock)', () => {
    expect(DEFAULT_CHOICE).toBe('rock');
  });
});

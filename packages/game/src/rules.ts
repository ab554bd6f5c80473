/**
 * Rock-paper-scissors itself: rock beats scissors, scissors beats paper,
 * paper beats rock; the same choice is a draw.
 */
import type { Choice } from '@shifumi/protocol';

const BEATS: Record<Choice, Choice> = { rock: 'scissors', scissors: 'paper', paper: 'rock' };

/** Who wins one throw: `'first'`, `'second'` or `'draw'`. */
export function resolveThrow(first: Choice, second: Choice): 'first' | 'second' | 'draw' {
  if (first === second) return 'draw';
  return BEATS[first] === second ? 'first' : 'second';
}

/** The choice played for a player who chose nothing before the deadline. */
export const DEFAULT_CHOICE: Choice = 'rock';

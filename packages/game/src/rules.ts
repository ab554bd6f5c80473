/**
 * Rock-paper-scissors itself: rock beats scissors, scissors beats paper,
 * paper beats rock; the same choice is a draw.
 */
import { CHOICES, type Choice } from '@shifumi/protocol/constants';

const BEATS: Record<Choice, Choice> = { rock: 'scissors', scissors: 'paper', paper: 'rock' };

/** The outcome of one throw, seen from the order the choices were given in. */
export type ThrowOutcome = 'first' | 'second' | 'draw';

/**
 * Who wins one round: `'first'` when `first` beats `second`, `'second'` when
 * `second` beats `first`, `'draw'` when both chose the same.
 */
export function resolveRound(first: Choice, second: Choice): ThrowOutcome {
  if (first === second) return 'draw';
  return BEATS[first] === second ? 'first' : 'second';
}

/** Whether a value that came from outside (a socket payload) is one of the three choices. */
export function isChoice(value: unknown): value is Choice {
  return typeof value === 'string' && (CHOICES as readonly string[]).includes(value);
}

/** The choice played for a player who chose nothing before the deadline (and its network grace). */
export const DEFAULT_CHOICE: Choice = 'rock';

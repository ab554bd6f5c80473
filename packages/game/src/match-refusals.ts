/**
 * Why the engine refuses an action, and the text a player reads for each
 * (the realtime transport says the same texts from @shifumi/protocol's
 * socket-refusals.ts, keyed by these codes; a test keeps them equal).
 */
import type { MatchEffect, MatchState } from './match-types';

/** Why an action was refused. Each has the text a player reads in {@link REFUSAL_MESSAGES}. */
export type RefusalCode =
  | 'invalid-action'
  | 'not-a-player'
  | 'game-over'
  | 'not-choosing'
  | 'too-late'
  | 'already-chosen'
  | 'invalid-choice'
  | 'wrong-round'
  | 'invalid-commitment'
  | 'not-revealing'
  | 'nothing-to-reveal'
  | 'already-revealed'
  | 'reveal-too-late';

/** The text a player reads for each refusal. */
export const REFUSAL_MESSAGES: Readonly<Record<RefusalCode, string>> = Object.freeze({
  'invalid-action': 'That action is not understood.',
  'not-a-player': 'You are not playing in this game.',
  'game-over': 'This game is over.',
  'not-choosing': 'The next round has not started yet.',
  'too-late': 'Too late: the time for this round is up.',
  'already-chosen': 'Your choice for this round is already locked.',
  'invalid-choice': 'Choose rock, paper or scissors.',
  'wrong-round': 'That round is not the current one.',
  'invalid-commitment': 'A commitment is 64 lower-case hexadecimal characters.',
  'not-revealing': 'Nothing is to be revealed now.',
  'nothing-to-reveal': 'You sealed no choice in this round.',
  'already-revealed': 'Your choice for this round is already revealed.',
  'reveal-too-late': 'Too late: the time to reveal your choice is up.',
});

/**
 * The answer of {@link apply}. Accepted: the new state and the effects to carry
 * out. Refused: the state exactly as it was, a code and the text to show the
 * player.
 *
 * An accepted action always answers a new state object, even when nothing
 * changed: the server stores and re-arms its tick timer for every new state,
 * and a timer that fires a millisecond before the deadline (Node timers may)
 * must be armed again, not dropped.
 */
export type ApplyResult =
  { ok: true; state: MatchState; effects: MatchEffect[] } | { ok: false; state: MatchState; code: RefusalCode; message: string };

export function refuse(state: MatchState, code: RefusalCode): ApplyResult {
  return { ok: false, state, code, message: REFUSAL_MESSAGES[code] };
}

export function accept(state: MatchState, effects: MatchEffect[]): ApplyResult {
  return { ok: true, state, effects };
}

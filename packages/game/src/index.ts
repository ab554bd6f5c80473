/**
 * `@shifumi/game`: the pure rules of Shifumi. No I/O, no clock, no
 * randomness: the server drives matches through {@link apply}, stores their
 * state and calls `tick` at {@link nextDeadline}.
 */
export { DEFAULT_CHOICE, isChoice, resolveRound, type ThrowOutcome } from './rules';
export { settlement } from './settlement';
export {
  DEFAULT_MATCH_OPTIONS,
  REFUSAL_MESSAGES,
  apply,
  createMatch,
  nextDeadline,
  resumeReveals,
  upgradeState,
  viewFor,
  type ApplyResult,
  type EndReason,
  type MatchAction,
  type MatchEffect,
  type MatchOptions,
  type MatchPhase,
  type MatchState,
  type PlayerState,
  type PlayerView,
  type RefusalCode,
  type ResultMode,
  type RoundPlay,
  type RoundRecord,
} from './match';

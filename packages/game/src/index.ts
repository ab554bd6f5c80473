/**
 * `@shifumi/game`: the pure rules of Shifumi. No I/O, no clock, no
 * randomness: the server drives matches through {@link apply} and stores their
 * state and next deadline.
 */
export { DEFAULT_CHOICE, resolveThrow } from './rules';
export { settlement } from './settlement';
export {
  DEFAULT_MATCH_OPTIONS,
  apply,
  createMatch,
  nextDeadline,
  viewFor,
  type ApplyResult,
  type EndReason,
  type MatchAction,
  type MatchEffect,
  type MatchOptions,
  type MatchState,
  type PlayerState,
  type PlayerView,
  type RefusalCode,
} from './match';

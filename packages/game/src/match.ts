/**
 * The match engine: a pure state machine `(state, action) → (state, effects)`.
 * No clock, no timers, no I/O: `now` (epoch ms) comes with every action, and
 * {@link nextDeadline} tells the driver when to send the next `tick`, so
 * deadlines are data the server can store and another node can resume.
 *
 * Time is judged by `now` alone: every action first runs the transitions that
 * were due by its `now` (a tick the driver has not sent yet changes nothing
 * about what already happened in time), then applies itself.
 *
 * Effects are what the driver turns into socket events and money moves. A
 * player's choice leaves the engine only inside `roundResult`, once the round
 * is resolved: before that the opponent learns only that a choice was made.
 *
 * The engine's files, one job each: match-types.ts (options, state, actions,
 * effects), match-create.ts (a match begins, a stored one resumes),
 * match-apply.ts (an action applied), match-time.ts (the transitions time
 * makes, and the next deadline), match-refusals.ts (refusal codes and texts),
 * match-view.ts (a player's view), match-players.ts (shared facts about
 * players). This file is the engine's face: what it exports is the package's.
 */
export {
  DEFAULT_MATCH_OPTIONS,
  type EndReason,
  type MatchAction,
  type MatchEffect,
  type MatchOptions,
  type MatchPhase,
  type MatchState,
  type PlayerState,
  type ResultMode,
  type RoundPlay,
  type RoundRecord,
} from './match-types';
export { REFUSAL_MESSAGES, type ApplyResult, type RefusalCode } from './match-refusals';
export { createMatch, resumeReveals, upgradeState } from './match-create';
export { apply } from './match-apply';
export { nextDeadline } from './match-time';
export { viewFor, type PlayerView } from './match-view';

/**
 * A match begins (`createMatch`), and a stored match is brought back: a state
 * of an older shape upgraded (`upgradeState`), the reveals a new driver may
 * not have asked for again (`resumeReveals`).
 */
import { DEFAULT_MATCH_OPTIONS, type MatchEffect, type MatchOptions, type MatchState, type PlayerState } from './match-types';
import { clone, EMPTY_LOCK, revealPending } from './match-players';

function checkOptions(options: MatchOptions): void {
  const positiveInteger = (value: number) => Number.isSafeInteger(value) && value >= 1;
  const duration = (value: number) => Number.isFinite(value) && value >= 0;
  if (!duration(options.roundMs) || options.roundMs === 0)
    throw new RangeError(`roundMs must be a positive duration, got ${options.roundMs}`);
  if (!duration(options.graceMs)) throw new RangeError(`graceMs must be a duration, got ${options.graceMs}`);
  if (!duration(options.revealMs)) throw new RangeError(`revealMs must be a duration, got ${options.revealMs}`);
  if (!duration(options.reconnectGraceMs))
    throw new RangeError(`reconnectGraceMs must be a duration, got ${options.reconnectGraceMs}`);
  if (!positiveInteger(options.winThreshold))
    throw new RangeError(`winThreshold must be a positive integer, got ${options.winThreshold}`);
  if (!positiveInteger(options.maxRounds)) throw new RangeError(`maxRounds must be a positive integer, got ${options.maxRounds}`);
  if (!duration(options.revealWindowMs)) throw new RangeError(`revealWindowMs must be a duration, got ${options.revealWindowMs}`);
}

/**
 * Starts a match: round 1 begins at `now`, and the effects hold its
 * `newRound`. Throws a `RangeError` for what only a programming error can
 * cause (the same player twice, an empty id, a `now` or an option that is
 * not a usable number).
 */
export function createMatch(input: {
  id: string;
  players: readonly [string, string];
  now: number;
  options?: Partial<MatchOptions>;
}): { state: MatchState; effects: MatchEffect[] } {
  const [first, second] = input.players;
  if (first === second) throw new RangeError('a match needs two different players');
  if (first.length === 0 || second.length === 0 || input.id.length === 0)
    throw new RangeError('match and player ids must not be empty');
  if (!Number.isFinite(input.now)) throw new RangeError(`now must be a finite epoch time, got ${input.now}`);
  const options: MatchOptions = { ...DEFAULT_MATCH_OPTIONS, ...input.options };
  checkOptions(options);
  const player = (id: string): PlayerState => ({ id, score: 0, connected: true, disconnectedAt: null, ...EMPTY_LOCK });
  const state: MatchState = {
    id: input.id,
    options,
    players: [player(first), player(second)],
    round: 1,
    phase: 'choosing',
    deadline: input.now + options.roundMs,
    roundStartedAt: input.now,
    revealRequestedAt: null,
    rounds: [],
    revealEndsAt: null,
    winnerId: null,
    endReason: null,
  };
  return { state, effects: [{ type: 'newRound', round: 1, deadline: state.deadline }] };
}

/**
 * A state stored before issue 17 (no commitments, no round history), brought
 * to today's shape; a current state is answered as it is.
 */
export function upgradeState(stored: MatchState): MatchState {
  const options = { ...DEFAULT_MATCH_OPTIONS, ...stored.options };
  const players = stored.players.map((player) => ({ ...EMPTY_LOCK, ...player })) as [PlayerState, PlayerState];
  return {
    ...stored,
    options,
    players,
    roundStartedAt: stored.roundStartedAt ?? stored.deadline - options.roundMs,
    revealRequestedAt: stored.revealRequestedAt ?? null,
    rounds: stored.rounds ?? [],
  };
}

/**
 * A match taken over by another driver (decision 017: a reveal received
 * before the other is not stored, so the new driver may not have it): during
 * `'revealing'`, every sealed choice whose reveal is not in `stored` gets a
 * fresh window from `now`, and the effects ask those players again. Nothing
 * else changes; a player can only reveal what they committed to.
 */
export function resumeReveals(stored: MatchState, now: number): { state: MatchState; effects: MatchEffect[] } {
  if (stored.phase !== 'revealing') return { state: stored, effects: [] };
  const pending = stored.players.filter(revealPending);
  if (pending.length === 0) return { state: stored, effects: [] };
  const state = clone(stored);
  state.revealRequestedAt = Math.max(state.revealRequestedAt ?? now, now);
  return { state, effects: [{ type: 'revealRequest', round: state.round, playerIds: pending.map((player) => player.id) }] };
}

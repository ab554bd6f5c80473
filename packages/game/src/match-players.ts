/**
 * Small facts about a match's players and state, shared by the engine's
 * files: a player's lock for the round, their reveal window, their place in
 * the match, a copy of the state to change, the scores.
 */
import type { MatchState, PlayerState } from './match-types';

/** A player's round fields before they lock anything. */
export const EMPTY_LOCK = Object.freeze({
  choice: null,
  commitment: null,
  salt: null,
  revealFailed: false,
  revealExtended: false,
  lockedAt: null,
});

export function clearLock(player: PlayerState): void {
  Object.assign(player, EMPTY_LOCK);
}

/** Whether the player has locked this round (a plain choice or a commitment). */
export function hasLocked(player: PlayerState): boolean {
  return player.choice !== null || player.commitment !== null;
}

/** Whether the player sealed a choice and neither revealed it nor failed to. */
export function revealPending(player: PlayerState): boolean {
  return player.commitment !== null && player.choice === null && !player.revealFailed;
}

/** When the player's reveal window closes (epoch ms), during `'revealing'`. */
export function revealClosesAt(state: MatchState, player: PlayerState): number {
  const requestedAt = state.revealRequestedAt ?? state.deadline;
  return requestedAt + state.options.revealWindowMs + (player.revealExtended ? state.options.reconnectGraceMs : 0);
}

/** A commitment or a salt: 64 lower-case hexadecimal characters. */
export const HEX_64 = /^[0-9a-f]{64}$/;

export function indexOf(state: MatchState, playerId: string): 0 | 1 | -1 {
  if (state.players[0].id === playerId) return 0;
  if (state.players[1].id === playerId) return 1;
  return -1;
}

export function clone(state: MatchState): MatchState {
  return {
    ...state,
    options: { ...state.options },
    players: [{ ...state.players[0] }, { ...state.players[1] }],
    rounds: [...state.rounds],
  };
}

export function scoresOf(state: MatchState): Record<string, number> {
  return { [state.players[0].id]: state.players[0].score, [state.players[1].id]: state.players[1].score };
}

/**
 * What one player may know of a match (`viewFor`): never the opponent's
 * choice before the round resolves.
 */
import type { MatchPhase, MatchState } from './match-types';
import { clone, hasLocked, indexOf, revealPending, scoresOf } from './match-players';
import { advance } from './match-time';

/**
 * What one player may know of a match (the `game_state` event on
 * reconnection). It never holds the opponent's choice: only whether they
 * have chosen.
 */
export interface PlayerView {
  /** The match (room) id. */
  room: string;
  /** The current round; during the reveal, the round just resolved. */
  round: number;
  /** The round's deadline (epoch ms). */
  deadline: number;
  /** Round wins by user id. */
  scores: Record<string, number>;
  /** Whether this player has chosen (or sealed a choice) in the current round. */
  choiceLocked: boolean;
  /** Issue 17: whether this player's sealed choice is awaited (they should reveal it now). */
  revealPending: boolean;
  /** Whether the opponent has chosen in the current round (never what). */
  opponentChoiceLocked: boolean;
  /** The opponent's user id. */
  opponentId: string;
  /** Whether this player is counted as connected. */
  connected: boolean;
  /** Whether the opponent is counted as connected. */
  opponentConnected: boolean;
  /** The stage of the match. */
  phase: MatchPhase;
  /** When the next round starts (epoch ms), during the reveal; otherwise null. */
  revealEndsAt: number | null;
  /** The winner's id or `'draw'` once over; otherwise null. */
  winnerId: string | 'draw' | null;
}

/**
 * The view of `playerId`, or null if they do not play in this match. With
 * `now`, the view is of the match as it stands at that time (transitions
 * already due but not yet ticked are counted); the state is not changed.
 */
export function viewFor(state: MatchState, playerId: string, now?: number): PlayerView | null {
  const index = indexOf(state, playerId);
  if (index === -1) return null;
  let seen = state;
  if (now !== undefined && Number.isFinite(now) && state.phase !== 'over') {
    seen = clone(state);
    advance(seen, now, []);
  }
  const me = seen.players[index]!;
  const opponent = seen.players[index === 0 ? 1 : 0]!;
  return {
    room: seen.id,
    round: seen.round,
    deadline: seen.deadline,
    scores: scoresOf(seen),
    choiceLocked: hasLocked(me),
    revealPending: seen.phase === 'revealing' && revealPending(me),
    opponentChoiceLocked: hasLocked(opponent),
    opponentId: opponent.id,
    connected: me.connected,
    opponentConnected: opponent.connected,
    phase: seen.phase,
    revealEndsAt: seen.revealEndsAt,
    winnerId: seen.winnerId,
  };
}

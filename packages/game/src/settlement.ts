/**
 * Who gets the escrow when a match ends: the winner takes the pot (both
 * stakes); a draw (the round limit, or both players gone at the same
 * instant) gives each stake back. Pure: the server turns the result into one
 * ledger transfer.
 */
import type { MatchState } from './match';

/**
 * Wei paid out of the escrow to each player of a finished match; the sum is
 * always 2 × `stakeWei`. Throws for a match that is not over or a stake that
 * is not positive: the caller made a mistake, and no money may move.
 */
export function settlement(state: MatchState, stakeWei: bigint): Map<string, bigint> {
  if (state.phase !== 'over' || state.winnerId === null) throw new Error('settlement of a match that is not over');
  if (stakeWei <= 0n) throw new RangeError('a stake is positive');
  const [first, second] = state.players;
  if (state.winnerId === 'draw') {
    return new Map([
      [first.id, stakeWei],
      [second.id, stakeWei],
    ]);
  }
  if (state.winnerId !== first.id && state.winnerId !== second.id) throw new Error('the winner of a match is one of its players');
  return new Map([[state.winnerId, 2n * stakeWei]]);
}

/**
 * What a transcript's rounds imply, by the rules of `@shifumi/game`: the
 * winner of a round from the two results (an unrevealed seal loses), and the
 * game's outcome from the rounds' winners.
 */
import { DEFAULT_MATCH_OPTIONS, resolveRound } from '@shifumi/game';
import { WIN_THRESHOLD } from '@shifumi/protocol/constants';
import type { TranscriptResult } from '@shifumi/protocol/fairness';

/**
 * The winner of one round (a user id) or `'draw'`: a player whose sealed
 * choice was not revealed loses the round, both unrevealed is a draw,
 * otherwise rock-paper-scissors decides.
 */
export function roundWinnerOf(players: readonly [string, string], first: TranscriptResult, second: TranscriptResult): string {
  const firstLost = first.mode === 'unrevealed' || first.choice === null;
  const secondLost = second.mode === 'unrevealed' || second.choice === null;
  if (firstLost && secondLost) return 'draw';
  if (firstLost) return players[1];
  if (secondLost) return players[0];
  const outcome = resolveRound(first.choice!, second.choice!);
  return outcome === 'draw' ? 'draw' : outcome === 'first' ? players[0] : players[1];
}

/**
 * What the rounds say about the game:
 * - `wins`: a player reached the win threshold, at round `decidedAt` (1-based position);
 * - `max-rounds`: the round limit passed without a winner: a draw;
 * - `undecided`: the rounds stop before either, so the game ended otherwise (a forfeit).
 */
export type GameOutcome =
  { kind: 'wins'; winnerId: string; decidedAt: number } | { kind: 'max-rounds'; winnerId: 'draw' } | { kind: 'undecided' };

/** The game's outcome from its rounds' winners, in order (first to {@link WIN_THRESHOLD} wins; a draw after the round limit). */
export function gameOutcomeOf(players: readonly [string, string], roundWinners: readonly string[]): GameOutcome {
  const wins = new Map<string, number>(players.map((id) => [id, 0]));
  for (const [index, winner] of roundWinners.entries()) {
    const count = wins.get(winner);
    if (count === undefined) continue;
    wins.set(winner, count + 1);
    if (count + 1 >= WIN_THRESHOLD) return { kind: 'wins', winnerId: winner, decidedAt: index + 1 };
  }
  if (roundWinners.length >= DEFAULT_MATCH_OPTIONS.maxRounds) return { kind: 'max-rounds', winnerId: 'draw' };
  return { kind: 'undecided' };
}

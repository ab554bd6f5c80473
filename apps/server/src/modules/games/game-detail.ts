/**
 * Issue 14: one game as one of its players sees it, round by round
 * (`GET /api/games/{id}`). Anyone but its two players is told it does not
 * exist (the same answer as for an unknown id), so ids cannot be probed.
 *
 * The rounds come from the engine's stored state (`state.rounds`, every
 * resolved round with both plays; written with each round's result and at
 * the end, decision 017). A state without them (a game stored before the
 * rounds were kept) answers no rounds rather than failing.
 */
import { formatEth } from '@shifumi/money';
import { CHARACTERS, CHOICES, shownWalletAddress, type GameDetailResponse, type GameRoundDetail } from '@shifumi/protocol';
import { z } from 'zod';
import type { Executor } from '../../infra/db/database';
import { ok, refuse, type Result } from '../../shared/result';
import { gameWithPlayers } from './game-detail.repo';

/** What is read of the stored state: tolerant of everything else it holds. */
const storedStateSchema = z.object({
  players: z
    .array(z.object({ id: z.string(), score: z.number().int().nonnegative() }))
    .length(2)
    .optional(),
  rounds: z
    .array(
      z.object({
        round: z.number().int().positive(),
        plays: z.array(z.object({ choice: z.enum(CHOICES).nullable() })).length(2),
        winnerId: z.string(),
      }),
    )
    .optional(),
});

const END_REASONS = ['wins', 'max-rounds', 'forfeit-leave', 'forfeit-disconnect'] as const;
const characterSchema = z.enum(CHARACTERS);

export interface GameDetails {
  /** The game `gameId` as `userId` sees it, or not_found when it is not one of theirs. */
  detail(userId: string, gameId: string): Promise<Result<GameDetailResponse>>;
}

export function createGameDetails(db: Executor): GameDetails {
  return {
    async detail(userId, gameId) {
      const notFound = refuse('not_found');
      const row = await gameWithPlayers(db, gameId);
      if (!row || (row.player1Id !== userId && row.player2Id !== userId)) return notFound;

      const mine = row.player1Id === userId ? 0 : 1;
      const opponentId = mine === 0 ? row.player2Id : row.player1Id;
      const parsed = storedStateSchema.safeParse(row.state);
      const state = parsed.success ? parsed.data : {};
      // The plays are stored in the engine's player order; it is the game's (player 1 first) unless the state says otherwise.
      const myIndex = state.players ? (state.players[0]!.id === userId ? 0 : 1) : mine;
      const rounds: GameRoundDetail[] = (state.rounds ?? []).map((round) => ({
        round: round.round,
        yourChoice: round.plays[myIndex]!.choice,
        opponentChoice: round.plays[1 - myIndex]!.choice,
        outcome: round.winnerId === 'draw' ? 'draw' : round.winnerId === userId ? 'won' : 'lost',
      }));
      const score = (playerId: string) =>
        state.players?.find((player) => player.id === playerId)?.score ??
        rounds.filter((round) => (playerId === userId ? round.outcome === 'won' : round.outcome === 'lost')).length;

      const over = row.status !== 'playing';
      const payoutWei = !over ? 0n : row.winnerId === null ? row.stakeWei : row.winnerId === userId ? 2n * row.stakeWei : 0n;
      const endReason = over ? (END_REASONS.find((reason) => reason === row.endReason) ?? null) : null;
      const opponent = mine === 0 ? row.player2 : row.player1;
      return ok({
        id: row.id,
        status: row.status,
        result: !over ? null : row.winnerId === null ? 'Draw' : row.winnerId === userId ? 'Victory' : 'Defeat',
        endReason,
        forfeitedByYou: endReason !== null && endReason.startsWith('forfeit') && row.winnerId !== null && row.winnerId !== userId,
        you: {
          name: (mine === 0 ? row.player1 : row.player2).name,
          character: characterSchema.catch('Character1').parse(mine === 0 ? row.player1Character : row.player2Character),
          score: score(userId),
        },
        opponent: {
          name: opponent.name,
          // Issue 23: the first characters the screens show, never the deposit address.
          walletAddress: shownWalletAddress(opponent.walletAddress),
          character: characterSchema.catch('Character1').parse(mine === 0 ? row.player2Character : row.player1Character),
          score: score(opponentId),
        },
        betUsd: row.betUsd,
        stakeEth: formatEth(row.stakeWei),
        payoutEth: formatEth(payoutWei),
        startedAt: row.createdAt.toISOString(),
        endedAt: row.endedAt ? row.endedAt.toISOString() : null,
        rounds,
      });
    },
  };
}

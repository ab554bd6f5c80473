/**
 * Issue 14: `GET /api/games/{id}`, one game of the signed-in player, round by
 * round, as that player sees it (their side first). Only the game's two
 * players get an answer; anyone else gets 404, as for a game that does not exist.
 */
import { z } from 'zod';
import { CHARACTERS, CHOICES } from './constants';
import { GAME_RESULTS } from './money';

/** A game id as the route takes it (a UUID); anything else is answered 404 without a query. */
export const gameIdSchema = z.uuid();

export const ROUND_OUTCOMES = ['won', 'lost', 'draw'] as const;
export type RoundOutcome = (typeof ROUND_OUTCOMES)[number];

export const gameRoundDetailSchema = z.object({
  round: z.number().int().positive(),
  /** What the player played; null when nothing verifiable was revealed (a sealed choice never opened). */
  yourChoice: z.enum(CHOICES).nullable(),
  opponentChoice: z.enum(CHOICES).nullable(),
  /** The round from the player's side. */
  outcome: z.enum(ROUND_OUTCOMES),
});
export type GameRoundDetail = z.infer<typeof gameRoundDetailSchema>;

export const gameDetailResponseSchema = z.object({
  id: z.string(),
  status: z.enum(['playing', 'finished', 'refunded']),
  /** From the player's side; null while the game is in play. */
  result: z.enum(GAME_RESULTS).nullable(),
  /** Why it ended: the rounds, the round limit, a player left, a player did not come back; null while in play. */
  endReason: z.enum(['wins', 'max-rounds', 'forfeit-leave', 'forfeit-disconnect']).nullable(),
  /** Whether it was the player who left or lost the connection, for a forfeit. */
  forfeitedByYou: z.boolean(),
  you: z.object({ name: z.string(), character: z.enum(CHARACTERS), score: z.number().int().nonnegative() }),
  opponent: z.object({
    name: z.string(),
    walletAddress: z.string().nullable(),
    character: z.enum(CHARACTERS),
    score: z.number().int().nonnegative(),
  }),
  /** The bet in USDT. */
  betUsd: z.number(),
  /** Each player's stake, ETH decimal string. */
  stakeEth: z.string(),
  /** What the player received at the end (ETH): the pot to the winner, the stake back in a draw, 0 to the loser or while in play. */
  payoutEth: z.string(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  rounds: z.array(gameRoundDetailSchema),
});
export type GameDetailResponse = z.infer<typeof gameDetailResponseSchema>;

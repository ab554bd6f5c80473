/**
 * Issue 17: the server's side of sealed choices. The engine (@shifumi/game)
 * keeps the commitments, asks for the reveals and judges them; what it cannot
 * do without I/O or a hash function is done here, before an action enters the
 * game's queue: a reveal is turned into the commitment it opens for this
 * player, in this game and round (decision 021) — the engine compares it with
 * the one stored.
 */
import { createHash } from 'node:crypto';
import { commitmentPreimage } from '@shifumi/fairness';
import type { MatchAction } from '@shifumi/game';
import { CHOICES, type Choice } from '@shifumi/protocol';
import { z } from 'zod';

/** The sealed-choice actions a player may take (the socket layer parsed them with the protocol's schemas). */
export type SealedAction =
  { type: 'commit'; round: number; commitment: string } | { type: 'reveal'; round: number; choice: Choice; salt: string };

/** The same actions as they travel between nodes (checked again on arrival). */
export const sealedActionSchemas = [
  z.object({ type: z.literal('commit'), round: z.number().int(), commitment: z.string() }),
  z.object({ type: z.literal('reveal'), round: z.number().int(), choice: z.enum(CHOICES), salt: z.string() }),
] as const;

/** The commitment that `choice` and `salt` open for `userId` in round `round` of game `room`: lower-case hex SHA-256. */
export function openedCommitment(input: { room: string; round: number; userId: string; choice: Choice; salt: string }): string {
  return createHash('sha256').update(commitmentPreimage(input), 'utf8').digest('hex');
}

/** The engine's action for a sealed-choice action of `playerId` in game `room` at `now`. */
export function sealedMatchAction(room: string, action: SealedAction, playerId: string, now: number): MatchAction {
  if (action.type === 'commit') return { type: 'commit', playerId, round: action.round, commitment: action.commitment, now };
  const opened = openedCommitment({ room, round: action.round, userId: playerId, choice: action.choice, salt: action.salt });
  return { type: 'reveal', playerId, round: action.round, choice: action.choice, salt: action.salt, opened, now };
}

/** SQL of games: creation with escrow, stored engine state, settlement, feed and history. */
import type { MatchState } from '@shifumi/game';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../infra/db/database';
import { games, users } from '../../infra/db/schema/index';

export type GameRow = typeof games.$inferSelect;

export async function findPlayingGameOf(db: Executor, userId: string): Promise<GameRow | undefined> {
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.status, 'playing'), or(eq(games.player1Id, userId), eq(games.player2Id, userId))))
    .limit(1);
  return row;
}

export function playingGames(db: Executor) {
  return db.select().from(games).where(eq(games.status, 'playing'));
}

/** The id and the last claim's token of every game in play (the takeover scan reads only these). */
export function playingGameRefs(db: Executor) {
  return db.select({ id: games.id, ownerToken: games.ownerToken }).from(games).where(eq(games.status, 'playing'));
}

/** One game in play, by id (undefined when it does not exist or has ended). */
export async function playingGame(db: Executor, gameId: string): Promise<GameRow | undefined> {
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.status, 'playing')));
  return row;
}

/**
 * Claims a game in play for the holder of lease token `token`: only when the
 * token is greater than the last claim's. Answers the row as of the claim
 * (the latest state any earlier owner saved), or undefined when the game has
 * ended or a newer claim exists. From then on the earlier owners' writes fail.
 */
/**
 * Moves this node's own claim to a new token (its lease lapsed and it took it
 * again): only while the recorded token is still `fromToken`, i.e. nobody
 * claimed the game meanwhile. True when it did.
 */
export async function reclaimGame(db: Executor, gameId: string, fromToken: bigint, toToken: bigint, holder: string): Promise<boolean> {
  const rows = await db
    .update(games)
    .set({ ownerToken: toToken, ownerNode: holder })
    .where(and(eq(games.id, gameId), eq(games.status, 'playing'), eq(games.ownerToken, fromToken)))
    .returning({ id: games.id });
  return rows.length === 1;
}

export async function claimGame(db: Executor, gameId: string, token: bigint, holder: string): Promise<GameRow | undefined> {
  const [row] = await db
    .update(games)
    .set({ ownerToken: token, ownerNode: holder })
    .where(and(eq(games.id, gameId), eq(games.status, 'playing'), lt(games.ownerToken, token)))
    .returning();
  return row;
}

/** Locks both users' rows (in id order, so two matches never deadlock) for the duration of the transaction. */
export async function lockUsers(tx: Executor, userIds: readonly string[]): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(inArray(users.id, [...userIds])).orderBy(users.id).for('update');
}

/**
 * Stores the engine's state, only while the game is in play and `ownerToken`
 * is still the last claim's (the fence): false when another node has claimed
 * the game since, or it has ended — the caller no longer owns it.
 */
export async function saveState(db: Executor, gameId: string, ownerToken: bigint, state: MatchState, nextDeadline: number | null): Promise<boolean> {
  const rows = await db
    .update(games)
    .set({ state, nextDeadline: nextDeadline === null ? null : new Date(nextDeadline), version: sql`${games.version} + 1` })
    .where(and(eq(games.id, gameId), eq(games.status, 'playing'), eq(games.ownerToken, ownerToken)))
    .returning({ id: games.id });
  return rows.length === 1;
}

/**
 * Ends a game once, only for the owner of the last claim (`ownerToken`): true
 * when this call flipped it from 'playing'.
 */
export async function endGame(
  tx: Executor,
  gameId: string,
  ownerToken: bigint,
  values: { status: 'finished' | 'refunded'; winnerId: string | null; endReason: string; state: MatchState; endedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(games)
    .set({ ...values, nextDeadline: null, version: sql`${games.version} + 1` })
    .where(and(eq(games.id, gameId), eq(games.status, 'playing'), eq(games.ownerToken, ownerToken)))
    .returning({ id: games.id });
  return rows.length === 1;
}

const player1 = alias(users, 'player1');
const player2 = alias(users, 'player2');

/** Finished games, newest first, with the players' display names. */
export function recentFinishedGames(db: Executor, limit: number) {
  return db
    .select({
      id: games.id,
      betUsd: games.betUsd,
      winnerId: games.winnerId,
      endedAt: games.endedAt,
      player1Id: games.player1Id,
      player2Id: games.player2Id,
      player1Name: player1.name,
      player2Name: player2.name,
    })
    .from(games)
    .innerJoin(player1, eq(player1.id, games.player1Id))
    .innerJoin(player2, eq(player2.id, games.player2Id))
    .where(inArray(games.status, ['finished', 'refunded']))
    .orderBy(desc(games.endedAt))
    .limit(limit);
}

/** The user's ended games, newest first, with the opponent. */
export function historyOf(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: games.id,
      betUsd: games.betUsd,
      winnerId: games.winnerId,
      endedAt: games.endedAt,
      player1Id: games.player1Id,
      player1: { id: player1.id, name: player1.name, walletAddress: player1.walletAddress },
      player2: { id: player2.id, name: player2.name, walletAddress: player2.walletAddress },
    })
    .from(games)
    .innerJoin(player1, eq(player1.id, games.player1Id))
    .innerJoin(player2, eq(player2.id, games.player2Id))
    .where(and(inArray(games.status, ['finished', 'refunded']), or(eq(games.player1Id, userId), eq(games.player2Id, userId))))
    .orderBy(desc(games.endedAt))
    .limit(limit);
}

/** The games console's queries (decision 039: SQL only in repositories). */
import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { games, ledgerAccounts, ledgerEntries, ledgerTransfers, users } from '../../infra/db/schema/index';

export type GameRow = typeof games.$inferSelect;

/** The names of these accounts (unknown ids are left out). */
export async function namesOf(db: Executor, userIds: readonly string[]): Promise<{ userId: string; name: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...userIds]));
}

/** These games, newest first. */
export async function gamesWithIds(db: Executor, gameIds: readonly string[]): Promise<GameRow[]> {
  return db
    .select()
    .from(games)
    .where(inArray(games.id, [...gameIds]))
    .orderBy(desc(games.createdAt));
}

/** The latest games, optionally one player's and/or in one status. */
export async function latestGames(
  db: Executor,
  filter: { userId?: string; status?: GameRow['status'] },
  limit: number,
): Promise<GameRow[]> {
  const conditions = [
    ...(filter.userId ? [or(eq(games.player1Id, filter.userId), eq(games.player2Id, filter.userId))] : []),
    ...(filter.status ? [eq(games.status, filter.status)] : []),
  ];
  return db
    .select()
    .from(games)
    .where(
      conditions.length > 0
        ? sql.join(
            conditions.map((condition) => sql`(${condition})`),
            sql` AND `,
          )
        : undefined,
    )
    .orderBy(desc(games.createdAt))
    .limit(limit);
}

export async function gameById(db: Executor, gameId: string): Promise<GameRow | undefined> {
  const [row] = await db.select().from(games).where(eq(games.id, gameId)).limit(1);
  return row;
}

/** The entries of the game's stake and settlement transfers, in order. */
export async function gameTransferEntries(db: Executor, gameId: string) {
  return db
    .select({
      id: ledgerTransfers.id,
      kind: ledgerTransfers.kind,
      at: ledgerTransfers.createdAt,
      account: ledgerAccounts.code,
      amount: ledgerEntries.amount,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(inArray(ledgerTransfers.idempotencyKey, [`game-stakes:${gameId}`, `game-settle:${gameId}`]))
    .orderBy(ledgerTransfers.createdAt, ledgerEntries.id);
}

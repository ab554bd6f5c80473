/**
 * Issue 18: games for support staff: the latest games (optionally one
 * player's) and a game's page — both players, every stored round (both plays
 * with their lock times, the round's winner, its start and deadline), its
 * stored match state (scores, round, phase) and its ledger transfers.
 */
import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { GamePage } from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import { games, ledgerAccounts, ledgerEntries, ledgerTransfers, users } from '../../infra/db/schema/index';
import { storedRounds } from './stored-rounds';

type GameRow = typeof games.$inferSelect;

function gameOf(row: GameRow): GamePage['game'] {
  return {
    gameId: row.id,
    status: row.status,
    stakeWei: row.stakeWei.toString(),
    betUsd: row.betUsd,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    winnerId: row.winnerId,
  };
}

export async function listGames(db: Executor, filter: { userId?: string; status?: GameRow['status'] }, limit = 100): Promise<GamePage['game'][]> {
  const conditions = [
    ...(filter.userId ? [or(eq(games.player1Id, filter.userId), eq(games.player2Id, filter.userId))] : []),
    ...(filter.status ? [eq(games.status, filter.status)] : []),
  ];
  const rows = await db
    .select()
    .from(games)
    .where(conditions.length > 0 ? sql.join(conditions.map((condition) => sql`(${condition})`), sql` AND `) : undefined)
    .orderBy(desc(games.createdAt))
    .limit(limit);
  return rows.map(gameOf);
}

export async function gamePage(db: Executor, gameId: string): Promise<GamePage | undefined> {
  const [row] = await db.select().from(games).where(eq(games.id, gameId)).limit(1);
  if (!row) return undefined;
  const players = await db.select({ userId: users.id, name: users.name }).from(users).where(inArray(users.id, [row.player1Id, row.player2Id]));
  const ordered = [row.player1Id, row.player2Id].map((id) => players.find((player) => player.userId === id) ?? { userId: id, name: '' });
  const transfers = await db
    .select({ id: ledgerTransfers.id, kind: ledgerTransfers.kind, at: ledgerTransfers.createdAt, account: ledgerAccounts.code, amount: ledgerEntries.amount })
    .from(ledgerTransfers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(inArray(ledgerTransfers.idempotencyKey, [`game-stakes:${gameId}`, `game-settle:${gameId}`]))
    .orderBy(ledgerTransfers.createdAt, ledgerEntries.id);
  const byTransfer = new Map<string, GamePage['transfers'][number]>();
  for (const entry of transfers) {
    const transfer = byTransfer.get(entry.id) ?? { id: entry.id, kind: entry.kind, at: entry.at.toISOString(), entries: [] };
    transfer.entries.push({ account: entry.account, amountWei: entry.amount.toString() });
    byTransfer.set(entry.id, transfer);
  }
  return { game: gameOf(row), players: ordered, rounds: storedRounds(row.state, row.player1Id, row.player2Id) ?? [], state: row.state, transfers: [...byTransfer.values()] };
}

/**
 * Issue 18: games for support staff: the latest games (optionally one
 * player's) and a game's page — both players, every stored round (both plays
 * with their lock times, the round's winner, its start and deadline), its
 * stored match state (scores, round, phase) and its ledger transfers.
 */
import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { GameListItem, GamePage } from '@shifumi/protocol';
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

/** Issue 26: the games with their two players' names (a game list says who played). */
async function withPlayers(db: Executor, rows: readonly GameRow[]): Promise<GameListItem[]> {
  const ids = [...new Set(rows.flatMap((row) => [row.player1Id, row.player2Id]))];
  const names = ids.length === 0 ? [] : await db.select({ userId: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  const nameOf = new Map(names.map((player) => [player.userId, player.name]));
  return rows.map((row) => ({
    ...gameOf(row),
    players: [row.player1Id, row.player2Id].map((userId) => ({ userId, name: nameOf.get(userId) ?? '' })),
  }));
}

/** Issue 26: the games a flag's evidence names (unknown ids are left out), newest first. */
export async function gamesByIds(db: Executor, gameIds: readonly string[]): Promise<GameListItem[]> {
  const ids = [...new Set(gameIds)].filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (ids.length === 0) return [];
  const rows = await db.select().from(games).where(inArray(games.id, ids)).orderBy(desc(games.createdAt));
  return withPlayers(db, rows);
}

/** The game ids a flag's evidence names (`games`, `game`). */
export function evidenceGameIds(evidence: unknown): string[] {
  if (typeof evidence !== 'object' || evidence === null) return [];
  const record = evidence as Record<string, unknown>;
  const list = Array.isArray(record.games) ? record.games : [];
  return [...list, record.game].filter((id): id is string => typeof id === 'string');
}

export async function listGames(db: Executor, filter: { userId?: string; status?: GameRow['status'] }, limit = 100): Promise<GameListItem[]> {
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
  return withPlayers(db, rows);
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

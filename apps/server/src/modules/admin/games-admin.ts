/**
 * Issue 18: games for support staff: the latest games (optionally one
 * player's) and a game's page — both players, every stored round (both plays
 * with their lock times, the round's winner, its start and deadline), its
 * stored match state (scores, round, phase) and its ledger transfers.
 */
import type { GameListItem, GamePage } from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import * as repo from './games-admin.repo';
import type { GameRow } from './games-admin.repo';
import { storedRounds } from './stored-rounds';

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
  const names = await repo.namesOf(db, ids);
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
  const rows = await repo.gamesWithIds(db, ids);
  return withPlayers(db, rows);
}

/** The game ids a flag's evidence names (`games`, `game`). */
export function evidenceGameIds(evidence: unknown): string[] {
  if (typeof evidence !== 'object' || evidence === null) return [];
  const record = evidence as Record<string, unknown>;
  const list = Array.isArray(record.games) ? record.games : [];
  return [...list, record.game].filter((id): id is string => typeof id === 'string');
}

export async function listGames(
  db: Executor,
  filter: { userId?: string; status?: GameRow['status'] },
  limit = 100,
): Promise<GameListItem[]> {
  const rows = await repo.latestGames(db, filter, limit);
  return withPlayers(db, rows);
}

export async function gamePage(db: Executor, gameId: string): Promise<GamePage | undefined> {
  const row = await repo.gameById(db, gameId);
  if (!row) return undefined;
  const players = await repo.namesOf(db, [row.player1Id, row.player2Id]);
  const ordered = [row.player1Id, row.player2Id].map(
    (id) => players.find((player) => player.userId === id) ?? { userId: id, name: '' },
  );
  const transfers = await repo.gameTransferEntries(db, gameId);
  const byTransfer = new Map<string, GamePage['transfers'][number]>();
  for (const entry of transfers) {
    const transfer = byTransfer.get(entry.id) ?? { id: entry.id, kind: entry.kind, at: entry.at.toISOString(), entries: [] };
    transfer.entries.push({ account: entry.account, amountWei: entry.amount.toString() });
    byTransfer.set(entry.id, transfer);
  }
  return {
    game: gameOf(row),
    players: ordered,
    rounds: storedRounds(row.state, row.player1Id, row.player2Id) ?? [],
    state: row.state,
    transfers: [...byTransfer.values()],
  };
}

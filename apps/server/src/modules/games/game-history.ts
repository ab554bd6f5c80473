/**
 * Reads of finished games: the public feed of recent transactions and a
 * user's history for the account page. Depends on games.repo.ts only.
 */
import { shownWalletAddress, type GameHistoryItem, type TransactionFeedItem } from '@shifumi/protocol';
import type { Database } from '../../infra/db/database';
import { historyOf, recentFinishedGames } from './games.repo';

/** Finished games for the feed, newest first. */
export async function recentTransactions(db: Database, limit: number): Promise<TransactionFeedItem[]> {
  const rows = await recentFinishedGames(db, limit);
  return rows.map((row) => ({
    game: row.id,
    player1: row.player1Name,
    player2: row.player2Name,
    winner: row.winnerId === null ? 'draw' : row.winnerId === row.player1Id ? row.player1Name : row.player2Name,
    amount: row.betUsd,
    date: (row.endedAt ?? new Date(0)).toISOString(),
  }));
}

/** The user's game history for the account page. */
export async function gameHistory(db: Database, userId: string, limit = 20): Promise<GameHistoryItem[]> {
  const rows = await historyOf(db, userId, limit);
  return rows.map((row) => {
    const opponent = row.player1Id === userId ? row.player2 : row.player1;
    return {
      id: row.id,
      date: (row.endedAt ?? new Date(0)).toISOString(),
      result: row.winnerId === null ? 'Draw' : row.winnerId === userId ? 'Victory' : 'Defeat',
      // Issue 23: what the account page shows of the opponent's address, never the address.
      oppUserId: { id: opponent.id, name: opponent.name, walletAddress: shownWalletAddress(opponent.walletAddress) },
      amount: row.betUsd,
      game: row.id,
    };
  });
}

import { RECENT_TRANSACTIONS_SHOWN, type TransactionFeedItem } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { GameService } from '../modules/games/game.service';

export interface TransactionsRoutesOptions {
  games: GameService;
}

/** How many finished games `GET /api/transactions` answers (the home page shows the first 7 after de-duplication). */
export const TRANSACTIONS_LIMIT = RECENT_TRANSACTIONS_SHOWN * 3;

/** `GET /api/transactions`: recent finished games, newest first. Public, like the live feed. */
export async function transactionsRoutes(app: FastifyInstance, options: TransactionsRoutesOptions): Promise<void> {
  app.get('/transactions', async (): Promise<TransactionFeedItem[]> => options.games.recentTransactions(TRANSACTIONS_LIMIT));
}

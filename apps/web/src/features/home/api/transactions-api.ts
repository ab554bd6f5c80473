/** GET /api/transactions and the live `new_transaction` feed (spec S2 "Home page", S7.06). */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { RECENT_TRANSACTIONS_SHOWN, WINDOW_EVENTS, type TransactionFeedItem } from '@shifumi/protocol';
import { apiRequest } from '../../../lib/api-client';

const feedItemSchema = z.object({
  game: z.string(),
  player1: z.string(),
  player2: z.string(),
  winner: z.string(),
  amount: z.number(),
  date: z.string(),
});

export const transactionsQueryKey = ['transactions'] as const;

/** Newest first, de-duplicated by game, players, winner, amount and date (S7.06). */
export function mergeFeed(items: readonly TransactionFeedItem[]): TransactionFeedItem[] {
  const seen = new Set<string>();
  const merged: TransactionFeedItem[] = [];
  for (const item of items) {
    const key = [item.game, item.player1, item.player2, item.winner, item.amount, item.date].join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(item);
  }
  return merged;
}

export function useRecentTransactions(): TransactionFeedItem[] {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: transactionsQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/transactions', { method: 'GET', signal }, z.array(feedItemSchema)),
  });
  useEffect(() => {
    // Spec S8.10: a failure to load transactions is only logged.
    if (query.error) console.error('Could not load the recent transactions', query.error);
  }, [query.error]);
  useEffect(() => {
    function onTransaction(event: Event) {
      const parsed = feedItemSchema.safeParse((event as CustomEvent<unknown>).detail);
      if (!parsed.success) return;
      queryClient.setQueryData<TransactionFeedItem[]>(transactionsQueryKey, (current) => mergeFeed([parsed.data, ...(current ?? [])]));
    }
    window.addEventListener(WINDOW_EVENTS.transaction, onTransaction);
    return () => window.removeEventListener(WINDOW_EVENTS.transaction, onTransaction);
  }, [queryClient]);
  return mergeFeed(query.data ?? []).slice(0, RECENT_TRANSACTIONS_SHOWN);
}

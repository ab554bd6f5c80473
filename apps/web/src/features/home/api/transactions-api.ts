/**
 * Recent Transactions (spec S2 "Home page", S7.06): GET /api/transactions
 * (finished games, newest first) and the live `new_transaction` feed, which
 * the public socket re-emits as a window event. Parsed here with a local
 * schema, item by item: a malformed item is left out and logged, the rest
 * still shows. Failures are only logged (S8.10).
 */
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

/** Keeps the well-formed items of an answer. */
const feedSchema = z.array(z.unknown()).transform((items) =>
  items.flatMap((item) => {
    const parsed = feedItemSchema.safeParse(item);
    if (parsed.success) return [parsed.data];
    console.warn('A recent transaction was left out: it does not have the expected shape', item);
    return [];
  }),
);

export const transactionsQueryKey = ['transactions'] as const;

/** What makes two feed items the same (S7.06): the game, the players, the winner, the amount and the date. */
export function feedItemKey(item: TransactionFeedItem): string {
  return JSON.stringify([item.game, item.player1, item.player2, item.winner, item.amount, item.date]);
}

/** Without duplicates, newest first (items of the same date keep their order). */
export function mergeFeed(items: readonly TransactionFeedItem[]): TransactionFeedItem[] {
  const seen = new Set<string>();
  const merged: TransactionFeedItem[] = [];
  for (const item of items) {
    const key = feedItemKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(item);
  }
  return merged.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

export function useRecentTransactions(): TransactionFeedItem[] {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: transactionsQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/transactions', { method: 'GET', signal }, feedSchema),
    // Back on the home page (after a game, say) the list is read again: games ended meanwhile.
    staleTime: 0,
  });
  useEffect(() => {
    if (query.error) console.error('Could not load the recent transactions', query.error);
  }, [query.error]);
  useEffect(() => {
    function onTransaction(event: Event) {
      const parsed = feedItemSchema.safeParse(event instanceof CustomEvent ? event.detail : undefined);
      if (!parsed.success) {
        console.warn('A live transaction was left out: it does not have the expected shape', parsed.error);
        return;
      }
      queryClient.setQueryData<TransactionFeedItem[]>(transactionsQueryKey, (current) => mergeFeed([parsed.data, ...(current ?? [])]));
    }
    window.addEventListener(WINDOW_EVENTS.transaction, onTransaction);
    return () => window.removeEventListener(WINDOW_EVENTS.transaction, onTransaction);
  }, [queryClient]);
  return mergeFeed(query.data ?? []).slice(0, RECENT_TRANSACTIONS_SHOWN);
}

/**
 * Recent Transactions (spec S2 "Home page", S7.06): GET /api/transactions
 * (finished games, newest first) and the live `new_transaction` feed, which
 * the public socket re-emits as a window event. Each item is checked with the
 * protocol's guard (no zod for a visitor's home page): a malformed item is
 * left out and logged, the rest still shows. Failures are only logged (S8.10).
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TransactionFeedItem } from '@shifumi/protocol';
import { RECENT_TRANSACTIONS_SHOWN, WINDOW_EVENTS } from '@shifumi/protocol/constants';
import { isTransactionFeedItem } from '@shifumi/protocol/guards';
import { apiRequest } from '../../../lib/api-client';

export const transactionsQueryKey = ['transactions'] as const;

/** The well-formed items of `items`; each other one is logged and left out. */
function wellFormedItems(items: readonly unknown[], what: string): TransactionFeedItem[] {
  return items.filter((item): item is TransactionFeedItem => {
    if (isTransactionFeedItem(item)) return true;
    console.warn(`${what} was left out: it does not have the expected shape`, item);
    return false;
  });
}

async function fetchRecentTransactions(signal: AbortSignal): Promise<TransactionFeedItem[]> {
  const answer = await apiRequest('/api/transactions', { method: 'GET', signal });
  if (!Array.isArray(answer)) throw new Error('The recent transactions are not a list');
  return wellFormedItems(answer, 'A recent transaction');
}

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

/** The games to show, and whether the first answer came (issue 26: an empty list is short only once it is known to be empty). */
export function useRecentTransactions(): { items: TransactionFeedItem[]; settled: boolean } {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: transactionsQueryKey,
    queryFn: ({ signal }) => fetchRecentTransactions(signal),
    // Back on the home page (after a game, say) the list is read again: games ended meanwhile.
    staleTime: 0,
  });
  useEffect(() => {
    if (query.error) console.error('Could not load the recent transactions', query.error);
  }, [query.error]);
  useEffect(() => {
    function onTransaction(event: Event) {
      const items = wellFormedItems([event instanceof CustomEvent ? (event.detail as unknown) : undefined], 'A live transaction');
      if (items.length > 0)
        queryClient.setQueryData<TransactionFeedItem[]>(transactionsQueryKey, (current) =>
          mergeFeed([...items, ...(current ?? [])]),
        );
    }
    window.addEventListener(WINDOW_EVENTS.transaction, onTransaction);
    return () => window.removeEventListener(WINDOW_EVENTS.transaction, onTransaction);
  }, [queryClient]);
  return { items: mergeFeed(query.data ?? []).slice(0, RECENT_TRANSACTIONS_SHOWN), settled: query.isSuccess || query.isError };
}

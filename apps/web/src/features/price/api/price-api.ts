/**
 * The server's ETH/USD price (GET /api/price), refreshed every 60 s (S9.03).
 * A failure is only logged (S8); a stale price is reported as such so that
 * no screen shows a wrong dollar value.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { parseUsdPrice } from '@shifumi/money';
import { PRICE_POLL_MS, priceResponseSchema, type PriceSource } from '@shifumi/protocol';
import { apiRequest } from '../../../lib/api-client';

export const priceQueryKey = ['price'] as const;

export interface UsablePrice {
  /** Micro-USD per ETH, what the money arithmetic takes. */
  microUsdPerEth: bigint;
  ethUsd: number;
  source: PriceSource;
}

export function usePriceQuery() {
  const query = useQuery({
    queryKey: priceQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/price', { method: 'GET', signal }, priceResponseSchema),
    refetchInterval: PRICE_POLL_MS,
    staleTime: PRICE_POLL_MS,
  });
  useEffect(() => {
    if (query.error) console.error('Could not load the ETH price', query.error);
  }, [query.error]);
  return query;
}

/** The price when it can be used for USD values: loaded and not stale. */
export function useUsablePrice(): UsablePrice | null {
  const { data } = usePriceQuery();
  if (!data || data.stale) return null;
  const parsed = parseUsdPrice(data.ethUsd);
  if (!parsed.ok) return null;
  return { microUsdPerEth: parsed.microUsdPerEth, ethUsd: data.ethUsd, source: data.source };
}

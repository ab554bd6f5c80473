/**
 * The server's ETH/USD price (GET /api/price), refreshed every 60 s (S9.03).
 * A failure is only logged (S8); a price that is stale — by the server's
 * word, or because we have not managed to refresh it for a while — is not
 * used, so that no screen shows a wrong dollar value.
 */
import { useQuery } from '@tanstack/react-query';
import { parseUsdPrice } from '@shifumi/money';
import type { PriceResponse, PriceSource } from '@shifumi/protocol';
import { PRICE_POLL_MS } from '@shifumi/protocol/constants';
import { isPriceResponse } from '@shifumi/protocol/guards';
import { apiRequest } from './api-client';
import { checkedBy } from './protocol-schemas';

export const priceQueryKey = ['price'] as const;

/**
 * How long a price we could not refresh stays usable: five missed polls, the
 * server's own default stale limit (PRICE_STALE_MS, 300 s).
 */
export const PRICE_UNREFRESHED_LIMIT_MS = 5 * PRICE_POLL_MS;

/** Shown instead of a dollar value when there is no usable price. */
export const PRICE_UNAVAILABLE_TEXT = 'Price unavailable';

export interface UsablePrice {
  /** Micro-USD per ETH, what the money arithmetic takes. */
  microUsdPerEth: bigint;
  ethUsd: number;
  source: PriceSource;
}

async function fetchPrice(signal: AbortSignal): Promise<PriceResponse> {
  try {
    return await apiRequest('/api/price', { method: 'GET', signal }, checkedBy(isPriceResponse, 'a price'));
  } catch (error) {
    // Logged here, once per failed request, rather than by every component that shows a price.
    if (!(error instanceof DOMException && error.name === 'AbortError')) console.error('Could not load the ETH price', error);
    throw error;
  }
}

export function usePriceQuery() {
  return useQuery({
    queryKey: priceQueryKey,
    queryFn: ({ signal }) => fetchPrice(signal),
    refetchInterval: PRICE_POLL_MS,
    staleTime: PRICE_POLL_MS,
  });
}

/**
 * The price when it may be turned into dollars: loaded, not stale according
 * to the server, and not left unrefreshed by failures for longer than
 * PRICE_UNREFRESHED_LIMIT_MS (timestamps are the query's, both from this
 * browser's clock).
 */
export function usablePrice(data: PriceResponse | undefined, dataUpdatedAt: number, errorUpdatedAt: number): UsablePrice | null {
  if (!data || data.stale) return null;
  if (errorUpdatedAt - dataUpdatedAt > PRICE_UNREFRESHED_LIMIT_MS) return null;
  const parsed = parseUsdPrice(data.ethUsd);
  if (!parsed.ok) return null;
  return { microUsdPerEth: parsed.microUsdPerEth, ethUsd: data.ethUsd, source: data.source };
}

export function useUsablePrice(): UsablePrice | null {
  const { data, dataUpdatedAt, errorUpdatedAt } = usePriceQuery();
  return usablePrice(data, dataUpdatedAt, errorUpdatedAt);
}

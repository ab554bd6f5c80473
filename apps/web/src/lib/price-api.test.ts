import { describe, expect, it } from 'vitest';
import type { PriceResponse } from '@shifumi/protocol';
import { PRICE_UNREFRESHED_LIMIT_MS, usablePrice } from './price-api';

const fresh: PriceResponse = { ethUsd: 3456.78, updatedAt: '2026-11-23T00:00:00.000Z', source: 'live', stale: false };
const fetchedAt = 1_000_000;

describe('usablePrice', () => {
  it('turns a fresh price into micro-USD per ETH and keeps its source', () => {
    expect(usablePrice(fresh, fetchedAt, 0)).toEqual({ microUsdPerEth: 3_456_780_000n, ethUsd: 3456.78, source: 'live' });
    expect(usablePrice({ ...fresh, source: 'development' }, fetchedAt, 0)?.source).toBe('development');
  });

  it('has nothing before the first answer, and nothing from a price the server calls stale', () => {
    expect(usablePrice(undefined, 0, 0)).toBeNull();
    expect(usablePrice({ ...fresh, stale: true }, fetchedAt, 0)).toBeNull();
  });

  it('keeps a price through a few failed refreshes, not past the limit', () => {
    expect(usablePrice(fresh, fetchedAt, fetchedAt + PRICE_UNREFRESHED_LIMIT_MS)).not.toBeNull();
    expect(usablePrice(fresh, fetchedAt, fetchedAt + PRICE_UNREFRESHED_LIMIT_MS + 1)).toBeNull();
    // An old failure followed by a success does not count.
    expect(usablePrice(fresh, fetchedAt, fetchedAt - 10 * PRICE_UNREFRESHED_LIMIT_MS)).not.toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createPriceService, type FetchFn } from './price.service';

const URL = 'https://prices.test/eth';
const logger = { warn: vi.fn(), info: vi.fn(), error: vi.fn() };

function setup(answers: unknown[], fixed?: { ethUsd: string; source: 'fixed' | 'development' }) {
  let now = new Date('2026-01-01T00:00:00Z').getTime();
  const timers: Array<{ callback: () => void; ms: number }> = [];
  const queue = [...answers];
  const fetch = vi.fn<FetchFn>(async () => {
    const answer = queue.shift();
    if (answer instanceof Error) throw answer;
    return { ok: true, status: 200, json: async () => answer };
  });
  const service = createPriceService({
    fixed,
    url: URL,
    pollMs: 60_000,
    staleMs: 300_000,
    fetch,
    clock: () => new Date(now),
    logger,
    setTimeout: (callback, ms) => {
      const timer = { callback, ms };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const index = timers.indexOf(handle as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
  });
  return {
    service,
    fetch,
    timers,
    advance(ms: number) {
      now += ms;
    },
    async fireTimer() {
      const timer = timers.shift();
      timer?.callback();
      await vi.waitFor(() => expect(timers.length).toBe(1));
    },
  };
}

describe('PriceService', () => {
  it('polls the live price at start and every poll interval, without overlapping', async () => {
    const s = setup([{ ethereum: { usd: 2543.17 } }, { ethereum: { usd: 2600 } }]);
    expect(s.service.current()).toBeUndefined();
    expect(s.service.requireFresh()).toEqual({ ok: false, refusal: { code: 'price_unavailable' } });
    s.service.start();
    await vi.waitFor(() => expect(s.timers.length).toBe(1));
    expect(s.fetch).toHaveBeenCalledTimes(1);
    expect(s.fetch.mock.calls[0]?.[0]).toBe(URL);
    expect(s.timers[0]?.ms).toBe(60_000);
    expect(s.service.current()).toMatchObject({ ethUsd: '2543.17', microUsdPerEth: 2_543_170_000n, source: 'live' });
    s.advance(60_000);
    await s.fireTimer();
    expect(s.fetch).toHaveBeenCalledTimes(2);
    expect(s.service.current()).toMatchObject({ ethUsd: '2600', microUsdPerEth: 2_600_000_000n });
    expect(s.service.current()?.updatedAt.toISOString()).toBe('2026-01-01T00:01:00.000Z');
    await s.service.stop();
    expect(s.timers).toEqual([]);
  });

  it('keeps the previous price on garbage, invalid numbers and network errors', async () => {
    const s = setup([
      { ethereum: { usd: 3100.5 } },
      '<html>rate limited</html>',
      { ethereum: { usd: -5 } },
      { ethereum: { usd: 0 } },
      new Error('network down'),
    ]);
    await s.service.pollOnce();
    const first = s.service.current();
    expect(first).toMatchObject({ ethUsd: '3100.5', source: 'live' });
    logger.warn.mockClear();
    for (let i = 0; i < 4; i += 1) {
      s.advance(1000);
      await s.service.pollOnce();
      expect(s.service.current()).toBe(first);
    }
    expect(logger.warn).toHaveBeenCalledTimes(4);
  });

  it('refuses a price older than five minutes', async () => {
    const s = setup([{ ethereum: { usd: 3000 } }]);
    await s.service.pollOnce();
    s.advance(300_000);
    expect(s.service.requireFresh()).toMatchObject({ ok: true, value: { ethUsd: '3000' } });
    s.advance(1);
    const price = s.service.current();
    expect(price && s.service.isStale(price)).toBe(true);
    expect(s.service.requireFresh()).toEqual({ ok: false, refusal: { code: 'price_unavailable' } });
  });

  it('never polls nor goes stale with a fixed or development price', async () => {
    for (const source of ['fixed', 'development'] as const) {
      const s = setup([], { ethUsd: '3000', source });
      s.service.start();
      expect(s.fetch).not.toHaveBeenCalled();
      expect(s.timers).toEqual([]);
      s.advance(365 * 24 * 3600_000);
      expect(s.service.requireFresh()).toMatchObject({
        ok: true,
        value: { ethUsd: '3000', microUsdPerEth: 3_000_000_000n, source },
      });
      await s.service.stop();
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HOUR_MS,
  changeLimit,
  changeRealityCheck,
  heldWei,
  netLossUsd,
  playableFrom,
  selfExclusionActive,
  selfExclusionEndsAt,
  settle,
  stakeFits,
  wageredUsd,
  type PlayedGame,
} from './limit-rules';

const NOW = new Date('2026-11-24T12:00:00Z');
const DAY = 24 * HOUR_MS;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('changeLimit', () => {
  it('sets and lowers at once, raises and removes after the delay, and the value in force cancels a pending change', () => {
    const none = { amountUsd: null, pending: null };
    expect(changeLimit(none, 50, NOW, DAY)).toEqual({ amountUsd: 50, pending: null });
    expect(changeLimit({ amountUsd: 50, pending: null }, 20, NOW, DAY)).toEqual({ amountUsd: 20, pending: null });
    const raised = changeLimit({ amountUsd: 50, pending: null }, 80, NOW, DAY);
    expect(raised).toEqual({ amountUsd: 50, pending: { amountUsd: 80, effectiveAt: new Date(NOW.getTime() + DAY) } });
    expect(changeLimit(raised, 50, NOW, DAY)).toEqual({ amountUsd: 50, pending: null });
    expect(changeLimit({ amountUsd: 50, pending: null }, null, NOW, DAY).pending?.amountUsd).toBeNull();
    expect(settle(raised, new Date(NOW.getTime() + DAY - 1)).amountUsd).toBe(50);
    expect(settle(raised, new Date(NOW.getTime() + DAY))).toEqual({ amountUsd: 80, pending: null });
  });

  it('never loosens the limit in force at once (property)', () => {
    const amount = fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null });
    fc.assert(
      fc.property(amount, amount, (current, requested) => {
        const next = changeLimit({ amountUsd: current, pending: null }, requested, NOW, DAY);
        const looser = (a: number | null, b: number | null) => (a === null ? b !== null : b !== null && a > b);
        expect(looser(next.amountUsd, current)).toBe(false);
      }),
    );
  });
});

describe('changeRealityCheck', () => {
  it('more frequent at once; less frequent or off after the delay', () => {
    expect(changeRealityCheck({ minutes: 60, pending: null }, 15, NOW, DAY)).toEqual({ minutes: 15, pending: null });
    expect(changeRealityCheck({ minutes: 0, pending: null }, 60, NOW, DAY)).toEqual({ minutes: 60, pending: null });
    expect(changeRealityCheck({ minutes: 15, pending: null }, 0, NOW, DAY).pending?.minutes).toBe(0);
    expect(changeRealityCheck({ minutes: 15, pending: null }, 30, NOW, DAY)).toEqual({
      minutes: 15,
      pending: { minutes: 30, effectiveAt: new Date(NOW.getTime() + DAY) },
    });
  });
});

describe('loss and wager', () => {
  const games: PlayedGame[] = [
    { betUsd: 10, createdAt: ago(2 * HOUR_MS), outcome: 'lost' },
    { betUsd: 5, createdAt: ago(HOUR_MS), outcome: 'won' },
    { betUsd: 50, createdAt: ago(HOUR_MS), outcome: 'refunded' },
    { betUsd: 20, createdAt: ago(2 * DAY), outcome: 'lost' },
  ];

  it('counts the window only: net loss and total staked', () => {
    expect(netLossUsd(games, 'day', NOW)).toBe(5);
    expect(wageredUsd(games, 'day', NOW)).toBe(15);
    expect(netLossUsd(games, 'week', NOW)).toBe(25);
    expect(netLossUsd([{ betUsd: 5, createdAt: ago(1), outcome: 'playing' }], 'day', NOW)).toBe(5);
  });

  it('allows reaching the limit exactly, refuses one dollar more, and says when it fits again', () => {
    expect(stakeFits('loss', 'day', 20, games, 15, NOW)).toEqual({ fits: true });
    const refused = stakeFits('loss', 'day', 20, games, 20, NOW);
    // Net loss 5 + 20 > 20; once the lost $10 game leaves the window the net loss is −5, and 20 fits.
    expect(refused).toEqual({ fits: false, freeAt: new Date(ago(2 * HOUR_MS).getTime() + DAY) });
    expect(stakeFits('wager', 'day', 10, games, 15, NOW)).toEqual({ fits: false, freeAt: null });
  });
});

describe('deposits held by a deposit limit', () => {
  const deposits = [
    { amountWei: 60n, createdAt: ago(20 * HOUR_MS) },
    { amountWei: 50n, createdAt: ago(HOUR_MS) },
  ];
  const limits = [{ period: 'day' as const, limitWei: 80n }];

  it('holds the part above the limit, never more than the balance, and frees it as deposits leave the window', () => {
    expect(heldWei(110n, deposits, limits, NOW)).toBe(30n);
    expect(heldWei(20n, deposits, limits, NOW)).toBe(20n);
    expect(heldWei(110n, deposits, limits, new Date(NOW.getTime() + 4 * HOUR_MS + 1))).toBe(0n);
    expect(playableFrom(110n, deposits, limits, 100n, NOW)).toEqual(new Date(ago(20 * HOUR_MS).getTime() + DAY));
  });
});

describe('self-exclusion', () => {
  it('stays past its term until asked, then ends 24 hours after the request', () => {
    const until = ago(HOUR_MS);
    expect(selfExclusionActive({ until, endRequestedAt: null }, NOW)).toBe(true);
    expect(selfExclusionEndsAt({ until, endRequestedAt: NOW })).toEqual(new Date(NOW.getTime() + DAY));
    expect(selfExclusionActive({ until, endRequestedAt: ago(DAY) }, NOW)).toBe(false);
    expect(selfExclusionActive({ until: new Date(NOW.getTime() + DAY * 100), endRequestedAt: ago(DAY) }, NOW)).toBe(true);
  });
});

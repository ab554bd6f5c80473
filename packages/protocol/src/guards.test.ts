import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIsoDateTime, isLobbyEvent, isMessageResponse, isPriceResponse, isPublicUser, isTransactionFeedItem } from './guards';
import { z } from 'zod';
import { messageResponseSchema, priceResponseSchema, publicUserSchema } from './http';
import { transactionFeedItemSchema } from './socket';

const field = fc.oneof(fc.string(), fc.constant(null), fc.constant(undefined), fc.integer(), fc.boolean(), fc.constant({}));

describe('isPublicUser', () => {
  it('accepts exactly what publicUserSchema accepts', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.record({ id: field, name: field, email: field, walletAddress: field }, { requiredKeys: [] }), fc.anything()),
        (value) => {
          expect(isPublicUser(value)).toBe(publicUserSchema.safeParse(value).success);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('accepts a user with and without an e-mail or a wallet, and refuses one field short', () => {
    expect(isPublicUser({ id: 'u', name: 'Ann', email: 'ann@example.com', walletAddress: null })).toBe(true);
    expect(isPublicUser({ id: 'u', name: '0xab…cd', email: null, walletAddress: '0xab' })).toBe(true);
    expect(isPublicUser({ id: 'u', name: 'Ann', email: null })).toBe(false);
    expect(isPublicUser(['u', 'Ann', null, null])).toBe(false);
  });
});

describe('isMessageResponse', () => {
  it('accepts exactly what messageResponseSchema accepts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.record({ message: field }, { requiredKeys: [] }), fc.anything()), (value) => {
        expect(isMessageResponse(value)).toBe(messageResponseSchema.safeParse(value).success);
      }),
      { numRuns: 2_000 },
    );
  });
});

const twoDigits = fc.integer({ min: 0, max: 99 }).map((value) => String(value).padStart(2, '0'));
/** Datetimes shaped like ISO 8601 with any two-digit fields (so impossible days and times too), and real ones. */
const datetimeLike = fc.oneof(
  fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
    .map((date) => date.toISOString()),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      twoDigits,
      twoDigits,
      twoDigits,
      twoDigits,
      twoDigits,
      fc.constantFrom('', '.5', '.123456789'),
      fc.constantFrom('Z', '+01:00', ''),
    )
    .map(
      ([year, month, day, hour, minute, second, fraction, zone]) =>
        `${String(year).padStart(4, '0')}-${month}-${day}T${hour}:${minute}:${second}${fraction}${zone}`,
    ),
  fc.string(),
);

describe('isIsoDateTime', () => {
  it('accepts exactly what z.iso.datetime() accepts', () => {
    const schema = z.iso.datetime();
    fc.assert(
      fc.property(datetimeLike, (value) => {
        expect(isIsoDateTime(value)).toBe(schema.safeParse(value).success);
      }),
      { numRuns: 5_000 },
    );
    for (const value of [
      '2024-02-29T00:00:00Z',
      '2023-02-29T00:00:00Z',
      '2000-02-29T12:00:00.5Z',
      '1900-02-29T12:00:00Z',
      '0000-02-29T00:00:00Z',
    ]) {
      expect(isIsoDateTime(value), value).toBe(schema.safeParse(value).success);
    }
  });
});

const numberLike = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constant(Number.NaN),
  fc.constant(Number.POSITIVE_INFINITY),
  fc.string(),
  fc.constant(null),
);

describe('isPriceResponse', () => {
  it('accepts exactly what priceResponseSchema accepts', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record(
            {
              ethUsd: numberLike,
              updatedAt: datetimeLike,
              source: fc.constantFrom('live', 'fixed', 'development', 'other', 1),
              stale: fc.oneof(fc.boolean(), fc.constant('false')),
            },
            { requiredKeys: [] },
          ),
          fc.anything(),
        ),
        (value) => {
          expect(isPriceResponse(value)).toBe(priceResponseSchema.safeParse(value).success);
        },
      ),
      { numRuns: 3_000 },
    );
  });
});

describe('isTransactionFeedItem', () => {
  it('accepts exactly what transactionFeedItemSchema accepts', () => {
    const text = fc.oneof(fc.string(), fc.integer(), fc.constant(null));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record(
            { game: text, player1: text, player2: text, winner: text, amount: numberLike, date: text },
            { requiredKeys: [] },
          ),
          fc.anything(),
        ),
        (value) => {
          expect(isTransactionFeedItem(value)).toBe(transactionFeedItemSchema.safeParse(value).success);
        },
      ),
      { numRuns: 3_000 },
    );
  });
});

describe('isLobbyEvent (issue 24)', () => {
  const stakes = [1, 5, 10, 15, 20, 50, 100].map((amount) => ({ amount, waiting: 0 }));
  it('accepts the seven stakes in order with whole, non-negative counts', () => {
    expect(isLobbyEvent({ stakes })).toBe(true);
    expect(isLobbyEvent({ stakes: stakes.map((stake) => ({ ...stake, waiting: 3 })) })).toBe(true);
  });
  it('refuses a missing or extra stake, another order, a negative, fractional or missing count', () => {
    expect(isLobbyEvent({ stakes: stakes.slice(1) })).toBe(false);
    expect(isLobbyEvent({ stakes: [...stakes, { amount: 200, waiting: 0 }] })).toBe(false);
    expect(isLobbyEvent({ stakes: [...stakes].reverse() })).toBe(false);
    expect(isLobbyEvent({ stakes: stakes.map((stake, index) => (index === 2 ? { ...stake, waiting: -1 } : stake)) })).toBe(false);
    expect(isLobbyEvent({ stakes: stakes.map((stake, index) => (index === 2 ? { ...stake, waiting: 1.5 } : stake)) })).toBe(
      false,
    );
    expect(isLobbyEvent({ stakes: stakes.map((stake, index) => (index === 2 ? { amount: stake.amount } : stake)) })).toBe(false);
    expect(isLobbyEvent(null)).toBe(false);
    expect(isLobbyEvent({ stakes: 'none' })).toBe(false);
  });
});

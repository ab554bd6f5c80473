import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMessageResponse, isPublicUser } from './guards';
import { messageResponseSchema, publicUserSchema } from './http';

const field = fc.oneof(fc.string(), fc.constant(null), fc.constant(undefined), fc.integer(), fc.boolean(), fc.constant({}));

describe('isPublicUser', () => {
  it('accepts exactly what publicUserSchema accepts', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ id: field, name: field, email: field, walletAddress: field }, { requiredKeys: [] }),
          fc.anything(),
        ),
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

import { createHash, webcrypto } from 'node:crypto';
import { CHOICES } from '@shifumi/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentMatches, commitmentPreimage, computeCommitment, newSalt, sealChoice } from './commitment';
import { webCryptoFairness, type SubtleCryptoLike } from './crypto';
import { toHex } from './encoding';
import { nodeFairnessCrypto } from './node';

const webCrypto = webCryptoFairness(webcrypto.subtle as unknown as SubtleCryptoLike);
const SALT = 'a'.repeat(64);
const base = { room: 'room-1', round: 2, userId: 'user-1', choice: 'paper', salt: SALT } as const;

describe('commitment', () => {
  it('is the lower-case hex SHA-256 of shifumi-commit-v1|room|round|userId|choice|salt', async () => {
    expect(commitmentPreimage(base)).toBe(`shifumi-commit-v1|room-1|2|user-1|paper|${SALT}`);
    const expected = createHash('sha256').update(`shifumi-commit-v1|room-1|2|user-1|paper|${SALT}`, 'utf8').digest('hex');
    expect(await computeCommitment(nodeFairnessCrypto, base)).toBe(expected);
    expect(await computeCommitment(webCrypto, base)).toBe(expected);
  });

  it('hashes the UTF-8 bytes of the preimage (a room or user id beyond ASCII)', async () => {
    const input = { ...base, room: 'salle-é', userId: 'joueur-😀' };
    const expected = createHash('sha256')
      .update(Buffer.from(commitmentPreimage(input), 'utf8'))
      .digest('hex');
    expect(await computeCommitment(webCrypto, input)).toBe(expected);
  });

  it('Node and Web Crypto agree on every input', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          room: fc.string({ minLength: 1 }),
          round: fc.integer({ min: 1, max: 20 }),
          userId: fc.string({ minLength: 1 }),
          choice: fc.constantFrom(...CHOICES),
          salt: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex),
        }),
        async (input) => {
          expect(await computeCommitment(webCrypto, input)).toBe(await computeCommitment(nodeFairnessCrypto, input));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('binds the room, the round, the player, the choice and the salt: changing any one breaks the match', async () => {
    const commitment = await computeCommitment(webCrypto, base);
    expect(await commitmentMatches(webCrypto, { ...base, commitment })).toBe(true);
    const changes = [
      { room: 'room-2' },
      { round: 3 },
      { userId: 'user-2' },
      { choice: 'rock' as const },
      { choice: 'scissors' as const },
      { salt: 'b'.repeat(64) },
    ];
    for (const change of changes) expect(await commitmentMatches(webCrypto, { ...base, ...change, commitment })).toBe(false);
  });

  it('a commitment copied from the opponent cannot be revealed as one’s own, even with their choice and salt', async () => {
    const opponents = await computeCommitment(webCrypto, { ...base, userId: 'opponent' });
    expect(await commitmentMatches(webCrypto, { ...base, userId: 'copier', commitment: opponents })).toBe(false);
    expect(await commitmentMatches(webCrypto, { ...base, userId: 'opponent', commitment: opponents })).toBe(true);
  });

  it('refuses a malformed salt or commitment instead of hashing it', async () => {
    await expect(computeCommitment(webCrypto, { ...base, salt: 'A'.repeat(64) })).rejects.toThrow(RangeError);
    await expect(computeCommitment(webCrypto, { ...base, salt: 'a'.repeat(63) })).rejects.toThrow(RangeError);
    const commitment = await computeCommitment(webCrypto, base);
    expect(await commitmentMatches(webCrypto, { ...base, commitment: commitment.toUpperCase() })).toBe(false);
    expect(await commitmentMatches(webCrypto, { ...base, salt: SALT.toUpperCase(), commitment })).toBe(false);
  });

  it('seals a choice with a fresh salt: the seal opens with that choice and salt only', async () => {
    const input = { room: 'room-1', round: 1, userId: 'user-1', choice: 'scissors' as const };
    const random = (length: number) => webcrypto.getRandomValues(new Uint8Array(length));
    const first = await sealChoice(webCrypto, input, random);
    const second = await sealChoice(webCrypto, input, random);
    expect(first.salt).not.toBe(second.salt);
    expect(first.commitment).not.toBe(second.commitment);
    expect(await commitmentMatches(webCrypto, { ...input, ...first })).toBe(true);
    expect(await commitmentMatches(webCrypto, { ...input, choice: 'rock', ...first })).toBe(false);
  });

  it('a salt is 32 random bytes in lower-case hex', () => {
    expect(newSalt(() => Uint8Array.from({ length: 32 }, (_, index) => index))).toBe(
      toHex(Uint8Array.from({ length: 32 }, (_, index) => index)),
    );
    expect(() => newSalt(() => new Uint8Array(16))).toThrow(RangeError);
  });
});

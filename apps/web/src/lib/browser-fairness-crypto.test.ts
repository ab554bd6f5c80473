import { webcrypto } from 'node:crypto';
import { checkTranscript, type SubtleCryptoLike } from '@shifumi/fairness';
import { generateSigningSeed, parseSigningKey, publicKeyBase64, signTranscript } from '@shifumi/fairness/node';
import { buildTranscript, randomSalt } from '@shifumi/fairness/testing';
import { describe, expect, it } from 'vitest';
import { browserFairnessCrypto } from './browser-fairness-crypto';

const key = parseSigningKey(generateSigningSeed());
const transcript = signTranscript(
  buildTranscript({
    room: 'room',
    players: [
      { id: 'a', name: 'Ana' },
      { id: 'b', name: 'Ben' },
    ],
    amountUsdt: 1,
    price: '3000',
    plays: [
      [
        { mode: 'sealed', choice: 'rock', salt: randomSalt() },
        { mode: 'sealed', choice: 'paper', salt: randomSalt() },
      ],
    ],
    forfeitWinner: 1,
  }),
  key,
);

/** Web Crypto as a browser without Ed25519 has it: SHA-256 works, importing an Ed25519 key is NotSupportedError. */
const withoutEd25519: SubtleCryptoLike = {
  digest: (algorithm, data) => webcrypto.subtle.digest(algorithm, data),
  importKey: () => Promise.reject(new DOMException('Unrecognized name.', 'NotSupportedError')),
  verify: () => Promise.reject(new Error('unreachable')),
};

describe('browserFairnessCrypto', () => {
  it('checks the signature with Web Crypto where it has Ed25519', async () => {
    const checks = await checkTranscript(transcript, publicKeyBase64(key), browserFairnessCrypto());
    expect(checks.every((check) => check.ok)).toBe(true);
  });

  it('falls back on @noble/curves where Web Crypto lacks Ed25519: a valid signature passes, a changed transcript fails', async () => {
    const crypto = browserFairnessCrypto(withoutEd25519);
    expect((await checkTranscript(transcript, publicKeyBase64(key), crypto)).every((check) => check.ok)).toBe(true);
    const changed = await checkTranscript({ ...transcript, endedAt: '2030-01-01T00:00:00.000Z' }, publicKeyBase64(key), crypto);
    expect(changed.find((check) => check.id === 'signature')?.ok).toBe(false);
    const otherKey = publicKeyBase64(parseSigningKey(generateSigningSeed()));
    expect((await checkTranscript(transcript, otherKey, crypto)).find((check) => check.id === 'signature')?.ok).toBe(false);
  });
});

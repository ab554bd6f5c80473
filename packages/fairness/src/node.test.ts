import { generateKeyPairSync, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkTranscript } from './checks';
import { webCryptoFairness, type SubtleCryptoLike } from './crypto';
import { fromBase64, toBase64 } from './encoding';
import {
  generateSigningSeed,
  nodeFairnessCrypto,
  parseSigningKey,
  publicKeyBase64,
  SigningKeyError,
  signTranscript,
} from './node';
import { buildTranscript, randomSalt } from './testing';

const transcript = buildTranscript({
  room: 'room',
  players: [
    { id: 'a', name: 'A' },
    { id: 'b', name: 'B' },
  ],
  amountUsdt: 5,
  price: '2543.17',
  plays: [
    [
      { mode: 'sealed', choice: 'rock', salt: randomSalt() },
      { mode: 'sealed', choice: 'paper', salt: randomSalt() },
    ],
  ],
  forfeitWinner: 1,
});

describe('signing keys', () => {
  it('reads a base64 seed and the PKCS#8 PEM of the same key as the same key', () => {
    const seed = generateSigningSeed();
    expect(fromBase64(seed)).toHaveLength(32);
    const fromSeed = parseSigningKey(seed);
    const pem = fromSeed.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(publicKeyBase64(parseSigningKey(pem))).toBe(publicKeyBase64(fromSeed));
    expect(fromBase64(publicKeyBase64(fromSeed))).toHaveLength(32);
    // The RFC 8032 test vector 1: this seed has this public key.
    const rfcSeed = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
    expect(Buffer.from(fromBase64(publicKeyBase64(parseSigningKey(toBase64(rfcSeed))))!).toString('hex')).toBe(
      'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    );
  });

  it('refuses what is not an Ed25519 key, without repeating it', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    for (const text of [
      '',
      'not a key',
      toBase64(new Uint8Array(31)),
      '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
      rsa,
    ]) {
      let caught: unknown;
      try {
        parseSigningKey(text);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(SigningKeyError);
      if (text.length > 8) expect((caught as Error).message).not.toContain(text.slice(0, 20));
    }
  });

  it('signs what Web Crypto verifies; the signature covers the transcript without its own field', async () => {
    const key = parseSigningKey(generateSigningSeed());
    const signed = signTranscript(transcript, key);
    const webCrypto = webCryptoFairness(webcrypto.subtle as unknown as SubtleCryptoLike);
    const checks = await checkTranscript(signed, publicKeyBase64(key), webCrypto);
    expect(checks.filter((entry) => !entry.ok)).toEqual([]);
    // Signing a transcript that already carries a signature signs the same bytes (the old one is dropped).
    expect(signTranscript(signed, key).signature).toBe(signed.signature);
    // Ed25519 is deterministic: Node's verifier agrees.
    expect((await checkTranscript(signed, publicKeyBase64(key), nodeFairnessCrypto)).every((entry) => entry.ok)).toBe(true);
  });
});

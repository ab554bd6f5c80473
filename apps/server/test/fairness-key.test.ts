import { webcrypto } from 'node:crypto';
import { checkTranscript, webCryptoFairness, type SubtleCryptoLike } from '@shifumi/fairness';
import { generateSigningSeed, parseSigningKey, publicKeyBase64 } from '@shifumi/fairness/node';
import { buildTranscript, randomSalt } from '@shifumi/fairness/testing';
import { fairnessKeyResponseSchema } from '@shifumi/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const seed = generateSigningSeed();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FAIRNESS_SIGNING_KEY: seed } });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/fairness/key', () => {
  it('answers the public half of FAIRNESS_SIGNING_KEY, to anyone, never cached', async () => {
    const response = await t.app.fastify.inject({ method: 'GET', url: '/api/fairness/key' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = fairnessKeyResponseSchema.parse(response.json());
    expect(body).toEqual({ algorithm: 'Ed25519', publicKey: publicKeyBase64(parseSigningKey(seed)) });
    expect(Buffer.from(body.publicKey, 'base64')).toHaveLength(32);
    expect(JSON.stringify(t.logs)).not.toContain(seed);
  });

  it('is the key the app signs transcripts with: a signed transcript verifies with it, a changed one does not', async () => {
    const { publicKey } = fairnessKeyResponseSchema.parse(
      (await t.app.fastify.inject({ method: 'GET', url: '/api/fairness/key' })).json(),
    );
    const transcript = t.app.transcriptSigner.sign(
      buildTranscript({
        room: 'room-1',
        players: [
          { id: 'a', name: 'Ana' },
          { id: 'b', name: 'Ben' },
        ],
        amountUsdt: 1,
        price: '3000',
        plays: [
          [
            { mode: 'sealed', choice: 'rock', salt: randomSalt() },
            { mode: 'sealed', choice: 'scissors', salt: randomSalt() },
          ],
        ],
        forfeitWinner: 0,
      }),
    );
    const crypto = webCryptoFairness(webcrypto.subtle as unknown as SubtleCryptoLike);
    expect((await checkTranscript(transcript, publicKey, crypto)).every((check) => check.ok)).toBe(true);
    const signature = (await checkTranscript({ ...transcript, winnerId: 'b' }, publicKey, crypto)).find(
      (check) => check.id === 'signature',
    );
    expect(signature?.ok).toBe(false);
  });

  it('refuses other methods like any unknown route', async () => {
    const response = await t.app.fastify.inject({ method: 'POST', url: '/api/fairness/key', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});

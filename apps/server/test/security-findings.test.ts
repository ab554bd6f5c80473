/**
 * Issue 12: each finding of the attacker's review, replayed as it was reported
 * against the real app, a real database and a real anvil mining a block every
 * second. Written first against the code of the time (each failed there); each
 * must now be refused or capped, with nothing moved and nothing stalled.
 */
import { CHAIN_RPC_PATH, SERVER_TEXTS } from '@shifumi/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc, startTestAnvil, type TestAnvil } from '../src/infra/chain/anvil-testing';
import { postJson } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor } from './support/test-chain';

let anvil: TestAnvil;
let t: TestApp;

beforeAll(async () => {
  anvil = await startTestAnvil({ blockTimeSeconds: 1 });
  t = await createTestApp({ chain: chainFor(anvil) });
});
afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

const blockNumber = async () => BigInt(await rpc<string>(anvil.rpcUrl, 'eth_blockNumber', []));

/** Waits until anvil has mined `count` more blocks, failing after `withinMs`. */
async function expectBlocksWithin(count: bigint, withinMs: number): Promise<void> {
  const start = await blockNumber();
  const deadline = Date.now() + withinMs;
  while ((await blockNumber()) < start + count) {
    if (Date.now() > deadline) throw new Error(`anvil mined fewer than ${count} blocks in ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('finding 2: one anonymous request stalled the chain', () => {
  it.each([
    ['the reported gas (0x4a817c800)', '0x4a817c800'],
    ['gas 2^64 - 1', '0xffffffffffffffff'],
    ['no gas', undefined],
  ])('answers an endless-loop eth_call with %s within 5 s, and anvil keeps mining', async (_name, gas) => {
    const started = Date.now();
    const response = await postJson(t, CHAIN_RPC_PATH, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ data: '0x5b600056', ...(gas ? { gas } : {}) }, 'latest'],
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.statusCode).toBe(200);
    // Out of gas: a JSON-RPC error from the node, after at most CHAIN_RPC_GAS_CAP gas.
    expect(response.json()).toMatchObject({ jsonrpc: '2.0', id: 1, error: expect.any(Object) as unknown });
    await expectBlocksWithin(2n, 4_000);
  });

  it('refuses state overrides (400) and forwards nothing', async () => {
    const response = await postJson(t, CHAIN_RPC_PATH, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [
        { to: '0x0000000000000000000000000000000000000001', data: '0x' },
        'latest',
        { '0x0000000000000000000000000000000000000001': { code: '0x5b600056' } },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'chain_rpc_refused', message: SERVER_TEXTS.chainRpcRefused });
  });
});

describe('finding 5: deep JSON gave a 500', () => {
  it('refuses params nested 40,000 arrays deep (80 KB) with 400, on the chain proxy and everywhere else', async () => {
    // The other routes take 16 KB at most: 2,000 levels fit.
    const cases: Array<[string, number]> = [
      [CHAIN_RPC_PATH, 40_000],
      ['/api/auth/register', 2_000],
      ['/api/submit-form', 2_000],
      ['/api/auth/login', 2_000],
    ];
    for (const [url, depth] of cases) {
      const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const response = await t.app.fastify.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: `{"jsonrpc":"2.0","id":1,"method":"eth_call","params":${deep}}`,
      });
      expect({ url, status: response.statusCode, body: response.json() as unknown }).toEqual({
        url,
        status: 400,
        body: { code: 'json_too_deep', message: SERVER_TEXTS.jsonTooDeep },
      });
    }
    const health = await t.app.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('finding 4: a NUL byte gave a 500', () => {
  it('refuses a NUL in the register name with 400 {message}, and creates nothing', async () => {
    const before = await t.count('users');
    const response = await postJson(t, '/api/auth/register', {
      name: 'a\u0000b',
      email: 'nul@example.com',
      password: 'correct horse battery',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_input', message: 'Name contains characters that are not allowed.' });
    expect(await t.count('users')).toBe(before);
  });

  it('refuses a NUL in the contact name or message with 400 {message}, and stores nothing', async () => {
    const before = await t.count('contact_messages');
    for (const body of [
      { name: 'a\u0000b', email: 'c@example.com', message: 'Hello' },
      { name: 'Ann', email: 'c@example.com', message: 'Hel\u0000lo' },
    ]) {
      const response = await postJson(t, '/api/submit-form', body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/contains characters that are not allowed\.$/);
    }
    expect(await t.count('contact_messages')).toBe(before);
    // The one multi-line field keeps its line breaks.
    expect(
      (await postJson(t, '/api/submit-form', { name: 'Ann', email: 'c@example.com', message: 'Hello,\r\n\tthanks' })).statusCode,
    ).toBe(201);
  });

  it('refuses display names with bidi overrides or zero-width characters, and stores names NFC-normalised', async () => {
    for (const name of ['Ann\u202e', '\u200bAnn', 'A\u2066nn']) {
      const response = await postJson(t, '/api/auth/register', {
        name,
        email: `bidi-${name.length}@example.com`,
        password: 'correct horse battery',
        ageConfirmed: true,
        termsAccepted: true,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'invalid_input',
        message: 'Name contains invisible or direction-changing characters.',
      });
    }
    const response = await postJson(t, '/api/auth/register', {
      name: 'Zoe\u0308',
      email: 'nfc@example.com',
      password: 'correct horse battery',
      ageConfirmed: true,
      termsAccepted: true,
    });
    expect(response.statusCode).toBe(201);
    const [row] = (await t.db.execute<{ name: string }>(sql`SELECT name FROM users WHERE email = 'nfc@example.com'`)).rows;
    expect(row!.name).toBe('Zo\u00eb');
  });
});

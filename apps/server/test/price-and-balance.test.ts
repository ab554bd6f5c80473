import { accountResponseSchema, priceResponseSchema, SERVER_TEXTS } from '@shifumi/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { transfer } from '../src/modules/ledger/ledger.service';
import { getAccount, signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';

describe('GET /api/price with ETH_USD_PRICE pinned', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ETH_USD_PRICE: '2543.17' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the fixed price, never stale, publicly', async () => {
    const response = await t.app.fastify.inject({ method: 'GET', url: '/api/price' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = priceResponseSchema.parse(response.json());
    expect(body).toMatchObject({ ethUsd: 2543.17, source: 'fixed', stale: false });
    expect(t.app.price.requireFresh()).toMatchObject({ ok: true, value: { microUsdPerEth: 2_543_170_000n } });
  });
});

describe('GET /api/price without a price yet', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A live source that never answers: the app has no price.
    t = await createTestApp({ env: { PRICE_URL: 'http://127.0.0.1:9/never' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 with the clear message', async () => {
    await t.app.price.stop();
    const response = await t.app.fastify.inject({ method: 'GET', url: '/api/price' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'price_unavailable', message: SERVER_TEXTS.priceUnavailable });
  });
});

describe('GET /api/account balance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is 0 for a new user and the exact ledger balance after a credit', async () => {
    const session = await signIn(t, await signUp(t));
    const before = accountResponseSchema.parse((await getAccount(t, session.accessToken)).json());
    expect(before).toMatchObject({ balance: 0, balanceWei: '0', referralCode: expect.any(String), emailVerified: false });

    const amount = 1_234_567_890_123_456_789n;
    await t.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `deposit:account-test:${session.user.id}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(session.user.id), amount }],
      }),
    );
    const after = accountResponseSchema.parse((await getAccount(t, session.accessToken)).json());
    expect(after.balanceWei).toBe('1234567890123456789');
    expect(after.balance).toBe(Number('1.234567890123456789'));
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it('serves the development price by default in tests', async () => {
    const body = priceResponseSchema.parse((await t.app.fastify.inject({ method: 'GET', url: '/api/price' })).json());
    expect(body).toMatchObject({ ethUsd: 3000, source: 'development', stale: false });
  });
});

/**
 * Decision 037: every HTTP refusal is `{ code, message }`: a stable code
 * from packages/protocol's list, the status of that code, and the sentence of
 * the spec looked up from the code at the edge. Representative refusals of
 * several modules, through the real app on a real database and chain.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  ADMIN_TEXTS,
  REFUSAL_CODES,
  RESPONSIBLE_GAMING_TEXTS,
  SERVER_TEXTS,
  TEXTS,
  refusalBodySchema,
  type RefusalCode,
} from '@shifumi/protocol';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_STATUS } from '../src/http/refusal-status';
import { users } from '../src/infra/db/schema/index';
import { CLI_ACTOR } from '../src/modules/admin/audit-log';
import { grantRole } from '../src/modules/admin/staff.repo';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { transfer } from '../src/modules/ledger/ledger.service';
import { ACCEPTED, postJson, signIn, signUp, uniqueEmail } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, startTestAnvil, type TestAnvil } from './support/test-chain';

let anvil: TestAnvil;
let t: TestApp;
beforeAll(async () => {
  anvil = await startTestAnvil();
  t = await createTestApp({ chain: chainFor(anvil) });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

interface Answer {
  statusCode: number;
  json: () => unknown;
}

/** The answer is this code's status and exactly `{ code, message }`, with this sentence. */
function expectRefusal(response: Answer, code: RefusalCode, message: string): void {
  expect(REFUSAL_CODES).toContain(code);
  expect({ status: response.statusCode, body: response.json() }).toEqual({
    status: REFUSAL_STATUS[code],
    body: { code, message },
  });
  expect(refusalBodySchema.safeParse(response.json()).success).toBe(true);
}

async function player(): Promise<{ id: string; token: string; email: string }> {
  const credentials = await signUp(t);
  const session = await signIn(t, credentials);
  return { id: session.user.id, token: session.accessToken, email: credentials.email };
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: unknown) {
  return t.app.fastify.inject({
    method,
    url,
    headers: token === undefined ? {} : { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('HTTP refusals carry a stable code beside their message', () => {
  it('the generic answers: unknown route (404), validation (400), not JSON (400), not JSON at all (415)', async () => {
    expectRefusal(await call('GET', '/api/no-such-route', undefined), 'not_found', SERVER_TEXTS.notFound);
    const invalid = await postJson(t, '/api/auth/register', {
      name: 'Ann',
      email: 'not-an-address',
      password: 'correct horse battery',
      ...ACCEPTED,
    });
    expect(invalid.json()).toMatchObject({ code: 'invalid_input' });
    expectRefusal(invalid, 'invalid_input', (invalid.json() as { message: string }).message);
    expect((invalid.json() as { message: string }).message).toMatch(/e-mail/i);
    expectRefusal(await postJson(t, '/api/auth/register', []), 'invalid_request', SERVER_TEXTS.invalidRequest);
    const broken = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expectRefusal(broken, 'invalid_json', SERVER_TEXTS.invalidJson);
    const text = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expectRefusal(text, 'unsupported_media_type', SERVER_TEXTS.unsupportedMediaType);
  });

  it('auth: taken address, wrong password, no token, a token that no longer holds', async () => {
    const credentials = await signUp(t);
    expectRefusal(
      await postJson(t, '/api/auth/register', { ...credentials, ...ACCEPTED }),
      'email_taken',
      SERVER_TEXTS.emailTaken,
    );
    expectRefusal(
      await postJson(t, '/api/auth/login', { email: credentials.email, password: 'wrong password!' }),
      'invalid_credentials',
      SERVER_TEXTS.invalidCredentials,
    );
    expectRefusal(
      await postJson(t, '/api/auth/login', { email: uniqueEmail(), password: 'wrong password!' }),
      'invalid_credentials',
      SERVER_TEXTS.invalidCredentials,
    );
    expectRefusal(await call('GET', '/api/account', undefined), 'not_authenticated', SERVER_TEXTS.notAuthenticated);
    expectRefusal(await call('GET', '/api/account', 'Bearer not-a-token'), 'session_expired', SERVER_TEXTS.sessionExpired);
  });

  it('wallet: a withdrawal without a verified e-mail, to a burn address, and below the minimum', async () => {
    const p = await player();
    await t.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `test-deposit:${randomUUID()}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(p.id), amount: parseEther('1') }],
      }),
    );
    const recipient = `0x${'ab'.repeat(20)}`;
    const burn = await call('POST', '/api/wallet/cashout', p.token, {
      amount: '0.1',
      recipientAddress: '0x000000000000000000000000000000000000dEaD',
    });
    expectRefusal(burn, 'withdrawal_to_burn_address', SERVER_TEXTS.withdrawalToBurnAddress);
    expectRefusal(
      await call('POST', '/api/wallet/cashout', p.token, { amount: '0.1', recipientAddress: recipient }),
      'email_not_verified',
      TEXTS.withdrawalFailure,
    );
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, p.id));
    const tiny = await call('POST', '/api/wallet/cashout', p.token, { amount: '0.000001', recipientAddress: recipient });
    expect(tiny.json()).toMatchObject({ code: 'below_minimum' });
    expectRefusal(tiny, 'below_minimum', (tiny.json() as { message: string }).message);
    expect((tiny.json() as { message: string }).message).toMatch(/^The minimum withdrawal is [\d.]+ ETH\.$/);
  });

  it('responsible gaming: ending a self-exclusion that is not there, and a limit that is not valid', async () => {
    const p = await player();
    expectRefusal(
      await call('POST', '/api/account/self-exclusion/end-request', p.token, {}),
      'self_exclusion_not_active',
      RESPONSIBLE_GAMING_TEXTS.selfExclusionNotActive,
    );
    const limit = await call('PUT', '/api/account/limits', p.token, { kind: 'loss', period: 'day', amountUsd: -5 });
    expectRefusal(limit, 'invalid_input', RESPONSIBLE_GAMING_TEXTS.limitAmountInvalid);
  });

  it('the console: a player on a staff route, and four eyes on one’s own account', async () => {
    const p = await player();
    expectRefusal(await call('GET', '/api/admin/me', p.token), 'not_staff', ADMIN_TEXTS.notStaff);
    const support = await player();
    expect((await grantRole(t.db, support.email, 'support', { actor: CLI_ACTOR, role: null, now: new Date() })).ok).toBe(true);
    const own = await call('POST', `/api/admin/players/${support.id}/freeze`, support.token, { reason: 'Test' });
    expectRefusal(own, 'own_case', ADMIN_TEXTS.ownCase.freeze);
    expectRefusal(
      await call('GET', `/api/admin/players/${randomUUID()}`, support.token),
      'player_not_found',
      ADMIN_TEXTS.playerNotFound,
    );
  });

  it('the lobby: a challenge that does not exist', async () => {
    const p = await player();
    const response = await call('GET', `/api/challenges/${randomUUID()}`, p.token);
    expect(response.json()).toMatchObject({ code: 'challenge_not_found' });
    expect(response.statusCode).toBe(404);
  });
});

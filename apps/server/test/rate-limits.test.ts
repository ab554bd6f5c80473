import { CHAIN_RPC_PATH, SERVER_TEXTS } from '@shifumi/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMIT_AUTH_PER_MINUTE: '3',
      RATE_LIMIT_CONTACT_PER_MINUTE: '2',
      RATE_LIMIT_CHAIN_RPC_PER_MINUTE: '4',
      TRUST_PROXY: 'true',
    },
  });
});
afterAll(async () => {
  await t?.close();
});

function fromIp(ip: string) {
  return { 'x-forwarded-for': ip };
}

describe('rate limits per IP', () => {
  it('share one budget over /api/auth/*; the next request is 429 with Retry-After', async () => {
    const ip = '203.0.113.1';
    const statuses = [
      (await postJson(t, '/api/auth/login', { email: 'a@example.com', password: 'wrong password' }, fromIp(ip))).statusCode,
      (await postJson(t, '/api/auth/refresh-token', {}, fromIp(ip))).statusCode,
      (await t.app.fastify.inject({ method: 'GET', url: '/api/auth/verify-email/x', headers: fromIp(ip) })).statusCode,
    ];
    expect(statuses).toEqual([401, 401, 400]);

    const refused = await postJson(
      t,
      '/api/auth/register',
      { name: 'A', email: 'a@example.com', password: '12345678', ageConfirmed: true, termsAccepted: true },
      fromIp(ip),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'too_many_requests', message: SERVER_TEXTS.tooManyRequests });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await t.count('users')).toBe(0);
  });

  it('count each IP on its own', async () => {
    for (let index = 0; index < 3; index += 1) {
      await postJson(t, '/api/auth/logout', {}, fromIp('203.0.113.2'));
    }
    expect((await postJson(t, '/api/auth/logout', {}, fromIp('203.0.113.2'))).statusCode).toBe(429);
    expect((await postJson(t, '/api/auth/logout', {}, fromIp('203.0.113.3'))).statusCode).toBe(200);
  });

  it('limit the contact form separately', async () => {
    const ip = '203.0.113.4';
    const body = { name: 'A', email: 'a@example.com', message: 'Hello' };
    expect((await postJson(t, '/api/submit-form', body, fromIp(ip))).statusCode).toBe(201);
    expect((await postJson(t, '/api/submit-form', body, fromIp(ip))).statusCode).toBe(201);
    const refused = await postJson(t, '/api/submit-form', body, fromIp(ip));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await t.count('contact_messages')).toBe(2);
    // The auth budget of this IP is untouched.
    expect((await postJson(t, '/api/auth/logout', {}, fromIp(ip))).statusCode).toBe(200);
  });

  it('limit the chain RPC proxy on its own budget (RATE_LIMIT_CHAIN_RPC_PER_MINUTE)', async () => {
    const ip = '203.0.113.6';
    const body = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] };
    // This app has no chain: allowed calls answer 503, but they count all the same.
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await postJson(t, CHAIN_RPC_PATH, body, fromIp(ip))).statusCode);
    expect(statuses).toEqual([503, 503, 503, 503]);
    const refused = await postJson(t, CHAIN_RPC_PATH, body, fromIp(ip));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'too_many_requests', message: SERVER_TEXTS.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postJson(t, CHAIN_RPC_PATH, body, fromIp('203.0.113.7'))).statusCode).toBe(503);
    // The auth budget of this IP is untouched.
    expect((await postJson(t, '/api/auth/logout', {}, fromIp(ip))).statusCode).toBe(200);
  });

  it('leave the other routes alone', async () => {
    const ip = '203.0.113.5';
    for (let index = 0; index < 10; index += 1) {
      const response = await t.app.fastify.inject({ method: 'GET', url: '/api/health', headers: fromIp(ip) });
      expect(response.statusCode).toBe(200);
    }
  });
});

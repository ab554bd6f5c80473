/**
 * No input, however malformed or large, produces a 500 or changes anything
 * when it is refused.
 */
import fc from 'fast-check';
import { SERVER_TEXTS } from '@shifumi/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const POST_ROUTES = [
  '/api/auth/register',
  '/api/auth/login',
  '/api/auth/refresh-token',
  '/api/auth/logout',
  '/api/auth/logout-all',
  '/api/auth/resend-verification',
  '/api/submit-form',
];
const TABLES = ['users', 'sessions', 'refresh_tokens', 'email_verification_tokens', 'contact_messages'];

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = await t.count(table);
  return counts;
}

function send(url: string, payload: string, contentType = 'application/json') {
  return t.app.fastify.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
}

describe('malformed input', () => {
  it.each(POST_ROUTES)('%s: invalid JSON → 400 with a readable message, nothing changes', async (url) => {
    const before = await rowCounts();
    for (const payload of ['{', '{"name": }', 'nul', '{"a":1}}', "{'single':'quotes'}"]) {
      const response = await send(url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'invalid_json', message: SERVER_TEXTS.invalidJson });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it.each(POST_ROUTES)('%s: a body over the limit → 413, nothing changes', async (url) => {
    const before = await rowCounts();
    const response = await send(url, JSON.stringify({ name: 'A', email: 'a@example.com', message: 'x'.repeat(1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'payload_too_large', message: SERVER_TEXTS.payloadTooLarge });
    expect(await rowCounts()).toEqual(before);
  });

  it('a prototype-poisoning body is refused', async () => {
    const response = await send(
      '/api/auth/register',
      '{"name":"A","email":"a@example.com","password":"12345678","__proto__":{"admin":true}}',
    );
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['null', 'null'],
    ['an array', '[1,2,3]'],
    ['a string', '"hello"'],
    ['a number', '42'],
    ['nested objects', '{"name":{"first":"A"},"email":{"$ne":null},"password":{"length":100}}'],
  ])('register with %s → 400 with a readable message', async (_case, payload) => {
    const before = await rowCounts();
    const response = await send('/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^[A-Z].*\.$/);
    expect(response.json().message).not.toMatch(/expected|received|invalid_type/i);
    expect(await rowCounts()).toEqual(before);
  });

  it('unsupported content types → 415', async () => {
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      const response = await send('/api/auth/login', 'email=a@example.com&password=x', contentType);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ code: 'unsupported_media_type', message: SERVER_TEXTS.unsupportedMediaType });
    }
  });

  it('any JSON value on any POST route: never a 5xx, always { message }, and a refusal changes nothing', async () => {
    const fieldValue = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.object({ maxDepth: 1 }),
    );
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record(
        {
          name: fieldValue,
          email: fc.oneof(fieldValue, fc.emailAddress()),
          password: fieldValue,
          message: fieldValue,
          referralCode: fieldValue,
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_ROUTES), body, async (url, value) => {
        const before = await rowCounts();
        const response = await send(url, JSON.stringify(value) ?? 'null');
        expect(response.statusCode).toBeLessThan(500);
        const answer = response.json();
        if (response.statusCode >= 400) {
          expect(answer).toEqual({ code: expect.any(String), message: expect.any(String) });
          expect(await rowCounts()).toEqual(before);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('odd URLs under /api are 4xx JSON, never 5xx', async () => {
    for (const url of [
      '/api/auth/verify-email/%E0%A4%A',
      '/api/auth/verify-email/%00',
      '/api/%',
      '/api/auth/verify-email/' + 'a'.repeat(5000),
    ]) {
      const response = await t.app.fastify.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

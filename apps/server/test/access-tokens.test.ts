import { SERVER_TEXTS } from '@shifumi/protocol';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount, signIn, signUp, type SignedIn } from './support/api';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app';

let t: TestApp;
let session: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  session = await signIn(t, await signUp(t));
});
afterAll(async () => {
  await t?.close();
});

const secret = new TextEncoder().encode(TEST_JWT_SECRET);

interface Forgery {
  alg?: string;
  key?: Uint8Array;
  issuer?: string;
  audience?: string;
  issuedAt?: number;
  expiresAt?: number;
  sub?: string;
  sid?: string;
}

/** A token like the server's, with one thing changed. */
function forge(options: Forgery = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: options.sid ?? sidOf(session.accessToken) })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(options.sub ?? session.user.id)
    .setIssuer(options.issuer ?? 'shifumi')
    .setAudience(options.audience ?? 'shifumi-web')
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresAt ?? now + 900)
    .sign(options.key ?? secret);
}

function sidOf(token: string): string {
  return String(decodeJwt(token).sid);
}

describe('access tokens', () => {
  it('the server issues HS256 tokens for 15 minutes with exp in seconds, issuer, audience, sub and sid', () => {
    const claims = decodeJwt(session.accessToken);
    expect(claims).toMatchObject({ iss: 'shifumi', aud: 'shifumi-web', sub: session.user.id, sid: expect.any(String) });
    expect(Number.isInteger(claims.exp)).toBe(true);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    expect(Math.abs((claims.exp ?? 0) - (Date.now() / 1000 + 900))).toBeLessThan(30);
  });

  it('accepts the token with and without the Bearer prefix', async () => {
    expect((await getAccount(t, session.accessToken)).statusCode).toBe(200);
    expect((await getAccount(t, `Bearer ${session.accessToken}`)).statusCode).toBe(200);
    expect((await getAccount(t, `bearer ${session.accessToken}`)).statusCode).toBe(200);
  });

  it('a correctly forged token with the right secret is accepted (the refusals below are not accidental)', async () => {
    expect((await getAccount(t, await forge())).statusCode).toBe(200);
  });

  it('refuses a missing token with 403', async () => {
    const response = await getAccount(t, undefined);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'not_authenticated', message: SERVER_TEXTS.notAuthenticated });
    expect((await getAccount(t, 'Bearer ')).statusCode).toBe(403);
  });

  it.each<[string, () => Promise<string>]>([
    [
      'alg: none',
      async () =>
        new UnsecuredJWT({ sid: sidOf(session.accessToken) })
          .setSubject(session.user.id)
          .setIssuer('shifumi')
          .setAudience('shifumi-web')
          .setIssuedAt()
          .setExpirationTime('15m')
          .encode(),
    ],
    ['a wrong secret', () => forge({ key: new TextEncoder().encode('another-secret-that-is-also-long-enough-000000') })],
    ['another HMAC algorithm with the right secret (HS512)', () => forge({ alg: 'HS512' })],
    [
      'an expired token',
      () => forge({ issuedAt: Math.floor(Date.now() / 1000) - 1000, expiresAt: Math.floor(Date.now() / 1000) - 60 }),
    ],
    ['a wrong audience', () => forge({ audience: 'someone-else' })],
    ['a wrong issuer', () => forge({ issuer: 'evil' })],
    ['an unknown session id', () => forge({ sid: '00000000-0000-4000-8000-000000000000' })],
    ['a session of another user', () => forge({ sub: '00000000-0000-4000-8000-000000000000' })],
    [
      'a tampered payload',
      async () => {
        const [header, , signature] = session.accessToken.split('.');
        const payload = Buffer.from(
          JSON.stringify({ ...decodeJwt(session.accessToken), sub: '00000000-0000-4000-8000-000000000000' }),
        ).toString('base64url');
        return `${header}.${payload}.${signature}`;
      },
    ],
    ['garbage', async () => 'not.a.token'],
  ])('refuses %s with 403', async (_case, makeToken) => {
    const response = await getAccount(t, `Bearer ${await makeToken()}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'session_expired', message: SERVER_TEXTS.sessionExpired });
  });

  it("refuses the server's own token once 15 minutes have passed", async () => {
    const fresh = await signIn(t, await signUp(t));
    t.clock.advance(15 * 60 * 1000 + 1000);
    try {
      expect((await getAccount(t, fresh.accessToken)).statusCode).toBe(403);
    } finally {
      t.clock.advance(-(15 * 60 * 1000 + 1000));
    }
    expect((await getAccount(t, fresh.accessToken)).statusCode).toBe(200);
  });
});

import { REFRESH_TOKEN_COOKIE, SERVER_TEXTS } from '@shifumi/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions, users } from '../src/infra/db/schema/index';
import { hashOpaqueToken } from '../src/shared/secure-token';
import { getAccount, PASSWORD, postJson, refresh, refreshCookieOf, signIn, signUp, uniqueEmail } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/auth/login', () => {
  it('answers the access token and the user, and sets the refresh cookie (httpOnly, SameSite=Strict, path /api/auth, 30 days)', async () => {
    const account = await signUp(t, { name: 'Léa' });
    const response = await postJson(t, '/api/auth/login', { email: account.email.toUpperCase(), password: PASSWORD });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'sessionWallet', 'user']);
    // An e-mail and password session is bound to no wallet.
    expect(body.sessionWallet).toBeNull();
    // walletAddress: the personal deposit address, given at registration.
    expect(body.user).toEqual({
      id: expect.any(String),
      name: 'Léa',
      email: account.email,
      walletAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/),
    });
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const cookie = response.cookies.find((candidate) => candidate.name === REFRESH_TOKEN_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', maxAge: 30 * 24 * 60 * 60 });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const [stored] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(cookie?.value ?? '')));
    expect(stored).toBeDefined();
    const [session] = await t.db.select().from(sessions).where(eq(sessions.id, stored!.sessionId));
    expect(session?.walletAddress).toBeNull();
    expect(JSON.stringify(await t.db.select().from(refreshTokens))).not.toContain(cookie?.value);
  });

  it('answers 401 with the same text for a wrong password and for an unknown e-mail', async () => {
    const account = await signUp(t);
    const wrongPassword = await postJson(t, '/api/auth/login', { email: account.email, password: 'not the password' });
    const unknownEmail = await postJson(t, '/api/auth/login', { email: uniqueEmail('nobody'), password: PASSWORD });

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ code: 'invalid_credentials', message: SERVER_TEXTS.invalidCredentials });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(refreshCookieOf(wrongPassword)).toBeUndefined();
    expect(refreshCookieOf(unknownEmail)).toBeUndefined();
  });

  it.each([
    [{ password: PASSWORD }, 'E-mail is required.'],
    [{ email: 'a@example.com' }, 'Password is required.'],
    [{ email: 'nope', password: PASSWORD }, 'Please enter a valid e-mail address.'],
  ])('refuses %j with 400 and opens no session', async (body, message) => {
    const before = await t.count('sessions');
    const response = await postJson(t, '/api/auth/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_input', message });
    expect(await t.count('sessions')).toBe(before);
  });
});

describe('cookie flags in production', () => {
  it('marks the refresh cookie Secure when NODE_ENV=production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const account = await signUp(production);
      const response = await postJson(production, '/api/auth/login', { email: account.email, password: PASSWORD });
      expect(response.cookies.find((cookie) => cookie.name === REFRESH_TOKEN_COOKIE)?.secure).toBe(true);
    } finally {
      await production.close();
    }
  });
});

describe('POST /api/auth/refresh-token', () => {
  it('rotates the refresh token: a new access token, the user, and a new cookie', async () => {
    const account = await signUp(t);
    const session = await signIn(t, account);

    const response = await refresh(t, session.refreshToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toEqual(session.user);
    expect(response.json().accessToken).toEqual(expect.any(String));
    expect(response.json().sessionWallet).toBeNull();
    const next = refreshCookieOf(response);
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(session.refreshToken);
    expect((await getAccount(t, response.json().accessToken)).statusCode).toBe(200);

    // The new token works in turn.
    const again = await refresh(t, next);
    expect(again.statusCode).toBe(200);
  });

  it('treats a replayed rotated token as theft: 401 and the whole family is revoked, newest token included', async () => {
    const account = await signUp(t);
    const session = await signIn(t, account);
    const rotated = await refresh(t, session.refreshToken);
    const newest = refreshCookieOf(rotated);
    const newestAccessToken = rotated.json().accessToken as string;

    const replay = await refresh(t, session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ code: 'refresh_failed', message: SERVER_TEXTS.refreshFailed });

    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, session.user.id));
    expect(row?.revokedReason).toBe('refresh_token_reuse');
    expect((await refresh(t, newest)).statusCode).toBe(401);
    expect((await getAccount(t, newestAccessToken)).statusCode).toBe(403);
    expect((await getAccount(t, session.accessToken)).statusCode).toBe(403);
  });

  it('answers 401 without a cookie, with an unknown token and with garbage, and clears the cookie', async () => {
    for (const token of [undefined, 'A'.repeat(43), 'not a token', '']) {
      const response = await refresh(t, token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'refresh_failed', message: SERVER_TEXTS.refreshFailed });
    }
    const cleared = await refresh(t, 'A'.repeat(43));
    const cookie = cleared.cookies.find((candidate) => candidate.name === REFRESH_TOKEN_COOKIE);
    expect(cookie?.value).toBe('');
    expect(cookie?.path).toBe('/api/auth');
  });

  it('accepts an empty JSON body (Content-Type set, nothing sent)', async () => {
    const session = await signIn(t, await signUp(t));
    const response = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { 'content-type': 'application/json' },
      cookies: { [REFRESH_TOKEN_COOKIE]: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an expired refresh token (30 days)', async () => {
    const session = await signIn(t, await signUp(t));
    t.clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await refresh(t, session.refreshToken)).statusCode).toBe(401);
    } finally {
      t.clock.advance(-(30 * 24 * 60 * 60 * 1000 + 1000));
    }
  });
});

describe('a session\'s "last active" (issue 26)', () => {
  it('moves as the session is used, written at most once a minute', async () => {
    const session = await signIn(t, await signUp(t));
    const lastUsed = async () => {
      const [row] = await t.db
        .select({ lastUsedAt: sessions.lastUsedAt })
        .from(sessions)
        .where(eq(sessions.userId, session.user.id));
      return row!.lastUsedAt.getTime();
    };
    const signedInAt = await lastUsed();
    const use = async () => expect((await getAccount(t, session.accessToken)).statusCode).toBe(200);
    let moved = 0;
    try {
      t.clock.advance(30_000);
      moved += 30_000;
      await use();
      expect(await lastUsed()).toBe(signedInAt);
      t.clock.advance(31_000);
      moved += 31_000;
      await use();
      const firstTouch = await lastUsed();
      expect(firstTouch).toBeGreaterThanOrEqual(signedInAt + 61_000);
      t.clock.advance(20_000);
      moved += 20_000;
      await use();
      await use();
      expect(await lastUsed()).toBe(firstTouch);
      t.clock.advance(45_000);
      moved += 45_000;
      await use();
      expect(await lastUsed()).toBeGreaterThanOrEqual(firstTouch + 65_000);
    } finally {
      t.clock.advance(-moved);
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session of the cookie, clears the cookie, and the access token stops working', async () => {
    const session = await signIn(t, await signUp(t));
    const response = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [REFRESH_TOKEN_COOKIE]: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SERVER_TEXTS.loggedOut });
    const cookie = response.cookies.find((candidate) => candidate.name === REFRESH_TOKEN_COOKIE);
    expect(cookie?.value).toBe('');
    expect(cookie?.path).toBe('/api/auth');

    expect((await refresh(t, session.refreshToken)).statusCode).toBe(401);
    expect((await getAccount(t, session.accessToken)).statusCode).toBe(403);
  });

  it('answers 200 without a cookie', async () => {
    const response = await t.app.fastify.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SERVER_TEXTS.loggedOut });
  });

  it('leaves the other sessions of the user alone', async () => {
    const account = await signUp(t);
    const phone = await signIn(t, account);
    const laptop = await signIn(t, account);
    await t.app.fastify.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [REFRESH_TOKEN_COOKIE]: phone.refreshToken },
    });
    expect((await getAccount(t, laptop.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, laptop.refreshToken)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout-all', () => {
  it('revokes every session of the user, and only theirs', async () => {
    const account = await signUp(t);
    const phone = await signIn(t, account);
    const laptop = await signIn(t, account);
    const stranger = await signIn(t, await signUp(t));

    const response = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { authorization: `Bearer ${phone.accessToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SERVER_TEXTS.loggedOutEverywhere });

    for (const session of [phone, laptop]) {
      expect((await getAccount(t, session.accessToken)).statusCode).toBe(403);
      expect((await refresh(t, session.refreshToken)).statusCode).toBe(401);
    }
    expect((await getAccount(t, stranger.accessToken)).statusCode).toBe(200);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, phone.user.id));
    expect(rows.map((row) => row.revokedReason)).toEqual(['logout_all', 'logout_all']);
  });

  it('answers 403 without a valid access token', async () => {
    const missing = await t.app.fastify.inject({ method: 'POST', url: '/api/auth/logout-all' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ code: 'not_authenticated', message: SERVER_TEXTS.notAuthenticated });
    const invalid = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { authorization: 'Bearer nope' },
    });
    expect(invalid.statusCode).toBe(403);
  });
});

describe('disabled accounts', () => {
  it('lose their access and refresh tokens, and cannot sign in', async () => {
    const account = await signUp(t);
    const session = await signIn(t, account);
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, session.user.id));

    expect((await getAccount(t, session.accessToken)).statusCode).toBe(403);
    expect((await refresh(t, session.refreshToken)).statusCode).toBe(401);
    const login = await postJson(t, '/api/auth/login', { email: account.email, password: PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ code: 'account_disabled', message: SERVER_TEXTS.accountDisabled });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { MAIL_LIMITS, SERVER_TEXTS } from '@shifumi/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_CSP_ADDITIONS } from '../src/http/security';
import { WEB_APP_NOT_BUILT_TEXT } from '../src/http/web-app';
import { PASSWORD, postJson, signIn, signUp, uniqueEmail } from './support/api';
import { createTestApp, TEST_APP_URL, type TestApp } from './support/test-app';

const INDEX_HTML = '<!doctype html><html><head><title>Shifumi</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-web-dist-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(webDist, '.env'), 'SECRET=1');
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('GET /api/health', () => {
  it('answers ok after asking the database', async () => {
    const response = await t.app.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('unknown API routes', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/auth/nope'],
    ['DELETE', '/api/account'],
    ['GET', '/api'],
  ] as const)('%s %s → 404 { message }, even for a browser', async (method, url) => {
    const response = await t.app.fastify.inject({ method, url, headers: HTML });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ code: 'not_found', message: SERVER_TEXTS.notFound });
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the usual hardening headers on pages and API answers', async () => {
    for (const url of ['/', '/api/health']) {
      const response = await t.app.fastify.inject({ method: 'GET', url, headers: HTML });
      const csp = String(response.headers['content-security-policy']);
      const directives = new Map(
        csp.split(';').map((part) => {
          const [name, ...values] = part.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(directives.get('font-src')).toEqual(["'self'", 'data:']);
      // The wallet stack's origins (WalletConnect, Coinbase Wallet) and nothing else; the chain is read through 'self'.
      expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...WALLET_CSP_ADDITIONS.imgSrc]);
      expect(directives.get('connect-src')).toEqual(["'self'", 'ws://localhost:5999', ...WALLET_CSP_ADDITIONS.connectSrc]);
      expect(directives.get('frame-src')).toEqual([...WALLET_CSP_ADDITIONS.frameSrc]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
      expect(directives.get('form-action')).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends no CORS headers, whatever the Origin', async () => {
    const preflight = await t.app.fastify.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const response = await postJson(
      t,
      '/api/auth/login',
      { email: 'a@example.com', password: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives every answer an x-request-id and ignores one sent by an untrusted client', async () => {
    const first = await t.app.fastify.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'forged' } });
    const second = await t.app.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    const logged = t.logs.filter((line) => line.reqId === first.headers['x-request-id']);
    expect(logged.length).toBeGreaterThan(0);
  });

  it('never logs passwords, tokens or cookies', async () => {
    const account = await signUp(t);
    const session = await signIn(t, account);
    await t.app.fastify.inject({ method: 'GET', url: '/api/account', headers: { authorization: session.accessToken } });
    const logs = JSON.stringify(t.logs);
    expect(logs).not.toContain(PASSWORD);
    expect(logs).not.toContain(session.accessToken);
    expect(logs).not.toContain(session.refreshToken);
  });
});

describe('the web app', () => {
  it.each(['/', '/account', '/verify-email/abc', '/home', '/anything/at/all?x=1'])(
    'GET %s from a browser → index.html',
    async (url) => {
      const response = await t.app.fastify.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  // Issue 12: curl, monitors and link previews send `Accept: */*` (or nothing); HEAD has no body but the same answer.
  it.each([
    ['GET', '/howtoplay', '*/*'],
    ['GET', '/howtoplay', undefined],
    ['GET', '/account', 'text/plain'],
    ['GET', '/verify-email/abc_DEF-123', 'image/webp,*/*'],
    ['HEAD', '/howtoplay', '*/*'],
    ['HEAD', '/', undefined],
    ['HEAD', '/account', 'text/html'],
  ] as const)('%s %s with Accept %s → the page', async (method, url, accept) => {
    const response = await t.app.fastify.inject({ method, url, headers: accept === undefined ? {} : { accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(method === 'HEAD' ? '' : INDEX_HTML);
  });

  it.each([
    ['GET', '/howtoplay', 'application/json'],
    ['HEAD', '/howtoplay', 'application/json'],
    ['GET', '/howtoplay', 'application/problem+json, application/json;q=0.9'],
    ['GET', '/api/nothing', '*/*'],
    ['HEAD', '/api/nothing', 'text/html'],
    ['GET', '/socket.io/x', 'text/html'],
    ['GET', '/public/x', 'text/html'],
    ['GET', '/assets/missing.js', 'text/html'],
    ['GET', '/missing.png', '*/*'],
    ['POST', '/howtoplay', 'text/html'],
  ] as const)('%s %s with Accept %s → a JSON 404', async (method, url, accept) => {
    const response = await t.app.fastify.inject({ method, url, headers: { accept } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    if (method !== 'HEAD') expect(response.json()).toEqual({ code: 'not_found', message: SERVER_TEXTS.notFound });
  });

  it('serves built files, fingerprinted assets cached for good', async () => {
    const asset = await t.app.fastify.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.fastify.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file that is not a page with a JSON 404', async () => {
    const response = await t.app.fastify.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: SERVER_TEXTS.notFound });
  });

  it('serves neither files outside the dist folder, nor dotfiles, nor directories', async () => {
    for (const url of [
      '/../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc/passwd',
      '/.env',
      '/assets/%2e%2e/.env',
      '/assets/',
    ]) {
      const response = await t.app.fastify.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      // A path that normalises to a page path (`/../../../etc/passwd` is `/etc/passwd`) gets the page, never a file.
      if (response.statusCode === 200) {
        expect(response.body, url).toBe(INDEX_HTML);
        continue;
      }
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: SERVER_TEXTS.notFound });
    }
  });

  it('answers any GET path with a page, a file or a 4xx, never a 5xx or a 403', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
      fc.constantFrom('..', '.', '%2e%2e', '%00', '%', '%ff', 'assets', 'api', 'index.html', '.env', ''),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { maxLength: 5 }),
        fc.constantFrom('*/*', 'text/html', 'application/json'),
        async (segments, accept) => {
          const response = await t.app.fastify.inject({ method: 'GET', url: `/${segments.join('/')}`, headers: { accept } });
          expect(response.statusCode).toBeLessThan(500);
          expect(response.statusCode).not.toBe(403);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('says how to build the app when the dist folder is missing', async () => {
    const unbuilt = await createTestApp({ env: { WEB_DIST_DIR: path.join(webDist, 'does-not-exist') } });
    try {
      const response = await unbuilt.app.fastify.inject({ method: 'GET', url: '/', headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(WEB_APP_NOT_BUILT_TEXT);
      expect(response.body).toContain('npm run build');
    } finally {
      await unbuilt.close();
    }
  });
});

describe('unexpected failures', () => {
  it('registration and a reset link answer at once when SMTP fails: the mails wait in the outbox (issue 29)', async () => {
    const broken = await createTestApp({
      mailer: (smtp) => ({
        send: async () => {
          throw new Error('SMTP exploded with internal detail 0xDEADBEEF');
        },
        close: () => smtp.close(),
      }),
    });
    try {
      const email = uniqueEmail();
      const registered = await postJson(broken, '/api/auth/register', {
        name: 'Ann',
        email,
        password: PASSWORD,
        ageConfirmed: true,
        termsAccepted: true,
      });
      expect(registered.statusCode).toBe(201);
      // A second mail that asks for no wait of its own (a new verification link would wait 5 minutes, issue 23): a reset link.
      const forgot = await postJson(broken, '/api/auth/forgot-password', { email });
      expect(forgot.statusCode).toBe(200);
      // The reset link is written off the request path (the answer never waits for it): poll until both mails were tried.
      const deadline = Date.now() + 10_000;
      let waiting = 0;
      while (waiting < 2 && Date.now() < deadline) {
        await broken.mailsTried();
        const rows = await broken.db.execute<{ count: number }>(
          sql`select count(*)::int as count from mail_outbox where recipient = ${email} and status = 'waiting' and attempts >= 1`,
        );
        waiting = Number(rows.rows[0]?.count);
        if (waiting < 2) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(waiting).toBe(2);
    } finally {
      await broken.close();
    }
  });

  it('answer 500 with a generic text and keep the details in the log', async () => {
    const broken = await createTestApp();
    try {
      const email = uniqueEmail();
      const registered = await postJson(broken, '/api/auth/register', {
        name: 'Ann',
        email,
        password: PASSWORD,
        ageConfirmed: true,
        termsAccepted: true,
      });
      expect(registered.statusCode).toBe(201);
      // The database refuses the next mail with a detail that must stay in the log.
      await broken.db.execute(
        sql.raw(
          `create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'outbox exploded with internal detail 0xDEADBEEF'; end $$`,
        ),
      );
      await broken.db.execute(
        sql.raw('create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()'),
      );

      const session = await signIn(broken, { email, password: PASSWORD });
      // Issue 23: the sign-up's mail counted as the account's one of these 5 minutes.
      broken.clock.advance(MAIL_LIMITS.verification.windowSeconds * 1000);
      const response = await broken.app.fastify.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        headers: { authorization: session.accessToken },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 'internal_error', message: SERVER_TEXTS.internalError });
      expect(response.body).not.toContain('DEADBEEF');
      const errors = broken.logs.filter((line) => line.level === 50);
      expect(JSON.stringify(errors)).toContain('0xDEADBEEF');
    } finally {
      await broken.close();
    }
  });
});

describe('the app URL', () => {
  it('is the origin of verification links', () => {
    expect(t.config.appUrl).toBe(TEST_APP_URL);
  });
});

/**
 * Issue 27 (decision 052): the server speaks the reader's language. HTTP
 * answers with a sentence follow the signed-in player's stored preference,
 * else `Accept-Language`, else English; `PATCH /api/account/preferences`
 * stores the preference; mails and security notices go out in the account's
 * language; a live connection speaks its session's language.
 */
import {
  ACCOUNT_SECURITY_TEXTS,
  MAIL_TEXTS,
  REFUSAL_TEXTS,
  SERVER_TEXTS,
  SOCKET_REFUSAL_TEXTS_BY_LANGUAGE,
  SOCKET_PATH,
  PROTOCOL_VERSION,
  serverTexts,
  type Language,
} from '@shifumi/protocol';
import { eq } from 'drizzle-orm';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/infra/db/schema/index';
import { ACCEPTED, PASSWORD, getAccount, postJson, signIn, signUp, uniqueEmail } from './support/api';
import type { ReceivedMail } from './support/smtp-receiver';
import { createTestApp, type TestApp } from './support/test-app';

const FRENCH_BROWSER = { 'accept-language': 'fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7' };
const ENGLISH_BROWSER = { 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' };

let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.listen();
}, 60_000);
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t?.close();
});

function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return t.app.fastify.inject({
    method,
    url,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** A mail's text as its reader sees it: quoted-printable bytes read as UTF-8, encoded-word subjects decoded. */
function readable(mail: ReceivedMail): { subject: string; body: string } {
  const subject = mail.subject.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_match, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
  return { subject, body: Buffer.from(mail.decoded, 'latin1').toString('utf8') };
}

async function mailTo(
  email: string,
  what: (mail: { subject: string; body: string }) => boolean,
): Promise<{ subject: string; body: string }> {
  await t.mailsTried();
  const mail = await t.smtp.waitForMail((candidate) => candidate.to.includes(email) && what(readable(candidate)));
  return readable(mail);
}

async function languageOf(email: string): Promise<Language | null> {
  const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.email, email));
  return row?.language ?? null;
}

describe('HTTP answers in the request’s language', () => {
  it('answers an anonymous refusal in the browser’s language (q-values honoured), else in English', async () => {
    const wrong = { email: uniqueEmail(), password: 'not the password at all' };
    const cases: Array<[Record<string, string>, Language]> = [
      [FRENCH_BROWSER, 'fr'],
      [{ 'accept-language': 'fr-CA' }, 'fr'],
      [{ 'accept-language': 'en;q=0.3, fr;q=0.7' }, 'fr'],
      [{ 'accept-language': 'de-DE,de;q=0.9,fr;q=0.4' }, 'fr'],
      [ENGLISH_BROWSER, 'en'],
      [{ 'accept-language': 'de-DE' }, 'en'],
      [{ 'accept-language': 'fr;q=0' }, 'en'],
      [{}, 'en'],
    ];
    for (const [headers, language] of cases) {
      const response = await postJson(t, '/api/auth/login', wrong, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json(), JSON.stringify(headers)).toEqual({
        code: 'invalid_credentials',
        message: REFUSAL_TEXTS[language].invalid_credentials,
      });
    }
    // Refusals of the error handler itself (an unknown route) and replies (`{ message }`) alike.
    const missing = await call('GET', '/api/no-such-route', { headers: FRENCH_BROWSER });
    expect(missing.json()).toEqual({ code: 'not_found', message: REFUSAL_TEXTS.fr.not_found });
    const loggedOut = await call('POST', '/api/auth/logout', { headers: FRENCH_BROWSER });
    expect(loggedOut.json()).toEqual({ message: serverTexts('fr').server.loggedOut });
    expect(serverTexts('fr').server.loggedOut).not.toBe(SERVER_TEXTS.loggedOut);
  });

  it('keeps the spec’s English texts exactly in English', async () => {
    const response = await postJson(t, '/api/auth/register', {
      name: 'Ann',
      email: uniqueEmail(),
      password: PASSWORD,
      ...ACCEPTED,
    });
    expect(response.json()).toEqual({ message: 'A verification email has been sent to your address. Please check your inbox!' });
  });
});

describe('PATCH /api/account/preferences', () => {
  it('needs a session, refuses bad input with {code, message}, and stores the language', async () => {
    const credentials = await signUp(t, {}, ENGLISH_BROWSER);
    const session = await signIn(t, credentials);

    const anonymous = await call('PATCH', '/api/account/preferences', { body: { language: 'fr' }, headers: FRENCH_BROWSER });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ code: 'not_authenticated', message: REFUSAL_TEXTS.fr.not_authenticated });

    for (const body of [{ language: 'de' }, { language: 'FR' }, { language: 42 }, { language: null }, {}]) {
      const response = await call('PATCH', '/api/account/preferences', { token: session.accessToken, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({
        code: 'unknown_language',
        message: REFUSAL_TEXTS.en.unknown_language,
      });
    }
    for (const body of [{ language: 'fr', theme: 'dark' }, ['fr'], JSON.stringify('fr')]) {
      const response = await call('PATCH', '/api/account/preferences', {
        token: session.accessToken,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({
        code: 'invalid_request',
        message: REFUSAL_TEXTS.en.invalid_request,
      });
    }
    expect(await languageOf(credentials.email)).toBe('en');

    const saved = await call('PATCH', '/api/account/preferences', { token: session.accessToken, body: { language: 'fr' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'fr' });
    expect(await languageOf(credentials.email)).toBe('fr');
    const account = await getAccount(t, `Bearer ${session.accessToken}`);
    expect(account.json()).toMatchObject({ language: 'fr' });

    // From now on the player's answers are French, whatever the browser says.
    const refused = await call('PATCH', '/api/account/preferences', {
      token: session.accessToken,
      body: { language: 'de' },
      headers: ENGLISH_BROWSER,
    });
    expect(refused.json()).toEqual({ code: 'unknown_language', message: REFUSAL_TEXTS.fr.unknown_language });
    const wrongPassword = await call('POST', '/api/account/password', {
      token: session.accessToken,
      body: { currentPassword: 'not it at all', newPassword: 'another long password' },
      headers: ENGLISH_BROWSER,
    });
    expect(wrongPassword.json()).toEqual({ code: 'wrong_password', message: REFUSAL_TEXTS.fr.wrong_password });

    const back = await call('PATCH', '/api/account/preferences', { token: session.accessToken, body: { language: 'en' } });
    expect(back.json()).toEqual({ language: 'en' });
    expect((await getAccount(t, `Bearer ${session.accessToken}`)).json()).toMatchObject({ language: 'en' });
  });

  it('shows a language never chosen as null on the account', async () => {
    const credentials = await signUp(t);
    await t.db.update(users).set({ language: null }).where(eq(users.email, credentials.email));
    const session = await signIn(t, credentials);
    expect((await getAccount(t, `Bearer ${session.accessToken}`)).json()).toMatchObject({ language: null });
    // With no preference, the browser decides.
    const refused = await call('PATCH', '/api/account/preferences', {
      token: session.accessToken,
      body: {},
      headers: FRENCH_BROWSER,
    });
    expect(refused.json()).toEqual({ code: 'unknown_language', message: REFUSAL_TEXTS.fr.unknown_language });
  });
});

describe('mails in the account’s language', () => {
  it('sends the verification mail in the sign-up’s language (its field, else the browser’s)', async () => {
    const french = uniqueEmail('fr');
    const register = await postJson(t, '/api/auth/register', {
      name: 'Zoé',
      email: french,
      password: PASSWORD,
      ...ACCEPTED,
      language: 'fr',
    });
    expect(register.statusCode).toBe(201);
    expect(register.json()).toEqual({ message: serverTexts('fr').server.registered });
    expect(await languageOf(french)).toBe('fr');
    const frenchMail = await mailTo(french, (mail) => mail.subject === MAIL_TEXTS.fr.verification.subject);
    expect(frenchMail.body).toContain('Bonjour Zoé,');
    expect(frenchMail.body).toContain(MAIL_TEXTS.fr.verification.intro);
    expect(frenchMail.body).toContain(MAIL_TEXTS.fr.verification.validity);
    expect(frenchMail.body).not.toContain(MAIL_TEXTS.en.verification.intro);

    const byBrowser = uniqueEmail('browser');
    await signUp(t, { email: byBrowser }, FRENCH_BROWSER);
    expect(await languageOf(byBrowser)).toBe('fr');
    await mailTo(byBrowser, (mail) => mail.subject === MAIL_TEXTS.fr.verification.subject);

    // The page's language wins over the browser's.
    const english = uniqueEmail('en');
    const registered = await postJson(
      t,
      '/api/auth/register',
      { name: 'Ann', email: english, password: PASSWORD, ...ACCEPTED, language: 'en' },
      FRENCH_BROWSER,
    );
    expect(registered.json()).toEqual({ message: SERVER_TEXTS.registered });
    const englishMail = await mailTo(english, (mail) => mail.subject === 'Confirm your e-mail address');
    expect(englishMail.body).toContain('Hello Ann,');
    expect(englishMail.body).toContain('Please confirm your e-mail address for Shifumi by opening this link:');
  });

  it('sends a security notice in the language the player chose', async () => {
    for (const language of ['fr', 'en'] as const) {
      const credentials = await signUp(t, { name: 'Léa' });
      const session = await signIn(t, credentials);
      await call('PATCH', '/api/account/preferences', { token: session.accessToken, body: { language } });
      const changed = await call('POST', '/api/account/password', {
        token: session.accessToken,
        body: { currentPassword: PASSWORD, newPassword: 'another long password' },
        headers: language === 'fr' ? ENGLISH_BROWSER : FRENCH_BROWSER,
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ message: serverTexts(language).accountSecurity.passwordChanged });
      const texts = MAIL_TEXTS[language].security;
      const notice = await mailTo(
        credentials.email,
        (mail) => mail.subject === texts.subject(texts.notices.password_changed.subject),
      );
      expect(notice.body).toContain(MAIL_TEXTS[language].hello('Léa'));
      expect(notice.body).toContain(texts.notices.password_changed.lines()[0]);
      expect(notice.body).toContain(texts.notYou(`${t.config.appUrl}/account`));
    }
    expect(ACCOUNT_SECURITY_TEXTS.passwordChanged).not.toBe(serverTexts('fr').accountSecurity.passwordChanged);
  });
});

describe('live connections in their session’s language', () => {
  function open(token: string, headers: Record<string, string> = {}): Socket {
    const socket = connectSocket(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: headers,
      auth: { token, protocolVersion: PROTOCOL_VERSION },
    });
    sockets.push(socket);
    return socket;
  }

  function connected(socket: Socket): Promise<void> {
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }

  function next<T>(socket: Socket, event: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event}`)), 5_000);
      socket.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
  }

  it('refuses a bad token in the handshake’s language', async () => {
    const refused = open('not-a-token', FRENCH_BROWSER);
    const error = await connected(refused).then(
      () => undefined,
      (failure: Error) => failure,
    );
    expect(error?.message).toBe(REFUSAL_TEXTS.fr.session_expired);
  });

  it('speaks the player’s preference, else the handshake’s Accept-Language', async () => {
    const chosen = await signUp(t);
    const chosenSession = await signIn(t, chosen);
    await call('PATCH', '/api/account/preferences', { token: chosenSession.accessToken, body: { language: 'fr' } });
    const french = open(chosenSession.accessToken, ENGLISH_BROWSER);
    await connected(french);
    const frenchError = next<{ code: string; message: string }>(french, 'error');
    french.emit('not_an_event');
    expect(await frenchError).toEqual({ code: 'unknown_event', message: SOCKET_REFUSAL_TEXTS_BY_LANGUAGE.fr.unknown_event });
    const ack = await new Promise<unknown>((resolve) => french.emit('send_reaction', { room: 42 }, resolve));
    expect(ack).toEqual({ ok: false, code: 'invalid_payload', message: SOCKET_REFUSAL_TEXTS_BY_LANGUAGE.fr.invalid_payload });

    // No preference: each connection its own browser's language, down to the notice that ends every session.
    const unset = await signUp(t);
    await t.db.update(users).set({ language: null }).where(eq(users.email, unset.email));
    const first = await signIn(t, unset);
    const second = await signIn(t, unset);
    const inFrench = open(first.accessToken, FRENCH_BROWSER);
    const inEnglish = open(second.accessToken, ENGLISH_BROWSER);
    await Promise.all([connected(inFrench), connected(inEnglish)]);
    const heardFrench = next<string>(inFrench, 'force_disconnect');
    const heardEnglish = next<string>(inEnglish, 'force_disconnect');
    const frenchErrors: unknown[] = [];
    inFrench.on('force_disconnect', (message: unknown) => frenchErrors.push(message));
    const loggedOut = await call('POST', '/api/auth/logout-all', { token: first.accessToken });
    expect(loggedOut.statusCode).toBe(200);
    expect(await heardFrench).toBe(serverTexts('fr').server.forcedDisconnect);
    expect(await heardEnglish).toBe(SERVER_TEXTS.forcedDisconnect);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Each socket hears its own language once, not the other's too.
    expect(frenchErrors).toEqual([serverTexts('fr').server.forcedDisconnect]);
  });
});

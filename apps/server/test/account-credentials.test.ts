/**
 * Issue 23, "accounts that a stolen session or link cannot keep", through the
 * real app, a real database and a real SMTP receiver:
 * - every open password reset link dies with a change of the credentials
 *   (password change, completed reset, e-mail change, two-factor on or off);
 * - an e-mail change needs the current password (and the two-factor code),
 *   counts as a security change for the withdrawal hold, and a verified
 *   address changes only through the link mailed to the new one;
 * - wrong passwords are limited per address across every IP (racing
 *   attempts included), an unknown address answered exactly like a known one,
 *   lifted by a completed reset or the end of the window, one mail to the owner;
 * - a flood of forgot-password requests mails the owner once.
 */
import { randomUUID } from 'node:crypto';
import { ACCOUNT_SECURITY_TEXTS, MAIL_LIMITS, SERVER_TEXTS } from '@shifumi/protocol';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, mailThrottle, users } from '../src/infra/db/schema/index';
import { totpOf } from '../src/modules/account-security/two-factor.service';
import { loginFailureKey } from '../src/modules/auth/login-failures.repo';
import { PASSWORD, postJson, signIn, signUp, uniqueEmail, type SignedIn } from './support/api';
import { findVerificationLink, type ReceivedMail } from './support/smtp-receiver';
import { createTestApp, type TestApp } from './support/test-app';

const NEW_PASSWORD = 'a brand new passphrase';
const LOCK_SUBJECT = 'Shifumi security: sign-in paused after wrong passwords';

let t: TestApp;
beforeAll(async () => {
  // Several IPs (X-Forwarded-For); the default limit of 10 wrong passwords in 15 minutes.
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

function authed(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  return t.app.fastify.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function login(email: string, password: string, ip = '192.0.2.1') {
  return postJson(t, '/api/auth/login', { email, password }, { 'x-forwarded-for': ip });
}

async function forgetMails(userId: string): Promise<void> {
  await t.db.delete(mailThrottle).where(eq(mailThrottle.userId, userId));
}

/** Asks for a reset link and reads it from the mail. */
async function resetLink(email: string): Promise<string> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await forgetMails(user!.id);
  const before = t.smtp.mails.length;
  expect((await postJson(t, '/api/auth/forgot-password', { email })).statusCode).toBe(200);
  await t.mailsTried();
  const mail = await t.smtp.waitForMail(
    (candidate) =>
      candidate.to.includes(email) && candidate.subject === 'Choose a new password' && t.smtp.mails.indexOf(candidate) >= before,
  );
  return /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.decoded)![1]!;
}

function reset(token: string, password = NEW_PASSWORD) {
  return postJson(t, '/api/auth/reset-password', { token, password });
}

function codeFor(secret: string): string {
  return totpOf(secret).generate({ timestamp: t.clock().getTime() });
}

async function turnTwoFactorOn(session: SignedIn): Promise<string> {
  const setup = await authed('POST', '/api/account/2fa/setup', session.accessToken);
  const { secret } = setup.json() as { secret: string };
  expect((await authed('POST', '/api/account/2fa/enable', session.accessToken, { code: codeFor(secret) })).statusCode).toBe(200);
  t.clock.advance(30_000);
  return secret;
}

async function lockMailsTo(email: string): Promise<ReceivedMail[]> {
  await t.mailsTried();
  return t.smtp.mailsTo(email).filter((mail) => mail.subject === LOCK_SUBJECT);
}

function answerOf(response: LightMyRequestResponse) {
  return { status: response.statusCode, body: response.json() as unknown };
}

describe('every open reset link dies when the credentials change', () => {
  async function expectDead(token: string, email: string, stillSignsIn: string) {
    const used = await reset(token, 'the attacker chose this one');
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ code: 'reset_link_invalid', message: ACCOUNT_SECURITY_TEXTS.resetLinkInvalid });
    expect((await login(email, 'the attacker chose this one')).statusCode).toBe(401);
    expect((await login(email, stillSignsIn)).statusCode).toBe(200);
  }

  it('a password change', async () => {
    const credentials = await signUp(t);
    const captured = await resetLink(credentials.email);
    const session = await signIn(t, credentials);
    expect(
      (
        await authed('POST', '/api/account/password', session.accessToken, {
          currentPassword: PASSWORD,
          newPassword: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    await expectDead(captured, credentials.email, NEW_PASSWORD);
  });

  it('a completed reset (with a newer link: the older one died when the newer was sent, the newer dies when used)', async () => {
    const credentials = await signUp(t);
    const captured = await resetLink(credentials.email);
    expect((await reset(captured)).statusCode).toBe(200);
    await expectDead(captured, credentials.email, NEW_PASSWORD);
  });

  it('an e-mail change', async () => {
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    const captured = await resetLink(credentials.email);
    await forgetMails(session.user.id);
    expect(
      (
        await authed('POST', '/api/account/email', session.accessToken, {
          email: uniqueEmail('moved'),
          currentPassword: PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    await expectDead(captured, (await t.db.select().from(users).where(eq(users.id, session.user.id)))[0]!.email!, PASSWORD);
  });

  it('two-factor turned on, and turned off', async () => {
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    const beforeOn = await resetLink(credentials.email);
    const secret = await turnTwoFactorOn(session);
    const used = await reset(beforeOn);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ code: 'reset_link_invalid', message: ACCOUNT_SECURITY_TEXTS.resetLinkInvalid });

    const beforeOff = await resetLink(credentials.email);
    expect((await authed('POST', '/api/account/2fa/disable', session.accessToken, { code: codeFor(secret) })).statusCode).toBe(
      200,
    );
    const usedAfterOff = await reset(beforeOff);
    expect(usedAfterOff.statusCode).toBe(400);
    expect(usedAfterOff.json()).toEqual({ code: 'reset_link_invalid', message: ACCOUNT_SECURITY_TEXTS.resetLinkInvalid });
    // The password is the one it was.
    expect((await login(credentials.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /api/account/email needs the password, and the code with two-factor on', () => {
  async function unchanged(userId: string, email: string, target: string) {
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row!.email).toBe(email);
    await t.mailsTried();
    expect(t.smtp.mailsTo(target)).toEqual([]);
    expect(
      t.smtp.mailsTo(email).filter((mail) => mail.subject.startsWith('Shifumi security:') && mail.subject.includes('e-mail')),
    ).toEqual([]);
  }

  it('refuses a missing or wrong password with 400 (not 403) and changes nothing; the right one changes the address', async () => {
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    await forgetMails(session.user.id);
    const target = uniqueEmail('attacker');
    for (const [body, code, message] of [
      [{ email: target }, 'password_required', ACCOUNT_SECURITY_TEXTS.currentPasswordRequired],
      [{ email: target, currentPassword: '' }, 'password_required', ACCOUNT_SECURITY_TEXTS.currentPasswordRequired],
      [{ email: target, currentPassword: 'not the password' }, 'wrong_password', ACCOUNT_SECURITY_TEXTS.currentPasswordWrong],
    ] as const) {
      const refused = await authed('POST', '/api/account/email', session.accessToken, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code, message });
    }
    await unchanged(session.user.id, credentials.email, target);

    const changed = await authed('POST', '/api/account/email', session.accessToken, { email: target, currentPassword: PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: SERVER_TEXTS.emailAdded });
    // The previous (unverified) address is told, naming the new one.
    await t.mailsTried();
    const told = t.smtp
      .mailsTo(credentials.email)
      .find((mail) => mail.subject === 'Shifumi security: your e-mail address was changed');
    expect(told?.decoded).toContain(target);
    // A security change: withdrawals wait.
    const security = await authed('GET', '/api/account/security', session.accessToken);
    expect(security.json().withdrawalsHeldUntil).toEqual(expect.any(String));
  });

  it('asks for the two-factor code when two-factor is on: none or a wrong one → 400 and nothing changes', async () => {
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    const secret = await turnTwoFactorOn(session);
    await forgetMails(session.user.id);
    const target = uniqueEmail('attacker');
    const without = await authed('POST', '/api/account/email', session.accessToken, { email: target, currentPassword: PASSWORD });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({ code: 'two_factor_required', message: ACCOUNT_SECURITY_TEXTS.twoFactorCodeRequired });
    const right = codeFor(secret);
    const wrong = await authed('POST', '/api/account/email', session.accessToken, {
      email: target,
      currentPassword: PASSWORD,
      code: right === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'two_factor_invalid', message: ACCOUNT_SECURITY_TEXTS.twoFactorCodeWrong });
    await unchanged(session.user.id, credentials.email, target);
    const accepted = await authed('POST', '/api/account/email', session.accessToken, {
      email: target,
      currentPassword: PASSWORD,
      code: right,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it("changes a verified address by the new one's link: until then the old one signs in and the new one does not; then the hold starts", async () => {
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
    await forgetMails(session.user.id);
    const next = uniqueEmail('next');
    const requested = await authed('POST', '/api/account/email', session.accessToken, { email: next, currentPassword: PASSWORD });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: SERVER_TEXTS.emailChangeRequested });
    expect((await login(next, PASSWORD)).statusCode).toBe(401);
    expect((await login(credentials.email, PASSWORD)).statusCode).toBe(200);
    await t.mailsTried();
    expect(
      t.smtp
        .mailsTo(credentials.email)
        .some(
          (mail) =>
            mail.subject === 'Shifumi security: a change of your e-mail address was requested' && mail.decoded.includes(next),
        ),
    ).toBe(true);
    expect((await authed('GET', '/api/account/security', session.accessToken)).json().withdrawalsHeldUntil).toBeNull();

    const mail = await t.smtp.waitForMail((candidate) => candidate.to.includes(next));
    const token = findVerificationLink(mail).pathname.split('/').at(-1)!;
    expect((await t.app.fastify.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` })).statusCode).toBe(200);
    expect((await login(next, PASSWORD)).statusCode).toBe(200);
    expect((await login(credentials.email, PASSWORD)).statusCode).toBe(401);
    expect((await authed('GET', '/api/account/security', session.accessToken)).json().withdrawalsHeldUntil).toEqual(
      expect.any(String),
    );
  });

  it('refuses a second change within 5 minutes with 429 and Retry-After (one verification mail per account), changing nothing', async () => {
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    // The sign-up's verification mail was this account's one of these minutes.
    const refused = await authed('POST', '/api/account/email', session.accessToken, {
      email: uniqueEmail('soon'),
      currentPassword: PASSWORD,
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(MAIL_LIMITS.verification.windowSeconds);
    expect((await t.db.select().from(users).where(eq(users.id, session.user.id)))[0]!.email).toBe(credentials.email);
  });
});

describe('wrong passwords are limited per address, across every IP', () => {
  it('answers the 11th attempt 429 with Retry-After whatever the password, for a known and an unknown address alike; other accounts are unaffected; the owner gets one mail', async () => {
    const known = await signUp(t);
    const unknown = uniqueEmail('nobody');
    const bystander = await signUp(t);
    const answers: Record<string, Array<ReturnType<typeof answerOf>>> = { known: [], unknown: [] };
    for (let attempt = 0; attempt < 10; attempt += 1) {
      // Ten different IPs: the per-IP limit never sees more than one.
      answers.known!.push(answerOf(await login(known.email, `wrong ${attempt}`, `198.51.100.${attempt}`)));
      answers.unknown!.push(answerOf(await login(unknown, `wrong ${attempt}`, `198.51.100.${attempt}`)));
    }
    expect(answers.known).toEqual(
      Array.from({ length: 10 }, () => ({
        status: 401,
        body: { code: 'invalid_credentials', message: SERVER_TEXTS.invalidCredentials },
      })),
    );
    expect(answers.unknown).toEqual(answers.known);

    const lockedKnown = await login(known.email, PASSWORD, '198.51.100.77');
    const lockedUnknown = await login(unknown, PASSWORD, '198.51.100.77');
    for (const locked of [lockedKnown, lockedUnknown]) {
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ code: 'too_many_sign_in_failures', message: SERVER_TEXTS.tooManySignInFailures });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    expect(
      Object.keys(lockedKnown.headers)
        .filter((name) => name !== 'date' && name !== 'x-request-id')
        .sort(),
    ).toEqual(
      Object.keys(lockedUnknown.headers)
        .filter((name) => name !== 'date' && name !== 'x-request-id')
        .sort(),
    );
    // From the very IPs the guesses came from, another account signs in.
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await login(bystander.email, PASSWORD, `198.51.100.${attempt}`)).statusCode).toBe(200);
    expect(await lockMailsTo(known.email)).toHaveLength(1);
    expect((await lockMailsTo(known.email))[0]!.decoded).toMatch(/Forgot password/);

    // Still locked, still one mail; after the window, the right password signs in.
    expect((await login(known.email, PASSWORD, '198.51.100.78')).statusCode).toBe(429);
    expect(await lockMailsTo(known.email)).toHaveLength(1);
    t.clock.advance(15 * 60_000 + 1_000);
    expect((await login(known.email, PASSWORD)).statusCode).toBe(200);
  });

  it('lets exactly 10 of 20 wrong attempts racing at once be checked; the rest are 429, and the count in the database is 10', async () => {
    const credentials = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => login(credentials.email, `guess ${index}`, `203.0.113.${index}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const [row] = await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.emailKey, loginFailureKey(credentials.email)));
    expect(row?.failures).toBe(10);
    expect((await login(credentials.email, PASSWORD)).statusCode).toBe(429);
    expect(await lockMailsTo(credentials.email)).toHaveLength(1);
  });

  it('is lifted by a completed password reset', async () => {
    const credentials = await signUp(t);
    for (let attempt = 0; attempt < 10; attempt += 1)
      await login(credentials.email, `wrong ${attempt}`, `192.0.2.${attempt + 20}`);
    expect((await login(credentials.email, PASSWORD)).statusCode).toBe(429);
    expect((await reset(await resetLink(credentials.email))).statusCode).toBe(200);
    expect((await login(credentials.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('counts a right password not as a failure, and wrong current passwords of an e-mail change with the sign-in failures', async () => {
    const credentials = await signUp(t);
    for (let attempt = 0; attempt < 9; attempt += 1) await login(credentials.email, `wrong ${attempt}`);
    const session = await signIn(t, credentials);
    const [row] = await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.emailKey, loginFailureKey(credentials.email)));
    expect(row?.failures).toBe(9);
    await forgetMails(session.user.id);
    const wrong = await authed('POST', '/api/account/email', session.accessToken, {
      email: uniqueEmail(),
      currentPassword: 'guess',
    });
    expect(wrong.statusCode).toBe(400);
    // The tenth wrong password: sign-in and the e-mail change both wait.
    expect((await login(credentials.email, PASSWORD)).statusCode).toBe(429);
    const after = await authed('POST', '/api/account/email', session.accessToken, {
      email: uniqueEmail(),
      currentPassword: PASSWORD,
    });
    expect(after.statusCode).toBe(429);
  });
});

describe('mail floods', () => {
  it('mails one reset link for 20 forgot-password requests from 20 IPs, answering all of them alike', async () => {
    const credentials = await signUp(t);
    const before = t.smtp.mailsTo(credentials.email).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        postJson(t, '/api/auth/forgot-password', { email: credentials.email }, { 'x-forwarded-for': `100.64.0.${index}` }),
      ),
    );
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`))).toEqual(
      new Set([`200 ${JSON.stringify({ message: ACCOUNT_SECURITY_TEXTS.forgotPasswordSent })}`]),
    );
    await t.mailsTried();
    await t.smtp.waitForMail(() => t.smtp.mailsTo(credentials.email).length > before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.mailsTo(credentials.email).filter((mail) => mail.subject === 'Choose a new password')).toHaveLength(1);
    // After the window, another may come.
    t.clock.advance(MAIL_LIMITS.password_reset.windowSeconds * 1000);
    await postJson(
      t,
      '/api/auth/forgot-password',
      { email: credentials.email },
      { 'x-forwarded-for': `100.64.1.${randomUUID().length}` },
    );
    await t.mailsTried();
    await t.smtp.waitForMail(
      () => t.smtp.mailsTo(credentials.email).filter((mail) => mail.subject === 'Choose a new password').length === 2,
    );
  });
});

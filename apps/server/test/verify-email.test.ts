import { MAIL_LIMITS, SERVER_TEXTS, TEXTS } from '@shifumi/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount, postJson, signIn, signUp, uniqueEmail, PASSWORD } from './support/api';
import { findVerificationLink } from './support/smtp-receiver';
import { createTestApp, TEST_APP_URL, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Registers, catches the verification mail on the SMTP receiver and returns the link's token. */
async function registerAndReadLink(email = uniqueEmail()): Promise<{ email: string; token: string }> {
  await signUp(t, { email });
  const mail = await t.smtp.waitForMail((candidate) => candidate.to.includes(email));
  const link = findVerificationLink(mail);
  expect(link.origin).toBe(TEST_APP_URL);
  return { email, token: link.pathname.split('/').at(-1) ?? '' };
}

function verify(token: string) {
  return t.app.fastify.inject({ method: 'GET', url: `/api/auth/verify-email/${encodeURIComponent(token)}` });
}

async function emailVerified(email: string): Promise<boolean> {
  const session = await signIn(t, { email, password: PASSWORD });
  return (await getAccount(t, session.accessToken)).json().emailVerified as boolean;
}

describe('GET /api/auth/verify-email/:token', () => {
  it('follows the link of the real mail: 200, the address is verified', async () => {
    const { email, token } = await registerAndReadLink();
    const mail = t.smtp.mailsTo(email)[0];
    expect(mail?.subject).toBe('Confirm your e-mail address');
    expect(mail?.from).toBe('no-reply@shifumi.test');
    expect(await emailVerified(email)).toBe(false);

    const response = await verify(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SERVER_TEXTS.emailVerified });
    expect(await emailVerified(email)).toBe(true);
  });

  it('a used link of an address already verified says so (issue 26), not that it failed', async () => {
    const { email, token } = await registerAndReadLink();
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: SERVER_TEXTS.emailAlreadyVerified });
    expect(await emailVerified(email)).toBe(true);
  });

  it("refuses a used link with 400 when its address is not the account's verified one any more", async () => {
    const { email, token } = await registerAndReadLink();
    expect((await verify(token)).statusCode).toBe(200);
    const session = await signIn(t, { email, password: PASSWORD });
    // The address changes: the old link proves nothing now.
    await t.db.execute(
      sql`update users set email = ${uniqueEmail('moved')}, email_verified_at = null where id = ${session.user.id}`,
    );
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'verify_link_invalid', message: TEXTS.verifyFailedText });
  });

  it('refuses an unknown or malformed token with 400', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(400), '../../etc/passwd', 'a b']) {
      const response = await verify(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'verify_link_invalid', message: TEXTS.verifyFailedText });
    }
  });

  it('refuses a link older than 24 hours with 400, and accepts one just under', async () => {
    const expired = await registerAndReadLink();
    const valid = await registerAndReadLink();
    t.clock.advance(24 * 60 * 60 * 1000 - 60_000);
    try {
      expect((await verify(valid.token)).statusCode).toBe(200);
      t.clock.advance(2 * 60_000);
      const response = await verify(expired.token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'verify_link_invalid', message: TEXTS.verifyFailedText });
    } finally {
      t.clock.advance(-(24 * 60 * 60 * 1000 + 60_000));
    }
    expect(await emailVerified(expired.email)).toBe(false);
  });

  it('does not log the token', async () => {
    const { token } = await registerAndReadLink();
    await verify(token);
    expect(JSON.stringify(t.logs)).not.toContain(token);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('mails a fresh link to the signed-in user; the new link verifies', async () => {
    const { email, token: firstToken } = await registerAndReadLink();
    const session = await signIn(t, { email, password: PASSWORD });
    const before = t.smtp.mailsTo(email).length;
    const resend = () =>
      t.app.fastify.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        headers: { authorization: session.accessToken },
      });

    // Issue 23: the sign-up mail was the one of these 5 minutes: a resend waits, with Retry-After, and sends nothing.
    const early = await resend();
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(MAIL_LIMITS.verification.windowSeconds);
    expect(early.json()).toEqual({ code: 'verification_mail_wait', message: SERVER_TEXTS.verificationMailWait(5) });
    expect(t.smtp.mailsTo(email).length).toBe(before);
    t.clock.advance(MAIL_LIMITS.verification.windowSeconds * 1000);

    const response = await resend();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SERVER_TEXTS.verificationSent });

    const mail = await t.smtp.waitForMail((candidate) => t.smtp.mailsTo(email).indexOf(candidate) === before);
    const token = findVerificationLink(mail).pathname.split('/').at(-1) ?? '';
    expect(token).not.toBe(firstToken);
    expect((await verify(token)).statusCode).toBe(200);
    // Verifying uses up every other open link: followed later, it says the address is already verified (issue 26).
    const first = await verify(firstToken);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: SERVER_TEXTS.emailAlreadyVerified });
  });

  it('answers 409 once the address is verified, and sends nothing', async () => {
    const { email, token } = await registerAndReadLink();
    await verify(token);
    const session = await signIn(t, { email, password: PASSWORD });
    const before = await t.count('mail_outbox');
    const response = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'already_verified', message: SERVER_TEXTS.alreadyVerified });
    expect(await t.count('mail_outbox')).toBe(before);
  });

  it('answers 403 when signed out', async () => {
    const response = await postJson(t, '/api/auth/resend-verification', {});
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/account', () => {
  it('answers the user, their referral code and whether the address is verified', async () => {
    const account = await signUp(t, { name: 'Zoé' });
    const session = await signIn(t, account);
    const response = await getAccount(t, session.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: session.user.id, name: 'Zoé', email: account.email, walletAddress: session.user.walletAddress },
      referralCode: expect.stringMatching(/^[23456789A-HJ-NP-Z]{8}$/),
      referralCount: 0,
      heldWei: '0',
      emailVerified: false,
      balance: 0,
      balanceWei: '0',
      gameHistory: [],
      deposits: [],
      withdrawals: [],
      // No wallet linked for Sign-In With Ethereum.
      linkedAddress: null,
      // Issue 27: signed up without a language nor Accept-Language: English.
      language: 'en',
    });
    expect(session.user.walletAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 403 without a token', async () => {
    expect((await getAccount(t, undefined)).statusCode).toBe(403);
  });
});

/**
 * `POST /api/account/email` through the real app, a real database and a real
 * SMTP receiver: a wallet-only account adds an e-mail and verifies it with the
 * mailed link; an unverified address is replaced (its old link dies); a
 * verified one changes only once the link mailed to the new one is opened
 * (issue 23); another account's address is refused, whatever its case; bad
 * input and signed-out requests change nothing. The password and two-factor
 * rules of issue 23 are in account-credentials.test.ts.
 */
import { SERVER_TEXTS, type AccountResponse, type SessionResponse } from '@shifumi/protocol';
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { emailVerificationTokens, mailThrottle, users } from '../src/infra/db/schema/index';
import { getAccount, PASSWORD, postJson, signIn, signUp, uniqueEmail } from './support/api';
import { findVerificationLink, type ReceivedMail } from './support/smtp-receiver';
import { createTestApp, TEST_APP_URL, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  // No chain: the SIWE service checks plain accounts' signatures locally.
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A new wallet-only account (Sign-In With Ethereum, no e-mail), signed in. */
async function walletOnlySession(): Promise<SessionResponse> {
  const wallet = privateKeyToAccount(generatePrivateKey());
  const { nonce } = (await t.app.fastify.inject({ method: 'GET', url: '/api/auth/siwe/nonce' })).json<{ nonce: string }>();
  const message = createSiweMessage({
    address: wallet.address,
    chainId: DEV_CHAIN_ID,
    domain: new URL(TEST_APP_URL).host,
    uri: TEST_APP_URL,
    nonce,
    version: '1',
    issuedAt: new Date(),
  });
  const response = await postJson(t, '/api/auth/siwe/verify', {
    message,
    signature: await wallet.signMessage({ message }),
    ageConfirmed: true,
    termsAccepted: true,
  });
  expect(response.statusCode).toBe(200);
  const session = response.json<SessionResponse>();
  expect(session.user.email).toBeNull();
  return session;
}

/** Issue 23: as if the account's last verification mail was long ago (one every 5 minutes per account). */
async function forgetVerificationMails(userId: string): Promise<void> {
  await t.db.delete(mailThrottle).where(eq(mailThrottle.userId, userId));
}

function addEmail(accessToken: string | undefined, body: unknown) {
  return postJson(t, '/api/account/email', body, accessToken === undefined ? {} : { authorization: accessToken });
}

function tokenOf(mail: ReceivedMail): string {
  return findVerificationLink(mail).pathname.split('/').at(-1) ?? '';
}

/** The `index`-th mail (0-based) sent to `email`, once it arrived. */
function nthMailTo(email: string, index: number): Promise<ReceivedMail> {
  return t.smtp.waitForMail((mail) => t.smtp.mailsTo(email).indexOf(mail) === index);
}

function verify(token: string) {
  return t.app.fastify.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
}

async function account(accessToken: string): Promise<AccountResponse> {
  const response = await getAccount(t, accessToken);
  expect(response.statusCode).toBe(200);
  return response.json<AccountResponse>();
}

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('POST /api/account/email', () => {
  it('adds an e-mail to a wallet-only account; the mailed link verifies it and the account shows it verified', async () => {
    const session = await walletOnlySession();
    const email = uniqueEmail('wallet');
    const response = await addEmail(session.accessToken, { email: `  ${email.toUpperCase()} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SERVER_TEXTS.emailAdded });

    // Stored lower-case, not verified yet.
    expect(await userRow(session.user.id)).toMatchObject({ email, emailVerifiedAt: null });
    expect(await account(session.accessToken)).toMatchObject({ user: { email }, emailVerified: false });

    const mail = await nthMailTo(email, 0);
    expect(mail.subject).toBe('Confirm your e-mail address');
    const link = findVerificationLink(mail);
    expect(link.origin).toBe(TEST_APP_URL);
    const verified = await verify(tokenOf(mail));
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: SERVER_TEXTS.emailVerified });
    expect(await account(session.accessToken)).toMatchObject({ user: { email }, emailVerified: true });
  });

  it('replaces an unverified address: the old link no longer verifies, the new one does', async () => {
    const session = await walletOnlySession();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await addEmail(session.accessToken, { email: first })).statusCode).toBe(200);
    const firstToken = tokenOf(await nthMailTo(first, 0));

    // Issue 23: one verification mail per account every 5 minutes: a change right away waits, and changes nothing.
    const early = await addEmail(session.accessToken, { email: second });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ code: 'verification_mail_wait', message: SERVER_TEXTS.verificationMailWait(5) });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(240);
    expect(await userRow(session.user.id)).toMatchObject({ email: first });
    expect(t.smtp.mailsTo(second)).toEqual([]);
    await forgetVerificationMails(session.user.id);

    const replaced = await addEmail(session.accessToken, { email: second });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({ message: SERVER_TEXTS.emailAdded });
    expect(await userRow(session.user.id)).toMatchObject({ email: second, emailVerifiedAt: null });
    // Every open link of the account was used up by the change.
    const open = await t.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, session.user.id));
    expect(open.filter((token) => token.usedAt === null).map((token) => token.email)).toEqual([second]);

    const old = await verify(firstToken);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ code: 'verify_link_invalid', message: SERVER_TEXTS.verifyLinkInvalid });
    expect((await account(session.accessToken)).emailVerified).toBe(false);

    expect((await verify(tokenOf(await nthMailTo(second, 0)))).statusCode).toBe(200);
    expect(await account(session.accessToken)).toMatchObject({ user: { email: second }, emailVerified: true });
    // The first address is free again for somebody else.
    expect(
      (
        await postJson(t, '/api/auth/register', {
          name: 'Other',
          email: first,
          password: PASSWORD,
          ageConfirmed: true,
          termsAccepted: true,
        })
      ).statusCode,
    ).toBe(201);
  });

  it("replaces an e-mail account's unverified address too, and the old link dies with it", async () => {
    const credentials = await signUp(t);
    const oldToken = tokenOf(await nthMailTo(credentials.email, 0));
    const session = await signIn(t, credentials);
    const email = uniqueEmail('moved');
    await forgetVerificationMails(session.user.id);
    // Issue 23: with the account's password.
    expect((await addEmail(session.accessToken, { email, currentPassword: PASSWORD })).statusCode).toBe(200);
    expect((await verify(oldToken)).statusCode).toBe(400);
    expect((await verify(tokenOf(await nthMailTo(email, 0)))).statusCode).toBe(200);
    // The password now goes with the new address.
    expect((await signIn(t, { email, password: PASSWORD })).user.id).toBe(session.user.id);
  });

  it('changes a verified address only when the link mailed to the new one is opened; the old address is told (issue 23)', async () => {
    const session = await walletOnlySession();
    const email = uniqueEmail('kept');
    await addEmail(session.accessToken, { email });
    expect((await verify(tokenOf(await nthMailTo(email, 0)))).statusCode).toBe(200);
    const before = { mails: await t.count('mail_outbox'), tokens: await t.count('email_verification_tokens') };

    // The same address: nothing to do, nothing sent.
    const same = await addEmail(session.accessToken, { email });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ code: 'email_unchanged', message: SERVER_TEXTS.emailUnchanged });
    expect({ mails: t.smtp.mails.length, tokens: await t.count('email_verification_tokens') }).toEqual(before);

    const next = uniqueEmail('next');
    await forgetVerificationMails(session.user.id);
    const requested = await addEmail(session.accessToken, { email: next });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: SERVER_TEXTS.emailChangeRequested });
    // Until the link is opened the verified address stays the account's.
    expect(await userRow(session.user.id)).toMatchObject({ email, emailVerifiedAt: expect.any(Date) });
    expect(await account(session.accessToken)).toMatchObject({ user: { email }, emailVerified: true });
    await t.mailsTried();
    const told = t.smtp
      .mailsTo(email)
      .find((mail) => mail.subject === 'Shifumi security: a change of your e-mail address was requested');
    expect(told?.decoded).toContain(next);
    expect(told?.decoded).toMatch(/If this was not you/);

    const link = await nthMailTo(next, 0);
    expect(link.subject).toBe('Confirm your new e-mail address');
    expect((await verify(tokenOf(link))).statusCode).toBe(200);
    expect(await userRow(session.user.id)).toMatchObject({ email: next, emailVerifiedAt: expect.any(Date) });
    await t.mailsTried();
    expect(t.smtp.mailsTo(email).some((mail) => mail.subject === 'Shifumi security: your e-mail address was changed')).toBe(true);
    // The link is used up: followed again it only says the address is verified (issue 26), and changes nothing.
    const again = await verify(tokenOf(link));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: SERVER_TEXTS.emailAlreadyVerified });
    expect(await userRow(session.user.id)).toMatchObject({ email: next });
    // The old address is free for somebody else.
    expect(
      (
        await postJson(t, '/api/auth/register', {
          name: 'Other',
          email,
          password: PASSWORD,
          ageConfirmed: true,
          termsAccepted: true,
        })
      ).statusCode,
    ).toBe(201);
  });

  it("refuses another account's address with 409, whatever its case, and changes nothing", async () => {
    const holder = await signUp(t);
    const session = await walletOnlySession();
    const mailsBefore = await t.count('mail_outbox');
    for (const email of [holder.email, holder.email.toUpperCase()]) {
      const response = await addEmail(session.accessToken, { email });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'email_taken', message: SERVER_TEXTS.emailTaken });
    }
    expect((await userRow(session.user.id)).email).toBeNull();
    expect(await t.count('mail_outbox')).toBe(mailsBefore);
  });

  it('lets the unique index decide when two accounts add the same address at once: one wins, the other gets 409', async () => {
    const [a, b] = await Promise.all([walletOnlySession(), walletOnlySession()]);
    const email = uniqueEmail('race');
    const responses = await Promise.all([addEmail(a.accessToken, { email }), addEmail(b.accessToken, { email })]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json()).toEqual({
      code: 'email_taken',
      message: SERVER_TEXTS.emailTaken,
    });
    const holders = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(holders).toHaveLength(1);
  });

  it.each([
    [{}, 'E-mail is required.'],
    [{ email: '' }, 'E-mail is required.'],
    [{ email: 'not an address' }, 'Please enter a valid e-mail address.'],
    [{ email: 42 }, 'E-mail must be text.'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'E-mail must be at most 254 characters.'],
    [['someone@example.com'], SERVER_TEXTS.invalidRequest],
  ])('refuses %j with 400 and the schema message, and changes nothing', async (body, message) => {
    const session = await walletOnlySession();
    const before = { mails: await t.count('mail_outbox'), tokens: await t.count('email_verification_tokens') };
    const response = await addEmail(session.accessToken, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: message === SERVER_TEXTS.invalidRequest ? 'invalid_request' : 'invalid_input',
      message,
    });
    expect((await userRow(session.user.id)).email).toBeNull();
    expect({ mails: await t.count('mail_outbox'), tokens: await t.count('email_verification_tokens') }).toEqual(before);
  });

  it('answers 403 when signed out (no token, or a bad one) and changes nothing', async () => {
    const email = uniqueEmail('nobody');
    for (const token of [undefined, 'not-a-token']) {
      const response = await addEmail(token, { email });
      expect(response.statusCode).toBe(403);
    }
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
    expect(t.smtp.mailsTo(email)).toEqual([]);
  });
});

describe('POST /api/account/email: rate limit', () => {
  it('has a per-IP budget like the auth routes; GET /api/account is not counted', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '2', TRUST_PROXY: 'true' } });
    try {
      // Four accounts (sign-up and sign-in from other IPs), whose sign-up mails were long ago.
      const sessions = [];
      for (let index = 0; index < 4; index += 1) {
        const credentials = await signUp(limited, {}, { 'x-forwarded-for': `198.51.100.${index}` });
        sessions.push(await signIn(limited, credentials, { 'x-forwarded-for': `198.51.100.${index + 10}` }));
      }
      await limited.db.delete(mailThrottle);
      const fromIp = (session: { accessToken: string }, ip: string) => ({
        authorization: session.accessToken,
        'x-forwarded-for': ip,
      });
      for (let index = 0; index < 3; index += 1) {
        const read = await limited.app.fastify.inject({
          method: 'GET',
          url: '/api/account',
          headers: fromIp(sessions[0]!, '203.0.113.9'),
        });
        expect(read.statusCode).toBe(200);
      }
      const statuses = [];
      for (let index = 0; index < 3; index += 1) {
        statuses.push(
          (
            await postJson(
              limited,
              '/api/account/email',
              { email: uniqueEmail(), currentPassword: PASSWORD },
              fromIp(sessions[index]!, '203.0.113.9'),
            )
          ).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(
        (
          await postJson(
            limited,
            '/api/account/email',
            { email: uniqueEmail(), currentPassword: PASSWORD },
            fromIp(sessions[3]!, '203.0.113.10'),
          )
        ).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

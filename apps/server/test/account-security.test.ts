/**
 * Issue 13: password reset and change, two-factor codes (computed here from
 * the secret with otpauth), the sign-in's second step, the sessions list,
 * security mails, and the withdrawal guards (security hold, code on cashout).
 * Real app, real database, real SMTP receiver; the clock is the test's.
 */
import { randomUUID } from 'node:crypto';
import {
  MAIL_LIMITS,
  ACCOUNT_SECURITY_TEXTS,
  REFRESH_TOKEN_COOKIE,
  SERVER_TEXTS,
  SOCKET_PATH,
  type ServerToClientEvents,
  type ClientToServerEvents,
} from '@shifumi/protocol';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurity, passwordResetTokens, users } from '../src/infra/db/schema/index';
import { totpOf } from '../src/modules/account-security/two-factor.service';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf, transfer } from '../src/modules/ledger/ledger.service';
import { hashOpaqueToken } from '../src/shared/secure-token';
import { getAccount, PASSWORD, postJson, refresh, signIn, signUp, uniqueEmail, type SignedIn } from './support/api';
import type { ReceivedMail } from './support/smtp-receiver';
import { createTestApp, TEST_APP_URL, type TestApp } from './support/test-app';
import { chainFor, startTestAnvil, type TestAnvil } from './support/test-chain';

let t: TestApp;
let anvil: TestAnvil;
let baseUrl: string;
beforeAll(async () => {
  // A real chain: withdrawals need a network fee quote (issue 12); the workers stay off, so requests just queue.
  anvil = await startTestAnvil();
  t = await createTestApp({ chain: chainFor(anvil) });
  baseUrl = await t.listen();
});
afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

const NEW_PASSWORD = 'a brand new passphrase';
const RECIPIENT = '0x5a1f5c0a4e2bd3c8e9f7a6b1c2d3e4f5a6b7c8d9';

function authed(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) {
  return t.app.fastify.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function resetLinkOf(mail: ReceivedMail): string {
  const match = mail.decoded.match(/https?:\/\/[^\s"'<>]+\/reset-password\/([A-Za-z0-9_-]{43})/);
  if (!match?.[1]) throw new Error('The mail has no reset link');
  return match[1];
}

async function resetMailFor(email: string, after: number): Promise<ReceivedMail> {
  await t.app.accountSecurity.settled();
  return t.smtp.waitForMail(
    (mail) => mail.to.includes(email) && mail.subject === 'Choose a new password' && t.smtp.mails.indexOf(mail) >= after,
  );
}

async function securityMailsTo(email: string): Promise<ReceivedMail[]> {
  await t.mailsTried();
  return t.smtp.mailsTo(email).filter((mail) => mail.subject.startsWith('Shifumi security:'));
}

/** A code of the current step (or of `offsetSteps` steps away) from the secret, as an authenticator app computes it. */
function codeFor(secret: string, offsetSteps = 0): string {
  return totpOf(secret).generate({ timestamp: t.clock().getTime() + offsetSteps * 30_000 });
}

async function withTwoFactor(): Promise<{ session: SignedIn; email: string; secret: string; recoveryCodes: string[] }> {
  const credentials = await signUp(t);
  const session = await signIn(t, credentials);
  const setup = await authed('POST', '/api/account/2fa/setup', session.accessToken);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Shifumi:.+secret=/);
  const enabled = await authed('POST', '/api/account/2fa/enable', session.accessToken, { code: codeFor(secret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  // The next code must come from a later step (the enabling code is used up).
  t.clock.advance(30_000);
  return {
    session,
    email: credentials.email,
    secret,
    recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes,
  };
}

describe('forgot and reset password', () => {
  it('answers the same for an existing and an unknown address, and mails a single-use link to the existing one', async () => {
    const credentials = await signUp(t);
    const before = t.smtp.mails.length;
    const known = await postJson(t, '/api/auth/forgot-password', { email: credentials.email });
    const unknown = await postJson(t, '/api/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: ACCOUNT_SECURITY_TEXTS.forgotPasswordSent });
    expect(unknown.body).toBe(known.body);

    const token = resetLinkOf(await resetMailFor(credentials.email, before));
    // Only the hash is stored.
    const rows = await t.db.select().from(passwordResetTokens);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.some((row) => row.tokenHash === hashOpaqueToken(token))).toBe(true);

    const oldSession = await signIn(t, credentials);
    const reset = await postJson(t, '/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ message: ACCOUNT_SECURITY_TEXTS.passwordReset });
    // Every session revoked; the old password no longer works, the new one does.
    expect((await refresh(t, oldSession.refreshToken)).statusCode).toBe(401);
    expect((await getAccount(t, oldSession.accessToken)).statusCode).toBe(403);
    expect((await postJson(t, '/api/auth/login', credentials)).statusCode).toBe(401);
    await signIn(t, { email: credentials.email, password: NEW_PASSWORD });
    // Used once.
    const again = await postJson(t, '/api/auth/reset-password', { token, password: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'reset_link_invalid', message: ACCOUNT_SECURITY_TEXTS.resetLinkInvalid });
    // The owner is told, without a link that signs in.
    const mails = await securityMailsTo(credentials.email);
    const resetMail = mails.find((mail) => mail.subject.includes('reset'));
    expect(resetMail).toBeDefined();
    expect(resetMail?.decoded).not.toContain('/reset-password/');
  });

  it('refuses an expired link (30 minutes), an unknown one, and an older one once a newer was sent', async () => {
    const credentials = await signUp(t);
    let before = t.smtp.mails.length;
    await postJson(t, '/api/auth/forgot-password', { email: credentials.email });
    const first = resetLinkOf(await resetMailFor(credentials.email, before));
    // Issue 23: one reset mail per account every 2 minutes, whatever asks.
    t.clock.advance(MAIL_LIMITS.password_reset.windowSeconds * 1000);
    before = t.smtp.mails.length;
    await postJson(t, '/api/auth/forgot-password', { email: credentials.email });
    const second = resetLinkOf(await resetMailFor(credentials.email, before));
    expect(second).not.toBe(first);
    expect((await postJson(t, '/api/auth/reset-password', { token: first, password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await postJson(t, '/api/auth/reset-password', { token: 'x'.repeat(43), password: NEW_PASSWORD })).statusCode).toBe(
      400,
    );
    // The password rules of sign-up.
    const short = await postJson(t, '/api/auth/reset-password', { token: second, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/Password must be at least/);

    t.clock.advance(31 * 60_000);
    expect((await postJson(t, '/api/auth/reset-password', { token: second, password: NEW_PASSWORD })).statusCode).toBe(400);
    await signIn(t, credentials);
  });

  it('lets a wallet-only account with a verified address choose its first password; sends nothing to an unverified one', async () => {
    const verified = uniqueEmail('wallet');
    const unverified = uniqueEmail('wallet');
    const [withVerified] = await t.db
      .insert(users)
      .values({
        name: 'W',
        email: verified,
        emailVerifiedAt: new Date(),
        referralCode: `W${randomUUID().slice(0, 8).toUpperCase().replace(/-/g, 'A')}`,
      })
      .returning();
    await t.db
      .insert(users)
      .values({ name: 'U', email: unverified, referralCode: `U${randomUUID().slice(0, 8).toUpperCase().replace(/-/g, 'A')}` });
    const before = t.smtp.mails.length;
    await postJson(t, '/api/auth/forgot-password', { email: unverified });
    await postJson(t, '/api/auth/forgot-password', { email: verified });
    const token = resetLinkOf(await resetMailFor(verified, before));
    expect(t.smtp.mailsTo(unverified)).toHaveLength(0);
    expect((await postJson(t, '/api/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await signIn(t, { email: verified, password: NEW_PASSWORD })).user.id).toBe(withVerified!.id);
  });
});

describe('POST /api/account/password', () => {
  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    const response = await authed('POST', '/api/account/password', session.accessToken, {
      currentPassword: 'not it at all',
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'wrong_password', message: ACCOUNT_SECURITY_TEXTS.currentPasswordWrong });
    await signIn(t, credentials);
  });

  it('changes the password, keeps this session and revokes the others (force_disconnect), mails the owner', async () => {
    const credentials = await signUp(t);
    const here = await signIn(t, credentials);
    const elsewhere = await signIn(t, credentials);
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: elsewhere.accessToken },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const forced = new Promise<string>((resolve) => socket.once('force_disconnect', resolve));

    const response = await authed('POST', '/api/account/password', here.accessToken, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await forced).toBe(SERVER_TEXTS.forcedDisconnect);
    socket.disconnect();
    expect((await getAccount(t, here.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, here.refreshToken)).statusCode).toBe(200);
    expect((await refresh(t, elsewhere.refreshToken)).statusCode).toBe(401);
    await signIn(t, { email: credentials.email, password: NEW_PASSWORD });
    expect((await securityMailsTo(credentials.email)).some((mail) => mail.subject.includes('password was changed'))).toBe(true);
  });
});

describe('two-factor codes', () => {
  it('asks for a second step at sign-in: no token and no cookie until a code is given; the challenge is single-use', async () => {
    const { email, secret } = await withTwoFactor();
    const first = await postJson(t, '/api/auth/login', { email, password: PASSWORD });
    expect(first.statusCode).toBe(200);
    const body = first.json() as { twoFactorRequired: boolean; challenge: string };
    expect(Object.keys(body).sort()).toEqual(['challenge', 'twoFactorRequired']);
    expect(body.twoFactorRequired).toBe(true);
    expect(first.cookies.find((cookie) => cookie.name === REFRESH_TOKEN_COOKIE)).toBeUndefined();

    const wrong = await postJson(t, '/api/auth/login/2fa', {
      challenge: body.challenge,
      code: '000000' === codeFor(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'two_factor_invalid', message: ACCOUNT_SECURITY_TEXTS.twoFactorCodeWrong });

    const code = codeFor(secret);
    const second = await postJson(t, '/api/auth/login/2fa', { challenge: body.challenge, code });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().accessToken).toEqual(expect.any(String));
    expect(second.cookies.find((cookie) => cookie.name === REFRESH_TOKEN_COOKIE)).toBeDefined();

    // The challenge is used up; and the same code cannot be replayed on a new challenge.
    expect((await postJson(t, '/api/auth/login/2fa', { challenge: body.challenge, code })).statusCode).toBe(400);
    const next = (await postJson(t, '/api/auth/login', { email, password: PASSWORD })).json() as { challenge: string };
    const replay = await postJson(t, '/api/auth/login/2fa', { challenge: next.challenge, code });
    expect(replay.statusCode).toBe(400);
    // One step of drift is accepted.
    t.clock.advance(30_000);
    expect((await postJson(t, '/api/auth/login/2fa', { challenge: next.challenge, code: codeFor(secret, 1) })).statusCode).toBe(
      200,
    );
  });

  it('asks Sign-In With Ethereum for the same second step; the session keeps its wallet binding', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    async function walletSignIn() {
      const { nonce } = (await t.app.fastify.inject({ method: 'GET', url: '/api/auth/siwe/nonce' })).json<{ nonce: string }>();
      const message = createSiweMessage({
        address: wallet.address,
        chainId: DEV_CHAIN_ID,
        domain: new URL(TEST_APP_URL).host,
        uri: TEST_APP_URL,
        nonce,
        version: '1',
        issuedAt: t.clock(),
        statement: 'Sign in to Shifumi.',
      });
      // A first wallet sign-in creates the account: it confirms the age and the Terms (issue 19).
      return postJson(t, '/api/auth/siwe/verify', {
        message,
        signature: await wallet.signMessage({ message }),
        ageConfirmed: true,
        termsAccepted: true,
      });
    }
    const first = await walletSignIn();
    expect(first.statusCode, first.body).toBe(200);
    const token = (first.json() as { accessToken: string }).accessToken;
    const { secret } = (await authed('POST', '/api/account/2fa/setup', token)).json() as { secret: string };
    expect((await authed('POST', '/api/account/2fa/enable', token, { code: codeFor(secret) })).statusCode).toBe(200);
    t.clock.advance(30_000);

    const again = await walletSignIn();
    expect(again.statusCode).toBe(200);
    const { twoFactorRequired, challenge } = again.json() as { twoFactorRequired: boolean; challenge: string };
    expect(twoFactorRequired).toBe(true);
    expect(again.cookies.find((cookie) => cookie.name === REFRESH_TOKEN_COOKIE)).toBeUndefined();
    const second = await postJson(t, '/api/auth/login/2fa', { challenge, code: codeFor(secret) });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().sessionWallet).toBe(wallet.address.toLowerCase());
  });

  it('holds withdrawals after two-factor is turned off', async () => {
    const { session, secret } = await withTwoFactor();
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
    await t.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `test-deposit:${randomUUID()}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(session.user.id), amount: parseEther('1') }],
      }),
    );
    expect((await authed('POST', '/api/account/2fa/disable', session.accessToken, { code: codeFor(secret) })).statusCode).toBe(
      200,
    );
    const security = (await authed('GET', '/api/account/security', session.accessToken)).json() as {
      twoFactorEnabled: boolean;
      withdrawalsHeldUntil: string | null;
    };
    expect(security.twoFactorEnabled).toBe(false);
    expect(security.withdrawalsHeldUntil).not.toBeNull();
    const held = await authed('POST', '/api/wallet/cashout', session.accessToken, { amount: 0.1, recipientAddress: RECIPIENT });
    expect(held.statusCode).toBe(422);
    expect(held.json().message).toMatch(/You can withdraw again from/);
  });

  it('refuses an expired challenge (5 minutes)', async () => {
    const { email, secret } = await withTwoFactor();
    const { challenge } = (await postJson(t, '/api/auth/login', { email, password: PASSWORD })).json() as { challenge: string };
    t.clock.advance(5 * 60_000 + 1000);
    const late = await postJson(t, '/api/auth/login/2fa', { challenge, code: codeFor(secret) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ code: 'two_factor_challenge_invalid', message: ACCOUNT_SECURITY_TEXTS.challengeInvalid });
  });

  it('locks the second step for 15 minutes after 5 wrong codes in a row, even for the right code', async () => {
    const { email, secret } = await withTwoFactor();
    const { challenge } = (await postJson(t, '/api/auth/login', { email, password: PASSWORD })).json() as { challenge: string };
    const wrongCode = codeFor(secret) === '123456' ? '654321' : '123456';
    const answers: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      answers.push((await postJson(t, '/api/auth/login/2fa', { challenge, code: wrongCode })).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    const locked = await postJson(t, '/api/auth/login/2fa', { challenge, code: codeFor(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'two_factor_locked', message: ACCOUNT_SECURITY_TEXTS.twoFactorLocked });
    t.clock.advance(15 * 60_000 + 1000);
    const { challenge: fresh } = (await postJson(t, '/api/auth/login', { email, password: PASSWORD })).json() as {
      challenge: string;
    };
    expect((await postJson(t, '/api/auth/login/2fa', { challenge: fresh, code: codeFor(secret) })).statusCode).toBe(200);
  });

  it('accepts each recovery code once, stores the secret sealed, and disables with a code (mails on and off)', async () => {
    const { session, email, secret, recoveryCodes } = await withTwoFactor();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [row] = await t.db.select().from(accountSecurity).where(eq(accountSecurity.userId, session.user.id));
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(secret);

    const recovery = recoveryCodes[0]!;
    const { challenge } = (await postJson(t, '/api/auth/login', { email, password: PASSWORD })).json() as { challenge: string };
    expect((await postJson(t, '/api/auth/login/2fa', { challenge, code: recovery.toUpperCase() })).statusCode).toBe(200);
    const { challenge: again } = (await postJson(t, '/api/auth/login', { email, password: PASSWORD })).json() as {
      challenge: string;
    };
    expect((await postJson(t, '/api/auth/login/2fa', { challenge: again, code: recovery })).statusCode).toBe(400);

    expect((await authed('POST', '/api/account/2fa/setup', session.accessToken)).statusCode).toBe(409);
    expect((await authed('POST', '/api/account/2fa/disable', session.accessToken, { code: 'abc' })).statusCode).toBe(400);
    const off = await authed('POST', '/api/account/2fa/disable', session.accessToken, { code: codeFor(secret) });
    expect(off.statusCode, off.body).toBe(200);
    expect((await signIn(t, { email, password: PASSWORD })).accessToken).toEqual(expect.any(String));
    const subjects = (await securityMailsTo(email)).map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([expect.stringContaining('turned on'), expect.stringContaining('turned off')]),
    );
    for (const mail of await securityMailsTo(email)) expect(mail.decoded).not.toContain(secret);
  });

  it('refuses to enable with a wrong code or without setup', async () => {
    const session = await signIn(t, await signUp(t));
    expect((await authed('POST', '/api/account/2fa/enable', session.accessToken, { code: '123456' })).statusCode).toBe(409);
    const { secret } = (await authed('POST', '/api/account/2fa/setup', session.accessToken)).json() as { secret: string };
    const wrong = codeFor(secret) === '123456' ? '654321' : '123456';
    expect((await authed('POST', '/api/account/2fa/enable', session.accessToken, { code: wrong })).statusCode).toBe(400);
    expect((await authed('GET', '/api/account/security', session.accessToken)).json()).toMatchObject({ twoFactorEnabled: false });
  });
});

describe('sessions', () => {
  it("lists live sessions newest first, and revokes one (its refresh token stops, its sockets get force_disconnect); another user's id → 404", async () => {
    const credentials = await signUp(t);
    const first = await signIn(t, credentials);
    t.clock.advance(1000);
    const second = await signIn(t, credentials);
    const list = await authed('GET', '/api/account/sessions', second.accessToken);
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as Array<{ id: string; current: boolean; ip: string | null; createdAt: string }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => session.current)).toEqual([true, false]);
    expect(Object.keys(sessions[0]!).sort()).toEqual(['createdAt', 'current', 'id', 'ip', 'lastUsedAt', 'userAgent']);

    const other = await signIn(t, await signUp(t));
    expect((await authed('DELETE', `/api/account/sessions/${sessions[1]!.id}`, other.accessToken)).statusCode).toBe(404);
    expect((await refresh(t, first.refreshToken)).statusCode).toBe(200);

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: first.accessToken },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const forced = new Promise<string>((resolve) => socket.once('force_disconnect', resolve));
    const revoked = await authed('DELETE', `/api/account/sessions/${sessions[1]!.id}`, second.accessToken);
    expect(revoked.statusCode).toBe(200);
    expect(await forced).toBe(SERVER_TEXTS.forcedDisconnect);
    socket.disconnect();
    expect((await getAccount(t, first.accessToken)).statusCode).toBe(403);
    const after = (await authed('GET', '/api/account/sessions', second.accessToken)).json() as unknown[];
    expect(after).toHaveLength(1);
    expect((await authed('DELETE', `/api/account/sessions/${sessions[1]!.id}`, second.accessToken)).statusCode).toBe(404);
  });

  it('mails a sign-in from a new device, not one from a known device', async () => {
    const credentials = await signUp(t);
    await signIn(t, credentials);
    await signIn(t, credentials);
    expect((await securityMailsTo(credentials.email)).filter((mail) => mail.subject.includes('new device'))).toHaveLength(0);
    await t.app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: credentials,
      headers: { 'user-agent': 'Another Browser/1.0' },
    });
    const mails = (await securityMailsTo(credentials.email)).filter((mail) => mail.subject.includes('new device'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.decoded).toContain('Another Browser/1.0');
  });
});

describe('withdrawal guards', () => {
  async function funded(session: SignedIn) {
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
    await t.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `test-deposit:${randomUUID()}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(session.user.id), amount: parseEther('1') }],
      }),
    );
  }
  const balance = (userId: string) => balanceOf(t.db, LedgerAccounts.user(userId));

  it('needs a right code with two-factor on: none or a wrong one → 4xx (not 403) and nothing debited', async () => {
    const { session, email, secret } = await withTwoFactor();
    await funded(session);
    const body = { amount: 0.1, recipientAddress: RECIPIENT };
    const without = await authed('POST', '/api/wallet/cashout', session.accessToken, body);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({ code: 'two_factor_required', message: ACCOUNT_SECURITY_TEXTS.twoFactorCodeRequired });
    const wrong = await authed('POST', '/api/wallet/cashout', session.accessToken, {
      ...body,
      code: codeFor(secret) === '123456' ? '654321' : '123456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await balance(session.user.id)).toBe(parseEther('1'));
    expect(await t.count('withdrawals')).toBeGreaterThanOrEqual(0);
    const right = await authed('POST', '/api/wallet/cashout', session.accessToken, { ...body, code: codeFor(secret) });
    expect(right.statusCode, right.body).toBe(201);
    // The network fee is debited on top of the amount (issue 12).
    expect(await balance(session.user.id)).toBe(parseEther('0.9') - parseEther(right.json<{ fee: string }>().fee));
    const mail = (await securityMailsTo(email)).find((candidate) => candidate.subject.includes('withdrawal'));
    expect(mail?.decoded).toContain('0.1 ETH');
    expect(mail?.decoded).toContain(RECIPIENT.toLowerCase());
  });

  it('accepts one code for one of two withdrawals sent at once (the check is inside the money transaction)', async () => {
    const { session, secret } = await withTwoFactor();
    await funded(session);
    const code = codeFor(secret);
    const body = { amount: 0.3, recipientAddress: RECIPIENT, code };
    const answers = await Promise.all([
      authed('POST', '/api/wallet/cashout', session.accessToken, body),
      authed('POST', '/api/wallet/cashout', session.accessToken, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const accepted = answers.find((answer) => answer.statusCode === 201)!;
    expect(await balance(session.user.id)).toBe(parseEther('0.7') - parseEther(accepted.json<{ fee: string }>().fee));
  });

  it('holds withdrawals for 24 hours after a password change, and says until when; playing funds stay', async () => {
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    await funded(session);
    await authed('POST', '/api/account/password', session.accessToken, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    const until = new Date(t.clock().getTime() + 24 * 3_600_000);
    const held = await authed('POST', '/api/wallet/cashout', session.accessToken, { amount: 0.1, recipientAddress: RECIPIENT });
    expect(held.statusCode).toBe(422);
    expect(held.json().message).toContain(until.toISOString().slice(0, 10));
    expect(await balance(session.user.id)).toBe(parseEther('1'));
    const security = (await authed('GET', '/api/account/security', session.accessToken)).json() as {
      withdrawalsHeldUntil: string | null;
    };
    expect(security.withdrawalsHeldUntil).not.toBeNull();
    t.clock.advance(24 * 3_600_000 + 60_000);
    // The access token has expired meanwhile; the session (kept by the change) gives a new one.
    const { accessToken } = (await refresh(t, session.refreshToken)).json() as { accessToken: string };
    const later = await authed('POST', '/api/wallet/cashout', accessToken, { amount: 0.1, recipientAddress: RECIPIENT });
    expect(later.statusCode, later.body).toBe(201);
  });
});

describe('withdrawal address book', () => {
  const OTHER = '0x1111111111111111111111111111111111111111';

  function confirmTokenOf(mail: ReceivedMail): string {
    const match = mail.decoded.match(/https?:\/\/[^\s"'<>]+\/confirm-address\/([A-Za-z0-9_-]{43})/);
    if (!match?.[1]) throw new Error('The mail has no confirmation link');
    return match[1];
  }

  async function fundedPlayer() {
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
    await t.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `test-deposit:${randomUUID()}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(session.user.id), amount: parseEther('1') }],
      }),
    );
    return { session, email: credentials.email };
  }

  async function addAddress(token: string, email: string, address: string, label = 'Ledger') {
    const before = t.smtp.mails.length;
    const added = await authed('POST', '/api/account/withdrawal-addresses', token, { address, label });
    expect(added.statusCode, added.body).toBe(201);
    const mail = await t.smtp.waitForMail(
      (candidate) =>
        candidate.to.includes(email) &&
        candidate.subject === 'Confirm a withdrawal address' &&
        t.smtp.mails.indexOf(candidate) >= before,
    );
    return confirmTokenOf(mail);
  }

  it('is off by default: nothing changes for a player who turns nothing on', async () => {
    const { session } = await fundedPlayer();
    expect((await authed('GET', '/api/account/withdrawal-addresses', session.accessToken)).json()).toEqual({
      enabled: false,
      disablesAt: null,
      addresses: [],
    });
    expect(
      (await authed('POST', '/api/wallet/cashout', session.accessToken, { amount: 0.1, recipientAddress: OTHER })).statusCode,
    ).toBe(201);
  });

  it('adds a pending address, confirms it by the mailed link (single use), and activates it after the hold; with the book on only active addresses receive', async () => {
    const { session, email } = await fundedPlayer();
    const lock = await authed('POST', '/api/account/withdrawal-addresses/lock', session.accessToken, { enabled: true });
    expect(lock.statusCode).toBe(200);
    expect(lock.json()).toEqual({ message: ACCOUNT_SECURITY_TEXTS.addressBookOn });

    const token = await addAddress(session.accessToken, email, RECIPIENT);
    const pending = (await authed('GET', '/api/account/withdrawal-addresses', session.accessToken)).json() as {
      enabled: boolean;
      addresses: Array<{ id: string; address: string; status: string; activeFrom: string | null }>;
    };
    expect(pending.enabled).toBe(true);
    expect(pending.addresses).toEqual([
      { id: expect.any(String), address: RECIPIENT.toLowerCase(), label: 'Ledger', status: 'pending', activeFrom: null },
    ]);

    const refusedPending = await authed('POST', '/api/wallet/cashout', session.accessToken, {
      amount: 0.1,
      recipientAddress: RECIPIENT,
    });
    expect(refusedPending.statusCode).toBe(422);
    expect(refusedPending.json()).toEqual({ code: 'address_pending', message: ACCOUNT_SECURITY_TEXTS.addressBookPending });
    const notInBook = await authed('POST', '/api/wallet/cashout', session.accessToken, { amount: 0.1, recipientAddress: OTHER });
    expect(notInBook.statusCode).toBe(422);
    expect(notInBook.json()).toEqual({ code: 'address_not_in_book', message: ACCOUNT_SECURITY_TEXTS.addressBookNotInBook });

    const confirmed = await postJson(t, '/api/account/withdrawal-addresses/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await postJson(t, '/api/account/withdrawal-addresses/confirm', { token })).statusCode).toBe(400);
    const waiting = await authed('POST', '/api/wallet/cashout', session.accessToken, {
      amount: 0.1,
      recipientAddress: RECIPIENT,
    });
    expect(waiting.statusCode).toBe(422);
    expect(waiting.json().message).toContain('can receive withdrawals from');
    expect(await balanceOf(t.db, LedgerAccounts.user(session.user.id))).toBe(parseEther('1'));
    expect((await securityMailsTo(email)).some((mail) => mail.subject.includes('address was added'))).toBe(true);

    t.clock.advance(24 * 3_600_000 + 1000);
    const { accessToken } = (await refresh(t, session.refreshToken)).json() as { accessToken: string };
    const list = (await authed('GET', '/api/account/withdrawal-addresses', accessToken)).json() as {
      addresses: Array<{ id: string; status: string }>;
    };
    expect(list.addresses[0]?.status).toBe('active');
    expect(
      (await authed('POST', '/api/wallet/cashout', accessToken, { amount: 0.1, recipientAddress: RECIPIENT })).statusCode,
    ).toBe(201);

    // Removed at once; another user's id → 404.
    const stranger = await signIn(t, await signUp(t));
    expect(
      (await authed('DELETE', `/api/account/withdrawal-addresses/${list.addresses[0]!.id}`, stranger.accessToken)).statusCode,
    ).toBe(404);
    expect((await authed('DELETE', `/api/account/withdrawal-addresses/${list.addresses[0]!.id}`, accessToken)).statusCode).toBe(
      200,
    );
    expect(
      (await authed('POST', '/api/wallet/cashout', accessToken, { amount: 0.1, recipientAddress: RECIPIENT })).statusCode,
    ).toBe(422);
  });

  it('refuses an expired confirmation link (30 minutes)', async () => {
    const { session, email } = await fundedPlayer();
    const token = await addAddress(session.accessToken, email, OTHER);
    t.clock.advance(31 * 60_000);
    const late = await postJson(t, '/api/account/withdrawal-addresses/confirm', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ code: 'address_link_invalid', message: ACCOUNT_SECURITY_TEXTS.addressLinkInvalid });
  });

  it('turns off only after the hold, and with the two-factor code when two-factor is on', async () => {
    const { session, secret } = await withTwoFactor();
    await authed('POST', '/api/account/withdrawal-addresses/lock', session.accessToken, { enabled: true });
    const withoutCode = await authed('POST', '/api/account/withdrawal-addresses/lock', session.accessToken, { enabled: false });
    expect(withoutCode.statusCode).toBe(400);
    const off = await authed('POST', '/api/account/withdrawal-addresses/lock', session.accessToken, {
      enabled: false,
      code: codeFor(secret),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toMatch(/will turn off on/);
    const still = (await authed('GET', '/api/account/withdrawal-addresses', session.accessToken)).json() as {
      enabled: boolean;
      disablesAt: string | null;
    };
    expect(still.enabled).toBe(true);
    expect(still.disablesAt).not.toBeNull();
    t.clock.advance(24 * 3_600_000 + 1000);
    const { accessToken } = (await refresh(t, session.refreshToken)).json() as { accessToken: string };
    expect(((await authed('GET', '/api/account/withdrawal-addresses', accessToken)).json() as { enabled: boolean }).enabled).toBe(
      false,
    );
  });
});

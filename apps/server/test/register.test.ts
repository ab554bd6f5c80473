import { REFERRAL_CODE_ALPHABET, RESPONSIBLE_GAMING_TEXTS, SERVER_TEXTS, TERMS_VERSION, TEXTS } from '@shifumi/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsAcceptances, users } from '../src/infra/db/schema/index';
import { ACCEPTED, getAccount, PASSWORD, postJson, signIn, signUp, uniqueEmail } from './support/api';
import { findVerificationLink } from './support/smtp-receiver';
import { createTestApp, TEST_APP_URL, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function userByEmail(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('POST /api/auth/register', () => {
  it('creates the account (201), stores the e-mail lower-cased and a hashed password, and mails a verification link', async () => {
    const email = uniqueEmail('Mixed.Case').replace('@example.com', '@Example.COM');
    const response = await postJson(t, '/api/auth/register', { name: '  Ann  ', email, password: PASSWORD, ...ACCEPTED });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: TEXTS.signUpSuccess });

    const row = await userByEmail(email.toLowerCase());
    expect(row).toBeDefined();
    expect(row?.name).toBe('Ann');
    expect(row?.emailVerifiedAt).toBeNull();
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
    expect(row?.referralCode).toHaveLength(8);
    for (const character of row?.referralCode ?? '') expect(REFERRAL_CODE_ALPHABET).toContain(character);

    const mail = await t.smtp.waitForMail((candidate) => candidate.to.includes(email.toLowerCase()));
    const link = findVerificationLink(mail);
    expect(`${link.origin}`).toBe(TEST_APP_URL);
    expect(link.pathname).toMatch(/^\/verify-email\/[A-Za-z0-9_-]{43}$/);

    // Issue 19: the age confirmation and the Terms' version and acceptance time are stored.
    const [acceptance] = await t.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, row!.id));
    expect(acceptance?.termsVersion).toBe(TERMS_VERSION);
    expect(acceptance?.ageConfirmedAt).toBeInstanceOf(Date);
    expect(Math.abs(acceptance!.termsAcceptedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('gives every account its own referral code', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    const codes = [(await userByEmail(first.email))?.referralCode, (await userByEmail(second.email))?.referralCode];
    expect(codes[0]).not.toBe(codes[1]);
  });

  it('records the referrer when a known referral code is given (in any case)', async () => {
    const referrer = await signUp(t);
    const referrerRow = await userByEmail(referrer.email);
    const email = uniqueEmail();
    const response = await postJson(t, '/api/auth/register', {
      name: 'Bob',
      email,
      password: PASSWORD,
      ...ACCEPTED,
      referralCode: referrerRow?.referralCode.toLowerCase(),
    });
    expect(response.statusCode).toBe(201);
    expect((await userByEmail(email))?.referredBy).toBe(referrerRow?.id);
    // Issue 14: the referrer's account counts the players who signed up with the code.
    const session = await signIn(t, referrer);
    const account = await getAccount(t, session.accessToken);
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json()).toMatchObject({ referralCount: 1 });
    const bob = await signIn(t, { email, password: PASSWORD });
    expect((await getAccount(t, bob.accessToken)).json()).toMatchObject({ referralCount: 0 });
  });

  it('treats an empty referral code as none', async () => {
    const email = uniqueEmail();
    const response = await postJson(t, '/api/auth/register', {
      name: 'Bob',
      email,
      password: PASSWORD,
      ...ACCEPTED,
      referralCode: '',
    });
    expect(response.statusCode).toBe(201);
    expect((await userByEmail(email))?.referredBy).toBeNull();
  });

  it('refuses a duplicate e-mail whatever its case with 409, changing nothing', async () => {
    const existing = await signUp(t);
    const before = await t.count('users');
    const response = await postJson(t, '/api/auth/register', {
      name: 'Copycat',
      email: existing.email.toUpperCase(),
      password: PASSWORD,
      ...ACCEPTED,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'email_taken', message: SERVER_TEXTS.emailTaken });
    expect(await t.count('users')).toBe(before);
  });

  it.each([
    ['a missing name', { email: 'x@example.com', password: PASSWORD, ...ACCEPTED }, 'Name is required.'],
    ['a blank name', { name: '   ', email: 'x@example.com', password: PASSWORD, ...ACCEPTED }, 'Name is required.'],
    ['a missing e-mail', { name: 'Ann', password: PASSWORD, ...ACCEPTED }, 'E-mail is required.'],
    [
      'a bad e-mail',
      { name: 'Ann', email: 'not-an-email', password: PASSWORD, ...ACCEPTED },
      'Please enter a valid e-mail address.',
    ],
    ['a missing password', { name: 'Ann', email: 'x@example.com', ...ACCEPTED }, 'Password is required.'],
    [
      'a short password',
      { name: 'Ann', email: 'x@example.com', password: '1234567', ...ACCEPTED },
      'Password must be at least 8 characters.',
    ],
    ['a name of the wrong type', { name: 42, email: 'x@example.com', password: PASSWORD, ...ACCEPTED }, 'Name must be text.'],
    [
      'an unknown referral code',
      { name: 'Ann', email: 'x@example.com', password: PASSWORD, ...ACCEPTED, referralCode: 'ZZZZZZZZ' },
      SERVER_TEXTS.unknownReferral,
    ],
    [
      'no age confirmation (issue 19)',
      { name: 'Ann', email: 'x@example.com', password: PASSWORD, termsAccepted: true },
      RESPONSIBLE_GAMING_TEXTS.ageRequired,
    ],
    [
      'age confirmed false',
      { name: 'Ann', email: 'x@example.com', password: PASSWORD, ageConfirmed: false, termsAccepted: true },
      RESPONSIBLE_GAMING_TEXTS.ageRequired,
    ],
    [
      'the Terms not accepted',
      { name: 'Ann', email: 'x@example.com', password: PASSWORD, ageConfirmed: true },
      RESPONSIBLE_GAMING_TEXTS.termsRequired,
    ],
    [
      'the Terms accepted as a string',
      { name: 'Ann', email: 'x@example.com', password: PASSWORD, ageConfirmed: true, termsAccepted: 'true' },
      RESPONSIBLE_GAMING_TEXTS.termsRequired,
    ],
    [
      'a malformed referral code',
      { name: 'Ann', email: 'x@example.com', password: PASSWORD, ...ACCEPTED, referralCode: 'no!' },
      SERVER_TEXTS.unknownReferral,
    ],
  ])('refuses %s with 400 and a clear message, changing nothing', async (what, body, message) => {
    const usersBefore = await t.count('users');
    const mailsBefore = await t.count('mail_outbox');
    const response = await postJson(t, '/api/auth/register', body);
    expect(response.statusCode).toBe(400);
    // A well-formed code nobody has is the service's refusal; a malformed one is the schema's.
    expect(response.json()).toEqual({
      code: what === 'an unknown referral code' ? 'unknown_referral' : 'invalid_input',
      message,
    });
    expect(await t.count('users')).toBe(usersBefore);
    expect(await t.count('mail_outbox')).toBe(mailsBefore);
  });
});

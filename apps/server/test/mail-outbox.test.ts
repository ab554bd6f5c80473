/**
 * Issue 29: the SMTP server goes away. Every mail goes through the outbox
 * (decision 034): sign-up and a password reset answer at once while SMTP is
 * down, the mails wait, and once an SMTP server of this test's own listens
 * again each is delivered exactly once — with two nodes' workers draining
 * the same outbox at the same time, and after a node died holding a claim.
 * A mail failing for a day is failed and shown on the console.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMailsResponse, AdminOverview } from '@shifumi/protocol';
import { users } from '../src/infra/db/schema/index';
import { createSmtpMailer } from '../src/infra/mailer/smtp-mailer';
import { CLI_ACTOR } from '../src/modules/admin/audit-log';
import { grantRole } from '../src/modules/admin/staff.repo';
import { createMailOutbox, MAIL_GIVE_UP_MS, MAIL_LEASE_MS, mailRetryDelayMs } from '../src/modules/mail/mail-outbox';
import { claimDueMails, enqueueMail } from '../src/modules/mail/mail-outbox.repo';
import { createLogger } from '../src/infra/logger';
import { freePort } from '../src/shared/free-port';
import { postJson, signIn, signUp, uniqueEmail } from './support/api';
import { startSmtpReceiver, type SmtpReceiver } from './support/smtp-receiver';
import { createTestApp, type TestApp } from './support/test-app';
import { eq } from 'drizzle-orm';

const PASSWORD = 'correct horse battery staple';

let t: TestApp;
let port: number;
/** The SMTP server the app sends to: stopped and started again by the tests. */
let smtp: SmtpReceiver | undefined;
const received: SmtpReceiver['mails'] = [];

async function smtpUp(): Promise<void> {
  smtp = await startSmtpReceiver({ port });
}
async function smtpDown(): Promise<void> {
  if (!smtp) return;
  received.push(...smtp.mails);
  await smtp.close();
  smtp = undefined;
}
function allReceived() {
  return [...received, ...(smtp?.mails ?? [])];
}

async function outboxRows(to: string) {
  const result = await t.db.execute<{ status: string; attempts: number; text_body: string; last_error: string | null }>(
    sql`select status, attempts, text_body, last_error from mail_outbox where recipient = ${to} order by created_at`,
  );
  return result.rows;
}

async function staffToken(): Promise<string> {
  const credentials = await signUp(t);
  const session = await signIn(t, credentials);
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
  const granted = await grantRole(t.db, credentials.email, 'support', { actor: CLI_ACTOR, role: null, now: new Date() });
  expect(granted.ok).toBe(true);
  return session.accessToken;
}

beforeAll(async () => {
  port = await freePort();
  await smtpUp();
  const url = `smtp://127.0.0.1:${port}`;
  // The worker's timer is an hour: the tests drive it (drain), as a second node would.
  t = await createTestApp({
    env: { MAIL_OUTBOX_POLL_MS: '3600000' },
    mailer: () => createSmtpMailer({ url, from: 'Shifumi <no-reply@shifumi.test>' }),
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtpDown();
});

describe('the mail outbox while SMTP is away', () => {
  it('backs off exponentially, up to a cap', () => {
    expect(mailRetryDelayMs(1)).toBe(10_000);
    expect(mailRetryDelayMs(2)).toBe(20_000);
    expect(mailRetryDelayMs(3)).toBe(40_000);
    expect(mailRetryDelayMs(50)).toBe(15 * 60_000);
  });

  it('answers sign-up and reset at once; the mails wait, then go exactly once with two nodes draining', async () => {
    await smtpDown();
    const email = uniqueEmail('outbox');
    const started = Date.now();
    const registered = await postJson(t, '/api/auth/register', {
      name: 'Ola',
      email,
      password: PASSWORD,
      ageConfirmed: true,
      termsAccepted: true,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const forgot = await postJson(t, '/api/auth/forgot-password', { email });
    expect(forgot.statusCode, forgot.body).toBeLessThan(300);
    expect(Date.now() - started).toBeLessThan(5_000);
    await t.app.accountSecurity.settled();

    // A try while SMTP is down: both mails wait, with the error noted and a later attempt.
    await t.app.mailOutbox.drain();
    await t.app.mailOutbox.drain();
    let rows = await outboxRows(email);
    expect(rows.map((row) => row.status)).toEqual(['waiting', 'waiting']);
    expect(rows.every((row) => row.attempts >= 1 && row.last_error !== null)).toBe(true);
    // Not due yet: another pass does not try again.
    const attempts = rows.map((row) => row.attempts);
    await t.app.mailOutbox.drain();
    expect((await outboxRows(email)).map((row) => row.attempts)).toEqual(attempts);

    // The console shows them waiting.
    const token = await staffToken();
    const overview = (
      await t.app.fastify.inject({ method: 'GET', url: '/api/admin/overview', headers: { authorization: token } })
    ).json() as AdminOverview;
    expect(overview.mails.waiting).toBeGreaterThanOrEqual(2);
    const waiting = await t.app.fastify.inject({
      method: 'GET',
      url: '/api/admin/mails?status=waiting',
      headers: { authorization: token },
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    const listed = (waiting.json() as AdminMailsResponse).mails.filter((mail) => mail.recipient === email);
    expect(listed.map((mail) => mail.subject).sort()).toEqual(['Choose a new password', 'Confirm your e-mail address']);
    expect(JSON.stringify(listed)).not.toContain('reset-password/');

    // SMTP is back; a second node's worker drains the same outbox at the same time as this one.
    await smtpUp();
    t.clock.advance(mailRetryDelayMs(Math.max(...attempts)) + 1_000);
    const otherNode = createMailOutbox({
      db: t.db,
      transport: createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'Shifumi <no-reply@shifumi.test>' }),
      clock: t.clock,
      logger: createLogger({ level: 'silent' }),
      pollMs: 3_600_000,
    });
    await Promise.all([t.app.mailOutbox.drain(), otherNode.drain(), t.app.mailOutbox.drain()]);
    const mails = allReceived().filter((mail) => mail.to.includes(email));
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['Choose a new password', 'Confirm your e-mail address']);
    rows = await outboxRows(email);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    // Sent mails keep no one-time link.
    expect(rows.every((row) => row.text_body === '')).toBe(true);
  }, 60_000);

  it('a claim whose node died is taken over once its lease is over, and sent once', async () => {
    const email = uniqueEmail('lease');
    await enqueueMail(t.db, { to: email, subject: 'Lease test', text: 'hello' }, t.clock());
    // A node claims the mail and dies before sending it.
    const now = t.clock();
    const claimed = await claimDueMails(t.db, { now, leaseUntil: new Date(now.getTime() + MAIL_LEASE_MS), limit: 100 });
    expect(claimed.filter((mail) => mail.message.to === email)).toHaveLength(1);
    await t.app.mailOutbox.drain();
    expect((await outboxRows(email))[0]?.status).toBe('sending');
    t.clock.advance(MAIL_LEASE_MS + 1_000);
    await t.app.mailOutbox.drain();
    await smtp!.waitForMail((mail) => mail.to.includes(email), 5_000);
    expect(allReceived().filter((mail) => mail.to.includes(email))).toHaveLength(1);
    expect((await outboxRows(email))[0]?.status).toBe('sent');
  });

  it('a mail failing for a day is failed and listed on the console', async () => {
    await smtpDown();
    const email = uniqueEmail('gives-up');
    await t.app.mailOutbox.mailer.send({
      to: email,
      subject: 'Never delivered',
      text: 'a one-time link https://x/reset-password/abc',
    });
    await t.app.mailOutbox.drain();
    expect((await outboxRows(email))[0]?.status).toBe('waiting');
    t.clock.advance(MAIL_GIVE_UP_MS + 1_000);
    await t.app.mailOutbox.drain();
    const [row] = await outboxRows(email);
    expect(row?.status).toBe('failed');
    expect(row?.text_body).toBe('');

    const token = await staffToken();
    const failed = await t.app.fastify.inject({
      method: 'GET',
      url: '/api/admin/mails?status=failed',
      headers: { authorization: token },
    });
    expect((failed.json() as AdminMailsResponse).mails.map((mail) => mail.recipient)).toContain(email);
    const overview = (
      await t.app.fastify.inject({ method: 'GET', url: '/api/admin/overview', headers: { authorization: token } })
    ).json() as AdminOverview;
    expect(overview.mails.failed).toBeGreaterThanOrEqual(1);
    const bad = await t.app.fastify.inject({
      method: 'GET',
      url: '/api/admin/mails?status=lost',
      headers: { authorization: token },
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.fastify.inject({ method: 'GET', url: '/api/admin/mails' });
    expect(anonymous.statusCode).toBe(403);
    await smtpUp();
  });
});

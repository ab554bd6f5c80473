/**
 * Issue 23: the per-address sign-in count on a real (PGlite) database: the
 * limit, attempts racing past it, a right password giving its count back,
 * the lock lasting a whole window from the last failure, and the reset
 * lifting it. Also the per-account mail allowance, on the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LIMITS } from '@shifumi/protocol';
import { openDatabase, type DatabaseHandle } from '../../infra/db/database';
import { users } from '../../infra/db/schema/index';
import { createMailThrottle } from '../account-security/mail-throttle.repo';
import { createLoginFailures, loginFailureKey } from './login-failures.repo';

const MINUTE = 60_000;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
});

describe('login failures', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 10, 0) + minutes * MINUTE);

  it('keys an address by its lower-case form, not in plain text', () => {
    expect(loginFailureKey('Ann@Example.com')).toBe(loginFailureKey('ann@example.com'));
    expect(loginFailureKey('ann@example.com')).toMatch(/^[0-9a-f]{64}$/);
    expect(loginFailureKey('ann@example.com')).not.toBe(loginFailureKey('bob@example.com'));
  });

  it('allows `limit` attempts in a window, says which one is the last, and refuses the next with the time left', async () => {
    const failures = createLoginFailures(database.db, { limit: 3, windowMs: 15 * MINUTE });
    const email = 'limit@example.com';
    expect(await failures.begin(email, at(0))).toEqual({ allowed: true, last: false });
    expect(await failures.begin(email, at(1))).toEqual({ allowed: true, last: false });
    expect(await failures.begin(email, at(2))).toEqual({ allowed: true, last: true });
    await failures.locked(email, at(2));
    expect(await failures.begin(email, at(3))).toEqual({ allowed: false, retryAfterSeconds: 14 * 60 });
    // The lock lasts a whole window from the last failure, then counting starts again.
    expect(await failures.begin(email, at(16))).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await failures.begin(email, at(17))).toEqual({ allowed: true, last: false });
  });

  it('gives a right password its count back, and lets a reset clear the address', async () => {
    const failures = createLoginFailures(database.db, { limit: 2, windowMs: 15 * MINUTE });
    const email = 'right@example.com';
    expect(await failures.begin(email, at(0))).toEqual({ allowed: true, last: false });
    await failures.succeeded(email);
    expect(await failures.begin(email, at(1))).toEqual({ allowed: true, last: false });
    expect(await failures.begin(email, at(2))).toEqual({ allowed: true, last: true });
    expect((await failures.begin(email, at(3))).allowed).toBe(false);
    await failures.clear(email);
    expect(await failures.begin(email, at(4))).toEqual({ allowed: true, last: false });
  });

  it('forgets addresses whose window ended a window ago, and keeps the others', async () => {
    const failures = createLoginFailures(database.db, { limit: 5, windowMs: 15 * MINUTE });
    await failures.begin('old@example.com', at(100));
    await failures.begin('recent@example.com', at(120));
    expect(await failures.forgetEnded(at(131))).toBeGreaterThanOrEqual(1);
    // The old one starts afresh; the recent one still counts.
    expect(await failures.begin('old@example.com', at(131))).toEqual({ allowed: true, last: false });
    const counted = [];
    for (let attempt = 0; attempt < 5; attempt += 1) counted.push(await failures.begin('recent@example.com', at(131)));
    // 1 before, 4 more allowed (the 5th the last), the 6th refused until the window that began at 120 ends.
    expect(counted.map((outcome) => outcome.allowed)).toEqual([true, true, true, true, false]);
    expect(counted.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 4 * 60 });
  });

  it('lets exactly `limit` of many attempts racing at once through', async () => {
    const failures = createLoginFailures(database.db, { limit: 10, windowMs: 15 * MINUTE });
    const outcomes = await Promise.all(Array.from({ length: 25 }, () => failures.begin('race@example.com', at(0))));
    expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome.allowed && outcome.last)).toHaveLength(1);
  });
});

describe('mail throttle', () => {
  it('allows MAIL_LIMITS[kind].max mails per window per account and kind, and says how long to wait', async () => {
    const [user] = await database.db.insert(users).values({ name: 'Mail', referralCode: 'MAILTEST01' }).returning();
    const throttle = createMailThrottle(database.db);
    const start = new Date(Date.UTC(2026, 10, 27, 10, 0));
    const window = MAIL_LIMITS.verification.windowSeconds * 1000;
    const first = await Promise.all(Array.from({ length: 10 }, () => throttle.take(user!.id, 'verification', start)));
    expect(first.filter((outcome) => outcome.allowed)).toHaveLength(MAIL_LIMITS.verification.max);
    expect(await throttle.take(user!.id, 'verification', new Date(start.getTime() + 60_000))).toEqual({
      allowed: false,
      retryAfterSeconds: MAIL_LIMITS.verification.windowSeconds - 60,
    });
    // Another kind has its own allowance.
    expect(await throttle.take(user!.id, 'password_reset', start)).toEqual({ allowed: true });
    expect(await throttle.take(user!.id, 'verification', new Date(start.getTime() + window))).toEqual({ allowed: true });
    const book = await Promise.all(Array.from({ length: 8 }, () => throttle.take(user!.id, 'address_confirmation', start)));
    expect(book.filter((outcome) => outcome.allowed)).toHaveLength(MAIL_LIMITS.address_confirmation.max);
  });
});

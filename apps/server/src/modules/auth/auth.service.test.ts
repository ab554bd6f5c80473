import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../infra/db/schema/index';
import type { UsersRepo } from '../users/users.repo';
import type { AuthRepo } from './auth.repo';
import { createAuthService } from './auth.service';
import type { PasswordHasher } from './passwords';
import { ignoreSessionEvents } from './session-events';

const silent = { fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {} };

function user(overrides: Partial<UserRow>): UserRow {
  return {
    id: 'user-1',
    name: 'Ann',
    email: 'ann@example.com',
    passwordHash: 'stored-hash',
    emailVerifiedAt: null,
    referralCode: 'ABCDEFGH',
    referredBy: null,
    walletAddress: null,
    depositIndex: 1,
    linkedAddress: null,
    disabledAt: null,
    frozenAt: null,
    frozenReason: null,
    language: null,
    createdAt: new Date(),
    ...overrides,
  };
}

/** A service over in-memory fakes that records which password checks ran. */
function serviceWith(existing: UserRow | undefined) {
  const calls: string[] = [];
  const passwords: PasswordHasher = {
    hash: async () => 'hash',
    verify: async (_hash, password) => {
      calls.push('verify');
      return password === 'right password';
    },
    verifyAgainstDummy: async () => {
      calls.push('dummy');
    },
  };
  const users = { findByEmail: async () => existing, findById: async () => existing } as unknown as UsersRepo;
  const authRepo = { createSession: async () => 'session-1' } as unknown as AuthRepo;
  const service = createAuthService({
    users,
    authRepo,
    passwords,
    accessTokens: { issue: async () => 'access-token', verify: async () => undefined },
    mailer: { send: async () => undefined, close: async () => undefined },
    sessionEvents: ignoreSessionEvents,
    clock: () => new Date(),
    appUrl: 'http://localhost:3000',
    logger: silent,
  });
  return { service, calls };
}

describe('login', () => {
  it('spends one password verification whether or not the e-mail exists', async () => {
    const unknown = serviceWith(undefined);
    const known = serviceWith(user({}));
    const walletOnly = serviceWith(user({ passwordHash: null }));

    const results = await Promise.all([
      unknown.service.login({ email: 'x@example.com', password: 'wrong' }, {}),
      known.service.login({ email: 'ann@example.com', password: 'wrong' }, {}),
      walletOnly.service.login({ email: 'ann@example.com', password: 'wrong' }, {}),
    ]);
    for (const result of results) {
      expect(result).toEqual({ ok: false, refusal: { code: 'invalid_credentials' } });
    }
    expect(unknown.calls).toEqual(['dummy']);
    expect(known.calls).toEqual(['verify']);
    expect(walletOnly.calls).toEqual(['dummy']);
  });

  it('refuses a disabled account only after the right password, with its own text', async () => {
    const disabled = serviceWith(user({ disabledAt: new Date() }));
    expect(await disabled.service.login({ email: 'ann@example.com', password: 'wrong' }, {})).toMatchObject({
      ok: false,
      refusal: { code: 'invalid_credentials' },
    });
    expect(await disabled.service.login({ email: 'ann@example.com', password: 'right password' }, {})).toMatchObject({
      ok: false,
      refusal: { code: 'account_disabled' },
    });
  });

  it('opens a session for the right password', async () => {
    const { service } = serviceWith(user({}));
    const result = await service.login({ email: 'ann@example.com', password: 'right password' }, {});
    expect(result).toMatchObject({
      ok: true,
      value: { accessToken: 'access-token', user: { id: 'user-1', email: 'ann@example.com' } },
    });
  });
});

describe('addEmail', () => {
  function serviceWhereTheUpdateMeets(failure: Error) {
    const mails: string[] = [];
    // A wallet-only account that signed in with its wallet a moment ago.
    const users = {
      findByEmail: async () => undefined,
      findById: async () => user({ email: null, passwordHash: null }),
    } as unknown as UsersRepo;
    const authRepo = {
      sessionOpenedAt: async () => new Date(),
      changeUnverifiedEmail: async () => {
        throw failure;
      },
    } as unknown as AuthRepo;
    const service = createAuthService({
      users,
      authRepo,
      passwords: { hash: async () => 'hash', verify: async () => false, verifyAgainstDummy: async () => undefined },
      accessTokens: { issue: async () => 'access-token', verify: async () => undefined },
      mailer: { send: async (mail) => void mails.push(mail.to), close: async () => undefined },
      sessionEvents: ignoreSessionEvents,
      clock: () => new Date(),
      appUrl: 'http://localhost:3000',
      logger: silent,
    });
    return { service, mails };
  }

  it('answers email_taken when another account took the address between the check and the update', async () => {
    // What node-postgres and PGlite throw for the unique index on lower(email).
    const violation = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'users_email_lower_key',
    });
    const { service, mails } = serviceWhereTheUpdateMeets(violation);
    expect(await service.addEmail({ userId: 'user-1', sessionId: 'session-1' }, { email: 'ann@example.com' })).toEqual({
      ok: false,
      refusal: { code: 'email_taken' },
    });
    expect(mails).toEqual([]);
  });

  it('throws any other failure (answered 500, logged once)', async () => {
    const { service } = serviceWhereTheUpdateMeets(new Error('connection lost'));
    await expect(service.addEmail({ userId: 'user-1', sessionId: 'session-1' }, { email: 'ann@example.com' })).rejects.toThrow(
      'connection lost',
    );
  });
});

describe('addEmail: proof of the account', () => {
  function serviceFor(existing: UserRow, sessionOpenedAt: Date, now: Date) {
    const changes: string[] = [];
    const users = { findByEmail: async () => undefined, findById: async () => existing } as unknown as UsersRepo;
    const authRepo = {
      sessionOpenedAt: async () => sessionOpenedAt,
      changeUnverifiedEmail: async (_userId: string, email: string) => {
        changes.push(email);
        return { kind: 'changed', user: { ...existing, email }, previousEmail: existing.email };
      },
      createVerificationToken: async () => undefined,
    } as unknown as AuthRepo;
    const service = createAuthService({
      users,
      authRepo,
      passwords: {
        hash: async () => 'hash',
        verify: async (_hash, password) => password === 'right password',
        verifyAgainstDummy: async () => undefined,
      },
      accessTokens: { issue: async () => 'access-token', verify: async () => undefined },
      mailer: { send: async () => undefined, close: async () => undefined },
      sessionEvents: ignoreSessionEvents,
      clock: () => now,
      appUrl: 'http://localhost:3000',
      logger: silent,
    });
    return { service, changes };
  }
  const auth = { userId: 'user-1', sessionId: 'session-1' };
  const now = new Date('2026-11-27T10:00:00Z');

  it('asks an account with a password for it: missing or wrong is a 4xx refusal other than 403, and nothing changes', async () => {
    const { service, changes } = serviceFor(user({}), now, now);
    expect(await service.addEmail(auth, { email: 'new@example.com' })).toMatchObject({
      ok: false,
      refusal: { code: 'password_required' },
    });
    expect(await service.addEmail(auth, { email: 'new@example.com', currentPassword: 'wrong' })).toMatchObject({
      ok: false,
      refusal: { code: 'wrong_password' },
    });
    expect(changes).toEqual([]);
    expect(await service.addEmail(auth, { email: 'new@example.com', currentPassword: 'right password' })).toMatchObject({
      ok: true,
    });
    expect(changes).toEqual(['new@example.com']);
  });

  it('lets a wallet-only account add an e-mail within minutes of its wallet sign-in only', async () => {
    const walletOnly = user({ email: null, passwordHash: null });
    const stale = serviceFor(walletOnly, new Date(now.getTime() - 11 * 60_000), now);
    expect(await stale.service.addEmail(auth, { email: 'new@example.com' })).toMatchObject({
      ok: false,
      refusal: { code: 'reauthentication_required' },
    });
    expect(stale.changes).toEqual([]);
    const fresh = serviceFor(walletOnly, new Date(now.getTime() - 9 * 60_000), now);
    expect(await fresh.service.addEmail(auth, { email: 'new@example.com' })).toMatchObject({ ok: true });
    expect(fresh.changes).toEqual(['new@example.com']);
  });
});

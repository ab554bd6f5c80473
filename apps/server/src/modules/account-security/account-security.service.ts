/**
 * Account security use cases (issue 13): forgotten and changed passwords,
 * the sign-in's second step, the sessions list, and the security mails.
 * Mails go out off the request path: an answer never waits for (nor reveals
 * anything through) the mail server.
 */
import {
  LOGIN_CHALLENGE_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
  type AccountSecurityResponse,
  type SessionItem,
} from '@shifumi/protocol';
import type { UserRow } from '../../infra/db/schema/index';
import type { Mailer } from '../../infra/mailer/mailer';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { accountLanguage } from '../../shared/language';
import { ok, refuse, refused, type Result } from '../../shared/result';
import { generateOpaqueToken, hashOpaqueToken, OPAQUE_TOKEN_PATTERN } from '../../shared/secure-token';
import type { AuthContext } from '../auth/auth.service';
import type { PasswordHasher } from '../auth/passwords';
import type { SessionEvents } from '../auth/session-events';
import type { UsersRepo } from '../users/users.repo';
import { readSecurityRow, type AccountSecurityRepo } from './account-security.repo';
import { passwordResetMail, securityEventMail, type SecurityEvent, type Where } from './security-mails';
import type { TwoFactor } from './two-factor.service';

export interface AccountSecurityDeps {
  repo: AccountSecurityRepo;
  users: UsersRepo;
  twoFactor: TwoFactor;
  passwords: PasswordHasher;
  mailer: Mailer;
  sessionEvents: SessionEvents;
  clock: Clock;
  appUrl: string;
  logger: Logger;
  db: Parameters<typeof readSecurityRow>[0];
  /** WITHDRAWAL_HOLD_AFTER_SECURITY_CHANGE_HOURS. */
  holdAfterSecurityChangeHours: number;
  /** Issue 23: a completed reset lifts the sign-in lock of the account's address. */
  liftSignInLock?: (email: string) => Promise<void>;
  /** Issue 23: at most one reset mail per account every few minutes, whatever asks. */
  mailThrottle?: { take(userId: string, kind: 'password_reset', now: Date): Promise<{ allowed: boolean }> };
}

/** The second step of a sign-in: a challenge after the password, used up by a right two-factor code; the new-sign-in mail. */
function createSecondStep(
  deps: AccountSecurityDeps,
  notify: (user: Pick<UserRow, 'id' | 'email' | 'name' | 'language'>, event: SecurityEvent, where?: Where) => void,
) {
  const { repo, twoFactor, clock } = deps;
  return {
    required: (userId: string) => twoFactor.isEnabled(userId),

    async createChallenge(userId: string, walletAddress: string | null): Promise<string> {
      const challenge = generateOpaqueToken();
      const now = clock();
      await repo.createChallenge({
        userId,
        tokenHash: hashOpaqueToken(challenge),
        walletAddress,
        now,
        expiresAt: new Date(now.getTime() + LOGIN_CHALLENGE_TTL_SECONDS * 1000),
      });
      return challenge;
    },

    /** A wrong code leaves the challenge open (the lock counts wrong codes); a right one uses it up. */
    async useChallenge(challenge: string, code: string): Promise<Result<{ userId: string; walletAddress: string | null }>> {
      if (!OPAQUE_TOKEN_PATTERN.test(challenge)) return refuse('two_factor_challenge_invalid');
      const found = await repo.findOpenChallenge(hashOpaqueToken(challenge), clock());
      if (!found) return refuse('two_factor_challenge_invalid');
      const checked = await twoFactor.verifyNow(found.userId, code);
      if (!checked.ok) return refused(checked.refusal);
      if (!(await repo.useChallenge(found.id, clock()))) return refuse('two_factor_challenge_invalid');
      return ok({ userId: found.userId, walletAddress: found.walletAddress });
    },

    /** A sign-in from a device or an IP address the account has not used before: a mail (not for the very first sign-in). */
    async sessionOpened(user: UserRow, sessionId: string, where: Where): Promise<void> {
      if (!(await repo.hasOtherSession(user.id, sessionId))) return;
      if (await repo.hasSignedInFrom(user.id, where.ip, where.userAgent, sessionId)) return;
      notify(user, { kind: 'new_sign_in' }, where);
    },
  };
}

export function createAccountSecurity(deps: AccountSecurityDeps) {
  const { repo, users, passwords, mailer, sessionEvents, clock, logger } = deps;
  /** Background work (mails, the forgot-password lookup); tests and shutdown can wait for it. */
  const pending = new Set<Promise<void>>();

  function inBackground(what: string, work: () => Promise<void>): void {
    const task = work()
      .catch((error: unknown) => logger.error({ err: error }, `${what} failed`))
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  /** Mails a security event to the account's address, if it has one; off the request path. */
  function notify(user: Pick<UserRow, 'id' | 'email' | 'name' | 'language'>, event: SecurityEvent, where?: Where): void {
    if (user.email === null) return;
    const to = user.email;
    const when = clock();
    inBackground(`Security mail (${event.kind})`, () =>
      mailer.send(
        securityEventMail({
          to,
          name: user.name,
          event,
          when,
          ...(where ? { where } : {}),
          appUrl: deps.appUrl,
          language: accountLanguage(user),
        }),
      ),
    );
  }

  async function notifyUser(userId: string, event: SecurityEvent, where?: Where): Promise<void> {
    const user = await users.findById(userId);
    if (user) notify(user, event, where);
  }

  return {
    notify,
    notifyUser,

    /** Resolves when every background task started so far has ended (tests, shutdown). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    /**
     * Always the same answer, at once: the lookup, the link and the mail
     * happen in the background, so neither the answer nor its timing says
     * whether the account exists.
     */
    forgotPassword(email: string): void {
      inBackground('Password reset request', async () => {
        const user = await users.findByEmail(email);
        // A password to replace, or a verified address (a wallet-only account choosing its first password).
        if (!user || user.email === null || user.disabledAt !== null) return;
        if (user.passwordHash === null && user.emailVerifiedAt === null) return;
        const now = clock();
        // Issue 23: a flood of requests for one address (from any number of IPs) mails it once every few minutes.
        if (deps.mailThrottle && !(await deps.mailThrottle.take(user.id, 'password_reset', now)).allowed) return;
        const token = generateOpaqueToken();
        await repo.createResetToken({
          userId: user.id,
          tokenHash: hashOpaqueToken(token),
          now,
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_SECONDS * 1000),
        });
        await mailer.send(
          passwordResetMail({
            to: user.email,
            name: user.name,
            link: `${deps.appUrl}/reset-password/${token}`,
            language: accountLanguage(user),
          }),
        );
      });
    },

    async resetPassword(token: string, password: string, where: Where): Promise<Result<void>> {
      if (!OPAQUE_TOKEN_PATTERN.test(token)) return refuse('reset_link_invalid');
      const passwordHash = await passwords.hash(password);
      const outcome = await repo.resetPassword({ tokenHash: hashOpaqueToken(token), passwordHash, now: clock() });
      if (!outcome) return refuse('reset_link_invalid');
      sessionEvents.sessionsRevoked({ userId: outcome.userId, sessionIds: outcome.sessionIds, reason: 'password_reset' });
      if (outcome.email !== null) await deps.liftSignInLock?.(outcome.email);
      await notifyUser(outcome.userId, { kind: 'password_reset' }, where);
      return ok(undefined);
    },

    async changePassword(auth: AuthContext, currentPassword: string, newPassword: string, where: Where): Promise<Result<void>> {
      const user = await users.findById(auth.userId);
      if (!user) return refuse('session_expired');
      if (user.passwordHash === null) return refuse('no_password_on_account');
      if (!(await passwords.verify(user.passwordHash, currentPassword))) {
        return refuse('wrong_password');
      }
      const sessionIds = await repo.changePassword({
        userId: user.id,
        passwordHash: await passwords.hash(newPassword),
        keepSessionId: auth.sessionId,
        now: clock(),
      });
      sessionEvents.sessionsRevoked({ userId: user.id, sessionIds, reason: 'password_change' });
      notify(user, { kind: 'password_changed' }, where);
      return ok(undefined);
    },

    async security(auth: AuthContext): Promise<Result<AccountSecurityResponse>> {
      const user = await users.findById(auth.userId);
      if (!user) return refuse('session_expired');
      const row = await readSecurityRow(deps.db, user.id);
      const heldUntil = row?.securityChangedAt
        ? new Date(row.securityChangedAt.getTime() + deps.holdAfterSecurityChangeHours * 3_600_000)
        : undefined;
      return ok({
        twoFactorEnabled: row !== undefined && row.totpSecret !== null,
        hasPassword: user.passwordHash !== null,
        withdrawalsHeldUntil: heldUntil && heldUntil.getTime() > clock().getTime() ? heldUntil.toISOString() : null,
      });
    },

    async listSessions(auth: AuthContext): Promise<SessionItem[]> {
      const rows = await repo.listSessions(auth.userId, clock());
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        ip: row.ip,
        userAgent: row.userAgent,
        current: row.id === auth.sessionId,
      }));
    },

    async revokeSession(auth: AuthContext, sessionId: string): Promise<Result<void>> {
      if (!(await repo.revokeSession(auth.userId, sessionId, clock()))) {
        return refuse('session_not_found');
      }
      sessionEvents.sessionsRevoked({ userId: auth.userId, sessionIds: [sessionId], reason: 'revoked_by_user' });
      return ok(undefined);
    },

    // The second step of a sign-in (the auth service calls these).
    secondStep: createSecondStep(deps, notify),
  };
}

export type AccountSecurity = ReturnType<typeof createAccountSecurity>;
export type SecondStep = AccountSecurity['secondStep'];

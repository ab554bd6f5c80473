/**
 * Accounts and sessions: registration, sign-in, refresh-token rotation,
 * sign-out, e-mail verification, and the check every signed-in request and
 * socket goes through. Depends on ports only (repositories, mailer, hasher,
 * token signer, session events, clock); knows nothing of HTTP or sockets.
 */
import type { Logger } from '../../shared/logger';
import {
  ACCOUNT_SECURITY_TEXTS,
  RECENT_WALLET_SIGN_IN_SECONDS,
  RESPONSIBLE_GAMING_TEXTS,
  EMAIL_VERIFICATION_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  SERVER_TEXTS,
  SIWE_TEXTS,
  type PublicUser,
  type addEmailRequestSchema,
  type loginRequestSchema,
  type registerRequestSchema,
} from '@shifumi/protocol';
import type { z } from 'zod';
import type { UserRow } from '../../infra/db/schema/index';
import { isUniqueViolation } from '../../infra/db/errors';
import type { Mailer } from '../../infra/mailer/mailer';
import type { Clock } from '../../shared/clock';
import { ok, refuse, type Result } from '../../shared/result';
import { generateOpaqueToken, hashOpaqueToken, OPAQUE_TOKEN_PATTERN } from '../../shared/secure-token';
import { emailChangeMail, verificationMail } from '../mail/mail-templates';
import { USERS_EMAIL_UNIQUE, USERS_LINKED_ADDRESS_UNIQUE, USERS_REFERRAL_CODE_UNIQUE, type UsersRepo } from '../users/users.repo';
import type { AccessTokens } from './access-tokens';
import type { AuthRepo } from './auth.repo';
import type { LoginFailures } from './login-failures.repo';
import type { PasswordHasher } from './passwords';
import { generateReferralCode } from './referral-codes';
import type { SessionEvents } from './session-events';

export type RegisterInput = z.output<typeof registerRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;
export type AddEmailInput = z.output<typeof addEmailRequestSchema>;

/** Issue 23: what the account's previous address is told (the account-security module's security mails). */
export type AccountNotice =
  | { kind: 'email_change_requested'; newEmail: string }
  | { kind: 'email_changed'; newEmail: string }
  | { kind: 'sign_in_locked'; minutes: number };

/** Where a request comes from (security mails). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** Who is behind a signed-in request or socket. */
export interface AuthContext {
  userId: string;
  sessionId: string;
}

/** A new access token, the refresh token to put in the cookie, the user, and the session's wallet binding. */
export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  user: PublicUser;
  /** The address (lower-case) a Sign-In With Ethereum session was opened with; null for e-mail and password. */
  sessionWallet: string | null;
}

export interface AuthServiceDeps {
  users: UsersRepo;
  authRepo: AuthRepo;
  passwords: PasswordHasher;
  accessTokens: AccessTokens;
  mailer: Mailer;
  sessionEvents: SessionEvents;
  clock: Clock;
  /** Origin the verification links point at. */
  appUrl: string;
  logger: Logger;
  /** Gives a user their personal deposit address (at registration, and at sign-in for older accounts). */
  depositAddresses?: { ensureFor(userId: string): Promise<string> };
  /** Issue 19: stores that a new account confirmed its age and accepted the Terms (time and Terms version). */
  recordAcceptance?: (userId: string) => Promise<void>;
  /** Issue 13: the second step of a sign-in with two-factor on, and what follows a new session (the new-device mail). */
  secondStep?: {
    required(userId: string): Promise<boolean>;
    createChallenge(userId: string, walletAddress: string | null): Promise<string>;
    useChallenge(challenge: string, code: string): Promise<Result<{ userId: string; walletAddress: string | null }>>;
    sessionOpened(user: UserRow, sessionId: string, where: { ip: string | null; userAgent: string | null }): Promise<void>;
  };
  /** Issue 23: wrong passwords counted per address across every IP (LOGIN_FAILURES_PER_ACCOUNT). */
  loginFailures?: LoginFailures;
  /** LOGIN_FAILURE_WINDOW_MINUTES (the lock mail says it). */
  loginFailureWindowMinutes?: number;
  /** Issue 23: at most one verification mail per account every few minutes, whatever asks. */
  mailThrottle?: {
    take(userId: string, kind: 'verification', now: Date): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  };
  /** Issue 23: the two-factor code an e-mail change needs when two-factor is on. */
  twoFactor?: {
    isEnabled(userId: string): Promise<boolean>;
    verifyNow(userId: string, code: string): Promise<Result<void>>;
  };
  /** Issue 23: a security mail to an address of the account (off the request path). */
  notice?: (to: { id: string; email: string; name: string }, notice: AccountNotice, where?: RequestOrigin) => void;
}

/** Issue 26: a session's "last active" is written at most once a minute. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** Where a sign-in comes from. */
export interface SignInMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** Issue 13: the password (or the wallet signature) was right, and two-factor is on: a code is needed. */
export interface SecondStepNeeded {
  twoFactorRequired: true;
  challenge: string;
}

const USER_AGENT_MAX_LENGTH = 256;
const REFERRAL_CODE_ATTEMPTS = 5;

export function toPublicUser(user: UserRow): PublicUser {
  return { id: user.id, name: user.name, email: user.email, walletAddress: user.walletAddress };
}

/** Accepts `Bearer <token>` (any case) or the bare token, as the spec's client sends it. */
export function extractAccessToken(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const token = value.trim().replace(/^bearer(\s+|$)/i, '').trim();
  return token.length > 0 ? token : undefined;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { users, authRepo, passwords, accessTokens, mailer, sessionEvents, clock, logger } = deps;


  function secondsFromNow(seconds: number): Date {
    return new Date(clock().getTime() + seconds * 1000);
  }

  async function openSession(user: UserRow, meta: SignInMeta, sessionWallet: string | null): Promise<IssuedSession> {
    const refreshToken = generateOpaqueToken();
    const userAgent = meta.userAgent ? meta.userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null;
    const ip = meta.ip ?? null;
    const sessionId = await authRepo.createSession({
      userId: user.id,
      userAgent,
      walletAddress: sessionWallet,
      tokenHash: hashOpaqueToken(refreshToken),
      now: clock(),
      expiresAt: secondsFromNow(REFRESH_TOKEN_TTL_SECONDS),
      ip,
    });
    await deps.secondStep?.sessionOpened(user, sessionId, { ip, userAgent });
    const accessToken = await accessTokens.issue({ userId: user.id, sessionId });
    return { accessToken, refreshToken, user: toPublicUser(user), sessionWallet };
  }

  /** Creates a verification link for the user's current address and mails it. Throws if the mail fails. */
  async function sendVerificationMail(user: UserRow): Promise<void> {
    if (user.email === null) throw new Error(`User ${user.id} has no e-mail address`);
    const token = generateOpaqueToken();
    await authRepo.createVerificationToken({
      userId: user.id,
      email: user.email,
      tokenHash: hashOpaqueToken(token),
      now: clock(),
      expiresAt: secondsFromNow(EMAIL_VERIFICATION_TTL_SECONDS),
    });
    const link = `${deps.appUrl}/verify-email/${token}`;
    await mailer.send(verificationMail({ to: user.email, name: user.name, link }));
  }

  /** Issue 23: one verification mail per account every few minutes, whatever asks for it. */
  async function takeVerificationMail(userId: string): Promise<Result<void>> {
    if (!deps.mailThrottle) return ok(undefined);
    const allowance = await deps.mailThrottle.take(userId, 'verification', clock());
    if (allowance.allowed) return ok(undefined);
    return refuse('too_many_requests', SERVER_TEXTS.verificationMailWait(Math.ceil(allowance.retryAfterSeconds / 60)), {
      'retry-after': String(allowance.retryAfterSeconds),
    });
  }

  /**
   * Issue 23: the password of a signed-in account, counted with the sign-in
   * failures of its address (a stolen session cannot guess it faster than a
   * sign-in can).
   */
  async function checkCurrentPassword(user: UserRow, password: string | undefined): Promise<Result<void>> {
    if (user.passwordHash === null || user.email === null) return ok(undefined);
    if (password === undefined || password === '') return refuse('wrong_password', ACCOUNT_SECURITY_TEXTS.currentPasswordRequired);
    const attempt = deps.loginFailures ? await deps.loginFailures.begin(user.email, clock()) : { allowed: true as const, last: false };
    if (!attempt.allowed) {
      return refuse('too_many_requests', SERVER_TEXTS.tooManySignInFailures, { 'retry-after': String(attempt.retryAfterSeconds) });
    }
    if (await passwords.verify(user.passwordHash, password)) {
      await deps.loginFailures?.succeeded(user.email);
      return ok(undefined);
    }
    if (attempt.last) await lockSignIn(user);
    return refuse('wrong_password', ACCOUNT_SECURITY_TEXTS.currentPasswordWrong);
  }

  /** The last wrong password of the window: the address is locked and its owner told, once. */
  async function lockSignIn(user: UserRow | undefined, email?: string): Promise<void> {
    const address = user?.email ?? email;
    if (address === undefined || address === null) return;
    await deps.loginFailures?.locked(address, clock());
    logger.warn({ userId: user?.id }, 'Sign-in locked for an address after too many wrong passwords');
    if (user && user.email !== null) {
      deps.notice?.({ id: user.id, email: user.email, name: user.name }, { kind: 'sign_in_locked', minutes: deps.loginFailureWindowMinutes ?? 15 });
    }
  }

  async function insertUserWithFreshReferralCode(input: RegisterInput, passwordHash: string, referredBy: string | null) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await users.insert({
          name: input.name,
          email: input.email,
          passwordHash,
          referralCode: generateReferralCode(),
          referredBy,
          createdAt: clock(),
        });
      } catch (error) {
        // 32^8 codes make a collision rare; retry a few times before calling it a failure.
        if (isUniqueViolation(error, USERS_REFERRAL_CODE_UNIQUE) && attempt < REFERRAL_CODE_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  return {
    async register(input: RegisterInput): Promise<Result<void>> {
      if (await users.findByEmail(input.email)) return refuse('email_taken', SERVER_TEXTS.emailTaken);
      let referredBy: string | null = null;
      if (input.referralCode !== undefined) {
        const referrerId = await users.findIdByReferralCode(input.referralCode);
        if (referrerId === undefined) return refuse('unknown_referral', SERVER_TEXTS.unknownReferral);
        referredBy = referrerId;
      }
      const passwordHash = await passwords.hash(input.password);
      let user: UserRow;
      try {
        user = await insertUserWithFreshReferralCode(input, passwordHash, referredBy);
      } catch (error) {
        // Two sign-ups with the same address at the same moment: the database decides.
        if (isUniqueViolation(error, USERS_EMAIL_UNIQUE)) return refuse('email_taken', SERVER_TEXTS.emailTaken);
        throw error;
      }
      await deps.recordAcceptance?.(user.id);
      await deps.depositAddresses?.ensureFor(user.id);
      try {
        // A new account's first mail: always allowed, and counted (a resend waits its turn).
        await takeVerificationMail(user.id);
        await sendVerificationMail(user);
      } catch (error) {
        // The account exists; failing the request now would make a retry answer 409.
        // The user can ask for a new link from their account (resend-verification).
        logger.error({ err: error, userId: user.id }, 'The verification mail could not be sent after registration');
      }
      return ok(undefined);
    },

    async login(input: LoginInput, meta: SignInMeta): Promise<Result<IssuedSession | SecondStepNeeded>> {
      // Issue 23: counted per address before anything else, known or not: the same answers either way.
      const attempt = deps.loginFailures ? await deps.loginFailures.begin(input.email, clock()) : { allowed: true as const, last: false };
      if (!attempt.allowed) {
        return refuse('too_many_requests', SERVER_TEXTS.tooManySignInFailures, { 'retry-after': String(attempt.retryAfterSeconds) });
      }
      const user = await users.findByEmail(input.email);
      let right = false;
      if (!user || user.passwordHash === null) await passwords.verifyAgainstDummy(input.password);
      else right = await passwords.verify(user.passwordHash, input.password);
      if (!user || !right) {
        if (attempt.last) await lockSignIn(user, input.email);
        return refuse('invalid_credentials', SERVER_TEXTS.invalidCredentials);
      }
      await deps.loginFailures?.succeeded(input.email);
      if (user.disabledAt !== null) return refuse('account_disabled', SERVER_TEXTS.accountDisabled);
      if (user.walletAddress === null && deps.depositAddresses) {
        user.walletAddress = await deps.depositAddresses.ensureFor(user.id);
      }
      if (deps.secondStep && (await deps.secondStep.required(user.id))) {
        return ok({ twoFactorRequired: true, challenge: await deps.secondStep.createChallenge(user.id, null) });
      }
      return ok(await openSession(user, meta, null));
    },

    /** Issue 13: `POST /api/auth/login/2fa`: the challenge of the first step and a code open the session. */
    async loginSecondStep(challenge: string, code: string, meta: SignInMeta): Promise<Result<IssuedSession>> {
      if (!deps.secondStep) return refuse('not_found', SERVER_TEXTS.notFound);
      const used = await deps.secondStep.useChallenge(challenge, code);
      if (!used.ok) return refuse(used.refusal.code, used.refusal.message);
      let user = await users.findById(used.value.userId);
      if (!user) return refuse('invalid_credentials', SERVER_TEXTS.invalidCredentials);
      if (user.disabledAt !== null) return refuse('account_disabled', SERVER_TEXTS.accountDisabled);
      if (user.walletAddress === null && deps.depositAddresses) {
        user = { ...user, walletAddress: await deps.depositAddresses.ensureFor(user.id) };
      }
      return ok(await openSession(user, meta, used.value.walletAddress));
    },

    /**
     * Signs in with a verified wallet address: the account linked to it, or a new
     * wallet-only account (named after the short address, no e-mail).
     */
    async signInWithWallet(address: string, meta: SignInMeta & { accepted?: boolean }): Promise<Result<IssuedSession | SecondStepNeeded>> {
      let user = await users.findByLinkedAddress(address);
      if (!user) {
        // Issue 19: a new account needs the age and Terms confirmation (the route checks it before the nonce is used).
        if (!meta.accepted) return refuse('invalid_input', RESPONSIBLE_GAMING_TEXTS.addressNeedsAcceptance);
        for (let attempt = 1; !user && attempt <= REFERRAL_CODE_ATTEMPTS; attempt += 1) {
          try {
            user = await users.insert({
              name: `${address.slice(0, 6)}…${address.slice(-4)}`,
              referralCode: generateReferralCode(),
              linkedAddress: address,
              createdAt: clock(),
            });
          } catch (error) {
            if (isUniqueViolation(error, USERS_REFERRAL_CODE_UNIQUE) && attempt < REFERRAL_CODE_ATTEMPTS) continue;
            // Two first sign-ins of one address at once: the other created the account.
            if (isUniqueViolation(error, USERS_LINKED_ADDRESS_UNIQUE)) user = await users.findByLinkedAddress(address);
            else throw error;
          }
        }
      }
      if (!user) throw new Error(`No account could be created for ${address}`);
      if (meta.accepted) await deps.recordAcceptance?.(user.id);
      if (user.disabledAt !== null) return refuse('account_disabled', SERVER_TEXTS.accountDisabled);
      if (user.walletAddress === null && deps.depositAddresses) {
        user = { ...user, walletAddress: await deps.depositAddresses.ensureFor(user.id) };
      }
      if (deps.secondStep && (await deps.secondStep.required(user.id))) {
        return ok({ twoFactorRequired: true, challenge: await deps.secondStep.createChallenge(user.id, address) });
      }
      // The session remembers the address it was opened with: the web app signs out when the wallet switches away from it.
      return ok(await openSession(user, meta, address));
    },

    /** Issue 19: whether an account signs in with this (lower-case) address already. */
    async hasWalletAccount(address: string): Promise<boolean> {
      return (await users.findByLinkedAddress(address)) !== undefined;
    },

    /** Links a verified wallet address to the signed-in account; one account per address. */
    async linkWallet(auth: AuthContext, address: string): Promise<Result<string>> {
      const user = await users.findById(auth.userId);
      if (!user) return refuse('not_authenticated', SERVER_TEXTS.sessionExpired);
      if (user.linkedAddress === address) return ok(SIWE_TEXTS.alreadyLinked);
      const holder = await users.findByLinkedAddress(address);
      if (holder) return refuse('wallet_taken', SIWE_TEXTS.addressTaken);
      try {
        await users.setLinkedAddress(user.id, address);
      } catch (error) {
        if (isUniqueViolation(error, USERS_LINKED_ADDRESS_UNIQUE)) return refuse('wallet_taken', SIWE_TEXTS.addressTaken);
        throw error;
      }
      return ok(SIWE_TEXTS.walletLinked);
    },

    async refresh(refreshToken: string | undefined): Promise<Result<IssuedSession>> {
      if (refreshToken === undefined || !OPAQUE_TOKEN_PATTERN.test(refreshToken)) {
        return refuse('refresh_failed', SERVER_TEXTS.refreshFailed);
      }
      const nextRefreshToken = generateOpaqueToken();
      const outcome = await authRepo.rotateRefreshToken({
        tokenHash: hashOpaqueToken(refreshToken),
        nextTokenHash: hashOpaqueToken(nextRefreshToken),
        now: clock(),
        expiresAt: secondsFromNow(REFRESH_TOKEN_TTL_SECONDS),
      });
      if (outcome.kind === 'reused') {
        logger.warn({ userId: outcome.userId, sessionId: outcome.sessionId }, 'Rotated refresh token presented again: session revoked');
        sessionEvents.sessionsRevoked({ userId: outcome.userId, sessionIds: [outcome.sessionId], reason: 'refresh_token_reuse' });
        return refuse('refresh_failed', SERVER_TEXTS.refreshFailed);
      }
      if (outcome.kind === 'refused') return refuse('refresh_failed', SERVER_TEXTS.refreshFailed);
      const user = await users.findById(outcome.userId);
      if (!user) return refuse('refresh_failed', SERVER_TEXTS.refreshFailed);
      const accessToken = await accessTokens.issue({ userId: user.id, sessionId: outcome.sessionId });
      // The binding is the session's own, never recomputed from the account (a wallet linked later binds nothing).
      return ok({ accessToken, refreshToken: nextRefreshToken, user: toPublicUser(user), sessionWallet: outcome.walletAddress });
    },

    /** Ends the session of this refresh token, if any. Signing out always succeeds. */
    async logout(refreshToken: string | undefined): Promise<void> {
      if (refreshToken === undefined || !OPAQUE_TOKEN_PATTERN.test(refreshToken)) return;
      const revoked = await authRepo.revokeSessionOfRefreshToken(hashOpaqueToken(refreshToken), 'logout', clock());
      if (revoked) sessionEvents.sessionsRevoked({ userId: revoked.userId, sessionIds: [revoked.sessionId], reason: 'logout' });
    },

    async logoutAll(auth: AuthContext): Promise<void> {
      const sessionIds = await authRepo.revokeAllSessions(auth.userId, 'logout_all', clock());
      if (sessionIds.length > 0) sessionEvents.sessionsRevoked({ userId: auth.userId, sessionIds, reason: 'logout_all' });
    },

    /**
     * Checks an access token (header value or socket auth payload): valid
     * signature, algorithm, issuer, audience and expiry, and a session that is
     * still open for a user who is not disabled.
     */
    async authenticate(credential: unknown): Promise<Result<AuthContext>> {
      const token = extractAccessToken(credential);
      if (token === undefined) return refuse('not_authenticated', SERVER_TEXTS.notAuthenticated);
      const subject = await accessTokens.verify(token);
      if (!subject) return refuse('not_authenticated', SERVER_TEXTS.sessionExpired);
      const session = await authRepo.activeSession(subject.sessionId, subject.userId);
      if (!session) return refuse('not_authenticated', SERVER_TEXTS.sessionExpired);
      // Issue 26: "last active" follows use, written at most once a minute (the read above is needed anyway).
      const now = clock();
      if (now.getTime() - session.lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        await authRepo.touchSession(subject.sessionId, now, SESSION_TOUCH_INTERVAL_MS);
      }
      return ok(subject);
    },

    isSessionActive(auth: AuthContext): Promise<boolean> {
      return authRepo.isSessionActive(auth.sessionId, auth.userId);
    },

    /** Verifies the address of the link; says `already` when it was verified before (issue 26), not a failure. */
    async verifyEmail(token: string): Promise<Result<'verified' | 'already'>> {
      if (!OPAQUE_TOKEN_PATTERN.test(token)) return refuse('verify_link_invalid', SERVER_TEXTS.verifyLinkInvalid);
      const outcome = await authRepo.useVerificationToken(hashOpaqueToken(token), clock());
      if (outcome.kind === 'invalid') return refuse('verify_link_invalid', SERVER_TEXTS.verifyLinkInvalid);
      if (outcome.kind === 'email_taken') return refuse('email_taken', SERVER_TEXTS.emailTaken);
      if (outcome.kind === 'email_changed' && outcome.previousEmail !== null) {
        const user = await users.findById(outcome.userId);
        if (user) deps.notice?.({ id: user.id, email: outcome.previousEmail, name: user.name }, { kind: 'email_changed', newEmail: outcome.email });
      }
      return ok(outcome.kind === 'already_verified' ? 'already' : 'verified');
    },

    /**
     * `POST /api/account/email` (issue 23). An account with a password gives
     * it, and its two-factor code when two-factor is on; a wallet-only
     * account must have signed in with its wallet in the last minutes. Then:
     * - a verified address stays the account's until the link mailed to the
     *   new one is opened (answered with `emailChangeRequested`);
     * - no address yet, or an unverified one, is replaced at once by the new,
     *   unverified address, and a link is mailed to it (`emailAdded`).
     * A previous address is told in a security mail. One verification mail
     * per account every few minutes: a request within that time changes
     * nothing (429). `email` lower-case (the protocol schema). A mail failure
     * is thrown (answered 5xx) after the change is stored.
     */
    async addEmail(auth: AuthContext, input: AddEmailInput, where?: RequestOrigin): Promise<Result<string>> {
      const user = await users.findById(auth.userId);
      if (!user) return refuse('not_authenticated', SERVER_TEXTS.sessionExpired);
      if (user.passwordHash !== null) {
        const proved = await checkCurrentPassword(user, input.currentPassword);
        if (!proved.ok) return proved;
      } else {
        const openedAt = await authRepo.sessionOpenedAt(auth.sessionId);
        if (!openedAt || clock().getTime() - openedAt.getTime() > RECENT_WALLET_SIGN_IN_SECONDS * 1000) {
          return refuse('reauthentication_required', ACCOUNT_SECURITY_TEXTS.recentWalletSignInRequired);
        }
      }
      if (deps.twoFactor && (await deps.twoFactor.isEnabled(user.id))) {
        if (input.code === undefined) return refuse('two_factor_invalid', ACCOUNT_SECURITY_TEXTS.twoFactorCodeRequired);
        const checked = await deps.twoFactor.verifyNow(user.id, input.code);
        if (!checked.ok) return checked;
      }
      const { email } = input;
      if (user.email === email && user.emailVerifiedAt !== null) return refuse('email_locked', SERVER_TEXTS.emailUnchanged);
      const holder = await users.findByEmail(email);
      if (holder && holder.id !== auth.userId) return refuse('email_taken', SERVER_TEXTS.emailTaken);
      const allowance = await takeVerificationMail(user.id);
      if (!allowance.ok) return allowance;

      if (user.email !== null && user.emailVerifiedAt !== null) {
        const token = generateOpaqueToken();
        const requested = await authRepo.requestEmailChange({
          userId: user.id,
          email,
          tokenHash: hashOpaqueToken(token),
          now: clock(),
          expiresAt: secondsFromNow(EMAIL_VERIFICATION_TTL_SECONDS),
        });
        if (requested) {
          deps.notice?.({ id: user.id, email: user.email, name: user.name }, { kind: 'email_change_requested', newEmail: email }, where);
          await mailer.send(emailChangeMail({ to: email, name: user.name, link: `${deps.appUrl}/verify-email/${token}` }));
          return ok(SERVER_TEXTS.emailChangeRequested);
        }
      }
      let outcome;
      try {
        outcome = await authRepo.changeUnverifiedEmail(auth.userId, email, clock());
      } catch (error) {
        // Another account took the address between the check and the update: the unique index decides.
        if (isUniqueViolation(error, USERS_EMAIL_UNIQUE)) return refuse('email_taken', SERVER_TEXTS.emailTaken);
        throw error;
      }
      if (outcome.kind === 'no_user') return refuse('not_authenticated', SERVER_TEXTS.sessionExpired);
      if (outcome.kind === 'locked') return refuse('email_locked', SERVER_TEXTS.emailLocked);
      if (outcome.previousEmail !== null && outcome.previousEmail !== email) {
        deps.notice?.({ id: user.id, email: outcome.previousEmail, name: user.name }, { kind: 'email_changed', newEmail: email }, where);
      }
      await sendVerificationMail(outcome.user);
      return ok(SERVER_TEXTS.emailAdded);
    },

    /**
     * Sends a fresh verification link; a mail failure is thrown (the user asked for it now).
     * Issue 23: at most one every few minutes per account (429 with Retry-After), whatever asks.
     */
    async resendVerification(auth: AuthContext): Promise<Result<void>> {
      const user = await users.findById(auth.userId);
      if (!user) return refuse('not_authenticated', SERVER_TEXTS.sessionExpired);
      if (user.email === null) return refuse('no_email', SERVER_TEXTS.noEmailOnAccount);
      if (user.emailVerifiedAt !== null) return refuse('already_verified', SERVER_TEXTS.alreadyVerified);
      const allowance = await takeVerificationMail(user.id);
      if (!allowance.ok) return allowance;
      await sendVerificationMail(user);
      return ok(undefined);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

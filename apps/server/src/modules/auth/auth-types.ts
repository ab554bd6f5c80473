/**
 * The auth module's shared shapes: what its parts take (ports and options),
 * what they answer, and two small helpers the transports use too.
 */
import type { Language, PublicUser, addEmailRequestSchema, loginRequestSchema, registerRequestSchema } from '@shifumi/protocol';
import type { z } from 'zod';
import type { UserRow } from '../../infra/db/schema/index';
import type { Mailer } from '../../infra/mailer/mailer';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { Result } from '../../shared/result';
import type { UsersRepo } from '../users/users.repo';
import type { AccessTokens } from './access-tokens';
import type { AuthRepo } from './auth.repo';
import type { LoginFailures } from './login-failures.repo';
import type { PasswordHasher } from './passwords';
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
  /** Issue 27: the language the player chose, read with the session (null: none chosen; absent: not read). */
  language?: Language | null;
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
    take(
      userId: string,
      kind: 'verification',
      now: Date,
    ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  };
  /** Issue 23: the two-factor code an e-mail change needs when two-factor is on. */
  twoFactor?: {
    isEnabled(userId: string): Promise<boolean>;
    verifyNow(userId: string, code: string): Promise<Result<void>>;
  };
  /** Issue 23: a security mail to an address of the account (off the request path). */
  notice?: (
    to: { id: string; email: string; name: string; language: Language | null },
    notice: AccountNotice,
    where?: RequestOrigin,
  ) => void;
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

export function toPublicUser(user: UserRow): PublicUser {
  return { id: user.id, name: user.name, email: user.email, walletAddress: user.walletAddress };
}

/** Accepts `Bearer <token>` (any case) or the bare token, as the spec's client sends it. */
export function extractAccessToken(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const token = value
    .trim()
    .replace(/^bearer(\s+|$)/i, '')
    .trim();
  return token.length > 0 ? token : undefined;
}

/** How many fresh referral codes an account insert tries before calling a collision a failure. */
export const REFERRAL_CODE_ATTEMPTS = 5;

/** `seconds` after `now`. */
export function secondsAfter(now: Date, seconds: number): Date {
  return new Date(now.getTime() + seconds * 1000);
}

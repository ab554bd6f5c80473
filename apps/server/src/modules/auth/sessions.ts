/**
 * Sessions: opening one (after any sign-in), refresh-token rotation, signing
 * out, and the check every signed-in request and socket goes through.
 */
import { REFRESH_TOKEN_TTL_SECONDS } from '@shifumi/protocol';
import type { UserRow } from '../../infra/db/schema/index';
import { ok, refuse, type Result } from '../../shared/result';
import { generateOpaqueToken, hashOpaqueToken, OPAQUE_TOKEN_PATTERN } from '../../shared/secure-token';
import {
  extractAccessToken,
  secondsAfter,
  SESSION_TOUCH_INTERVAL_MS,
  toPublicUser,
  type AuthContext,
  type AuthServiceDeps,
  type IssuedSession,
  type SignInMeta,
} from './auth-types';

const USER_AGENT_MAX_LENGTH = 256;

export function createSessions(deps: AuthServiceDeps) {
  const { users, authRepo, accessTokens, sessionEvents, clock, logger } = deps;

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
      expiresAt: secondsAfter(clock(), REFRESH_TOKEN_TTL_SECONDS),
      ip,
    });
    await deps.secondStep?.sessionOpened(user, sessionId, { ip, userAgent });
    const accessToken = await accessTokens.issue({ userId: user.id, sessionId });
    return { accessToken, refreshToken, user: toPublicUser(user), sessionWallet };
  }

  return {
    openSession,

    async refresh(refreshToken: string | undefined): Promise<Result<IssuedSession>> {
      if (refreshToken === undefined || !OPAQUE_TOKEN_PATTERN.test(refreshToken)) {
        return refuse('refresh_failed');
      }
      const nextRefreshToken = generateOpaqueToken();
      const outcome = await authRepo.rotateRefreshToken({
        tokenHash: hashOpaqueToken(refreshToken),
        nextTokenHash: hashOpaqueToken(nextRefreshToken),
        now: clock(),
        expiresAt: secondsAfter(clock(), REFRESH_TOKEN_TTL_SECONDS),
      });
      if (outcome.kind === 'reused') {
        logger.warn(
          { userId: outcome.userId, sessionId: outcome.sessionId },
          'Rotated refresh token presented again: session revoked',
        );
        sessionEvents.sessionsRevoked({ userId: outcome.userId, sessionIds: [outcome.sessionId], reason: 'refresh_token_reuse' });
        return refuse('refresh_failed');
      }
      if (outcome.kind === 'refused') return refuse('refresh_failed');
      const user = await users.findById(outcome.userId);
      if (!user) return refuse('refresh_failed');
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
      if (token === undefined) return refuse('not_authenticated');
      const subject = await accessTokens.verify(token);
      if (!subject) return refuse('session_expired');
      const session = await authRepo.activeSession(subject.sessionId, subject.userId);
      if (!session) return refuse('session_expired');
      // Issue 26: "last active" follows use, written at most once a minute (the read above is needed anyway).
      const now = clock();
      if (now.getTime() - session.lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        await authRepo.touchSession(subject.sessionId, now, SESSION_TOUCH_INTERVAL_MS);
      }
      return ok({ userId: subject.userId, sessionId: subject.sessionId, language: session.language });
    },

    isSessionActive(auth: AuthContext): Promise<boolean> {
      return authRepo.isSessionActive(auth.sessionId, auth.userId);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

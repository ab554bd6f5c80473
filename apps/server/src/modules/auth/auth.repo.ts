/**
 * SQL of the auth module. Each method is one atomic operation: where several
 * statements must agree (rotating a refresh token, using a verification
 * link) they run in one transaction with the rows locked.
 */
import type { Language } from '@shifumi/protocol';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../infra/db/database';
import {
  accountSecurity,
  emailVerificationTokens,
  passwordResetTokens,
  refreshTokens,
  sessions,
  users,
  type SessionRevocationReason,
  type UserRow,
} from '../../infra/db/schema/index';

export interface SessionOwner {
  sessionId: string;
  userId: string;
}

export type RotationOutcome =
  /** `walletAddress`: the session's own binding (see sessions.wallet_address). */
  | { kind: 'rotated'; sessionId: string; userId: string; walletAddress: string | null }
  /** No such token, or its session is revoked, expired or its user disabled. */
  | { kind: 'refused' }
  /** The token had already been rotated: its whole session has just been revoked. */
  | { kind: 'reused'; sessionId: string; userId: string };

export type VerificationOutcome =
  | { kind: 'verified'; userId: string }
  /** Issue 26: a link (used, or from before another link verified it) for the address the account still has, already verified. */
  | { kind: 'already_verified' }
  /** Issue 23: the link of a requested change: the account moved to `email`, from `previousEmail`. */
  | { kind: 'email_changed'; userId: string; email: string; previousEmail: string | null }
  /** The link is unknown, used or expired, or no longer names the account's address. */
  | { kind: 'invalid' }
  /** A requested change whose new address another account took meanwhile. */
  | { kind: 'email_taken' };

export type EmailChangeOutcome =
  | { kind: 'changed'; user: UserRow; previousEmail: string | null }
  /** The account's e-mail is verified: it is no longer changed this way. */
  | { kind: 'locked' }
  | { kind: 'no_user' };

/** Issue 23: every open password reset link of the user dies with a change of its credentials. */
async function useUpResetLinks(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Issue 23: a changed e-mail address starts the withdrawal hold (WITHDRAWAL_HOLD_AFTER_SECURITY_CHANGE_HOURS). */
async function startSecurityHold(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .insert(accountSecurity)
    .values({ userId, securityChangedAt: now })
    .onConflictDoUpdate({ target: accountSecurity.userId, set: { securityChangedAt: now } });
}

/** The e-mail address's verification and change (a link per address, single use), and when a session was opened. */
function emailVerificationRepo(db: Database) {
  return {
    async createVerificationToken(input: {
      userId: string;
      email: string;
      tokenHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(emailVerificationTokens).values({
        userId: input.userId,
        email: input.email,
        tokenHash: input.tokenHash,
        createdAt: input.now,
        expiresAt: input.expiresAt,
      });
    },

    /**
     * Gives an account a new, unverified e-mail address, unless its current one
     * is verified (then: locked; a verified address changes by
     * `requestEmailChange`). The user row is locked, so a verification landing
     * at the same moment either happens first (then: locked) or finds its link
     * used up. Every open verification link and password reset link of the
     * account is used up with the change; replacing an address (not adding a
     * first one) starts the withdrawal hold. `email` lower-case.
     *
     * @throws a unique violation (USERS_EMAIL_UNIQUE) when another account has the address
     */
    async changeUnverifiedEmail(userId: string, email: string, now: Date): Promise<EmailChangeOutcome> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
          .from(users)
          .where(eq(users.id, userId))
          .limit(1)
          .for('update');
        if (!current) return { kind: 'no_user' };
        if (current.emailVerifiedAt !== null) return { kind: 'locked' };
        const [user] = await tx.update(users).set({ email, emailVerifiedAt: null }).where(eq(users.id, userId)).returning();
        if (!user) throw new Error(`UPDATE users returned no row for ${userId}`);
        await tx
          .update(emailVerificationTokens)
          .set({ usedAt: now })
          .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
        await useUpResetLinks(tx, userId, now);
        if (current.email !== null && current.email !== email) await startSecurityHold(tx, userId, now);
        return { kind: 'changed', user, previousEmail: current.email };
      });
    },

    /**
     * Issue 23: a verified address stays the account's; a link for `email`
     * that moves the account to it when opened is stored. Every other open
     * verification link and every password reset link is used up. False when
     * the account's address is no longer verified (the caller replaces it).
     */
    async requestEmailChange(input: {
      userId: string;
      email: string;
      tokenHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ emailVerifiedAt: users.emailVerifiedAt })
          .from(users)
          .where(eq(users.id, input.userId))
          .limit(1)
          .for('update');
        if (!current || current.emailVerifiedAt === null) return false;
        await tx
          .update(emailVerificationTokens)
          .set({ usedAt: input.now })
          .where(and(eq(emailVerificationTokens.userId, input.userId), isNull(emailVerificationTokens.usedAt)));
        await useUpResetLinks(tx, input.userId, input.now);
        await tx.insert(emailVerificationTokens).values({
          userId: input.userId,
          email: input.email,
          tokenHash: input.tokenHash,
          createdAt: input.now,
          expiresAt: input.expiresAt,
          changesEmail: true,
        });
        return true;
      });
    },

    /** When the session was opened (issue 23: a wallet-only account proves its wallet by a recent sign-in). */
    async sessionOpenedAt(sessionId: string): Promise<Date | undefined> {
      const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
      return row?.createdAt;
    },

    /**
     * Uses a verification link: it must exist, be unused, unexpired, and still
     * name the user's current address — or (issue 23) be the link of a
     * requested change, which moves the account to its address, verified,
     * uses up every password reset link and starts the withdrawal hold. Every
     * other open link of the user is used up at the same time.
     */
    async useVerificationToken(tokenHash: string, now: Date): Promise<VerificationOutcome> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({
            id: emailVerificationTokens.id,
            userId: emailVerificationTokens.userId,
            email: emailVerificationTokens.email,
            expiresAt: emailVerificationTokens.expiresAt,
            usedAt: emailVerificationTokens.usedAt,
            changesEmail: emailVerificationTokens.changesEmail,
            currentEmail: users.email,
            emailVerifiedAt: users.emailVerifiedAt,
          })
          .from(emailVerificationTokens)
          .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
          .where(eq(emailVerificationTokens.tokenHash, tokenHash))
          .limit(1)
          .for('update', { of: [emailVerificationTokens, users] });
        if (found && found.currentEmail === found.email && found.emailVerifiedAt !== null) return { kind: 'already_verified' };
        if (!found || found.usedAt !== null || found.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid' };
        if (!found.changesEmail && found.currentEmail !== found.email) return { kind: 'invalid' };
        if (found.changesEmail && found.currentEmail !== found.email) {
          const [holder] = await tx
            .select({ id: users.id })
            .from(users)
            .where(sql`lower(${users.email}) = ${found.email}`)
            .limit(1);
          if (holder) return { kind: 'email_taken' };
        }
        await tx
          .update(emailVerificationTokens)
          .set({ usedAt: now })
          .where(and(eq(emailVerificationTokens.userId, found.userId), isNull(emailVerificationTokens.usedAt)));
        if (found.changesEmail && found.currentEmail !== found.email) {
          await tx.update(users).set({ email: found.email, emailVerifiedAt: now }).where(eq(users.id, found.userId));
          await useUpResetLinks(tx, found.userId, now);
          await startSecurityHold(tx, found.userId, now);
          return { kind: 'email_changed', userId: found.userId, email: found.email, previousEmail: found.currentEmail };
        }
        await tx
          .update(users)
          .set({ emailVerifiedAt: now })
          .where(and(eq(users.id, found.userId), isNull(users.emailVerifiedAt)));
        return { kind: 'verified', userId: found.userId };
      });
    },
  };
}

/** What each request asks of its session: still open (and its account enabled), last used when; the touch. */
function sessionChecksRepo(db: Database) {
  return {
    /**
     * Issue 26: "last active" moves as the session is used, written at most once per `minIntervalMs`
     * (the condition holds across nodes; a revoked session is left as it ended).
     */
    async touchSession(sessionId: string, now: Date, minIntervalMs: number): Promise<void> {
      await db
        .update(sessions)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(sessions.id, sessionId),
            isNull(sessions.revokedAt),
            sql`${sessions.lastUsedAt} <= ${new Date(now.getTime() - minIntervalMs).toISOString()}::timestamptz`,
          ),
        );
    },

    /** The open session of a user who is not disabled, with when it was last used; undefined otherwise. */
    /** Issue 27: with the player's language, read in the same statement. */
    async activeSession(sessionId: string, userId: string): Promise<{ lastUsedAt: Date; language: Language | null } | undefined> {
      const [row] = await db
        .select({ lastUsedAt: sessions.lastUsedAt, language: users.language })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), isNull(users.disabledAt)))
        .limit(1);
      return row;
    },

    /** True when the session exists, belongs to `userId`, is not revoked and its user is not disabled. */
    async isSessionActive(sessionId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), isNull(users.disabledAt)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export function createAuthRepo(db: Database) {
  return {
    /** Opens a session (a refresh-token family) with its first refresh token; `walletAddress` for a wallet sign-in. */
    async createSession(input: {
      userId: string;
      userAgent: string | null;
      walletAddress: string | null;
      tokenHash: string;
      now: Date;
      expiresAt: Date;
      /** The client's IP address (issue 13: the sessions list). */
      ip?: string | null;
    }): Promise<string> {
      return db.transaction(async (tx) => {
        const [session] = await tx
          .insert(sessions)
          .values({
            userId: input.userId,
            userAgent: input.userAgent,
            walletAddress: input.walletAddress,
            ip: input.ip ?? null,
            createdAt: input.now,
            lastUsedAt: input.now,
          })
          .returning({ id: sessions.id });
        if (!session) throw new Error('INSERT INTO sessions returned no row');
        await tx.insert(refreshTokens).values({
          sessionId: session.id,
          tokenHash: input.tokenHash,
          createdAt: input.now,
          expiresAt: input.expiresAt,
        });
        return session.id;
      });
    },

    /**
     * Exchanges a refresh token for the next one of its family. A token that
     * was already exchanged means it leaked (or was replayed): the family is
     * revoked in the same transaction.
     */
    async rotateRefreshToken(input: {
      tokenHash: string;
      nextTokenHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<RotationOutcome> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({
            tokenId: refreshTokens.id,
            rotatedAt: refreshTokens.rotatedAt,
            expiresAt: refreshTokens.expiresAt,
            sessionId: sessions.id,
            revokedAt: sessions.revokedAt,
            walletAddress: sessions.walletAddress,
            userId: users.id,
            disabledAt: users.disabledAt,
          })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(eq(refreshTokens.tokenHash, input.tokenHash))
          .limit(1)
          .for('update', { of: [refreshTokens, sessions] });
        if (!found || found.revokedAt !== null || found.disabledAt !== null) return { kind: 'refused' };
        if (found.rotatedAt !== null) {
          await tx
            .update(sessions)
            .set({ revokedAt: input.now, revokedReason: 'refresh_token_reuse' })
            .where(and(eq(sessions.id, found.sessionId), isNull(sessions.revokedAt)));
          return { kind: 'reused', sessionId: found.sessionId, userId: found.userId };
        }
        if (found.expiresAt.getTime() <= input.now.getTime()) return { kind: 'refused' };
        await tx.update(refreshTokens).set({ rotatedAt: input.now }).where(eq(refreshTokens.id, found.tokenId));
        await tx.insert(refreshTokens).values({
          sessionId: found.sessionId,
          tokenHash: input.nextTokenHash,
          createdAt: input.now,
          expiresAt: input.expiresAt,
        });
        await tx.update(sessions).set({ lastUsedAt: input.now }).where(eq(sessions.id, found.sessionId));
        return { kind: 'rotated', sessionId: found.sessionId, userId: found.userId, walletAddress: found.walletAddress };
      });
    },

    /** Revokes the session a refresh token (current or rotated) belongs to; undefined if unknown or already revoked. */
    async revokeSessionOfRefreshToken(
      tokenHash: string,
      reason: SessionRevocationReason,
      now: Date,
    ): Promise<SessionOwner | undefined> {
      const [row] = await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(
          and(
            isNull(sessions.revokedAt),
            sql`${sessions.id} = (select ${refreshTokens.sessionId} from ${refreshTokens} where ${refreshTokens.tokenHash} = ${tokenHash})`,
          ),
        )
        .returning({ sessionId: sessions.id, userId: sessions.userId });
      return row;
    },

    /** Revokes every open session of a user and returns their ids. */
    async revokeAllSessions(userId: string, reason: SessionRevocationReason, now: Date): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },

    ...sessionChecksRepo(db),
    ...emailVerificationRepo(db),
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;

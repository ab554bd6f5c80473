/**
 * SQL of account security (issue 13): password reset links, the
 * account_security row (security hold, two-factor state), recovery codes,
 * sign-in challenges and the sessions list. Methods that must agree with
 * each other run in one transaction with the rows locked.
 */
import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../infra/db/database';
import {
  accountSecurity,
  loginChallenges,
  passwordResetTokens,
  refreshTokens,
  sessions,
  users,
  type AccountSecurityRow,
  type SessionRevocationReason,
} from '../../infra/db/schema/index';

export interface PasswordResetOutcome {
  userId: string;
  sessionIds: string[];
  /** The account's address (issue 23: the reset lifts its sign-in lock). */
  email: string | null;
}

/** Creates the user's account_security row if missing and locks it. */
export async function lockSecurityRow(tx: Executor, userId: string): Promise<AccountSecurityRow> {
  await tx.insert(accountSecurity).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(accountSecurity).where(eq(accountSecurity.userId, userId)).for('update');
  if (!row) throw new Error(`account_security row of ${userId} missing after insert`);
  return row;
}

/** Issue 23: every open password reset link of the user dies with a change of its credentials. */
export async function useUpResetLinks(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function readSecurityRow(db: Executor, userId: string): Promise<AccountSecurityRow | undefined> {
  const [row] = await db.select().from(accountSecurity).where(eq(accountSecurity.userId, userId)).limit(1);
  return row;
}

/** Starts the security hold after a change of credentials (the row created if missing). */
async function startSecurityHold(tx: Executor, userId: string, now: Date): Promise<void> {
  await lockSecurityRow(tx, userId);
  await tx.update(accountSecurity).set({ securityChangedAt: now }).where(eq(accountSecurity.userId, userId));
}

async function revokeSessions(
  tx: Executor,
  userId: string,
  reason: SessionRevocationReason,
  now: Date,
  keepSessionId?: string,
): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Password reset links and password changes. */
function passwordQueries(db: Database) {
  return {
    /** Stores a new reset link's hash; every older open link of the user is used up (a newer link voids older ones). */
    async createResetToken(input: { userId: string; tokenHash: string; now: Date; expiresAt: Date }): Promise<void> {
      await db.transaction(async (tx) => {
        await useUpResetLinks(tx, input.userId, input.now);
        await tx.insert(passwordResetTokens).values({
          userId: input.userId,
          tokenHash: input.tokenHash,
          createdAt: input.now,
          expiresAt: input.expiresAt,
        });
      });
    },

    /**
     * Uses a reset link: sets the new password, uses up every open link,
     * starts the security hold and revokes every session. Undefined when the
     * link is unknown, used or expired.
     */
    async resetPassword(input: {
      tokenHash: string;
      passwordHash: string;
      now: Date;
    }): Promise<PasswordResetOutcome | undefined> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select()
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.tokenHash, input.tokenHash))
          .limit(1)
          .for('update');
        if (!found || found.usedAt !== null || found.expiresAt.getTime() <= input.now.getTime()) return undefined;
        await useUpResetLinks(tx, found.userId, input.now);
        const [user] = await tx
          .update(users)
          .set({ passwordHash: input.passwordHash })
          .where(eq(users.id, found.userId))
          .returning({ email: users.email });
        await startSecurityHold(tx, found.userId, input.now);
        const sessionIds = await revokeSessions(tx, found.userId, 'password_reset', input.now);
        return { userId: found.userId, sessionIds, email: user?.email ?? null };
      });
    },

    /**
     * Sets a new password for a signed-in user: the security hold starts, every
     * other session is revoked, every open reset link dies (issue 23).
     */
    async changePassword(input: { userId: string; passwordHash: string; keepSessionId: string; now: Date }): Promise<string[]> {
      return db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash: input.passwordHash }).where(eq(users.id, input.userId));
        await useUpResetLinks(tx, input.userId, input.now);
        await startSecurityHold(tx, input.userId, input.now);
        return revokeSessions(tx, input.userId, 'password_change', input.now, input.keepSessionId);
      });
    },
  };
}

/** The sessions list, and what sign-in asks of earlier sessions. */
function sessionQueries(db: Database) {
  /** Whether some session of the user other than `exceptSessionId` matches `also` too. */
  async function hasOtherSessionWhere(userId: string, exceptSessionId: string, also?: SQL): Promise<boolean> {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId), also))
      .limit(1);
    return row !== undefined;
  }

  return {
    /** Live sessions (not revoked, with an unexpired current refresh token), newest first. */
    async listSessions(userId: string, now: Date) {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.sessionId} = ${sessions.id} and ${refreshTokens.rotatedAt} is null and ${refreshTokens.expiresAt} > ${now})`,
          ),
        )
        .orderBy(desc(sessions.createdAt), desc(sessions.id));
    },

    /** Revokes one session of this user; false when it is not theirs or already ended. */
    async revokeSession(userId: string, sessionId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: 'revoked_by_user' })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** True when an earlier session of the user came from this IP address with this browser. */
    hasSignedInFrom(userId: string, ip: string | null, userAgent: string | null, exceptSessionId: string): Promise<boolean> {
      return hasOtherSessionWhere(
        userId,
        exceptSessionId,
        and(
          ip === null ? isNull(sessions.ip) : eq(sessions.ip, ip),
          userAgent === null ? isNull(sessions.userAgent) : eq(sessions.userAgent, userAgent),
        ),
      );
    },

    hasOtherSession(userId: string, exceptSessionId: string): Promise<boolean> {
      return hasOtherSessionWhere(userId, exceptSessionId);
    },
  };
}

/** Sign-in challenges (the second step of a sign-in with two-factor). */
function challengeQueries(db: Database) {
  return {
    async createChallenge(input: {
      userId: string;
      tokenHash: string;
      walletAddress: string | null;
      now: Date;
      expiresAt: Date;
    }) {
      await db.insert(loginChallenges).values({
        userId: input.userId,
        tokenHash: input.tokenHash,
        walletAddress: input.walletAddress,
        createdAt: input.now,
        expiresAt: input.expiresAt,
      });
    },

    /** An open (unused, unexpired) challenge. */
    async findOpenChallenge(tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(loginChallenges)
        .where(and(eq(loginChallenges.tokenHash, tokenHash), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, now)))
        .limit(1);
      return row;
    },

    /** Uses a challenge once; false when another request used it first. */
    async useChallenge(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(loginChallenges)
        .set({ usedAt: now })
        .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
        .returning({ id: loginChallenges.id });
      return rows.length > 0;
    },
  };
}

export function createAccountSecurityRepo(db: Database) {
  return { ...passwordQueries(db), ...sessionQueries(db), ...challengeQueries(db) };
}

export type AccountSecurityRepo = ReturnType<typeof createAccountSecurityRepo>;

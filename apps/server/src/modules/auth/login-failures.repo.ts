/**
 * Issue 23: password guessing limited per e-mail address, across every IP
 * and every node (the count lives in the database). An attempt is counted
 * before its password is checked, in one atomic statement, so that attempts
 * racing past the limit are refused without a check; a right password gives
 * its count back. The address is keyed by its SHA-256 whether an account
 * uses it or not: an unknown address is counted and answered exactly like a
 * known one.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { loginFailures } from '../../infra/db/schema/index';

export interface LoginFailureSettings {
  /** LOGIN_FAILURES_PER_ACCOUNT. */
  limit: number;
  /** LOGIN_FAILURE_WINDOW_MINUTES, in milliseconds. */
  windowMs: number;
}

export type LoginAttempt =
  /** `last`: this attempt is the last one the window allows (a wrong password now locks the address). */
  { allowed: true; last: boolean } | { allowed: false; retryAfterSeconds: number };

/** The key of an address (lower-case, as the protocol schema gives it). */
export function loginFailureKey(email: string): string {
  return createHash('sha256').update(`login:${email.toLowerCase()}`, 'utf8').digest('hex');
}

export function createLoginFailures(db: Executor, settings: LoginFailureSettings) {
  const { limit, windowMs } = settings;

  return {
    /** Counts an attempt before its check; refused (with the seconds until the window ends) once the address reached the limit. */
    async begin(email: string, now: Date): Promise<LoginAttempt> {
      const key = loginFailureKey(email);
      const windowEndedBefore = new Date(now.getTime() - windowMs).toISOString();
      const at = now.toISOString();
      const { rows } = await db.execute<{ failures: number }>(sql`
        insert into login_failures as f (email_key, window_started_at, failures) values (${key}, ${at}::timestamptz, 1)
        on conflict (email_key) do update set
          window_started_at = case when f.window_started_at <= ${windowEndedBefore}::timestamptz then ${at}::timestamptz else f.window_started_at end,
          failures = case when f.window_started_at <= ${windowEndedBefore}::timestamptz then 1 else f.failures + 1 end
        where f.window_started_at <= ${windowEndedBefore}::timestamptz or f.failures < ${limit}
        returning failures`);
      const counted = rows[0];
      if (counted) return { allowed: true, last: Number(counted.failures) >= limit };
      const [row] = await db
        .select({ windowStartedAt: loginFailures.windowStartedAt })
        .from(loginFailures)
        .where(eq(loginFailures.emailKey, key));
      const endsAt = (row?.windowStartedAt.getTime() ?? now.getTime()) + windowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
    },

    /** The password was right: the attempt does not count. */
    async succeeded(email: string): Promise<void> {
      await db.execute(
        sql`update login_failures set failures = greatest(failures - 1, 0) where email_key = ${loginFailureKey(email)}`,
      );
    },

    /** The last attempt of the window was wrong: the address stays locked for a whole window from now. */
    async locked(email: string, now: Date): Promise<void> {
      await db
        .update(loginFailures)
        .set({ windowStartedAt: now })
        .where(eq(loginFailures.emailKey, loginFailureKey(email)));
    },

    /** Forgets addresses whose window ended (a window ago: nothing of them counts any more); how many. Periodic. */
    async forgetEnded(now: Date): Promise<number> {
      const rows = await db
        .delete(loginFailures)
        .where(sql`${loginFailures.windowStartedAt} <= ${new Date(now.getTime() - 2 * windowMs).toISOString()}::timestamptz`)
        .returning({ key: loginFailures.emailKey });
      return rows.length;
    },

    /** A completed password reset lifts the lock (and forgets the count). */
    async clear(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.emailKey, loginFailureKey(email)));
    },
  };
}

export type LoginFailures = ReturnType<typeof createLoginFailures>;

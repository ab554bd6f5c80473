/**
 * Issue 23: at most a few mails of a kind per account in a window, whatever
 * route asks for them (MAIL_LIMITS), counted in the database in one atomic
 * statement so that concurrent requests on any node cannot slip past it.
 */
import { MAIL_LIMITS, type ThrottledMailKind } from '@shifumi/protocol';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { mailThrottle } from '../../infra/db/schema/index';

export type MailAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function createMailThrottle(db: Executor) {
  return {
    /** Takes one mail of `kind` from the account's allowance; refused (with the seconds to wait) when none is left. */
    async take(userId: string, kind: ThrottledMailKind, now: Date): Promise<MailAllowance> {
      const { max, windowSeconds } = MAIL_LIMITS[kind];
      const windowEndedBefore = new Date(now.getTime() - windowSeconds * 1000).toISOString();
      const at = now.toISOString();
      const { rows } = await db.execute(sql`
        insert into mail_throttle as m (user_id, kind, window_started_at, sent) values (${userId}, ${kind}, ${at}::timestamptz, 1)
        on conflict (user_id, kind) do update set
          window_started_at = case when m.window_started_at <= ${windowEndedBefore}::timestamptz then ${at}::timestamptz else m.window_started_at end,
          sent = case when m.window_started_at <= ${windowEndedBefore}::timestamptz then 1 else m.sent + 1 end
        where m.window_started_at <= ${windowEndedBefore}::timestamptz or m.sent < ${max}
        returning sent`);
      if (rows.length > 0) return { allowed: true };
      const [row] = await db
        .select({ windowStartedAt: mailThrottle.windowStartedAt })
        .from(mailThrottle)
        .where(and(eq(mailThrottle.userId, userId), eq(mailThrottle.kind, kind)));
      const endsAt = (row?.windowStartedAt.getTime() ?? now.getTime()) + windowSeconds * 1000;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
    },

    /** Forgets the counts whose window ended (the longest window ago); how many. Periodic. */
    async forgetEnded(now: Date): Promise<number> {
      const longest = Math.max(...Object.values(MAIL_LIMITS).map((limit) => limit.windowSeconds));
      const rows = await db
        .delete(mailThrottle)
        .where(sql`${mailThrottle.windowStartedAt} <= ${new Date(now.getTime() - longest * 1000).toISOString()}::timestamptz`)
        .returning({ userId: mailThrottle.userId });
      return rows.length;
    },
  };
}

export type MailThrottle = ReturnType<typeof createMailThrottle>;

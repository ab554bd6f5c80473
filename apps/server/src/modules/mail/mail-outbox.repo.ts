/**
 * Issue 29: the mail outbox's SQL (decision 034). A row is `waiting` until a
 * node claims it (`sending`, with a lease, `FOR UPDATE SKIP LOCKED` so two
 * nodes never claim the same row), then `sent`, or back to `waiting` with a
 * later `next_attempt_at`, or `failed` once it has failed for a day. Sent and
 * failed rows lose their bodies: they carry one-time links.
 */
import { and, asc, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { MailStatus } from '@shifumi/protocol';
import type { Database, Executor } from '../../infra/db/database';
import { mailOutbox } from '../../infra/db/schema/index';
import type { MailMessage } from '../../infra/mailer/mailer';

export interface ClaimedMail {
  id: string;
  message: MailMessage;
  /** This claim's attempt number: the fence of the updates that follow. */
  attempts: number;
  createdAt: Date;
}

export async function enqueueMail(executor: Executor, message: MailMessage, now: Date): Promise<string> {
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      recipient: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      replyTo: message.replyTo ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** Claims up to `limit` due mails (waiting and due, or sending with a lease run out) for this node. */
export async function claimDueMails(db: Database, input: { now: Date; leaseUntil: Date; limit: number }): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'waiting'), lte(mailOutbox.nextAttemptAt, input.now)),
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.leaseUntil, input.now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'sending', leaseUntil: input.leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return rows.map((row) => ({
    id: row.id,
    attempts: row.attempts,
    createdAt: row.createdAt,
    message: {
      to: row.recipient,
      subject: row.subject,
      text: row.textBody,
      ...(row.htmlBody !== null ? { html: row.htmlBody } : {}),
      ...(row.replyTo !== null ? { replyTo: row.replyTo } : {}),
    },
  }));
}

/** Only the claim that is still current may settle a row (a later claim after a lease ran out wins). */
function stillClaimed(mail: Pick<ClaimedMail, 'id' | 'attempts'>) {
  return and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, mail.attempts));
}

export async function markMailSent(db: Database, mail: Pick<ClaimedMail, 'id' | 'attempts'>, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, leaseUntil: null, textBody: '', htmlBody: null, lastError: null })
    .where(stillClaimed(mail));
}

export async function markMailRetry(
  db: Database,
  mail: Pick<ClaimedMail, 'id' | 'attempts'>,
  input: { nextAttemptAt: Date; error: string },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'waiting', nextAttemptAt: input.nextAttemptAt, leaseUntil: null, lastError: input.error })
    .where(stillClaimed(mail));
}

export async function markMailFailed(
  db: Database,
  mail: Pick<ClaimedMail, 'id' | 'attempts'>,
  input: { now: Date; error: string },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', failedAt: input.now, leaseUntil: null, textBody: '', htmlBody: null, lastError: input.error })
    .where(stillClaimed(mail));
}

/** How many mails are in each state (the console's overview, /metrics). */
export async function countMails(db: Database): Promise<Record<MailStatus, number>> {
  const rows = await db.select({ status: mailOutbox.status, count: count() }).from(mailOutbox).groupBy(mailOutbox.status);
  const counts: Record<MailStatus, number> = { waiting: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** The newest mails of one state, without their bodies (the console's list). */
export async function listMails(db: Database, status: MailStatus, limit: number) {
  return db
    .select({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      sentAt: mailOutbox.sentAt,
      failedAt: mailOutbox.failedAt,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, status))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

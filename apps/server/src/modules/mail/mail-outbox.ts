/**
 * Issue 29: the mail outbox (decision 034). The services send through
 * `outbox.mailer`, which only writes the mail into `mail_outbox` — in the
 * caller's transaction when it gives one — so a request never waits for SMTP
 * and no mail is lost while SMTP is away. A worker on every node (one
 * periodic task) claims due mails, hands each to the real transport, and on
 * failure puts it back with an exponential back-off; a mail still failing a
 * day after it was written is marked failed, for the console to show.
 */
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../../infra/db/database';
import type { Mailer, MailMessage, SendOptions } from '../../infra/mailer/mailer';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';
import {
  claimDueMails,
  countMails,
  enqueueMail,
  markMailFailed,
  markMailRetry,
  markMailSent,
  type ClaimedMail,
} from './mail-outbox.repo';

/** The first retry's wait; each further one doubles, up to MAIL_RETRY_MAX_MS. */
export const MAIL_RETRY_BASE_MS = 10_000;
export const MAIL_RETRY_MAX_MS = 15 * 60_000;
/** A mail still not accepted by SMTP this long after it was written is failed. */
export const MAIL_GIVE_UP_MS = 24 * 3_600_000;
/** How long a claim holds a mail; the SMTP transport's own timeouts end a try well before. */
export const MAIL_LEASE_MS = 2 * 60_000;
const CLAIM_BATCH = 10;
/** At most this many mails a run, so that stopping never waits long. */
const MAX_PER_RUN = 100;

/** The wait before the attempt after `attempts` failed ones. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_MAX_MS, MAIL_RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

export interface MailOutboxDeps {
  db: Database;
  /** What really sends (SMTP, or the log without SMTP_URL). */
  transport: Mailer;
  clock: Clock;
  logger: Logger;
  /** How often each node looks for due mails (MAIL_OUTBOX_POLL_MS). */
  pollMs: number;
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

export function createMailOutbox(deps: MailOutboxDeps) {
  const { db, transport, clock, logger } = deps;
  let started = false;

  async function deliver(mail: ClaimedMail): Promise<void> {
    try {
      await transport.send(mail.message);
    } catch (error) {
      const now = clock();
      const reason = describeError(error);
      if (now.getTime() - mail.createdAt.getTime() >= MAIL_GIVE_UP_MS) {
        await markMailFailed(db, mail, { now, error: reason });
        logger.error({ mailId: mail.id, attempts: mail.attempts, err: error }, 'Mail failed for a day: marked failed');
        return;
      }
      await markMailRetry(db, mail, { nextAttemptAt: new Date(now.getTime() + mailRetryDelayMs(mail.attempts)), error: reason });
      // One line per mail's first failure; an SMTP outage is otherwise told by the count of waiting mails.
      if (mail.attempts === 1)
        logger.warn({ mailId: mail.id, err: error }, 'Mail not accepted by SMTP; it waits in the outbox and will be retried');
      return;
    }
    await markMailSent(db, mail, clock());
  }

  /** Sends every due mail (up to MAX_PER_RUN), a batch at a time. */
  async function drain(): Promise<void> {
    let handled = 0;
    while (handled < MAX_PER_RUN) {
      const now = clock();
      const batch = await claimDueMails(db, { now, leaseUntil: new Date(now.getTime() + MAIL_LEASE_MS), limit: CLAIM_BATCH });
      if (batch.length === 0) return;
      for (const mail of batch) await deliver(mail);
      handled += batch.length;
    }
  }

  const task = createPeriodicTask({ name: 'Mail outbox', everyMs: deps.pollMs, run: drain, logger, failureLevel: 'warn' });

  /** Runs the worker soon (after a write), without waiting for it; a failure is the task's to log. */
  function nudge(delayMs: number): void {
    if (!started) return;
    const timer = setTimeout(() => {
      if (started) task.tick().catch(() => undefined);
    }, delayMs);
    timer.unref();
  }

  const mailer: Mailer = {
    async send(message: MailMessage, options?: SendOptions): Promise<void> {
      await enqueueMail(options?.tx ?? db, message, clock());
      // In a transaction the row is seen once it commits: look a little later (the poll catches it anyway).
      nudge(options?.tx ? 200 : 0);
    },
    // The transport is main.ts's (or the test's) to close.
    async close() {},
  };

  return {
    mailer,
    /** Runs the worker now and waits for it (tests). */
    drain: () => task.tick(),
    counts: () => countMails(db),
    /** `/metrics`: shifumi_mails_waiting and shifumi_mails_failed, read at scrape time (a failed read keeps the last value). */
    registerGauges(registry: Registry): void {
      const gauge = (name: string, help: string, pick: (counts: Awaited<ReturnType<typeof countMails>>) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          async collect() {
            try {
              this.set(pick(await countMails(db)));
            } catch (error) {
              logger.warn({ err: error }, 'Mail gauges: the outbox could not be read');
            }
          },
        });
      gauge(
        'shifumi_mails_waiting',
        'Mails in the outbox not yet accepted by SMTP (waiting or being sent).',
        (counts) => counts.waiting + counts.sending,
      );
      gauge('shifumi_mails_failed', 'Mails given up after failing for a day.', (counts) => counts.failed);
    },
    start(): void {
      started = true;
      task.start({ now: true });
    },
    async stop(): Promise<void> {
      started = false;
      await task.stop();
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;

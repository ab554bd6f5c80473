import type { Executor } from '../db/database';

/** A mail ready to send; `text` always carries every link in full. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface SendOptions {
  /**
   * Issue 29: the transaction of what caused the mail. The outbox writes the
   * mail in it, so the mail exists exactly when what it tells of does; the
   * SMTP and log mailers ignore it.
   */
  tx?: Executor;
}

/** The port the services send mail through (the outbox in the app, decision 034; SMTP or the log underneath). */
export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close(): Promise<void>;
}

import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** Sends through a real SMTP server (`SMTP_URL`, e.g. smtps://user:pass@host:465). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}

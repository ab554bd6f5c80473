import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer';

/**
 * The mailer when SMTP_URL is unset: every mail, links included, is written
 * to the server log so that a developer can follow verification links.
 */
export function createLogMailer(options: { logger: FastifyBaseLogger; from: string }): Mailer {
  return {
    async send(message: MailMessage) {
      options.logger.info(
        { mail: { from: options.from, to: message.to, replyTo: message.replyTo, subject: message.subject } },
        `Mail (not sent, SMTP_URL is unset) to ${message.to}: ${message.subject}\n${message.text}`,
      );
    },
    async close() {},
  };
}

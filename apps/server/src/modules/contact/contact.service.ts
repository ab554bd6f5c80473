/**
 * The contact form: the message is stored first (support can always read it
 * in the database), then mailed to SUPPORT_EMAIL with Reply-To set to the
 * sender.
 */
import type { Logger } from '../../shared/logger';
import type { contactRequestSchema } from '@shifumi/protocol';
import type { z } from 'zod';
import type { Mailer } from '../../infra/mailer/mailer';
import type { Clock } from '../../shared/clock';
import { ok, type Result } from '../../shared/result';
import { contactMail } from '../mail/mail-templates';
import type { ContactRepo } from './contact.repo';

export type ContactInput = z.output<typeof contactRequestSchema>;

export interface ContactServiceDeps {
  contactRepo: ContactRepo;
  mailer: Mailer;
  supportEmail: string;
  clock: Clock;
  logger: Logger;
}

export function createContactService(deps: ContactServiceDeps) {
  return {
    async submit(input: ContactInput): Promise<Result<void>> {
      const id = await deps.contactRepo.insert({ ...input, createdAt: deps.clock() });
      try {
        await deps.mailer.send(contactMail({ to: deps.supportEmail, ...input }));
      } catch (error) {
        // The message is safely stored; the sender need not try again.
        deps.logger.error({ err: error, contactMessageId: id }, 'The contact message could not be mailed to support');
      }
      return ok(undefined);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

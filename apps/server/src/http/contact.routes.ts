import { contactRequestSchema, type MessageResponse } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { ContactService } from '../modules/contact/contact.service';
import { unwrap } from '../shared/result';
import { perMinuteLimiter } from './rate-limits';
import { textsFor } from './request-language';
import { parseInput } from './validation';

/**
 * 5000 characters of the worst kind (control characters JSON-escaped as
 * `\u0001`, 6 bytes each) still fit; anything bigger is refused unread (413).
 */
export const CONTACT_BODY_LIMIT_BYTES = 32 * 1024;

export interface ContactRoutesOptions {
  contact: ContactService;
  rateLimitPerMinute: number;
}

export async function contactRoutes(app: FastifyInstance, options: ContactRoutesOptions): Promise<void> {
  app.addHook('onRequest', perMinuteLimiter(app, options.rateLimitPerMinute, 'contact'));

  app.post('/submit-form', { bodyLimit: CONTACT_BODY_LIMIT_BYTES }, async (request, reply): Promise<MessageResponse> => {
    unwrap(await options.contact.submit(parseInput(contactRequestSchema, request.body)));
    reply.code(201);
    return { message: textsFor(request).server.contactReceived };
  });
}

import { addEmailRequestSchema, type AccountResponse, type MessageResponse } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../modules/account/account.service';
import type { AuthService } from '../modules/auth/auth.service';
import { unwrap } from '../shared/result';
import type { RequireAuth } from './authenticate';
import { perMinuteLimiter } from './rate-limits';
import { parseInput } from './validation';

export interface AccountRoutesOptions {
  account: AccountService;
  auth: AuthService;
  requireAuth: RequireAuth;
  /** Per-IP budget of `POST /account/email` (it sends mails, like the auth routes). */
  emailRateLimitPerMinute: number;
}

export async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions): Promise<void> {
  app.get('/account', async (request): Promise<AccountResponse> => {
    return unwrap(await options.account.getAccount(await options.requireAuth(request)));
  });

  // Only this route is limited: GET /account is read on every page and sends nothing.
  const emailLimiter = perMinuteLimiter(app, options.emailRateLimitPerMinute, 'account-email');
  app.post('/account/email', { onRequest: emailLimiter }, async (request): Promise<MessageResponse> => {
    const context = await options.requireAuth(request);
    const input = parseInput(addEmailRequestSchema, request.body);
    return { message: unwrap(await options.auth.addEmail(context, input, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null })) };
  });
}

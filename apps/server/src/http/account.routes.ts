import {
  accountPreferencesRequestSchema,
  addEmailRequestSchema,
  type AccountPreferencesRequest,
  type AccountPreferencesResponse,
  type AccountResponse,
  type AccountStatusResponse,
  type MessageResponse,
} from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../modules/account/account.service';
import type { AccountStatus } from '../modules/account/account-status';
import type { AuthService } from '../modules/auth/auth.service';
import { refusal, RefusalError, refuse, unwrap } from '../shared/result';
import type { RequireAuth } from './authenticate';
import { perMinuteLimiter } from './rate-limits';
import { textsFor } from './request-language';
import { parseInput } from './validation';

export interface AccountRoutesOptions {
  account: AccountService;
  /** Issue 26: `GET /account/status`. */
  accountStatus: AccountStatus;
  auth: AuthService;
  requireAuth: RequireAuth;
  /** Per-IP budget of `POST /account/email` (it sends mails, like the auth routes). */
  emailRateLimitPerMinute: number;
}

/** `PATCH /account/preferences`'s body; a language we do not speak is said as such (zod's own sentence is technical). */
function parsePreferences(body: unknown): AccountPreferencesRequest {
  const parsed = accountPreferencesRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  if (parsed.error.issues[0]?.path[0] === 'language') throw new RefusalError(refusal('unknown_language'));
  return parseInput(accountPreferencesRequestSchema, body);
}

export async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions): Promise<void> {
  app.get('/account', async (request): Promise<AccountResponse> => {
    return unwrap(await options.account.getAccount(await options.requireAuth(request)));
  });

  app.get('/account/status', async (request): Promise<AccountStatusResponse> => {
    const context = await options.requireAuth(request);
    return (await options.accountStatus.status(context.userId)) ?? unwrap(refuse('session_expired'));
  });

  // Issue 27: the player's language, for mails, security notices and statements.
  app.patch('/account/preferences', async (request): Promise<AccountPreferencesResponse> => {
    const context = await options.requireAuth(request);
    const { language } = parsePreferences(request.body);
    return unwrap(await options.account.setLanguage(context, language));
  });

  // Only this route is limited: GET /account is read on every page and sends nothing.
  const emailLimiter = perMinuteLimiter(app, options.emailRateLimitPerMinute, 'account-email');
  app.post('/account/email', { onRequest: emailLimiter }, async (request): Promise<MessageResponse> => {
    const context = await options.requireAuth(request);
    const input = parseInput(addEmailRequestSchema, request.body);
    const outcome = unwrap(
      await options.auth.addEmail(context, input, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
    );
    const texts = textsFor(request).server;
    return { message: outcome === 'change_requested' ? texts.emailChangeRequested : texts.emailAdded };
  });
}

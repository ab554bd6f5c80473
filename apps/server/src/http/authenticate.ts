import type { FastifyRequest } from 'fastify';
import type { AuthContext, AuthService } from '../modules/auth/auth.service';
import { unwrap } from '../shared/result';
import { rememberLanguagePreference } from './request-language';

/**
 * The guard of signed-in routes: reads `Authorization` (with or without
 * `Bearer `) and throws a 403 refusal for a missing, invalid, expired or
 * revoked access token. Issue 27: remembers the player's language on the
 * request, for every answer with a sentence.
 */
export function createRequireAuth(auth: AuthService) {
  return async function requireAuth(request: FastifyRequest): Promise<AuthContext> {
    const context = unwrap(await auth.authenticate(request.headers.authorization));
    rememberLanguagePreference(request, context.language);
    return context;
  };
}

export type RequireAuth = ReturnType<typeof createRequireAuth>;

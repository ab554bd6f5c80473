import type { FastifyRequest } from 'fastify';
import type { AuthContext, AuthService } from '../modules/auth/auth.service';
import { unwrap } from '../shared/result';

/**
 * The guard of signed-in routes: reads `Authorization` (with or without
 * `Bearer `) and throws a 403 refusal for a missing, invalid, expired or
 * revoked access token.
 */
export function createRequireAuth(auth: AuthService) {
  return async function requireAuth(request: FastifyRequest): Promise<AuthContext> {
    return unwrap(await auth.authenticate(request.headers.authorization));
  };
}

export type RequireAuth = ReturnType<typeof createRequireAuth>;

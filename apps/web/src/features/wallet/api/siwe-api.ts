/** Sign-In With Ethereum: the signed message for a session, answered like login. */
import { loginResponseSchema, sessionResponseSchema, type LoginResponse, type SessionResponse } from '@shifumi/protocol';
import { apiRequest } from '../../../lib/api-client';

/**
 * A session, or (issue 13: two-factor on) the challenge of the second step.
 * `accepted`: the age confirmation and the Terms, which a first sign-in (no account yet) needs (issue 19).
 */
export function verifySiwe(message: string, signature: string, accepted = false): Promise<LoginResponse> {
  const body = accepted ? { message, signature, ageConfirmed: true, termsAccepted: true } : { message, signature };
  return apiRequest('/api/auth/siwe/verify', { method: 'POST', body }, loginResponseSchema);
}

/** Issue 13: the second step of a wallet sign-in (the same route as a password sign-in's). */
export function verifySiweSecondStep(challenge: string, code: string): Promise<SessionResponse> {
  return apiRequest('/api/auth/login/2fa', { method: 'POST', body: { challenge, code } }, sessionResponseSchema);
}

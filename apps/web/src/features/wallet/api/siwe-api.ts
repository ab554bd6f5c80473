/** Sign-In With Ethereum: the signed message for a session, answered like login. */
import { sessionResponseSchema, type SessionResponse } from '@shifumi/protocol';
import { apiRequest } from '../../../lib/api-client';

export function verifySiwe(message: string, signature: string): Promise<SessionResponse> {
  return apiRequest('/api/auth/siwe/verify', { method: 'POST', body: { message, signature } }, sessionResponseSchema);
}

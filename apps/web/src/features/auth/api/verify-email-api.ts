/**
 * E-mail verification (spec S4 "E-mail verification", S7): any non-OK answer
 * is a failure.
 */
import { useQuery } from '@tanstack/react-query';
import { messageResponseSchema, verifyEmailParamsSchema, type MessageResponse } from '@shifumi/protocol';
import { ApiError } from '../../../lib/api-error';
import { apiRequest } from '../../../lib/api-client';

export function verifyEmail(token: string): Promise<MessageResponse> {
  if (!verifyEmailParamsSchema.safeParse({ token }).success) {
    // Not a token the server could have issued: no need to ask it.
    return Promise.reject(new ApiError(400, null));
  }
  return apiRequest(`/api/auth/verify-email/${encodeURIComponent(token)}`, { method: 'GET' }, messageResponseSchema);
}

/**
 * A verification token can be used once. As a query with an infinite stale
 * time it is requested once per page load even when React StrictMode mounts
 * the page twice: the second mount reads the first answer from the cache
 * instead of spending the token again (and being told it is used).
 */
export function useVerifyEmailQuery(token: string) {
  return useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The server's transcript-signing public key (GET /api/fairness/key), for the `/verify` page. */
import { useQuery } from '@tanstack/react-query';
import { fairnessKeyResponseSchema, type FairnessKeyResponse } from '@shifumi/protocol/fairness';
import { apiRequest } from '../../../lib/api-client';

export const fairnessKeyQueryKey = ['fairness-key'] as const;

async function fetchFairnessKey(signal: AbortSignal): Promise<FairnessKeyResponse> {
  return apiRequest('/api/fairness/key', { method: 'GET', signal }, fairnessKeyResponseSchema);
}

export function useFairnessKeyQuery() {
  return useQuery({
    queryKey: fairnessKeyQueryKey,
    queryFn: ({ signal }) => fetchFairnessKey(signal),
    // The key changes only when the operator rotates it.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

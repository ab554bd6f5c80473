/** GET /api/config: the chain deposits live on and the confirmations they need. */
import { useQuery } from '@tanstack/react-query';
import { configResponseSchema } from '@shifumi/protocol';
import { apiRequest } from '../../../lib/api-client';

export function useChainConfigQuery(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['config'],
    queryFn: ({ signal }) => apiRequest('/api/config', { method: 'GET', signal }, configResponseSchema),
    staleTime: Infinity,
  });
}

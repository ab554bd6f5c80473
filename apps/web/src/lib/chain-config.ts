/**
 * GET /api/config: the chain deposits live on and the confirmations they need.
 * Read once per page: the wallet stack is built from it and the deposit
 * dialog shows it.
 */
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { protocolSchema } from './protocol-schemas';

export const chainConfigQueryKey = ['config'] as const;

export function useChainConfigQuery(enabled = true) {
  return useQuery({
    enabled,
    queryKey: chainConfigQueryKey,
    queryFn: ({ signal }) =>
      apiRequest(
        '/api/config',
        { method: 'GET', signal },
        protocolSchema((protocol) => protocol.configResponseSchema),
      ),
    staleTime: Infinity,
  });
}

/**
 * Issue 29: GET /api/chain/status — whether deposits and withdrawals are
 * delayed because the server does not reach the Ethereum network. The deposit
 * dialog and the withdraw form show a notice while they are; asked again
 * every 15 s while shown, so the notice comes and goes by itself.
 */
import { useQuery } from '@tanstack/react-query';
import { TEXTS } from '@shifumi/protocol/texts';
import { Notice } from '../components/ui/notice';
import { apiRequest } from './api-client';
import { protocolSchema } from './protocol-schemas';

export const chainStatusQueryKey = ['chain-status'] as const;
const REFRESH_MS = 15_000;

export function useChainStatusQuery(enabled = true) {
  return useQuery({
    enabled,
    queryKey: chainStatusQueryKey,
    queryFn: ({ signal }) =>
      apiRequest(
        '/api/chain/status',
        { method: 'GET', signal },
        protocolSchema((protocol) => protocol.chainStatusResponseSchema),
      ),
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS,
  });
}

/** The notice, or nothing while deposits and withdrawals go through (or the status is not known). */
export function ChainDelayedNotice({ enabled = true }: { enabled?: boolean }) {
  const status = useChainStatusQuery(enabled);
  if (status.data?.delayed !== true) return null;
  return <Notice tone="info">{TEXTS.chainDelayed}</Notice>;
}

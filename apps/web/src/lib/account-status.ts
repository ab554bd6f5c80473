/**
 * Issue 26 (decision 040): `GET /api/account/status`, the account states that
 * change what the player may do. Read again when the balance or a withdrawal
 * moves (socket events), after a responsible-gaming change (its mutations
 * invalidate this key), and every minute (an end passes, staff unfreeze).
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountStatusResponse } from '@shifumi/protocol';
import { apiRequest } from './api-client';
import { protocolSchema } from './protocol-schemas';
import { BALANCE_WINDOW_EVENT } from './socket';
import { WITHDRAWAL_WINDOW_EVENT } from './withdrawal-updates';

/** Under the account's key: whatever reads the account again (a balance, a withdrawal) reads this too. */
export const accountStatusQueryKey = ['account', 'status'] as const;

/** How often the status is read while nothing else says it changed. */
export const ACCOUNT_STATUS_REFRESH_MS = 60_000;

export function fetchAccountStatus(signal?: AbortSignal): Promise<AccountStatusResponse> {
  return apiRequest(
    '/api/account/status',
    { method: 'GET', signal },
    protocolSchema((protocol) => protocol.accountStatusResponseSchema),
  );
}

export function useAccountStatusQuery(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: accountStatusQueryKey });
    window.addEventListener(BALANCE_WINDOW_EVENT, refresh);
    window.addEventListener(WITHDRAWAL_WINDOW_EVENT, refresh);
    return () => {
      window.removeEventListener(BALANCE_WINDOW_EVENT, refresh);
      window.removeEventListener(WITHDRAWAL_WINDOW_EVENT, refresh);
    };
  }, [enabled, queryClient]);
  return useQuery({
    queryKey: accountStatusQueryKey,
    queryFn: ({ signal }) => fetchAccountStatus(signal),
    enabled,
    refetchInterval: ACCOUNT_STATUS_REFRESH_MS,
  });
}

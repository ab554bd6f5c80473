/**
 * Issue 12: `GET /api/wallet/withdrawal-fee`, the network fee a withdrawal is
 * charged now (on top of its amount), the minimum and the hourly limit, for
 * the withdraw form to show before its confirm button. Loaded with the account
 * page only.
 */
import { useQuery } from '@tanstack/react-query';
import { WITHDRAWAL_FEE_PATH, type WithdrawalFeeResponse } from '@shifumi/protocol';
import { apiRequest } from '../../../lib/api-client';
import { protocolSchema } from '../../../lib/protocol-schemas';

export const withdrawalFeeQueryKey = ['withdrawal-fee'] as const;
/** The server reuses a quote for 15 s: asking again as often keeps the figure shown the figure charged. */
export const WITHDRAWAL_FEE_REFRESH_MS = 15_000;

export function fetchWithdrawalFee(signal?: AbortSignal): Promise<WithdrawalFeeResponse> {
  return apiRequest(
    WITHDRAWAL_FEE_PATH,
    { method: 'GET', signal },
    protocolSchema((protocol) => protocol.withdrawalFeeResponseSchema),
  );
}

export function useWithdrawalFeeQuery() {
  return useQuery({
    queryKey: withdrawalFeeQueryKey,
    queryFn: ({ signal }) => fetchWithdrawalFee(signal),
    refetchInterval: WITHDRAWAL_FEE_REFRESH_MS,
    staleTime: WITHDRAWAL_FEE_REFRESH_MS,
  });
}

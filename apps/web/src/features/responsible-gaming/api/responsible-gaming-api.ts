/**
 * Issue 19: the player's responsible-gaming tools — limits, reality check,
 * time-out, self-exclusion — and statements.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LimitsResponse,
  MessageResponse,
  RealityCheckMinutes,
  SelfExclusionPeriod,
  SetLimitRequest,
  TimeOutPeriod,
  UntilResponse,
} from '@shifumi/protocol';
import { accountStatusQueryKey } from '../../../lib/account-status';
import { apiRequest } from '../../../lib/api-client';
import { protocolSchema } from '../../../lib/protocol-schemas';

export const limitsQueryKey = ['account', 'limits'] as const;

export function fetchLimits(signal?: AbortSignal): Promise<LimitsResponse> {
  return apiRequest(
    '/api/account/limits',
    { method: 'GET', signal },
    protocolSchema((protocol) => protocol.limitsResponseSchema),
  );
}

/** A time-out or self-exclusion ends by the clock: the state is read again every minute. */
export function useLimitsQuery(enabled: boolean) {
  return useQuery({ queryKey: limitsQueryKey, queryFn: ({ signal }) => fetchLimits(signal), enabled, refetchInterval: 60_000 });
}

function useLimitsMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'limits' in answer) queryClient.setQueryData(limitsQueryKey, answer);
    },
    onSettled: async () => {
      // Issue 26: the account status banner tells a time-out, a self-exclusion or a limit reached.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: limitsQueryKey }),
        queryClient.invalidateQueries({ queryKey: accountStatusQueryKey }),
      ]);
    },
  });
}

export function useSetLimitMutation() {
  return useLimitsMutation((input: SetLimitRequest) =>
    apiRequest(
      '/api/account/limits',
      { method: 'PUT', body: input },
      protocolSchema((protocol) => protocol.limitsResponseSchema),
    ),
  );
}

export function useRealityCheckMutation() {
  return useLimitsMutation((minutes: RealityCheckMinutes) =>
    apiRequest(
      '/api/account/reality-check',
      { method: 'PUT', body: { minutes } },
      protocolSchema((protocol) => protocol.limitsResponseSchema),
    ),
  );
}

export function useTimeOutMutation() {
  return useLimitsMutation((period: TimeOutPeriod): Promise<UntilResponse> =>
    apiRequest(
      '/api/account/time-out',
      { method: 'POST', body: { period } },
      protocolSchema((protocol) => protocol.untilResponseSchema),
    ),
  );
}

export function useSelfExclusionMutation() {
  return useLimitsMutation((period: SelfExclusionPeriod): Promise<UntilResponse> =>
    apiRequest(
      '/api/account/self-exclusion',
      { method: 'POST', body: { period } },
      protocolSchema((protocol) => protocol.untilResponseSchema),
    ),
  );
}

export function useSelfExclusionEndMutation() {
  return useLimitsMutation((): Promise<MessageResponse> =>
    apiRequest(
      '/api/account/self-exclusion/end-request',
      { method: 'POST' },
      protocolSchema((protocol) => protocol.messageResponseSchema),
    ),
  );
}

/** Downloads the statement of a period (YYYY-MM-DD dates, both included) as the server's CSV. */
export async function downloadStatement(from: string, to: string): Promise<void> {
  const query = new URLSearchParams({ from, to, format: 'csv' });
  const csv = await apiRequest(`/api/account/statement?${query.toString()}`, { method: 'GET' });
  const blob = new Blob([typeof csv === 'string' ? csv : ''], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `shifumi-statement-${from}-${to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * The account's Security section (issue 13): password change, two-factor
 * codes, sessions and the withdrawal address book.
 */
import { accountStatusQueryKey } from '../../../lib/account-status';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountSecurityResponseSchema,
  messageResponseSchema,
  sessionItemSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
  withdrawalAddressesResponseSchema,
  type ChangePasswordRequest,
  type WithdrawalAddressRequest,
} from '@shifumi/protocol';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const securityQueryKey = ['account', 'security'] as const;
export const sessionsQueryKey = ['account', 'sessions'] as const;
export const addressesQueryKey = ['account', 'withdrawal-addresses'] as const;

export function useSecurityQuery(enabled: boolean) {
  return useQuery({
    queryKey: securityQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/account/security', { method: 'GET', signal }, accountSecurityResponseSchema),
    enabled,
  });
}

export function useSessionsQuery(enabled: boolean) {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/account/sessions', { method: 'GET', signal }, z.array(sessionItemSchema)),
    enabled,
  });
}

export function useWithdrawalAddressesQuery(enabled: boolean) {
  return useQuery({
    queryKey: addressesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/account/withdrawal-addresses', { method: 'GET', signal }, withdrawalAddressesResponseSchema),
    enabled,
  });
}

function useInvalidating<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
  keys: ReadonlyArray<readonly string[]>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useChangePasswordMutation() {
  return useInvalidating(
    (input: ChangePasswordRequest) => apiRequest('/api/account/password', { method: 'POST', body: input }, messageResponseSchema),
    // Issue 26: the change puts withdrawals on hold: the account status banner says until when.
    [securityQueryKey, sessionsQueryKey, accountStatusQueryKey],
  );
}

export function useTwoFactorSetupMutation() {
  return useMutation({
    mutationFn: () => apiRequest('/api/account/2fa/setup', { method: 'POST' }, twoFactorSetupResponseSchema),
  });
}

export function useTwoFactorEnableMutation() {
  return useInvalidating(
    (code: string) => apiRequest('/api/account/2fa/enable', { method: 'POST', body: { code } }, twoFactorEnableResponseSchema),
    [securityQueryKey, accountStatusQueryKey],
  );
}

export function useTwoFactorDisableMutation() {
  return useInvalidating(
    (code: string) => apiRequest('/api/account/2fa/disable', { method: 'POST', body: { code } }, messageResponseSchema),
    [securityQueryKey, accountStatusQueryKey],
  );
}

export function useRevokeSessionMutation() {
  return useInvalidating(
    (id: string) => apiRequest(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }, messageResponseSchema),
    [sessionsQueryKey],
  );
}

export function useAddWithdrawalAddressMutation() {
  return useInvalidating(
    (input: WithdrawalAddressRequest) =>
      apiRequest('/api/account/withdrawal-addresses', { method: 'POST', body: input }, messageResponseSchema),
    [addressesQueryKey],
  );
}

export function useRemoveWithdrawalAddressMutation() {
  return useInvalidating(
    (id: string) =>
      apiRequest(`/api/account/withdrawal-addresses/${encodeURIComponent(id)}`, { method: 'DELETE' }, messageResponseSchema),
    [addressesQueryKey],
  );
}

export function useAddressBookLockMutation() {
  return useInvalidating(
    (input: { enabled: boolean; code?: string }) =>
      apiRequest('/api/account/withdrawal-addresses/lock', { method: 'POST', body: input }, messageResponseSchema),
    [addressesQueryKey],
  );
}

/** The mailed link's page: no session needed (the token is the proof). */
export function confirmWithdrawalAddress(token: string) {
  return apiRequest('/api/account/withdrawal-addresses/confirm', { method: 'POST', body: { token } }, messageResponseSchema);
}

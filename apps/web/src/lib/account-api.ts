/**
 * GET /api/account and the account actions. The answer grows with the money
 * work (balance, history, deposits, withdrawals).
 *
 * Home shows the balance from the account query: this file is part of the
 * first load, so the answers are checked with the protocol's schemas loaded on
 * demand (protocolSchema), never imported here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountResponse, CashoutResponse, MessageResponse } from '@shifumi/protocol';
import { IDEMPOTENCY_KEY_HEADER } from '@shifumi/protocol/constants';
import { apiRequest } from './api-client';
import { protocolSchema } from './protocol-schemas';
import { forgetLocalSession } from './sign-out';

export const accountQueryKey = ['account'] as const;

export function fetchAccount(signal?: AbortSignal): Promise<AccountResponse> {
  return apiRequest(
    '/api/account',
    { method: 'GET', signal },
    protocolSchema((protocol) => protocol.accountResponseSchema),
  );
}

/** While money is on its way (deposit pending, withdrawal not settled), the account is refreshed this often. */
export const ACCOUNT_IN_PROGRESS_REFRESH_MS = 5_000;

function hasMoneyInProgress(account: AccountResponse | undefined): boolean {
  if (!account) return false;
  return (
    account.deposits.some((deposit) => deposit.status === 'pending') ||
    account.withdrawals.some(
      (withdrawal) => withdrawal.status === 'queued' || withdrawal.status === 'sent' || withdrawal.status === 'review',
    )
  );
}

export function useAccountQuery(enabled: boolean) {
  return useQuery({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) => fetchAccount(signal),
    enabled,
    refetchInterval: (query) => (hasMoneyInProgress(query.state.data) ? ACCOUNT_IN_PROGRESS_REFRESH_MS : false),
  });
}

export function resendVerification(): Promise<MessageResponse> {
  return apiRequest(
    '/api/auth/resend-verification',
    { method: 'POST' },
    protocolSchema((protocol) => protocol.messageResponseSchema),
  );
}

export function useResendVerificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    // "Already verified" is possible when another tab verified: refresh what we show.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}

/**
 * Ends every session of the user. A failure is reported rather than hidden:
 * the user must not believe other devices were signed out when they were not.
 */
export async function signOutEverywhere(): Promise<void> {
  await apiRequest('/api/auth/logout-all', { method: 'POST' });
  forgetLocalSession();
}

export function useSignOutEverywhereMutation() {
  return useMutation({ mutationFn: signOutEverywhere });
}

export interface CashoutInput {
  /** The amount as typed (decimal ETH). */
  amount: string;
  recipientAddress: string;
  /** One key per confirmed submission: a retry of the same submission cannot pay twice. */
  idempotencyKey: string;
  /** Issue 13: the two-factor code, when two-factor is on. */
  code?: string;
  /** The network fee shown when the user confirmed (ETH): the server refuses to charge more. */
  fee?: string;
}

export function requestCashout(input: CashoutInput): Promise<CashoutResponse> {
  return apiRequest(
    '/api/wallet/cashout',
    {
      method: 'POST',
      body: {
        amount: input.amount,
        recipientAddress: input.recipientAddress,
        ...(input.fee === undefined ? {} : { fee: input.fee }),
        ...(input.code === undefined ? {} : { code: input.code }),
      },
      headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
    },
    protocolSchema((protocol) => protocol.cashoutResponseSchema),
  );
}

export function useCashoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCashout,
    onSuccess: (answer) => {
      queryClient.setQueryData<AccountResponse>(accountQueryKey, (current) =>
        current ? { ...current, balance: answer.newBalance, balanceWei: answer.newBalanceWei } : current,
      );
    },
    // Not returned: the caller's success toast must not wait for the refetch (deposits and withdrawals lists).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
  });
}

/**
 * Adds or changes the account's e-mail address (issue 23: with the current
 * password, and the two-factor code when two-factor is on); a verification
 * link is mailed to the new address.
 */
export function addEmail(input: { email: string; currentPassword?: string; code?: string }): Promise<MessageResponse> {
  return apiRequest(
    '/api/account/email',
    { method: 'POST', body: input },
    protocolSchema((protocol) => protocol.messageResponseSchema),
  );
}

export function useAddEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}

/** Links the wallet that signed `message` to the signed-in account (Sign-In With Ethereum). */
export function linkWallet(message: string, signature: string): Promise<MessageResponse> {
  return apiRequest(
    '/api/auth/siwe/link',
    { method: 'POST', body: { message, signature } },
    protocolSchema((protocol) => protocol.messageResponseSchema),
  );
}

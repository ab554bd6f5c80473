/**
 * Applies `balance` events from the realtime connection to the account query
 * at once, then refetches the account (deposits and withdrawals changed too).
 * Mounted once, in the layout.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountResponse, BalanceEvent } from '@shifumi/protocol';
import { BALANCE_WINDOW_EVENT } from '../../../lib/socket';
import { accountQueryKey } from '../api/account-api';

export function useLiveBalance(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    function onBalance(event: Event) {
      const { balance, balanceWei } = (event as CustomEvent<BalanceEvent>).detail;
      queryClient.setQueryData<AccountResponse>(accountQueryKey, (current) => (current ? { ...current, balance, balanceWei } : current));
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    }
    window.addEventListener(BALANCE_WINDOW_EVENT, onBalance);
    return () => window.removeEventListener(BALANCE_WINDOW_EVENT, onBalance);
  }, [queryClient]);
}

/**
 * Applies `balance` events from the realtime connection to the account query
 * at once, then refetches the account (deposits and withdrawals changed too).
 * Each time the signed-in connection becomes live (first connect, reconnect,
 * another node), the account is read again: a balance that changed while no
 * connection listened (a deposit credited between the page's first read and
 * the socket joining its room) is never left stale on screen.
 * Mounted once, in the layout.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountResponse, BalanceEvent } from '@shifumi/protocol';
import { BALANCE_WINDOW_EVENT } from '../../../lib/socket';
import { accountQueryKey } from '../../../lib/account-api';
import { DEPOSIT_WINDOW_EVENT } from '../../../lib/deposit-updates';
import { getRealtimeStatus, onRealtimeStatusChange } from '../../../lib/realtime-status';

export function useLiveBalance(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    function onBalance(event: Event) {
      const { balance, balanceWei } = (event as CustomEvent<BalanceEvent>).detail;
      queryClient.setQueryData<AccountResponse>(accountQueryKey, (current) =>
        current ? { ...current, balance, balanceWei } : current,
      );
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    }
    // Issue 14: a deposit seen or confirmed: its row (k/N) is read again.
    const onDeposit = () => void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    let live = getRealtimeStatus('authenticated') === 'live';
    const stopWatching = onRealtimeStatusChange(() => {
      const nowLive = getRealtimeStatus('authenticated') === 'live';
      if (nowLive && !live) void queryClient.invalidateQueries({ queryKey: accountQueryKey });
      live = nowLive;
    });
    window.addEventListener(BALANCE_WINDOW_EVENT, onBalance);
    window.addEventListener(DEPOSIT_WINDOW_EVENT, onDeposit);
    return () => {
      stopWatching();
      window.removeEventListener(BALANCE_WINDOW_EVENT, onBalance);
      window.removeEventListener(DEPOSIT_WINDOW_EVENT, onDeposit);
    };
  }, [queryClient]);
}

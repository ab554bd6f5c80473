/**
 * Issue 26: one ETH/USD preference for every balance of the app (the
 * navigation bar's and home's), remembered across visits in local storage;
 * every open tab follows. ETH by default.
 */
import { useSyncExternalStore } from 'react';

export type BalanceCurrency = 'ETH' | 'USD';
export const BALANCE_CURRENCY_STORAGE_KEY = 'shifumi.balanceCurrency';

const listeners = new Set<() => void>();

export function balanceCurrency(): BalanceCurrency {
  try {
    return window.localStorage.getItem(BALANCE_CURRENCY_STORAGE_KEY) === 'USD' ? 'USD' : 'ETH';
  } catch {
    return 'ETH';
  }
}

export function setBalanceCurrency(currency: BalanceCurrency): void {
  try {
    if (currency === 'USD') window.localStorage.setItem(BALANCE_CURRENCY_STORAGE_KEY, 'USD');
    else window.localStorage.removeItem(BALANCE_CURRENCY_STORAGE_KEY);
  } catch (error) {
    console.error('Could not remember the balance currency', error);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === BALANCE_CURRENCY_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The preference and its toggle, shared by every balance on screen. */
export function useBalanceCurrency(): [BalanceCurrency, () => void] {
  const currency = useSyncExternalStore(subscribe, balanceCurrency, () => 'ETH' as const);
  return [currency, () => setBalanceCurrency(currency === 'ETH' ? 'USD' : 'ETH')];
}

/**
 * Issue 14: a deposit seen on chain shows at once, on whatever page is open,
 * as one toast with its confirmations k/N, then "credited" (`deposit_update`).
 * Whoever lists deposits (the account page, the deposit dialog) refreshes on
 * the window event.
 */
import type { DepositUpdateEvent } from '@shifumi/protocol';
import { TEXTS } from '@shifumi/protocol/texts';
import { formatEthText } from './money-format';
import { notifyProgress } from './toast';

export const DEPOSIT_WINDOW_EVENT = 'depositUpdate';

export function depositUpdateText(update: DepositUpdateEvent): string {
  const amount = formatEthText(update.amount).replace(/ ETH$/, '');
  return update.status === 'credited'
    ? TEXTS.depositCredited(amount)
    : TEXTS.depositSeen(amount, Math.min(update.confirmations, update.requiredConfirmations), update.requiredConfirmations);
}

export function handleDepositUpdate(update: DepositUpdateEvent): void {
  notifyProgress(`deposit-${update.id}`, depositUpdateText(update), update.status === 'credited');
  window.dispatchEvent(new CustomEvent<DepositUpdateEvent>(DEPOSIT_WINDOW_EVENT, { detail: update }));
}

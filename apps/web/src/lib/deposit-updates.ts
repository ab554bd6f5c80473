/**
 * Issue 14: a deposit seen on chain shows at once, on whatever page is open,
 * as one toast with its confirmations k/N, then "credited" (`deposit_update`).
 * Whoever lists deposits (the account page, the deposit dialog) refreshes on
 * the window event.
 */
import type { DepositUpdateEvent } from '@shifumi/protocol';
import { currentLanguage, INTL_LOCALES, translate } from './i18n/i18n';
import { formatEthText } from './money-format';
import { notifyProgress } from './toast';

export const DEPOSIT_WINDOW_EVENT = 'depositUpdate';

export function depositUpdateText(update: DepositUpdateEvent): string {
  const amount = formatEthText(update.amount, INTL_LOCALES[currentLanguage()]).replace(/ ETH$/, '');
  return update.status === 'credited'
    ? translate('shell.deposit.credited', { amount })
    : translate('shell.deposit.seen', {
        amount,
        confirmations: Math.min(update.confirmations, update.requiredConfirmations),
        required: update.requiredConfirmations,
      });
}

export function handleDepositUpdate(update: DepositUpdateEvent): void {
  notifyProgress(`deposit-${update.id}`, depositUpdateText(update), update.status === 'credited');
  window.dispatchEvent(new CustomEvent<DepositUpdateEvent>(DEPOSIT_WINDOW_EVENT, { detail: update }));
}

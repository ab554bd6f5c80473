/**
 * Issue 14: a withdrawal's outcome, told by the server once it is settled
 * (`withdrawal_update`): "Withdrawal completed successfully." only when it is
 * confirmed on chain (WITHDRAWAL_CONFIRMATIONS reached), the failure text when
 * it failed and its amount came back — on whatever page is open. Whoever shows
 * withdrawals (the account page's list) listens to the window event.
 */
import type { WithdrawalUpdateEvent } from '@shifumi/protocol';
import { TEXTS } from '@shifumi/protocol/texts';
import { notify } from './toast';

export const WITHDRAWAL_WINDOW_EVENT = 'withdrawalUpdate';

export function handleWithdrawalUpdate(update: WithdrawalUpdateEvent): void {
  if (update.status === 'confirmed') notify.success(TEXTS.withdrawalSuccess);
  else notify.error(TEXTS.withdrawalFailedOnChain);
  window.dispatchEvent(new CustomEvent<WithdrawalUpdateEvent>(WITHDRAWAL_WINDOW_EVENT, { detail: update }));
}

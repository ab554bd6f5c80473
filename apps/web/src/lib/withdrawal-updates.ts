/**
 * Issue 14: a withdrawal's outcome, told by the server once it is settled
 * (`withdrawal_update`): "Withdrawal completed successfully." only when it is
 * confirmed on chain (WITHDRAWAL_CONFIRMATIONS reached), the failure text when
 * it failed and its amount came back, and (issue 26) when staff approved or
 * rejected one in review — on whatever page is open. Whoever shows
 * withdrawals (the account page's list) listens to the window event.
 */
import type { WithdrawalUpdateEvent } from '@shifumi/protocol';
import { loadNamespace, translate } from './i18n/i18n';
import { NOTICE_TEXTS } from './i18n/namespaces';
import { notify } from './toast';

export const WITHDRAWAL_WINDOW_EVENT = 'withdrawalUpdate';

export function handleWithdrawalUpdate(update: WithdrawalUpdateEvent): void {
  // Issue 27: the notices' texts are a chunk of their own, fetched with the first one.
  void loadNamespace('notices', NOTICE_TEXTS).then(() => notifyWithdrawalUpdate(update));
  window.dispatchEvent(new CustomEvent<WithdrawalUpdateEvent>(WITHDRAWAL_WINDOW_EVENT, { detail: update }));
}

function notifyWithdrawalUpdate(update: WithdrawalUpdateEvent): void {
  switch (update.status) {
    case 'confirmed':
      notify.success(translate('notices.withdrawalSuccess'));
      break;
    case 'failed':
      notify.error(translate('notices.withdrawalFailedOnChain'));
      break;
    // Issue 26: a withdrawal in review was decided by staff.
    case 'approved':
      notify.info(translate('notices.withdrawalApproved'));
      break;
    case 'rejected':
      notify.error(translate('notices.withdrawalRejected', { reason: update.reason ?? '' }));
      break;
  }
}

/**
 * Deposits and withdrawals with their status (account page). Issue 26 (item 3):
 * a withdrawal in review says why and by when staff usually decide, as
 * `GET /api/account/status` tells it (the account status banner's query).
 */
import { useMemo } from 'react';
import type { AccountRestriction, DepositItem, WithdrawalItem } from '@shifumi/protocol';
import { WITHDRAWAL_REVIEW_EXPECTED_HOURS } from '@shifumi/protocol/withdrawal-review';
import { useAccountStatusQuery } from '../../../lib/account-status';
import { useIntlLocale, type MessageKey } from '../../../lib/i18n/i18n';
import { formatDecimalText, formatEthChargedText, shortHash } from '../../../lib/money-format';
import { useAccountT } from '../account-texts';
import { reviewReasonText } from '../review-reason';
import { useStatusT } from '../status-texts';
import { TransactionHash } from '../../../lib/transaction-hash';
import { formatWhen } from './account-status-banner';
import styles from './account-page.module.css';

/** Why a withdrawal waits for staff, and by when they usually decide. */
export type WithdrawalReview = Extract<AccountRestriction, { kind: 'withdrawal_review' }>;

/** The account's withdrawals in review, by withdrawal id. */
export function useWithdrawalReviews(enabled: boolean): ReadonlyMap<string, WithdrawalReview> {
  const status = useAccountStatusQuery(enabled);
  return useMemo(
    () =>
      new Map(
        (status.data?.restrictions ?? [])
          .filter((restriction): restriction is WithdrawalReview => restriction.kind === 'withdrawal_review')
          .map((review) => [review.withdrawalId, review]),
      ),
    [status.data],
  );
}

const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalItem['status'], MessageKey> = {
  queued: 'account.activity.queued',
  sent: 'account.activity.sent',
  confirmed: 'account.activity.confirmed',
  failed: 'account.activity.failed',
  // Issue 18: waiting for, or refused by, staff review.
  review: 'account.activity.inReview',
  rejected: 'account.activity.rejected',
};

export function MoneyActivity({
  deposits,
  withdrawals,
  reviews = new Map(),
}: {
  deposits: readonly DepositItem[];
  withdrawals: readonly WithdrawalItem[];
  /** Issue 26: the withdrawals in review, by id (`useWithdrawalReviews`). */
  reviews?: ReadonlyMap<string, WithdrawalReview>;
}) {
  const t = useAccountT();
  const locale = useIntlLocale();
  if (deposits.length === 0 && withdrawals.length === 0) return <p className={styles.empty}>{t('account.activity.empty')}</p>;
  return (
    <div className={styles.activity}>
      {deposits.length > 0 ? (
        <div>
          <h3 className={styles.subTitle}>{t('account.activity.deposits')}</h3>
          <ul className={styles.rows}>
            {deposits.map((deposit, index) => (
              <li key={deposit.txHash ?? `internal-${index}`} className={styles.row}>
                <span className={styles.figure}>+{formatDecimalText(deposit.amount, locale)} ETH</span>
                <span className={deposit.status === 'credited' ? styles.victory : styles.pendingText}>
                  {deposit.status === 'credited'
                    ? t('account.activity.credited')
                    : t('account.activity.pending', {
                        confirmations: deposit.confirmations,
                        required: deposit.requiredConfirmations,
                      })}
                </span>
                <span className={styles.mono}>
                  {deposit.txHash ? <TransactionHash hash={deposit.txHash} /> : t('account.activity.internalTransfer')}
                </span>
                <time className={styles.muted} dateTime={deposit.createdAt}>
                  {new Date(deposit.createdAt).toLocaleString(locale)}
                </time>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {withdrawals.length > 0 ? (
        <div>
          <h3 className={styles.subTitle}>{t('account.activity.withdrawals')}</h3>
          <ul className={styles.rows}>
            {withdrawals.map((withdrawal) => (
              <li key={withdrawal.id} className={styles.row}>
                <span className={styles.figure}>−{formatDecimalText(withdrawal.amount, locale)} ETH</span>
                <span
                  className={
                    withdrawal.status === 'failed' || withdrawal.status === 'rejected'
                      ? styles.defeat
                      : withdrawal.status === 'confirmed'
                        ? styles.victory
                        : styles.pendingText
                  }
                >
                  {withdrawal.status === 'rejected' && withdrawal.rejectReason
                    ? t('account.activity.rejectedWithReason', { reason: withdrawal.rejectReason })
                    : t(WITHDRAWAL_STATUS_LABELS[withdrawal.status])}
                </span>
                <span className={styles.mono} title={withdrawal.recipientAddress}>
                  {t('account.activity.to', { address: shortHash(withdrawal.recipientAddress) })}
                  {withdrawal.txHash ? (
                    <>
                      {' · '}
                      <TransactionHash hash={withdrawal.txHash} />
                    </>
                  ) : null}
                  {withdrawal.fee !== '0' ? t('account.activity.fee', { fee: formatEthChargedText(withdrawal.fee, locale) }) : ''}
                </span>
                <time className={styles.muted} dateTime={withdrawal.createdAt}>
                  {new Date(withdrawal.createdAt).toLocaleString(locale)}
                </time>
                {withdrawal.status === 'review' ? <ReviewNote review={reviews.get(withdrawal.id)} /> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Issue 26: under a withdrawal in review, why it waits and by when staff usually decide (once the status is read). */
function ReviewNote({ review }: { review: WithdrawalReview | undefined }) {
  const t = useAccountT();
  const statusT = useStatusT();
  const locale = useIntlLocale();
  if (!review) return null;
  const values = { hours: WITHDRAWAL_REVIEW_EXPECTED_HOURS, when: formatWhen(review.expectedBy, locale) };
  return (
    <p className={`${styles.muted} ${styles.rowNote}`} data-testid="withdrawal-review-note">
      {review.reason === ''
        ? t('account.activity.reviewNote', values)
        : t('account.activity.reviewNoteWithReason', { ...values, reason: reviewReasonText(review.reason, statusT, locale) })}
    </p>
  );
}

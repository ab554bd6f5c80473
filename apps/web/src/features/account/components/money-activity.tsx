/** Deposits and withdrawals with their status (account page). */
import type { DepositItem, WithdrawalItem } from '@shifumi/protocol';
import { ADMIN_TEXTS } from '@shifumi/protocol/admin-texts';
import { formatEthCharged, shortHash } from '../../../lib/money-format';
import { TransactionHash } from '../../../lib/transaction-hash';
import styles from './account-page.module.css';

const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalItem['status'], string> = {
  queued: 'Queued',
  sent: 'Sent, waiting for confirmations',
  confirmed: 'Confirmed',
  failed: 'Failed, amount returned',
  // Issue 18: waiting for, or refused by, staff review.
  review: ADMIN_TEXTS.withdrawalInReview,
  rejected: ADMIN_TEXTS.withdrawalRejected(null),
};

export function MoneyActivity({ deposits, withdrawals }: { deposits: readonly DepositItem[]; withdrawals: readonly WithdrawalItem[] }) {
  if (deposits.length === 0 && withdrawals.length === 0) return <p className={styles.empty}>No deposits or withdrawals yet</p>;
  return (
    <div className={styles.activity}>
      {deposits.length > 0 ? (
        <div>
          <h3 className={styles.subTitle}>Deposits</h3>
          <ul className={styles.rows}>
            {deposits.map((deposit, index) => (
              <li key={deposit.txHash ?? `internal-${index}`} className={styles.row}>
                <span className={styles.figure}>+{deposit.amount} ETH</span>
                <span className={deposit.status === 'credited' ? styles.victory : styles.pendingText}>
                  {deposit.status === 'credited'
                    ? 'Credited'
                    : `Pending ${deposit.confirmations}/${deposit.requiredConfirmations} confirmations`}
                </span>
                <span className={styles.mono}>{deposit.txHash ? <TransactionHash hash={deposit.txHash} /> : 'internal transfer'}</span>
                <time className={styles.muted} dateTime={deposit.createdAt}>
                  {new Date(deposit.createdAt).toLocaleString()}
                </time>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {withdrawals.length > 0 ? (
        <div>
          <h3 className={styles.subTitle}>Withdrawals</h3>
          <ul className={styles.rows}>
            {withdrawals.map((withdrawal) => (
              <li key={withdrawal.id} className={styles.row}>
                <span className={styles.figure}>−{withdrawal.amount} ETH</span>
                <span className={withdrawal.status === 'failed' || withdrawal.status === 'rejected' ? styles.defeat : withdrawal.status === 'confirmed' ? styles.victory : styles.pendingText}>
                  {withdrawal.status === 'rejected' ? ADMIN_TEXTS.withdrawalRejected(withdrawal.rejectReason ?? null) : WITHDRAWAL_STATUS_LABELS[withdrawal.status]}
                </span>
                <span className={styles.mono} title={withdrawal.recipientAddress}>
                  to {shortHash(withdrawal.recipientAddress)}
                  {withdrawal.txHash ? (
                    <>
                      {' · '}
                      <TransactionHash hash={withdrawal.txHash} />
                    </>
                  ) : null}
                  {withdrawal.fee !== '0' ? ` · fee ${formatEthCharged(withdrawal.fee)}` : ''}
                </span>
                <time className={styles.muted} dateTime={withdrawal.createdAt}>
                  {new Date(withdrawal.createdAt).toLocaleString()}
                </time>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

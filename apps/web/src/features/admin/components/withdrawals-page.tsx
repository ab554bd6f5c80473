import { ADMIN_WITHDRAWAL_STATUSES, type AdminWithdrawal } from '@shifumi/protocol';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n/i18n';
import { useWithdrawalDecision, useWithdrawals } from '../api/admin-api';
import styles from './admin.module.css';
import { TableScroll } from './table-scroll';
import { QueryState } from './query-state';
import { ReasonForm } from './reason-form';
import { useStaffPermissions } from './staff-permissions';
import { dateOf, ethOf, exactEthOf, feeOf } from './wei';

type Status = (typeof ADMIN_WITHDRAWAL_STATUSES)[number];

/** Who approved it, and how many approvals it needs (two above WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH). */
function Approvals({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const t = useT();
  if (withdrawal.approvalsRequired < 2 && withdrawal.approvals === 0) return null;
  return (
    <div className={styles.muted} data-testid="withdrawal-approvals">
      {t('admin.approvals', { given: withdrawal.approvals, required: withdrawal.approvalsRequired })}
      {withdrawal.approvedBy.length > 0
        ? t('admin.approvedBy', { names: withdrawal.approvedBy.map((approval) => approval.name).join(', ') })
        : ''}
    </div>
  );
}

function Decision({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const t = useT();
  const decide = useWithdrawalDecision();
  const staff = useStaffPermissions();
  if (withdrawal.status !== 'review') {
    return (
      <div>
        <Approvals withdrawal={withdrawal} />
        <span className={styles.muted}>
          {withdrawal.rejectReason ?? (withdrawal.reviewedBy ? t('admin.withdrawals.approved') : '')}
        </span>
      </div>
    );
  }
  // Support reads withdrawals and decides none: no buttons.
  if (!staff?.may('decideWithdrawal')) return <Approvals withdrawal={withdrawal} />;
  const owner = { userId: withdrawal.userId, role: withdrawal.userRole };
  const approveRefusal =
    staff.refusalOn('approve', [owner]) ??
    (withdrawal.approvedBy.some((approval) => approval.userId === staff.userId) ? t('admin.alreadyApprovedByYou') : undefined);
  return (
    <div className={styles.row}>
      <Approvals withdrawal={withdrawal} />
      <Button
        size="small"
        disabled={decide.isPending || approveRefusal !== undefined}
        onClick={() => decide.mutate({ id: withdrawal.id, decision: 'approve' })}
      >
        {t('admin.withdrawals.approve')}
      </Button>
      {approveRefusal !== undefined ? (
        <span className={styles.muted} data-testid="approve-refusal">
          {approveRefusal}
        </span>
      ) : null}
      <ReasonForm
        label={t('admin.withdrawals.rejectReason')}
        action={t('admin.withdrawals.reject')}
        variant="danger"
        busy={decide.isPending}
        disabledReason={staff.refusalOn('reject', [owner])}
        onSubmit={(reason) => decide.mutate({ id: withdrawal.id, decision: 'reject', reason })}
      />
      {decide.isError ? <Notice tone="error">{userFacingMessage(decide.error)}</Notice> : null}
    </div>
  );
}

/** Withdrawals by status; those in review wait for approve or reject. */
export function WithdrawalsPage() {
  const [status, setStatus] = useState<Status>('review');
  const list = useWithdrawals(status);
  const t = useT();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('admin.withdrawals.title')}</h1>
      <div className={styles.filters}>
        <label>
          {t('admin.status')}{' '}
          <select value={status} onChange={(event) => setStatus(event.target.value as Status)}>
            {ADMIN_WITHDRAWAL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`admin.withdrawals.statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={list}>
        {(data) =>
          data.withdrawals.length === 0 ? (
            <p className={styles.muted}>{t('admin.withdrawals.empty')}</p>
          ) : (
            <TableScroll label={t('admin.withdrawals.title')}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th>{t('admin.withdrawals.requested')}</th>
                    <th>{t('admin.withdrawals.player')}</th>
                    <th>{t('admin.withdrawals.amount')}</th>
                    <th>{t('admin.withdrawals.to')}</th>
                    <th>{t('admin.withdrawals.whyItWaits')}</th>
                    <th>{t('admin.status')}</th>
                    <th>{t('admin.withdrawals.decision')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.withdrawals.map((withdrawal) => (
                    <tr key={withdrawal.id} data-withdrawal-id={withdrawal.id}>
                      <td>{dateOf(withdrawal.createdAt)}</td>
                      <td>
                        <Link to={`/admin/players/${withdrawal.userId}`}>{withdrawal.userName}</Link>
                        <div className={styles.muted}>{withdrawal.userEmail}</div>
                      </td>
                      <td>
                        {ethOf(withdrawal.amountWei)}
                        <div className={styles.muted} title={t('admin.withdrawals.fee', { fee: exactEthOf(withdrawal.feeWei) })}>
                          {t('admin.withdrawals.fee', { fee: feeOf(withdrawal.feeWei) })}
                        </div>
                      </td>
                      <td className={styles.mono}>{withdrawal.recipientAddress}</td>
                      <td>{withdrawal.reviewReason ?? '—'}</td>
                      <td data-testid="withdrawal-status">{t(`admin.withdrawals.statuses.${withdrawal.status}`)}</td>
                      <td>
                        <Decision withdrawal={withdrawal} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )
        }
      </QueryState>
    </section>
  );
}

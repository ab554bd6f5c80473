import { ADMIN_TEXTS, ADMIN_WITHDRAWAL_STATUSES, type AdminWithdrawal } from '@shifumi/protocol';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { useWithdrawalDecision, useWithdrawals } from '../api/admin-api';
import styles from './admin.module.css';
import { TableScroll } from './table-scroll';
import { QueryState } from './query-state';
import { ReasonForm } from './reason-form';
import { useStaffPermissions } from './staff-permissions';
import { dateOf, ethOf } from './wei';

type Status = (typeof ADMIN_WITHDRAWAL_STATUSES)[number];

/** Who approved it, and how many approvals it needs (two above WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH). */
function Approvals({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  if (withdrawal.approvalsRequired < 2 && withdrawal.approvals === 0) return null;
  return (
    <div className={styles.muted} data-testid="withdrawal-approvals">
      {ADMIN_TEXTS.approvals(withdrawal.approvals, withdrawal.approvalsRequired)}
      {withdrawal.approvedBy.length > 0 ? ` (${withdrawal.approvedBy.map((approval) => approval.name).join(', ')})` : ''}
    </div>
  );
}

function Decision({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const decide = useWithdrawalDecision();
  const staff = useStaffPermissions();
  if (withdrawal.status !== 'review') {
    return (
      <div>
        <Approvals withdrawal={withdrawal} />
        <span className={styles.muted}>{withdrawal.rejectReason ?? (withdrawal.reviewedBy ? 'Approved' : '')}</span>
      </div>
    );
  }
  // Support reads withdrawals and decides none: no buttons.
  if (!staff?.may('decideWithdrawal')) return <Approvals withdrawal={withdrawal} />;
  const owner = { userId: withdrawal.userId, role: withdrawal.userRole };
  const approveRefusal = staff.refusalOn('approve', [owner]) ?? (withdrawal.approvedBy.some((approval) => approval.userId === staff.userId) ? ADMIN_TEXTS.alreadyApprovedByYou : undefined);
  return (
    <div className={styles.row}>
      <Approvals withdrawal={withdrawal} />
      <Button size="small" disabled={decide.isPending || approveRefusal !== undefined} onClick={() => decide.mutate({ id: withdrawal.id, decision: 'approve' })}>
        Approve
      </Button>
      {approveRefusal !== undefined ? (
        <span className={styles.muted} data-testid="approve-refusal">
          {approveRefusal}
        </span>
      ) : null}
      <ReasonForm
        label="Reason to reject"
        action="Reject"
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
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Withdrawals</h1>
      <div className={styles.filters}>
        <label>
          Status{' '}
          <select value={status} onChange={(event) => setStatus(event.target.value as Status)}>
            {ADMIN_WITHDRAWAL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={list}>
        {(data) =>
          data.withdrawals.length === 0 ? (
            <p className={styles.muted}>No withdrawals in this state.</p>
          ) : (
            <TableScroll label="Withdrawals">
<table className={styles.table}>
              <thead>
                <tr>
                  <th>Requested</th>
                  <th>Player</th>
                  <th>Amount</th>
                  <th>To</th>
                  <th>Why it waits</th>
                  <th>Status</th>
                  <th>Decision</th>
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
                      <div className={styles.muted}>fee {ethOf(withdrawal.feeWei)}</div>
                    </td>
                    <td className={styles.mono}>{withdrawal.recipientAddress}</td>
                    <td>{withdrawal.reviewReason ?? '—'}</td>
                    <td data-testid="withdrawal-status">{withdrawal.status}</td>
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

import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { useStuck, useStuckAction } from '../api/admin-api';
import styles from './admin.module.css';
import { TableScroll } from './table-scroll';
import { QueryState } from './query-state';
import { useStaffPermissions } from './staff-permissions';
import { dateOf } from './wei';

const KIND_LABELS = {
  game_overdue: 'Game past its deadline',
  withdrawal_unmined: 'Withdrawal not mined',
  withdrawal_nonce_taken: 'Withdrawal whose nonce was taken',
  deposit_uncredited: 'Deposit not credited',
  sweep_failed: 'Sweep failed',
} as const;

const ACTION_LABELS = { take_over: 'Take over and settle by the rules', fail_and_refund: 'Mark failed and refund', credit_now: 'Check on the chain and credit now' } as const;
/** What each action takes: the role (STAFF_ACTION_ROLES) and, for money, the four-eyes rule it falls under. */
const ACTION_RULES = {
  take_over: { may: 'takeOverGame', ownCase: undefined },
  fail_and_refund: { may: 'failAndRefund', ownCase: 'failAndRefund' },
  credit_now: { may: 'creditDeposit', ownCase: 'creditDeposit' },
} as const;

/** What needs a human, with the actions that are safe for each. */
export function StuckPage() {
  const stuck = useStuck();
  const act = useStuckAction();
  const staff = useStaffPermissions();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Stuck</h1>
      {act.isError ? <Notice tone="error">{userFacingMessage(act.error)}</Notice> : null}
      {act.data?.message ? <Notice tone="error">{act.data.message}</Notice> : null}
      <QueryState query={stuck}>
        {(data) =>
          data.items.length === 0 ? (
            <p className={styles.muted}>Nothing is stuck.</p>
          ) : (
            <TableScroll label="Stuck items">
<table className={styles.table}>
              <tbody>
                {data.items.map((item) => (
                  <tr key={`${item.kind}:${item.id}`}>
                    <td>{KIND_LABELS[item.kind]}</td>
                    <td className={styles.mono}>{item.kind === 'game_overdue' ? <Link to={`/admin/games/${item.id}`}>{item.id}</Link> : item.id}</td>
                    <td>{dateOf(item.since)}</td>
                    <td>{item.detail}</td>
                    <td>
                      {item.actions
                        .filter((action) => staff?.may(ACTION_RULES[action].may))
                        .map((action) => {
                          const rule = ACTION_RULES[action].ownCase;
                          const refusal = rule === undefined ? undefined : staff?.refusalOn(rule, [item.owner]);
                          return (
                            <span key={action} className={styles.row}>
                              <Button size="small" variant="secondary" disabled={act.isPending || refusal !== undefined} onClick={() => act.mutate({ kind: action, id: item.id })}>
                                {ACTION_LABELS[action]}
                              </Button>
                              {refusal !== undefined ? <span className={styles.muted}>{refusal}</span> : null}
                            </span>
                          );
                        })}
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

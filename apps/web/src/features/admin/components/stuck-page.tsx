import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n/i18n';
import { useStuck, useStuckAction } from '../api/admin-api';
import styles from './admin.module.css';
import { TableScroll } from './table-scroll';
import { QueryState } from './query-state';
import { useStaffPermissions } from './staff-permissions';
import { dateOf } from './wei';

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
  const t = useT();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('admin.stuck.title')}</h1>
      {act.isError ? <Notice tone="error">{userFacingMessage(act.error)}</Notice> : null}
      {act.data?.message ? <Notice tone="error">{act.data.message}</Notice> : null}
      <QueryState query={stuck}>
        {(data) =>
          data.items.length === 0 ? (
            <p className={styles.muted}>{t('admin.stuck.empty')}</p>
          ) : (
            <TableScroll label={t('admin.stuck.tableLabel')}>
              <table className={styles.table}>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={`${item.kind}:${item.id}`}>
                      <td>{t(`admin.stuck.kinds.${item.kind}`)}</td>
                      <td className={styles.mono}>
                        {item.kind === 'game_overdue' ? <Link to={`/admin/games/${item.id}`}>{item.id}</Link> : item.id}
                      </td>
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
                                <Button
                                  size="small"
                                  variant="secondary"
                                  disabled={act.isPending || refusal !== undefined}
                                  onClick={() => act.mutate({ kind: action, id: item.id })}
                                >
                                  {t(`admin.stuck.actions.${action}`)}
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

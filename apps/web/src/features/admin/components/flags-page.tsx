import { FLAG_STATUSES, type Flag } from '@shifumi/protocol';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { useFlagActions, useFlags } from '../api/admin-api';
import styles from './admin.module.css';
import { QueryState } from './query-state';
import { ReasonForm } from './reason-form';
import { useStaffPermissions } from './staff-permissions';
import { dateOf } from './wei';

type Status = (typeof FLAG_STATUSES)[number];

/** Dismiss or confirm with a note; disabled, saying why, on a flag this staff member may not resolve (issue 23). */
function FlagDecision({ flag, refusal, busy, onResolve }: { flag: Flag; refusal: string | undefined; busy: boolean; onResolve: (resolution: 'dismissed' | 'confirmed', note: string) => void }) {
  return (
    <div className={styles.row} data-flag-id={flag.id}>
      <ReasonForm label="Note to dismiss" action="Dismiss" busy={busy} disabledReason={refusal} onSubmit={(note) => onResolve('dismissed', note)} />
      {refusal === undefined ? <ReasonForm label="Note to confirm" action="Confirm" variant="danger" busy={busy} onSubmit={(note) => onResolve('confirmed', note)} /> : null}
    </div>
  );
}

/** Collusion and linked-account flags: evidence, and dismiss or confirm with a note. */
export function FlagsPage() {
  const [status, setStatus] = useState<Status>('open');
  const flags = useFlags(status);
  const { resolve, scan } = useFlagActions();
  const staff = useStaffPermissions();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Flags</h1>
      <div className={styles.filters}>
        <label>
          Status{' '}
          <select value={status} onChange={(event) => setStatus(event.target.value as Status)}>
            {FLAG_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        {staff?.may('runCollusionRules') ? (
          <Button size="small" variant="secondary" disabled={scan.isPending} onClick={() => scan.mutate()}>
            Run the rules now
          </Button>
        ) : null}
        {scan.data ? <span>{scan.data.added} new flags</span> : null}
      </div>
      {resolve.isError || scan.isError ? <Notice tone="error">{userFacingMessage(resolve.error ?? scan.error)}</Notice> : null}
      <QueryState query={flags}>
        {(data) =>
          data.flags.length === 0 ? (
            <p className={styles.muted}>No flags in this state.</p>
          ) : (
            <table className={styles.table}>
              <tbody>
                {data.flags.map((flag) => (
                  <tr key={flag.id}>
                    <td>{dateOf(flag.createdAt)}</td>
                    <td>{flag.rule}</td>
                    <td>
                      <Link to={`/admin/players/${flag.userId}`}>{flag.userName}</Link>
                      {flag.otherUserId ? (
                        <>
                          {' and '}
                          <Link to={`/admin/players/${flag.otherUserId}`}>{flag.otherUserName}</Link>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <pre className={styles.pre}>{JSON.stringify(flag.evidence, null, 2)}</pre>
                    </td>
                    <td>
                      {flag.status === 'open' ? (
                        staff?.may('resolveFlag') ? (
                          <FlagDecision flag={flag} refusal={staff.refusalOn('resolveFlag', [{ userId: flag.userId, role: flag.userRole }, flag.otherUserId === null ? null : { userId: flag.otherUserId, role: flag.otherUserRole }])} busy={resolve.isPending} onResolve={(resolution, note) => resolve.mutate({ id: flag.id, resolution, note })} />
                        ) : (
                          <span className={styles.muted}>open</span>
                        )
                      ) : (
                        <span>
                          {flag.status}: {flag.note}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryState>
    </section>
  );
}

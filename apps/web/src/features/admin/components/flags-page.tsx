import { FLAG_STATUSES } from '@shifumi/protocol';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { useFlagActions, useFlags } from '../api/admin-api';
import styles from './admin.module.css';
import { QueryState } from './query-state';
import { ReasonForm } from './reason-form';
import { dateOf } from './wei';

type Status = (typeof FLAG_STATUSES)[number];

/** Collusion and linked-account flags: evidence, and dismiss or confirm with a note. */
export function FlagsPage() {
  const [status, setStatus] = useState<Status>('open');
  const flags = useFlags(status);
  const { resolve, scan } = useFlagActions();
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
        <Button size="small" variant="secondary" disabled={scan.isPending} onClick={() => scan.mutate()}>
          Run the rules now
        </Button>
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
                        <div className={styles.row}>
                          <ReasonForm label="Note to dismiss" action="Dismiss" busy={resolve.isPending} onSubmit={(note) => resolve.mutate({ id: flag.id, resolution: 'dismissed', note })} />
                          <ReasonForm label="Note to confirm" action="Confirm" variant="danger" busy={resolve.isPending} onSubmit={(note) => resolve.mutate({ id: flag.id, resolution: 'confirmed', note })} />
                        </div>
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

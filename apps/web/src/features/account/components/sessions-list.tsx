/** Issue 13: the live sessions (GET /api/account/sessions), each with "Sign out". */
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { userFacingMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useRevokeSessionMutation, useSessionsQuery } from '../api/security-api';
import styles from './security-section.module.css';

function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrom(e|ium)\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : null;
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : null;
  return browser && system ? `${browser} on ${system}` : browser ?? system ?? userAgent.slice(0, 60);
}

export function SessionsList() {
  const sessions = useSessionsQuery(true);
  const revoke = useRevokeSessionMutation();

  if (sessions.isPending) return <Spinner size="small" />;
  if (sessions.isError) return <p className={styles.muted}>Your sessions could not be loaded.</p>;

  return (
    <ul className={styles.list} aria-label="Sessions">
      {sessions.data.map((session) => (
        <li key={session.id} className={styles.item} data-testid="session-row">
          <span className={styles.itemText}>
            <strong>
              {describeDevice(session.userAgent)} {session.current ? <span className={styles.badge}>This device</span> : null}
            </strong>
            <span className={styles.muted}>
              {session.ip ?? 'Unknown IP'} · signed in {new Date(session.createdAt).toLocaleString()} · last active {new Date(session.lastUsedAt).toLocaleString()}
            </span>
          </span>
          {session.current ? null : (
            <Button
              variant="secondary"
              size="small"
              disabled={revoke.isPending}
              aria-label={`Sign out ${describeDevice(session.userAgent)} (${session.ip ?? 'unknown IP'})`}
              onClick={() =>
                revoke.mutate(session.id, {
                  onSuccess: (answer) => notify.success(answer.message),
                  onError: (failure) => {
                    console.error('Signing out a session failed', failure);
                    notify.error(userFacingMessage(failure));
                  },
                })
              }
            >
              Sign out
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Issue 13: the live sessions (GET /api/account/sessions), each with "Sign out". */
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { userFacingMessage } from '../../../lib/api-error';
import { translate, useIntlLocale } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { useRevokeSessionMutation, useSessionsQuery } from '../api/security-api';
import { useAccountT } from '../account-texts';
import styles from './security-section.module.css';

/** The browser and system a session's user agent names (their names are the same in every language). */
function describeDevice(userAgent: string | null): string {
  if (!userAgent) return translate('account.security.unknownDevice');
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return browser && system
    ? translate('account.security.browserOnSystem', { browser, system })
    : (browser ?? system ?? userAgent.slice(0, 60));
}

export function SessionsList() {
  const sessions = useSessionsQuery(true);
  const revoke = useRevokeSessionMutation();
  const t = useAccountT();
  const locale = useIntlLocale();

  if (sessions.isPending) return <Spinner size="small" />;
  if (sessions.isError) return <p className={styles.muted}>{t('account.security.sessionsLoadFailed')}</p>;

  return (
    <ul className={styles.list} aria-label={t('account.security.sessionsLabel')}>
      {sessions.data.map((session) => (
        <li key={session.id} className={styles.item} data-testid="session-row">
          <span className={styles.itemText}>
            <strong>
              {describeDevice(session.userAgent)}{' '}
              {session.current ? <span className={styles.badge}>{t('account.security.thisDevice')}</span> : null}
            </strong>
            <span className={styles.muted}>
              {t('account.security.sessionTimes', {
                ip: session.ip ?? t('account.security.unknownIp'),
                signedIn: new Date(session.createdAt).toLocaleString(locale),
                lastActive: new Date(session.lastUsedAt).toLocaleString(locale),
              })}
            </span>
          </span>
          {session.current ? null : (
            <Button
              variant="secondary"
              size="small"
              disabled={revoke.isPending}
              aria-label={t('account.security.signOutLabel', {
                device: describeDevice(session.userAgent),
                ip: session.ip ?? t('account.security.unknownIp'),
              })}
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
              {t('account.security.signOut')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The account page's Profile card: name, e-mail and its state, adding, verifying or changing the address. */
import { useState } from 'react';
import type { AccountResponse, PublicUser } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { useResendVerificationMutation } from '../../../lib/account-api';
import { userFacingMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useAccountT } from '../account-texts';
import { AddEmailForm } from './add-email-form';
import styles from './account-page.module.css';

export function ProfileCard({ account, user }: { account: AccountResponse | undefined; user: PublicUser | null | undefined }) {
  const resend = useResendVerificationMutation();
  const [replacingEmail, setReplacingEmail] = useState(false);
  const t = useAccountT();
  return (
    <section className={styles.card} aria-labelledby="account-profile">
      <h2 id="account-profile" className={styles.cardTitle}>
        {t('account.profile.title')}
      </h2>
      <dl className={styles.details}>
        <div>
          <dt>{t('account.profile.name')}</dt>
          <dd>{user?.name ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('account.profile.email')}</dt>
          <dd className={styles.email}>{user?.email ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('account.profile.emailStatus')}</dt>
          <dd>
            {account?.user.email === null ? (
              <span className={`${styles.badge} ${styles.unverified}`}>
                <AlertCircleIcon width={16} height={16} /> {t('account.profile.noEmail')}
              </span>
            ) : account ? (
              account.emailVerified ? (
                <span className={`${styles.badge} ${styles.verified}`}>
                  <CheckCircleIcon width={16} height={16} /> {t('account.profile.verified')}
                </span>
              ) : (
                <span className={`${styles.badge} ${styles.unverified}`}>
                  <AlertCircleIcon width={16} height={16} /> {t('account.profile.notVerified')}
                </span>
              )
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
      {account && account.user.email === null ? (
        <div className={styles.verifyBox}>
          <p className={styles.muted}>{t('account.profile.addEmailIntro')}</p>
          <AddEmailForm replacing={false} />
        </div>
      ) : null}
      {account && account.user.email !== null && !account.emailVerified ? (
        <div className={styles.verifyBox}>
          <p className={styles.muted}>{t('account.profile.verifyIntro')}</p>
          <div className={styles.actionsRow}>
            <Button
              variant="secondary"
              size="small"
              disabled={resend.isPending}
              aria-busy={resend.isPending || undefined}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: (answer) => notify.success(answer.message),
                  onError: (error) => {
                    console.error('Resending the verification e-mail failed', error);
                    notify.error(userFacingMessage(error));
                  },
                })
              }
            >
              {t('account.profile.resend')}
            </Button>
            {replacingEmail ? null : (
              <Button variant="ghost" size="small" onClick={() => setReplacingEmail(true)}>
                {t('account.profile.useAnother')}
              </Button>
            )}
          </div>
          {replacingEmail ? <AddEmailForm replacing /> : null}
        </div>
      ) : null}
      {account && account.user.email !== null && account.emailVerified ? (
        // Issue 23: a verified address changes too (with the password), once the new one is confirmed by its link.
        replacingEmail ? (
          <div className={styles.verifyBox}>
            <p className={styles.muted}>{t('account.profile.replaceIntro')}</p>
            <AddEmailForm replacing />
          </div>
        ) : (
          <div className={styles.actionsRow}>
            <Button variant="ghost" size="small" onClick={() => setReplacingEmail(true)}>
              {t('account.profile.change')}
            </Button>
          </div>
        )
      ) : null}
    </section>
  );
}

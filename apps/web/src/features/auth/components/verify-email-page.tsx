/**
 * /verify-email/:token — verifying, success (then home after 3 s), or error.
 */
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { VERIFY_REDIRECT_MS } from '@shifumi/protocol';
import { buttonClassName } from '../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useVerifyEmailQuery } from '../api/verify-email-api';
import { useAuthT } from '../auth-texts';
import styles from './verify-email-page.module.css';

export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verification = useVerifyEmailQuery(token);
  const verified = verification.isSuccess;
  const t = useAuthT();

  useEffect(() => {
    if (!verified) return;
    // The account page shows the verified state: let it fetch it again.
    void queryClient.invalidateQueries({ queryKey: ['account'] });
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), VERIFY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [verified, navigate, queryClient]);

  return (
    <section className={styles.page} aria-labelledby="verify-title">
      <div className={styles.card}>
        {verification.isPending ? (
          <div role="status" className={styles.view}>
            <Spinner />
            <h1 id="verify-title" className={styles.title}>
              {t('auth.verifyEmail.verifying')}
            </h1>
            <p className={styles.text}>{t('auth.verifyEmail.moment')}</p>
          </div>
        ) : verification.isSuccess ? (
          <div role="status" className={styles.view}>
            <CheckCircleIcon className={`${styles.icon} ${styles.success}`} width={56} height={56} />
            <h1 id="verify-title" className={styles.title}>
              {t('auth.verifyEmail.verified')}
            </h1>
            <p className={styles.text}>{verification.data.message || t('auth.verifyEmail.verifiedText')}</p>
            <p className={styles.hint}>{t('auth.verifyEmail.redirect', { seconds: VERIFY_REDIRECT_MS / 1000 })}</p>
            <Link to="/" replace className={buttonClassName({ variant: 'secondary' })}>
              {t('auth.verifyEmail.goHomeNow')}
            </Link>
          </div>
        ) : (
          <div role="alert" className={styles.view}>
            <AlertCircleIcon className={`${styles.icon} ${styles.error}`} width={56} height={56} />
            <h1 id="verify-title" className={styles.title}>
              {t('auth.verifyEmail.failedTitle')}
            </h1>
            <p className={styles.text}>{t('auth.verifyEmail.failedText')}</p>
            <p className={styles.hint}>{t('auth.verifyEmail.failedHint')}</p>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              {t('auth.verifyEmail.backHome')}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * /verify-email/:token — verifying, success (then home after 3 s), or error.
 */
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SERVER_TEXTS, TEXTS, VERIFY_REDIRECT_MS } from '@shifumi/protocol';
import { buttonClassName } from '../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useVerifyEmailQuery } from '../api/verify-email-api';
import styles from './verify-email-page.module.css';

export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verification = useVerifyEmailQuery(token);
  const verified = verification.isSuccess;

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
              Verifying your e-mail address…
            </h1>
            <p className={styles.text}>This only takes a moment.</p>
          </div>
        ) : verification.isSuccess ? (
          <div role="status" className={styles.view}>
            <CheckCircleIcon className={`${styles.icon} ${styles.success}`} width={56} height={56} />
            <h1 id="verify-title" className={styles.title}>
              E-mail verified
            </h1>
            <p className={styles.text}>{verification.data.message || SERVER_TEXTS.emailVerified}</p>
            <p className={styles.hint}>Taking you to the home page in {VERIFY_REDIRECT_MS / 1000} seconds…</p>
            <Link to="/" replace className={buttonClassName({ variant: 'secondary' })}>
              Go to the home page now
            </Link>
          </div>
        ) : (
          <div role="alert" className={styles.view}>
            <AlertCircleIcon className={`${styles.icon} ${styles.error}`} width={56} height={56} />
            <h1 id="verify-title" className={styles.title}>
              {TEXTS.verifyFailedTitle}
            </h1>
            <p className={styles.text}>{TEXTS.verifyFailedText}</p>
            <p className={styles.hint}>Signed in? You can ask for a new link from your account page.</p>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              Back to home
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

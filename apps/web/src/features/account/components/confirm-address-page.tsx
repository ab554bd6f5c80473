/**
 * /confirm-address/:token (issue 13): confirms an address of the withdrawal
 * address book from the mailed link (no session needed), then says when it
 * becomes active; or that the link is invalid or expired.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { confirmWithdrawalAddress } from '../api/security-api';
import { useAccountT } from '../account-texts';
import styles from '../../../components/ui/mailed-link-page.module.css';

export function ConfirmAddressPage() {
  const { token = '' } = useParams();
  const t = useAccountT();
  // A link works once: asked once per page load, even when StrictMode mounts the page twice.
  const confirmation = useQuery({
    queryKey: ['confirm-address', token],
    queryFn: () => confirmWithdrawalAddress(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  return (
    <section className={styles.page} aria-labelledby="confirm-address-title">
      <div className={styles.card}>
        {confirmation.isPending ? (
          <div role="status" className={`${styles.view} ${styles.center}`}>
            <Spinner />
            <h1 id="confirm-address-title" className={styles.title}>
              {t('account.confirmAddress.confirming')}
            </h1>
          </div>
        ) : confirmation.isSuccess ? (
          <div role="status" className={`${styles.view} ${styles.center}`}>
            <CheckCircleIcon className={styles.success} width={56} height={56} />
            <h1 id="confirm-address-title" className={styles.title}>
              {t('account.confirmAddress.confirmed')}
            </h1>
            <p>{confirmation.data.message}</p>
            <Link to="/account" className={buttonClassName({ variant: 'secondary' })}>
              {t('account.confirmAddress.goToAccount')}
            </Link>
          </div>
        ) : (
          <div role="alert" className={`${styles.view} ${styles.center}`}>
            <AlertCircleIcon className={styles.error} width={56} height={56} />
            <h1 id="confirm-address-title" className={styles.title}>
              {t('account.confirmAddress.invalidTitle')}
            </h1>
            <p>{t('account.confirmAddress.invalidText')}</p>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              {t('account.confirmAddress.backHome')}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

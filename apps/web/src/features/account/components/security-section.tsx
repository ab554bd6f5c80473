/** Issue 13: the Security section of the account page. */
import { useSecurityQuery } from '../api/security-api';
import { AddressBook } from './address-book';
import { PasswordForm } from './password-form';
import { SessionsList } from './sessions-list';
import { SignOutEverywhere } from './sign-out-everywhere';
import { TwoFactorPanel } from './two-factor-panel';
import styles from './security-section.module.css';

export function SecuritySection() {
  const security = useSecurityQuery(true);
  const twoFactorEnabled = security.data?.twoFactorEnabled ?? false;
  return (
    <div className={styles.section}>
      {security.data?.withdrawalsHeldUntil ? (
        <p className={styles.muted} role="status">
          After a recent security change, withdrawals are paused until {new Date(security.data.withdrawalsHeldUntil).toLocaleString()}.
        </p>
      ) : null}
      {security.data?.hasPassword === false ? null : (
        <div className={styles.block}>
          <h3 className={styles.heading}>Password</h3>
          <PasswordForm />
        </div>
      )}
      <div className={styles.block}>
        <h3 className={styles.heading}>Two-factor authentication</h3>
        {security.data ? <TwoFactorPanel enabled={twoFactorEnabled} /> : null}
      </div>
      <div className={styles.block}>
        <h3 className={styles.heading}>Sessions</h3>
        <SessionsList />
        <SignOutEverywhere />
      </div>
      <div className={styles.block}>
        <h3 className={styles.heading}>Withdrawal address book</h3>
        <AddressBook twoFactorEnabled={twoFactorEnabled} />
      </div>
    </div>
  );
}

/** Issue 13: the Security section of the account page. */
import { useIntlLocale } from '../../../lib/i18n/i18n';
import { useSecurityQuery } from '../api/security-api';
import { useAccountT } from '../account-texts';
import { AddressBook } from './address-book';
import { PasswordForm } from './password-form';
import { SessionsList } from './sessions-list';
import { SignOutEverywhere } from './sign-out-everywhere';
import { TwoFactorPanel } from './two-factor-panel';
import styles from './security-section.module.css';

export function SecuritySection() {
  const security = useSecurityQuery(true);
  const twoFactorEnabled = security.data?.twoFactorEnabled ?? false;
  const t = useAccountT();
  const locale = useIntlLocale();
  return (
    <div className={styles.section}>
      {security.data?.withdrawalsHeldUntil ? (
        <p className={styles.muted} role="status">
          {t('account.security.heldUntil', { when: new Date(security.data.withdrawalsHeldUntil).toLocaleString(locale) })}
        </p>
      ) : null}
      {security.data?.hasPassword === false ? null : (
        <div className={styles.block}>
          <h3 className={styles.heading}>{t('account.security.password')}</h3>
          <PasswordForm />
        </div>
      )}
      <div className={styles.block}>
        <h3 className={styles.heading}>{t('account.security.twoFactor')}</h3>
        {security.data ? <TwoFactorPanel enabled={twoFactorEnabled} /> : null}
      </div>
      <div className={styles.block}>
        <h3 className={styles.heading}>{t('account.security.sessions')}</h3>
        <SessionsList />
        <SignOutEverywhere />
      </div>
      <div className={styles.block}>
        <h3 className={styles.heading}>{t('account.security.addressBook')}</h3>
        <AddressBook twoFactorEnabled={twoFactorEnabled} />
      </div>
    </div>
  );
}

/** The account page's Referral card: the code, the link, how many signed up with it. */
import { REFERRAL_QUERY_PARAM } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { copyWithToast } from '../../../lib/clipboard';
import { translate } from '../../../lib/i18n/i18n';
import { useAccountT } from '../account-texts';
import styles from './account-page.module.css';

function copyReferral(text: string, success: string) {
  void copyWithToast(text, success, (reason) => translate('account.referral.copyFailed', { reason }));
}

export function ReferralCard({
  referralCode,
  referralCount,
}: {
  referralCode: string | null;
  referralCount: number | undefined;
}) {
  const referralLink = referralCode
    ? `${window.location.origin}/?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(referralCode)}`
    : null;
  const t = useAccountT();
  return (
    <section className={styles.card} aria-labelledby="account-referral">
      <h2 id="account-referral" className={styles.cardTitle}>
        {t('account.referral.title')}
      </h2>
      <p className={styles.muted}>{t('account.referral.intro')}</p>
      <dl className={styles.details}>
        <div>
          <dt>{t('account.referral.code')}</dt>
          <dd className={styles.copyRow}>
            <span className={styles.code}>{referralCode ?? '—'}</span>
            <Button
              variant="secondary"
              size="small"
              disabled={!referralCode}
              onClick={() => referralCode && copyReferral(referralCode, t('account.referral.codeCopied'))}
            >
              {t('account.referral.copy')}
            </Button>
          </dd>
        </div>
        {referralLink ? (
          <div>
            <dt>{t('account.referral.link')}</dt>
            <dd className={styles.copyRow}>
              <input
                className={styles.link}
                readOnly
                value={referralLink}
                aria-label={t('account.referral.linkLabel')}
                onFocus={(event) => event.target.select()}
              />
              <Button
                variant="secondary"
                size="small"
                onClick={() => copyReferral(referralLink, t('account.referral.linkCopied'))}
              >
                {t('account.referral.copyLink')}
              </Button>
            </dd>
          </div>
        ) : null}
        {referralCount !== undefined ? (
          // Issue 14: how many players signed up with the code.
          <div>
            <dt>{t('account.referral.count')}</dt>
            <dd data-testid="referral-count">{referralCount}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

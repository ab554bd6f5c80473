/**
 * Issue 19: the two confirmations sign-up and a first wallet sign-in ask for —
 * being 18 or older, and accepting the Terms (with a link to read them).
 */
import { richText } from '../../lib/i18n/rich-text';
import { useUiT } from './ui-texts';
import styles from './age-and-terms-checks.module.css';

export interface AgeAndTermsChecksProps {
  ageConfirmed: boolean;
  termsAccepted: boolean;
  onAgeConfirmed: (value: boolean) => void;
  onTermsAccepted: (value: boolean) => void;
}

export function AgeAndTermsChecks({ ageConfirmed, termsAccepted, onAgeConfirmed, onTermsAccepted }: AgeAndTermsChecksProps) {
  const t = useUiT();
  return (
    <fieldset className={styles.checks}>
      <legend className={styles.legend}>{t('ui.checks.legend')}</legend>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="ageConfirmed"
          checked={ageConfirmed}
          onChange={(event) => onAgeConfirmed(event.target.checked)}
        />
        <span>{t('ui.checks.age')}</span>
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="termsAccepted"
          checked={termsAccepted}
          onChange={(event) => onTermsAccepted(event.target.checked)}
        />
        <span>
          {richText(t, 'ui.checks.terms', {
            terms: (
              <a href="/terms" target="_blank" rel="noreferrer">
                {t('ui.checks.termsLink')}
              </a>
            ),
          })}
        </span>
      </label>
      <p className={styles.help}>
        {richText(t, 'ui.checks.help', {
          page: (
            <a href="/responsible-gaming" target="_blank" rel="noreferrer">
              {t('ui.checks.helpLink')}
            </a>
          ),
        })}
      </p>
    </fieldset>
  );
}

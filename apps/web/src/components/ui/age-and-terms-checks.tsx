/**
 * Issue 19: the two confirmations sign-up and a first wallet sign-in ask for —
 * being 18 or older, and accepting the Terms (with a link to read them).
 */
import styles from './age-and-terms-checks.module.css';

export interface AgeAndTermsChecksProps {
  ageConfirmed: boolean;
  termsAccepted: boolean;
  onAgeConfirmed: (value: boolean) => void;
  onTermsAccepted: (value: boolean) => void;
}

export function AgeAndTermsChecks({ ageConfirmed, termsAccepted, onAgeConfirmed, onTermsAccepted }: AgeAndTermsChecksProps) {
  return (
    <fieldset className={styles.checks}>
      <legend className={styles.legend}>Before you play</legend>
      <label className={styles.check}>
        <input type="checkbox" name="ageConfirmed" checked={ageConfirmed} onChange={(event) => onAgeConfirmed(event.target.checked)} />
        <span>I am 18 or older</span>
      </label>
      <label className={styles.check}>
        <input type="checkbox" name="termsAccepted" checked={termsAccepted} onChange={(event) => onTermsAccepted(event.target.checked)} />
        <span>
          I accept the{' '}
          <a href="/terms" target="_blank" rel="noreferrer">
            Terms
          </a>
        </span>
      </label>
      <p className={styles.help}>
        Tools to stay in control — limits, reminders, time-outs — are explained on our{' '}
        <a href="/responsible-gaming" target="_blank" rel="noreferrer">
          Responsible gaming
        </a>{' '}
        page.
      </p>
    </fieldset>
  );
}

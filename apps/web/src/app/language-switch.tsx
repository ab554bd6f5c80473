/**
 * Issue 27: the language switch, in the navigation bar, the mobile menu and
 * the footer. Every text changes at once, without a reload: the page keeps
 * its state (an open dialog, a game, a form's input).
 */
import type { Language } from '@shifumi/protocol/language';
import { APP_LANGUAGES, useLanguage, useT } from '../lib/i18n/i18n';
import { chooseLanguage } from '../lib/i18n/language-preference';
import styles from './language-switch.module.css';

export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <label className={className ? `${styles.switch} ${className}` : styles.switch}>
      <span className="visually-hidden">{t('shell.language.label')}</span>
      <select
        className={styles.select}
        value={language}
        onChange={(event) => void chooseLanguage(event.target.value as Language)}
        data-testid="language-switch"
      >
        {APP_LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(`shell.language.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

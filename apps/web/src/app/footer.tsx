import { Link } from 'react-router';
import { LogoMark } from '../components/ui/logo';
import { useT } from '../lib/i18n/i18n';
import { LanguageSwitch } from './language-switch';
import styles from './footer.module.css';

export function Footer() {
  const t = useT();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <LogoMark size={28} />
          <p>
            <strong>Shifumi</strong> — {t('shell.footer.tagline')}
          </p>
        </div>
        <nav aria-label={t('shell.footer.label')}>
          <ul className={styles.links}>
            <li>
              <Link to="/contact">{t('shell.nav.contact')}</Link>
            </li>
            <li>
              <Link to="/account">{t('shell.nav.myAccount')}</Link>
            </li>
            <li>
              <Link to="/howtoplay">{t('shell.nav.howToPlay')}</Link>
            </li>
            <li>
              <Link to="/terms">{t('shell.footer.terms')}</Link>
            </li>
            <li>
              <Link to="/privacy">{t('shell.footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/responsible-gaming">{t('shell.footer.responsibleGaming')}</Link>
            </li>
          </ul>
        </nav>
        <LanguageSwitch />
        <p className={styles.note}>{t('shell.footer.note')}</p>
      </div>
    </footer>
  );
}

import { Link } from 'react-router';
import { buttonClassName } from '../components/ui/button';
import { useT } from '../lib/i18n/i18n';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  const t = useT();
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        {t('shell.notFound.title')}
      </h1>
      <p className={styles.text}>{t('shell.notFound.text')}</p>
      <Link to="/" className={buttonClassName()}>
        {t('shell.notFound.backHome')}
      </Link>
    </section>
  );
}

import { Link } from 'react-router';
import { buttonClassName } from '../components/ui/button';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.text}>This page does not exist or has moved. Your balance and your games are safe.</p>
      <Link to="/" className={buttonClassName()}>
        Back to home
      </Link>
    </section>
  );
}

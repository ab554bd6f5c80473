import { useRouteError } from 'react-router';
import styles from './not-found-page.module.css';

/**
 * Last resort when a page crashes while rendering. A plain link (full page
 * load) rather than a router link: the in-memory state may be what broke.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('A page failed to render', error);
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>The page could not be displayed. Your balance and your games are safe.</p>
      <a href="/">Back to home</a>
    </main>
  );
}

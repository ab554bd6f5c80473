/**
 * Last resort when a page crashes while rendering (or its chunk cannot be
 * fetched): the error page instead of the whole frame. A plain link back (a
 * full page load) rather than a router link: the in-memory state may be what
 * broke.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useT } from '../lib/i18n/i18n';
import styles from './not-found-page.module.css';

export function RouteErrorPage() {
  const t = useT();
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('shell.crashed.title')}</h1>
      <p className={styles.text}>{t('shell.crashed.text')}</p>
      <a href="/">{t('shell.notFound.backHome')}</a>
    </main>
  );
}

export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

import type { ReactNode } from 'react';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  /** Small label above the title. */
  eyebrow?: string;
  /** The lead paragraph under the title. */
  children?: ReactNode;
}

/** The title block every content page starts with. */
export function PageHeader({ title, eyebrow, children }: PageHeaderProps) {
  return (
    <header className={styles.intro}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h1 className={styles.title}>{title}</h1>
      {children ? <p className={styles.lead}>{children}</p> : null}
    </header>
  );
}

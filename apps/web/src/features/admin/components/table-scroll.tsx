/**
 * Issue 26: a console table on a narrow screen scrolls sideways inside its own
 * box, never the page. The box is a named region a keyboard can reach (and so
 * scroll with the arrow keys).
 */
import type { ReactNode } from 'react';
import styles from './admin.module.css';

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableScroll} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

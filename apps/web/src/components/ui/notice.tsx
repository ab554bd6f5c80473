import type { ReactNode } from 'react';
import { AlertCircleIcon, CheckCircleIcon } from './icons';
import styles from './notice.module.css';

export interface NoticeProps {
  tone: 'success' | 'error' | 'info';
  children: ReactNode;
  className?: string;
}

/** A short message in the flow of a form. Errors are announced at once, the rest politely. */
export function Notice({ tone, children, className }: NoticeProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`${styles.notice} ${styles[tone]} ${className ?? ''}`}>
      {tone === 'success' ? <CheckCircleIcon /> : <AlertCircleIcon />}
      <span>{children}</span>
    </div>
  );
}

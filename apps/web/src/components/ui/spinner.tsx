import styles from './spinner.module.css';

/** A loading indicator. Pair it with visible or screen-reader text saying what is loading. */
export function Spinner({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  return <span className={`${styles.spinner} ${size === 'small' ? styles.small : ''}`} aria-hidden="true" />;
}

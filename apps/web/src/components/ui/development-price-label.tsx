/**
 * Said next to every dollar value computed from a development price: on a
 * development server the ETH/USD rate is made up, and the user must not take
 * those dollars for real ones.
 */
import styles from './development-price-label.module.css';

export const DEVELOPMENT_PRICE_TEXT = 'development price';

export function DevelopmentPriceLabel() {
  return <span className={styles.label}>{DEVELOPMENT_PRICE_TEXT}</span>;
}

import styles from './balance-box.module.css';

/**
 * The balance (spec S2 "Home page"). It shows "—" until the money work
 * provides the balance; it will then toggle between ETH and USD on click.
 */
export function BalanceBox() {
  return (
    <div className={styles.box}>
      <span className={styles.label}>Balance</span>
      <span className={styles.value}>—</span>
    </div>
  );
}

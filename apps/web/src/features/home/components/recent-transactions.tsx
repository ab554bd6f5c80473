import styles from './recent-transactions.module.css';

/**
 * Recent Transactions (spec S2 "Home page"): the last finished games. The
 * feed (GET /api/transactions and the live `transactionUpdate` events) comes
 * with the play work; until then the table says there are no games.
 */
export function RecentTransactions() {
  return (
    <section className={styles.section} aria-labelledby="recent-transactions-title">
      <h2 id="recent-transactions-title" className={styles.title}>
        Recent Transactions
      </h2>
      <div className={styles.scroller}>
        <table className={styles.table} aria-labelledby="recent-transactions-title">
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Players</th>
              <th scope="col" className={styles.amount}>
                Game Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td colSpan={3} className={styles.empty}>
                No games yet
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}

import { useRecentTransactions } from '../api/transactions-api';
import styles from './recent-transactions.module.css';

/**
 * Recent Transactions (spec S2 "Home page"): the last finished games from
 * GET /api/transactions plus the live `new_transaction` events, de-duplicated,
 * the first 7: the game, the players (the winner marked, or a draw) and the bet.
 */
export function RecentTransactions() {
  const items = useRecentTransactions();
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
            {items.length === 0 ? (
              <tr>
                <td colSpan={3} className={styles.empty}>
                  No games yet
                </td>
              </tr>
            ) : (
              items.map((item) => (
                <tr key={`${item.game}-${item.date}`}>
                  <td className={styles.game} title={item.game}>
                    #{item.game.slice(0, 8)}
                  </td>
                  <td>
                    <span className={item.winner === item.player1 ? styles.winner : undefined}>{item.player1}</span>
                    {' vs '}
                    <span className={item.winner === item.player2 ? styles.winner : undefined}>{item.player2}</span>
                    {item.winner === 'draw' ? <span className={styles.draw}> · draw</span> : null}
                  </td>
                  <td className={styles.amount}>${item.amount}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * Recent Transactions (spec S2 "Home page"): the last finished games from
 * GET /api/transactions plus the live `new_transaction` events, de-duplicated,
 * the first 7: the game, the players (the winner marked, or a draw) and the
 * bet in dollars (USDT).
 */
import { formatBetUsd } from '../../../lib/money-format';
import { feedItemKey, useRecentTransactions } from '../api/transactions-api';
import styles from './recent-transactions.module.css';

/** Issue 14: "just now", "2 min ago", "3 h ago", "2 d ago". */
export function relativeTime(date: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(date)) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}

function Player({ name, won }: { name: string; won: boolean }) {
  if (!won) return <span className={styles.name}>{name}</span>;
  return (
    <>
      <span className={`${styles.name} ${styles.winner}`}>{name}</span>
      <span className="visually-hidden"> (winner)</span>
    </>
  );
}

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
              <th scope="col" className={styles.time}>
                Time
              </th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td colSpan={4} className={styles.empty}>
                  No games yet
                </td>
              </tr>
            ) : (
              items.map((item) => (
                <tr key={feedItemKey(item)}>
                  <td className={styles.game} title={item.game}>
                    #{item.game.slice(0, 8)}
                  </td>
                  <td className={styles.players} title={`${item.player1} vs ${item.player2}`}>
                    <Player name={item.player1} won={item.winner === item.player1} />
                    {' vs '}
                    <Player name={item.player2} won={item.winner === item.player2} />
                    {item.winner === 'draw' ? <span className={styles.draw}> · draw</span> : null}
                  </td>
                  <td className={styles.amount} title={`${item.amount} USDT`}>
                    {formatBetUsd(item.amount)}
                  </td>
                  <td className={styles.time}>
                    <time dateTime={item.date} title={new Date(item.date).toLocaleString()}>
                      {relativeTime(item.date, Date.now())}
                    </time>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

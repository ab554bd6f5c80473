/**
 * The game history (spec S3 "Game history item", S9): Victory, Defeat, and
 * anything else shown as Draw; the opponent as the first 5 characters of
 * their wallet address, or 'User'; the bet in dollars.
 */
import type { GameHistoryItem } from '@shifumi/protocol';
import { formatBetUsd } from '../../../lib/money-format';
import styles from './account-page.module.css';

export function resultLabel(result: string): 'Victory' | 'Defeat' | 'Draw' {
  return result === 'Victory' || result === 'Defeat' ? result : 'Draw';
}

export function opponentLabel(opponent: GameHistoryItem['oppUserId']): string {
  return opponent.walletAddress ? opponent.walletAddress.slice(0, 5) : 'User';
}

export function GameHistory({ items }: { items: readonly GameHistoryItem[] }) {
  if (items.length === 0) return <p className={styles.empty}>No games yet</p>;
  return (
    <ul className={styles.rows}>
      {items.map((item, index) => {
        const result = resultLabel(item.result);
        return (
          <li key={`${item.date}-${index}`} className={styles.row}>
            <span className={`${styles.result} ${styles[result.toLowerCase()]}`}>{result}</span>
            <span>vs {opponentLabel(item.oppUserId)}</span>
            <span className={styles.figure}>{formatBetUsd(item.amount)}</span>
            <time className={styles.muted} dateTime={item.date}>
              {new Date(item.date).toLocaleString()}
            </time>
          </li>
        );
      })}
    </ul>
  );
}

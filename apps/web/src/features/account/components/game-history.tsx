/**
 * The game history (spec S3 "Game history item", S9): Victory, Defeat, and
 * anything else shown as Draw; the opponent as the first 5 characters of
 * their wallet address, or 'User'; the bet in dollars.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { GameHistoryItem } from '@shifumi/protocol';
import { FAIRNESS_TEXTS } from '@shifumi/protocol/fairness-texts';
import { Button } from '../../../components/ui/button';
import { formatBetUsd } from '../../../lib/money-format';
import { GameDetailDialog } from './game-detail-dialog';
import styles from './account-page.module.css';

export function resultLabel(result: string): 'Victory' | 'Defeat' | 'Draw' {
  return result === 'Victory' || result === 'Defeat' ? result : 'Draw';
}

export function opponentLabel(opponent: GameHistoryItem['oppUserId']): string {
  return opponent.walletAddress ? opponent.walletAddress.slice(0, 5) : 'User';
}

export function GameHistory({ items }: { items: readonly GameHistoryItem[] }) {
  // Issue 14: each game opens its round-by-round detail.
  const [openGameId, setOpenGameId] = useState<string | null>(null);
  if (items.length === 0) return <p className={styles.empty}>No games yet</p>;
  return (
    <>
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
              {item.game ? (
                <Link to={`/verify?game=${encodeURIComponent(item.game)}`} aria-label={FAIRNESS_TEXTS.history.verifyLinkLabel(opponentLabel(item.oppUserId))}>
                  {FAIRNESS_TEXTS.history.verifyLink}
                </Link>
              ) : null}
              {item.id ? (
                <Button
                  variant="ghost"
                  size="small"
                  className={styles.detailButton}
                  aria-label={`Round by round: ${result} against ${opponentLabel(item.oppUserId)}, ${new Date(item.date).toLocaleString()}`}
                  onClick={() => setOpenGameId(item.id ?? null)}
                >
                  Round by round
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <GameDetailDialog gameId={openGameId} onClose={() => setOpenGameId(null)} />
    </>
  );
}

/**
 * The game history (spec S3 "Game history item", S9): Victory, Defeat, and
 * anything else shown as Draw; the opponent as the first 5 characters of
 * their wallet address, or 'User'; the bet in dollars.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { GameHistoryItem } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { useIntlLocale } from '../../../lib/i18n/i18n';
import { formatBetUsd } from '../../../lib/money-format';
import { useAccountT } from '../account-texts';
import { GameDetailDialog } from './game-detail-dialog';
import { resultKey, resultLabel } from './game-result';

export { resultLabel };
import styles from './account-page.module.css';

/** The first 5 characters of the opponent's wallet address, or null for 'User' (said in the reader's language). */
export function opponentLabel(opponent: GameHistoryItem['oppUserId']): string | null {
  return opponent.walletAddress ? opponent.walletAddress.slice(0, 5) : null;
}

export function GameHistory({ items }: { items: readonly GameHistoryItem[] }) {
  // Issue 14: each game opens its round-by-round detail.
  const [openGameId, setOpenGameId] = useState<string | null>(null);
  const t = useAccountT();
  const locale = useIntlLocale();
  if (items.length === 0) return <p className={styles.empty}>{t('account.history.empty')}</p>;
  return (
    <>
      <ul className={styles.rows}>
        {items.map((item, index) => {
          const result = resultLabel(item.result);
          const opponent = opponentLabel(item.oppUserId) ?? t('account.history.user');
          const when = new Date(item.date).toLocaleString(locale);
          return (
            <li key={`${item.date}-${index}`} className={styles.row}>
              <span className={`${styles.result} ${styles[result.toLowerCase()]}`}>{t(resultKey(result))}</span>
              <span>{t('account.history.versus', { opponent })}</span>
              <span className={styles.figure}>{formatBetUsd(item.amount, locale)}</span>
              <time className={styles.muted} dateTime={item.date}>
                {when}
              </time>
              {item.game ? (
                <Link
                  to={`/verify?game=${encodeURIComponent(item.game)}`}
                  aria-label={t('account.history.verifyLabel', { opponent })}
                >
                  {t('account.history.verify')}
                </Link>
              ) : null}
              {item.id ? (
                <Button
                  variant="ghost"
                  size="small"
                  className={styles.detailButton}
                  aria-label={t('account.history.roundByRoundLabel', { result: t(resultKey(result)), opponent, when })}
                  onClick={() => setOpenGameId(item.id ?? null)}
                >
                  {t('account.history.roundByRound')}
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

/**
 * Recent Transactions (spec S2 "Home page"): the last finished games from
 * GET /api/transactions plus the live `new_transaction` events, de-duplicated,
 * the first 7: the game, the players (the winner marked, or a draw) and the
 * bet in USDT.
 */
import { formatBetUsd } from '../../../lib/money-format';
import { feedItemKey, useRecentTransactions } from '../api/transactions-api';
import styles from './recent-transactions.module.css';
import { translate, useIntlLocale, useT } from '../../../lib/i18n/i18n';

/** Issue 14: "just now", "2 min ago", "3 h ago", "2 d ago". */
export function relativeTime(date: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(date)) / 1000));
  if (seconds < 60) return translate('recent.justNow');
  if (seconds < 3600) return translate('recent.minutesAgo', { minutes: Math.floor(seconds / 60) });
  if (seconds < 86_400) return translate('recent.hoursAgo', { hours: Math.floor(seconds / 3600) });
  return translate('recent.daysAgo', { days: Math.floor(seconds / 86_400) });
}

function Player({ name, won }: { name: string; won: boolean }) {
  const t = useT();
  if (!won) return <span className={styles.name}>{name}</span>;
  return (
    <>
      <span className={`${styles.name} ${styles.winner}`}>{name}</span>
      <span className="visually-hidden">{t('recent.winner')}</span>
    </>
  );
}

export function RecentTransactions() {
  const { items, settled } = useRecentTransactions();
  const t = useT();
  const locale = useIntlLocale();
  return (
    <section className={styles.section} aria-labelledby="recent-transactions-title">
      <h2 id="recent-transactions-title" className={styles.title}>
        {t('recent.title')}
      </h2>
      {/* A named region a keyboard can reach and scroll: at 375 px the table scrolls sideways inside it (axe: scrollable-region-focusable). */}
      <div
        className={settled && items.length === 0 ? `${styles.scroller} ${styles.settledEmpty}` : styles.scroller}
        role="region"
        aria-labelledby="recent-transactions-title"
        tabIndex={0}
      >
        <table className={styles.table} aria-labelledby="recent-transactions-title">
          <thead>
            <tr>
              <th scope="col">{t('recent.game')}</th>
              <th scope="col">{t('recent.players')}</th>
              <th scope="col" className={styles.amount}>
                {t('recent.amount')}
              </th>
              <th scope="col" className={styles.time}>
                {t('recent.time')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td colSpan={4} className={styles.empty}>
                  {t('recent.empty')}
                </td>
              </tr>
            ) : (
              items.map((item) => (
                <tr key={feedItemKey(item)}>
                  <td className={styles.game} title={item.game}>
                    #{item.game.slice(0, 8)}
                  </td>
                  <td
                    className={styles.players}
                    title={t('recent.versusTitle', { player1: item.player1, player2: item.player2 })}
                  >
                    <Player name={item.player1} won={item.winner === item.player1} />
                    {t('recent.versus')}
                    <Player name={item.player2} won={item.winner === item.player2} />
                    {item.winner === 'draw' ? <span className={styles.draw}>{t('recent.draw')}</span> : null}
                  </td>
                  <td className={styles.amount} title={`${item.amount} USDT`}>
                    {formatBetUsd(item.amount, locale)}
                  </td>
                  <td className={styles.time}>
                    <time dateTime={item.date} title={new Date(item.date).toLocaleString(locale)}>
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

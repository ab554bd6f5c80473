import { UsersIcon } from '../../../components/ui/icons';
import { useOnlinePlayers } from '../hooks/use-online-players';
import styles from './online-players.module.css';
import { useT } from '../../../lib/i18n/i18n';

/** 1234567 → "1,234,567", without Intl (whose first use loads locale data on the page's busiest moment). */
export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function OnlinePlayers() {
  const count = useOnlinePlayers();
  const t = useT();
  return (
    <p className={styles.online}>
      <span className={styles.pulse} aria-hidden="true" />
      <UsersIcon aria-hidden="true" />
      <span>
        <strong className={styles.count}>{count === null ? '—' : formatCount(count)}</strong>{' '}
        {t('home.online.players', { count: count ?? 0 })}
      </span>
    </p>
  );
}

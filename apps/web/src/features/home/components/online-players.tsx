import { UsersIcon } from '../../../components/ui/icons';
import { useOnlinePlayers } from '../hooks/use-online-players';
import styles from './online-players.module.css';

export function OnlinePlayers() {
  const count = useOnlinePlayers();
  return (
    <p className={styles.online}>
      <span className={styles.pulse} aria-hidden="true" />
      <UsersIcon aria-hidden="true" />
      <span>
        <strong className={styles.count}>{count === null ? '—' : count.toLocaleString('en-US')}</strong>{' '}
        {count === 1 ? 'player online' : 'players online'}
      </span>
    </p>
  );
}

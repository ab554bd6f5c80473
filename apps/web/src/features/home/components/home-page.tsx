import { CharacterHero } from './character-hero';
import { PlayPanel } from './play-panel';
import { RecentTransactions } from './recent-transactions';
import styles from './home-page.module.css';

/** / and /home. */
export function HomePage() {
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <CharacterHero />
        <PlayPanel />
      </div>
      <RecentTransactions />
    </div>
  );
}

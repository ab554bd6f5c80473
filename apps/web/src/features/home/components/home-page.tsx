import type { ReactNode } from 'react';
import type { BetAmount } from '@shifumi/protocol/constants';
import { useIsExtraSmallScreen } from '../../../lib/use-media-query';
import { useIsSignedIn } from '../../../lib/session-store';
import { CharacterHero } from './character-hero';
import { PlayPanel } from './play-panel';
import { RecentTransactions } from './recent-transactions';
import styles from './home-page.module.css';

/**
 * / and /home. Issue 14: on a phone, a signed-in player finds Play Now (and the
 * balance) first, without scrolling; the hero moves below it (in the document
 * too, so that the keyboard and screen readers meet them in the same order).
 */
export interface HomePageProps {
  /** Issue 24: what the app composes under the play panel (the player's open challenges). */
  extra?: ReactNode;
  /** Issue 24: the search's offers after 15 s besides another stake (challenge a friend, practise). */
  searchOffers?: (amount: BetAmount) => ReactNode;
}

export function HomePage({ extra, searchOffers }: HomePageProps = {}) {
  const phone = useIsExtraSmallScreen();
  const signedIn = useIsSignedIn();
  const playFirst = phone && signedIn;
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        {playFirst ? <PlayPanel searchOffers={searchOffers} /> : <CharacterHero />}
        {playFirst ? <CharacterHero /> : <PlayPanel searchOffers={searchOffers} />}
      </div>
      <RecentTransactions />
      {/* Last: what app/ adds (a chunk of its own, issue 24) appears below everything, so nothing on home moves when it arrives. */}
      {extra}
    </div>
  );
}

import { Suspense, type ReactNode } from 'react';
import type { BetAmount } from '@shifumi/protocol/constants';
import { useIsExtraSmallScreen } from '../../../lib/use-media-query';
import { useIsSignedIn } from '../../../lib/session-store';
import { lazyComponent } from '../../../lib/lazy-component';
import { loadNamespace } from '../../../lib/i18n/i18n';
import { RECENT_TEXTS } from '../../../lib/i18n/namespaces';
import { CharacterHero } from './character-hero';
import { PlayPanel } from './play-panel';
import styles from './home-page.module.css';

/**
 * Issue 27: Recent Transactions, below the hero and Play Now, is a chunk of its
 * own (home's first load had no room for the language runtime otherwise),
 * fetched as soon as home's code runs, in parallel with the first render.
 */
const RecentTransactions = lazyComponent(() =>
  Promise.all([import('./recent-transactions'), loadNamespace('recent', RECENT_TEXTS)]).then(
    ([module]) => module.RecentTransactions,
  ),
);
RecentTransactions.preload();

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
        {/* Keyed, so that crossing the phone breakpoint moves the panels instead of remounting them (an open deposit dialog stays open). */}
        {playFirst
          ? [<PlayPanel key="play" searchOffers={searchOffers} />, <CharacterHero key="hero" />]
          : [<CharacterHero key="hero" />, <PlayPanel key="play" searchOffers={searchOffers} />]}
      </div>
      {/* Until its chunk arrives, its place is kept: nothing below it (the footer, the challenges) moves when it does. */}
      <Suspense fallback={<div className={styles.recentPlaceholder} aria-hidden="true" />}>
        <RecentTransactions />
      </Suspense>
      {/* Last: what app/ adds (a chunk of its own, issue 24) appears below everything, so nothing on home moves when it arrives. */}
      {extra}
    </div>
  );
}

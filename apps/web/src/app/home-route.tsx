/**
 * Home with what other features add to it (issue 24), composed here since no
 * feature imports another: the signed-in player's challenges under the play
 * panel (a chunk of its own), and the long search's offers — challenge a
 * friend at the stake, practise while waiting.
 */
import { Suspense } from 'react';
import { Link } from 'react-router';
import type { BetAmount } from '@shifumi/protocol/constants';
import { LOBBY_TEXTS } from '@shifumi/protocol/lobby-texts';
import { HomePage } from '../features/home/components/home-page';
import { lazyComponent } from '../lib/lazy-component';
import { cancelSearch } from '../lib/matchmaking';
import { useIsSignedIn } from '../lib/session-store';
import styles from './home-route.module.css';

const OwnChallenges = lazyComponent(() => import('../features/challenge/components/own-challenges').then((module) => module.OwnChallenges));
const ChallengeOffer = lazyComponent(() => import('../features/challenge/components/own-challenges').then((module) => module.ChallengeOffer));

function SearchOffers({ amount }: { amount: BetAmount }) {
  return (
    <>
      <Suspense fallback={null}>
        <ChallengeOffer amount={amount} onBeforeCreate={cancelSearch} />
      </Suspense>
      <Link to="/practice" className={styles.offerLink} data-preload="/practice">
        {LOBBY_TEXTS.practise}
      </Link>
    </>
  );
}

export function HomeRoute() {
  const signedIn = useIsSignedIn();
  return (
    <HomePage
      extra={
        signedIn ? (
          <Suspense fallback={null}>
            <OwnChallenges />
          </Suspense>
        ) : null
      }
      searchOffers={(amount) => <SearchOffers amount={amount} />}
    />
  );
}

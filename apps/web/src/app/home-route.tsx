/**
 * Home with what other features add to it (issue 24), composed here since no
 * feature imports another: the signed-in player's challenges under the play
 * panel, and the long search's offers (challenge a friend at the stake,
 * practise while waiting) — both chunks of their own.
 */
import { Suspense } from 'react';
import { HomePage } from '../features/home/components/home-page';
import { lazyComponent } from '../lib/lazy-component';
import { useIsSignedIn } from '../lib/session-store';

// One chunk for both.
const loadChallenges = () => import('../features/challenge/components/own-challenges');
const OwnChallenges = lazyComponent(() => loadChallenges().then((module) => module.OwnChallenges));
const SearchOffers = lazyComponent(() => loadChallenges().then((module) => module.SearchOffers));

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
      searchOffers={(amount) => (
        <Suspense fallback={null}>
          <SearchOffers amount={amount} />
        </Suspense>
      )}
    />
  );
}

/**
 * Issue 24: `/challenge/{id}` — "{name} challenges you to {amount} USDT",
 * with Accept. A visitor signs up or signs in (the dialog opens over this
 * page, app/challenge-route.tsx) and stays on it; an expired, cancelled or taken challenge says
 * so. Accepting starts the game: `game_found` opens the game screen
 * (app/challenge-game-navigation.ts).
 */
import { useParams } from 'react-router';
import { LOBBY_TEXTS } from '@shifumi/protocol/lobby-texts';
import type { ChallengeStatus } from '@shifumi/protocol';
import { TEXTS } from '@shifumi/protocol/texts';
import { Button } from '../../../components/ui/button';
import { CharacterArt, CHARACTER_NAMES } from '../../../components/ui/character-art';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { useRealtimeStatus } from '../../../lib/realtime-status';
import { useSelectedCharacter } from '../../../lib/selected-character';
import { useIsSignedIn } from '../../../lib/session-store';
import { useAcceptChallengeMutation, useChallengeQuery, useOwnChallengesQuery } from '../api/challenge-api';
import styles from './challenge-page.module.css';

const CLOSED_TEXTS: Record<Exclude<ChallengeStatus, 'open'>, string> = {
  accepted: LOBBY_TEXTS.challengeTaken,
  cancelled: LOBBY_TEXTS.challengeCancelled,
  expired: LOBBY_TEXTS.challengeExpired,
};

export interface ChallengePageProps {
  /** Opens the sign-in or sign-up dialog over this page (composed by the app). */
  onAuth: (mode: 'sign-in' | 'sign-up') => void;
}

export function ChallengePage({ onAuth }: ChallengePageProps) {
  const { id = '' } = useParams();
  const challenge = useChallengeQuery(id);
  const signedIn = useIsSignedIn();
  const ownChallenges = useOwnChallengesQuery(signedIn);
  const [character] = useSelectedCharacter();
  const accept = useAcceptChallengeMutation(id);
  const live = useRealtimeStatus('authenticated') === 'live';

  if (challenge.isPending) {
    return (
      <section className={styles.page}>
        <Spinner />
      </section>
    );
  }
  if (challenge.isError) {
    const unknown = challenge.error instanceof ApiError && challenge.error.status === 404;
    return (
      <section className={styles.page}>
        <Notice tone="error">{unknown ? LOBBY_TEXTS.challengeUnknown : TEXTS.genericError}</Notice>
      </section>
    );
  }

  const view = challenge.data;
  // The challenger opening their own link: one of their open challenges.
  const own = ownChallenges.data?.challenges.some((entry) => entry.id === view.id) ?? false;
  const error = accept.error instanceof ApiError ? (accept.error.serverMessage ?? TEXTS.genericError) : accept.error ? TEXTS.genericError : null;
  return (
    <section className={styles.page} aria-labelledby="challenge-title">
      <div className={styles.card}>
        <div className={styles.art} aria-hidden="true">
          <CharacterArt character={view.challenger.character} size={144} />
        </div>
        <h1 id="challenge-title" className={styles.title}>
          {LOBBY_TEXTS.challengeTitle(view.challenger.name, view.amount)}
        </h1>
        <p className={styles.detail}>
          {CHARACTER_NAMES[view.challenger.character]} · {view.amount} USDT
        </p>
        {view.status !== 'open' ? (
          <Notice tone="info">{CLOSED_TEXTS[view.status]}</Notice>
        ) : !signedIn ? (
          <div className={styles.actions}>
            <p className={styles.hint}>{LOBBY_TEXTS.challengeSignIn}</p>
            <Button size="large" block onClick={() => onAuth('sign-in')}>
              {LOBBY_TEXTS.signIn}
            </Button>
            <Button size="large" block variant="secondary" onClick={() => onAuth('sign-up')}>
              {LOBBY_TEXTS.signUp}
            </Button>
          </div>
        ) : own ? (
          <Notice tone="info">{LOBBY_TEXTS.challengeOwn}</Notice>
        ) : (
          <div className={styles.actions}>
            <Button size="large" block disabled={accept.isPending || !live} onClick={() => accept.mutate(character)}>
              {LOBBY_TEXTS.accept}
            </Button>
            {live ? null : <p className={styles.hint}>{TEXTS.playNeedsConnection}</p>}
            {error ? <Notice tone="error">{error}</Notice> : null}
          </div>
        )}
      </div>
    </section>
  );
}

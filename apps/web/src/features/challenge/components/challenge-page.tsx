/**
 * Issue 24: `/challenge/{id}` — "{name} challenges you to {amount} USDT",
 * with Accept. A visitor signs up or signs in (the dialog opens over this
 * page, app/challenge-route.tsx) and stays on it; an expired, cancelled or taken challenge says
 * so. Accepting starts the game: `game_found` opens the game screen
 * (app/challenge-game-navigation.ts).
 */
import { useParams } from 'react-router';
import type { ChallengeStatus } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { CharacterArt, CHARACTER_NAMES } from '../../../components/ui/character-art';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { useRealtimeStatus } from '../../../lib/realtime-status';
import { useSelectedCharacter } from '../../../lib/selected-character';
import { useIsSignedIn } from '../../../lib/session-store';
import { useAcceptChallengeMutation, useChallengeQuery, useOwnChallengesQuery } from '../api/challenge-api';
import { loadNamespace, useT, type MessageKey } from '../../../lib/i18n/i18n';
import { LOBBY_TEXTS } from '../../../lib/i18n/page-namespaces';
import styles from './challenge-page.module.css';

// Issue 27: the page's texts come with its chunk (the module is ready once they are).
await loadNamespace('lobby', LOBBY_TEXTS);

const CLOSED_TEXTS: Record<Exclude<ChallengeStatus, 'open'>, MessageKey> = {
  accepted: 'lobby.challenge.taken',
  cancelled: 'lobby.challenge.cancelled',
  expired: 'lobby.challenge.expired',
};

export interface ChallengePageProps {
  /** Opens the sign-in or sign-up dialog over this page (composed by the app). */
  onAuth: (mode: 'sign-in' | 'sign-up') => void;
}

export function ChallengePage({ onAuth }: ChallengePageProps) {
  const t = useT();
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
        <Notice tone="error">{t(unknown ? 'lobby.challenge.unknown' : 'shell.errors.generic')}</Notice>
      </section>
    );
  }

  const view = challenge.data;
  // The challenger opening their own link: one of their open challenges.
  const own = ownChallenges.data?.challenges.some((entry) => entry.id === view.id) ?? false;
  const error =
    accept.error instanceof ApiError
      ? (accept.error.serverMessage ?? t('shell.errors.generic'))
      : accept.error
        ? t('shell.errors.generic')
        : null;
  return (
    <section className={styles.page} aria-labelledby="challenge-title">
      <div className={styles.card}>
        <div className={styles.art} aria-hidden="true">
          <CharacterArt character={view.challenger.character} size={144} />
        </div>
        <h1 id="challenge-title" className={styles.title}>
          {t('lobby.challenge.title', { name: view.challenger.name, amount: view.amount })}
        </h1>
        <p className={styles.detail}>
          {t('lobby.challenge.detail', { character: CHARACTER_NAMES[view.challenger.character], amount: view.amount })}
        </p>
        {view.status !== 'open' ? (
          <Notice tone="info">{t(CLOSED_TEXTS[view.status])}</Notice>
        ) : !signedIn ? (
          <div className={styles.actions}>
            <p className={styles.hint}>{t('lobby.challenge.signInHint')}</p>
            <Button size="large" block onClick={() => onAuth('sign-in')}>
              {t('lobby.challenge.signIn')}
            </Button>
            <Button size="large" block variant="secondary" onClick={() => onAuth('sign-up')}>
              {t('lobby.challenge.signUp')}
            </Button>
          </div>
        ) : own ? (
          <Notice tone="info">{t('lobby.challenge.own')}</Notice>
        ) : (
          <div className={styles.actions}>
            <Button size="large" block disabled={accept.isPending || !live} onClick={() => accept.mutate(character)}>
              {t('lobby.challenge.accept')}
            </Button>
            {live ? null : <p className={styles.hint}>{t('lobby.challenge.needsConnection')}</p>}
            {error ? <Notice tone="error">{error}</Notice> : null}
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * Issue 24: on home, for a signed-in player — "Challenge a friend" at the
 * chosen stake, and the player's open challenges, each with its link, Copy,
 * a QR code (for a friend's phone beside them) and Cancel. Each
 * `challenge_update` refreshes the list. A chunk of its own (with
 * qrcode.react): home's first load does not carry it.
 */
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { cancelSearch } from '../../../lib/matchmaking';
import type { BetAmount, OwnChallenge } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { ApiError } from '../../../lib/api-error';
import { onServerEvent } from '../../../lib/game-events';
import { notify } from '../../../lib/toast';
import { getRememberedBet } from '../../../lib/remembered-bet';
import { getSelectedCharacter } from '../../../lib/selected-character';
import {
  ownChallengesQueryKey,
  useCancelChallengeMutation,
  useCreateChallengeMutation,
  useOwnChallengesQuery,
} from '../api/challenge-api';
import { loadNamespace, translate, useIntlLocale, useT } from '../../../lib/i18n/i18n';
import { formatClockTime } from '../../../lib/i18n/locale-time';
import { LOBBY_TEXTS } from '../../../lib/i18n/page-namespaces';
import styles from './own-challenges.module.css';

// Issue 27: the challenges' texts come with this chunk (the module is ready once they are).
await loadNamespace('lobby', LOBBY_TEXTS);

const QR_SIZE = 128;

function errorText(error: unknown): string | null {
  if (!error) return null;
  const generic = translate('shell.errors.generic');
  return error instanceof ApiError ? (error.serverMessage ?? generic) : generic;
}

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notify.success(translate('lobby.own.copied'));
  } catch {
    notify.error(translate('lobby.own.copyFailed'));
  }
}

function ChallengeItem({ challenge }: { challenge: OwnChallenge }) {
  const t = useT();
  const locale = useIntlLocale();
  const cancel = useCancelChallengeMutation();
  const linkId = useId();
  return (
    <li className={styles.item} data-testid="own-challenge">
      <div className={styles.itemHead}>
        <strong>{t('lobby.own.stake', { amount: challenge.amount })}</strong>
        <span className={styles.muted}>{t('lobby.own.expires', { time: formatClockTime(challenge.expiresAt, locale) })}</span>
      </div>
      <label htmlFor={linkId} className={styles.visuallyHidden}>
        {t('lobby.own.link')}
      </label>
      <input
        id={linkId}
        className={styles.link}
        readOnly
        value={challenge.url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className={styles.itemBody}>
        <QRCodeSVG value={challenge.url} size={QR_SIZE} className={styles.qr} aria-label={t('lobby.own.qr')} role="img" />
        <div className={styles.itemActions}>
          <Button variant="secondary" onClick={() => void copyLink(challenge.url)}>
            {t('lobby.own.copy')}
          </Button>
          <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate(challenge.id)}>
            {t('lobby.own.cancel')}
          </Button>
        </div>
      </div>
      {cancel.error ? <Notice tone="error">{errorText(cancel.error)}</Notice> : null}
    </li>
  );
}

export function OwnChallenges() {
  const t = useT();
  const own = useOwnChallengesQuery(true);
  const create = useCreateChallengeMutation();
  const queryClient = useQueryClient();
  const [missingAmount, setMissingAmount] = useState(false);

  useEffect(
    () => onServerEvent('challenge_update', () => void queryClient.invalidateQueries({ queryKey: ownChallengesQueryKey })),
    [queryClient],
  );

  function handleCreate() {
    const amount = getRememberedBet();
    setMissingAmount(amount === null);
    if (amount === null) return;
    create.mutate({ amount, character: getSelectedCharacter() });
  }

  const challenges = own.data?.challenges ?? [];
  return (
    <section className={styles.panel} aria-labelledby="own-challenges-title">
      <h2 id="own-challenges-title" className={styles.title}>
        {t('lobby.own.create')}
      </h2>
      <p className={styles.muted}>{t('lobby.own.createHint')}</p>
      <Button variant="secondary" block disabled={create.isPending} onClick={handleCreate}>
        {t('lobby.own.create')}
      </Button>
      {missingAmount ? <Notice tone="error">{t('lobby.own.selectAmount')}</Notice> : null}
      {create.error ? <Notice tone="error">{errorText(create.error)}</Notice> : null}
      {challenges.length > 0 ? (
        <>
          <h3 className={styles.subtitle}>{t('lobby.own.yours')}</h3>
          <ul className={styles.list}>
            {challenges.map((challenge) => (
              <ChallengeItem key={challenge.id} challenge={challenge} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The long search's offers besides another stake: challenge a friend at the stake, practise while waiting. */
export function SearchOffers({ amount }: { amount: BetAmount }) {
  const t = useT();
  return (
    <>
      <ChallengeOffer amount={amount} onBeforeCreate={cancelSearch} />
      <Link to="/practice" className={styles.offerLink} data-preload="/practice">
        {t('lobby.search.practise')}
      </Link>
    </>
  );
}

/** The search's offer (after 15 s): cancel the search and open a challenge at its stake, in one click. */
export function ChallengeOffer({ onBeforeCreate, amount }: { onBeforeCreate: () => void; amount: BetAmount }) {
  const t = useT();
  const create = useCreateChallengeMutation();
  return (
    <>
      <Button
        variant="secondary"
        block
        disabled={create.isPending}
        onClick={() => {
          onBeforeCreate();
          create.mutate({ amount, character: getSelectedCharacter() });
        }}
      >
        {t('lobby.search.challengeFriend')}
      </Button>
      {create.error ? <Notice tone="error">{errorText(create.error)}</Notice> : null}
    </>
  );
}

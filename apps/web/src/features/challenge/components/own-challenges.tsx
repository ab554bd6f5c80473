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
import { TEXTS } from '@shifumi/protocol/texts';
import { LOBBY_TEXTS } from '@shifumi/protocol/lobby-texts';
import type { BetAmount, OwnChallenge } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { ApiError } from '../../../lib/api-error';
import { onServerEvent } from '../../../lib/game-events';
import { notify } from '../../../lib/toast';
import { getRememberedBet } from '../../../lib/remembered-bet';
import { getSelectedCharacter } from '../../../lib/selected-character';
import { ownChallengesQueryKey, useCancelChallengeMutation, useCreateChallengeMutation, useOwnChallengesQuery } from '../api/challenge-api';
import styles from './own-challenges.module.css';

const QR_SIZE = 128;

function errorText(error: unknown): string | null {
  if (!error) return null;
  return error instanceof ApiError ? (error.serverMessage ?? TEXTS.genericError) : TEXTS.genericError;
}

function timeOf(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notify.success(LOBBY_TEXTS.copied);
  } catch {
    notify.error(LOBBY_TEXTS.copyFailed);
  }
}

function ChallengeItem({ challenge }: { challenge: OwnChallenge }) {
  const cancel = useCancelChallengeMutation();
  const linkId = useId();
  return (
    <li className={styles.item} data-testid="own-challenge">
      <div className={styles.itemHead}>
        <strong>{challenge.amount} USDT</strong>
        <span className={styles.muted}>{LOBBY_TEXTS.challengeExpires(timeOf(challenge.expiresAt))}</span>
      </div>
      <label htmlFor={linkId} className={styles.visuallyHidden}>
        {LOBBY_TEXTS.challengeLink}
      </label>
      <input id={linkId} className={styles.link} readOnly value={challenge.url} onFocus={(event) => event.currentTarget.select()} />
      <div className={styles.itemBody}>
        <QRCodeSVG value={challenge.url} size={QR_SIZE} className={styles.qr} aria-label={LOBBY_TEXTS.challengeQr} role="img" />
        <div className={styles.itemActions}>
          <Button variant="secondary" onClick={() => void copyLink(challenge.url)}>
            {LOBBY_TEXTS.copy}
          </Button>
          <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate(challenge.id)}>
            {LOBBY_TEXTS.cancel}
          </Button>
        </div>
      </div>
      {cancel.error ? <Notice tone="error">{errorText(cancel.error)}</Notice> : null}
    </li>
  );
}

export function OwnChallenges() {
  const own = useOwnChallengesQuery(true);
  const create = useCreateChallengeMutation();
  const queryClient = useQueryClient();
  const [missingAmount, setMissingAmount] = useState(false);

  useEffect(() => onServerEvent('challenge_update', () => void queryClient.invalidateQueries({ queryKey: ownChallengesQueryKey })), [queryClient]);

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
        {LOBBY_TEXTS.challengeCreate}
      </h2>
      <p className={styles.muted}>{LOBBY_TEXTS.challengeCreateHint}</p>
      <Button variant="secondary" block disabled={create.isPending} onClick={handleCreate}>
        {LOBBY_TEXTS.challengeCreate}
      </Button>
      {missingAmount ? <Notice tone="error">{TEXTS.selectAmount}</Notice> : null}
      {create.error ? <Notice tone="error">{errorText(create.error)}</Notice> : null}
      {challenges.length > 0 ? (
        <>
          <h3 className={styles.subtitle}>{LOBBY_TEXTS.yourChallenges}</h3>
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
  return (
    <>
      <ChallengeOffer amount={amount} onBeforeCreate={cancelSearch} />
      <Link to="/practice" className={styles.offerLink} data-preload="/practice">
        {LOBBY_TEXTS.practise}
      </Link>
    </>
  );
}

/** The search's offer (after 15 s): cancel the search and open a challenge at its stake, in one click. */
export function ChallengeOffer({ onBeforeCreate, amount }: { onBeforeCreate: () => void; amount: BetAmount }) {
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
        {LOBBY_TEXTS.challengeFriend}
      </Button>
      {create.error ? <Notice tone="error">{errorText(create.error)}</Notice> : null}
    </>
  );
}

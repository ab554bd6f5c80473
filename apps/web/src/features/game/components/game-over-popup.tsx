/**
 * The end-of-game popup (spec S2 "Game screen"): You Win +{amount} or You
 * Lose -{amount}, the amount being the bet won or lost (the winner receives
 * the pot, double the bet: their own stake back plus the opponent's), the
 * opponent-left line when the end came from `game_dead`, and Play Again
 * (searches again with the same character and amount; cancellable) and Go Home.
 * A game the server ended as a draw (10 rounds without a winner) refunds both
 * bets: it says so instead of claiming a loss. Issue 24: Rematch beside them
 * (not after a game a player left); an offer from the opponent shows Accept
 * and Decline, a declined one says why.
 */
import type { BetAmount, Character } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useState } from 'react';
import { Link } from 'react-router';
import { parseEthAmount } from '@shifumi/money';
import { formatBetUsd, formatEthAmount, formatUsdAmount } from '../../../lib/money-format';
import { useAccountQuery } from '../../../lib/account-api';
import { useUsablePrice } from '../../../lib/price-api';
import { useGameRoundsQuery } from '../api/game-outcome-api';
import type { GameEnd } from '../game-state';
import { cancelSearch, searchGame, useMatchmaking } from '../../../lib/matchmaking';
import { translate, useIntlLocale, useT } from '../../../lib/i18n/i18n';
import { answerRematch, requestRematch, useRematch } from '../rematch-store';
import styles from './game-over-popup.module.css';

export interface GameOverPopupProps {
  /** The game, for its rematch (issue 24). */
  room: string;
  end: GameEnd;
  character: Character;
  amount: BetAmount;
  /** Issue 24: the final score (mine, the opponent's) and each player's stake (ETH decimal text). */
  scores: [number, number];
  stakeEth: string;
  onGoHome: () => void;
}

/** Issue 24: "Round by round": the game's detail from the server, shown on demand. */
function RoundByRound({ room }: { room: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const detail = useGameRoundsQuery(room, open);
  return (
    <div className={styles.rounds}>
      <Button variant="ghost" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {t('game.over.roundByRound')}
      </Button>
      {open ? (
        detail.data ? (
          <ol className={styles.roundList} data-testid="round-by-round">
            {detail.data.rounds.map((round) => (
              <li key={round.round}>
                {t('game.over.roundLine', {
                  round: round.round,
                  mine: round.yourChoice ? t(`game.choices.${round.yourChoice}`) : t('game.over.noChoice'),
                  theirs: round.opponentChoice ? t(`game.choices.${round.opponentChoice}`) : t('game.over.noChoice'),
                  outcome: t(`game.over.outcome.${round.outcome}`),
                })}
              </li>
            ))}
          </ol>
        ) : detail.isError ? (
          <p className={styles.error}>{t('shell.errors.generic')}</p>
        ) : (
          <p className={styles.searching}>{t('game.over.loading')}</p>
        )
      ) : null}
    </div>
  );
}

/** Issue 24: what the game moved — the ETH won or lost with its USD now — and the balance after it. */
function MoneyLines({ end, stakeEth }: { end: GameEnd; stakeEth: string }) {
  const t = useT();
  const locale = useIntlLocale();
  const price = useUsablePrice();
  const account = useAccountQuery(true);
  const parsed = parseEthAmount(stakeEth, { allowZero: true });
  const stakeWei = parsed.ok ? parsed.wei : 0n;
  const sign = end.outcome === 'win' ? '+' : end.outcome === 'lose' ? '-' : '±';
  const moved = end.outcome === 'draw' ? 0n : stakeWei;
  return (
    <>
      <p data-testid="popup-eth">
        {sign}
        {formatEthAmount(moved, locale)}
        {price ? ` (${formatUsdAmount(moved, price.microUsdPerEth, locale)})` : ''}
      </p>
      {account.data ? (
        <p data-testid="popup-balance">
          {t('game.over.newBalance', { eth: formatEthAmount(BigInt(account.data.balanceWei), locale).replace(/ ETH$/, '') })}
        </p>
      ) : null}
    </>
  );
}

function title(end: GameEnd, amount: BetAmount): string {
  if (end.outcome === 'win') return translate('game.over.win', { amount: formatBetUsd(amount) });
  if (end.outcome === 'lose') return translate('game.over.lose', { amount: formatBetUsd(amount) });
  return translate('game.over.draw');
}

// The game is over whatever the player does: Escape and a click outside change nothing.
const stayOpen = () => {};

export function GameOverPopup({ room, end, character, amount, scores, stakeEth, onGoHome }: GameOverPopupProps) {
  const t = useT();
  const matchmaking = useMatchmaking();
  const searching = matchmaking.status === 'searching';
  const rematch = useRematch(room);
  // Issue 24: no rematch after a game a player left.
  const rematchAllowed = !end.opponentLeft;
  return (
    <Dialog
      open
      onClose={stayOpen}
      hideCloseButton
      size="small"
      title={<span className={styles[end.outcome]}>{title(end, amount)}</span>}
    >
      <div className={styles.body}>
        {end.opponentLeft ? <p>{t('game.over.opponentLeft')}</p> : null}
        {end.outcome === 'draw' ? <p>{t('game.over.refunded', { amount: formatBetUsd(amount) })}</p> : null}
        <p data-testid="popup-score">{t('game.over.finalScore', { mine: scores[0], theirs: scores[1] })}</p>
        <MoneyLines end={end} stakeEth={stakeEth} />
        {searching ? (
          <p role="status" className={styles.searching}>
            {t('game.over.searching', { amount })}
          </p>
        ) : null}
        {matchmaking.error ? (
          <p role="alert" className={styles.error}>
            {matchmaking.error}
          </p>
        ) : null}
        {rematch.status === 'asked' ? (
          <p role="status" className={styles.searching}>
            {t('game.over.rematchWaiting')}
          </p>
        ) : null}
        {rematch.status === 'declined' && (rematch.reason || rematch.message) ? (
          <p role="alert" className={styles.error} data-testid="rematch-declined">
            {rematch.reason ? t(`game.over.rematchDeclined.${rematch.reason}`) : rematch.message}
          </p>
        ) : null}
        {rematch.status === 'offered' && rematch.from && rematchAllowed ? (
          <div className={styles.offer} data-testid="rematch-offer">
            <p>{t('game.over.rematchOffered', { name: rematch.from.name })}</p>
            <div className={styles.actions}>
              <Button onClick={() => answerRematch(room, true)}>{t('game.over.accept')}</Button>
              <Button variant="secondary" onClick={() => answerRematch(room, false)}>
                {t('game.over.decline')}
              </Button>
            </div>
          </div>
        ) : null}
        <div className={styles.actions}>
          {searching ? (
            <Button variant="danger" onClick={cancelSearch}>
              {t('game.over.cancel')}
            </Button>
          ) : (
            <Button onClick={() => searchGame(character, amount)}>{t('game.over.playAgain')}</Button>
          )}
          {rematchAllowed ? (
            <Button
              variant="secondary"
              disabled={searching || rematch.status === 'asked' || rematch.status === 'answered'}
              onClick={() => requestRematch(room)}
            >
              {t('game.over.rematch')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onGoHome}>
            {t('game.over.goHome')}
          </Button>
        </div>
        <RoundByRound room={room} />
        <Link to={`/verify?game=${encodeURIComponent(room)}`} className={styles.verify}>
          {t('game.over.verify')}
        </Link>
      </div>
    </Dialog>
  );
}

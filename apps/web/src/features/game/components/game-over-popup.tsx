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
import { TEXTS, type BetAmount, type Character } from '@shifumi/protocol';
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
import { LOBBY_TEXTS } from '@shifumi/protocol/lobby-texts';
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

const OUTCOME_WORDS = { won: 'won', lost: 'lost', draw: 'draw' } as const;

/** Issue 24: "Round by round": the game's detail from the server, shown on demand. */
function RoundByRound({ room }: { room: string }) {
  const [open, setOpen] = useState(false);
  const detail = useGameRoundsQuery(room, open);
  return (
    <div className={styles.rounds}>
      <Button variant="ghost" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {LOBBY_TEXTS.roundByRound}
      </Button>
      {open ? (
        detail.data ? (
          <ol className={styles.roundList} data-testid="round-by-round">
            {detail.data.rounds.map((round) => (
              <li key={round.round}>
                {LOBBY_TEXTS.roundLine(round.round, round.yourChoice ?? '—', round.opponentChoice ?? '—', OUTCOME_WORDS[round.outcome])}
              </li>
            ))}
          </ol>
        ) : detail.isError ? (
          <p className={styles.error}>{TEXTS.genericError}</p>
        ) : (
          <p className={styles.searching}>Loading…</p>
        )
      ) : null}
    </div>
  );
}

/** Issue 24: what the game moved — the ETH won or lost with its USD now — and the balance after it. */
function MoneyLines({ end, stakeEth }: { end: GameEnd; stakeEth: string }) {
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
        {formatEthAmount(moved)}
        {price ? ` (${formatUsdAmount(moved, price.microUsdPerEth)})` : ''}
      </p>
      {account.data ? <p data-testid="popup-balance">{LOBBY_TEXTS.newBalance(formatEthAmount(BigInt(account.data.balanceWei)).replace(/ ETH$/, ''))}</p> : null}
    </>
  );
}

function title(end: GameEnd, amount: BetAmount): string {
  if (end.outcome === 'win') return `You Win +${formatBetUsd(amount)}`;
  if (end.outcome === 'lose') return `You Lose -${formatBetUsd(amount)}`;
  return 'Draw';
}

// The game is over whatever the player does: Escape and a click outside change nothing.
const stayOpen = () => {};

export function GameOverPopup({ room, end, character, amount, scores, stakeEth, onGoHome }: GameOverPopupProps) {
  const matchmaking = useMatchmaking();
  const searching = matchmaking.status === 'searching';
  const rematch = useRematch(room);
  // Issue 24: no rematch after a game a player left.
  const rematchAllowed = !end.opponentLeft;
  return (
    <Dialog open onClose={stayOpen} hideCloseButton size="small" title={<span className={styles[end.outcome]}>{title(end, amount)}</span>}>
      <div className={styles.body}>
        {end.opponentLeft ? <p>{TEXTS.opponentLeft}</p> : null}
        {end.outcome === 'draw' ? <p>Nobody won: your {formatBetUsd(amount)} bet is refunded.</p> : null}
        <p data-testid="popup-score">{LOBBY_TEXTS.finalScore(scores[0], scores[1])}</p>
        <MoneyLines end={end} stakeEth={stakeEth} />
        {searching ? (
          <p role="status" className={styles.searching}>
            Looking for an opponent at {amount} USDT…
          </p>
        ) : null}
        {matchmaking.error ? (
          <p role="alert" className={styles.error}>
            {matchmaking.error}
          </p>
        ) : null}
        {rematch.status === 'asked' ? (
          <p role="status" className={styles.searching}>
            {LOBBY_TEXTS.rematchWaiting}
          </p>
        ) : null}
        {rematch.status === 'declined' && rematch.message ? (
          <p role="alert" className={styles.error} data-testid="rematch-declined">
            {rematch.message}
          </p>
        ) : null}
        {rematch.status === 'offered' && rematch.from && rematchAllowed ? (
          <div className={styles.offer} data-testid="rematch-offer">
            <p>{LOBBY_TEXTS.rematchOffered(rematch.from.name)}</p>
            <div className={styles.actions}>
              <Button onClick={() => answerRematch(room, true)}>{LOBBY_TEXTS.accept}</Button>
              <Button variant="secondary" onClick={() => answerRematch(room, false)}>
                {LOBBY_TEXTS.decline}
              </Button>
            </div>
          </div>
        ) : null}
        <div className={styles.actions}>
          {searching ? (
            <Button variant="danger" onClick={cancelSearch}>
              Cancel
            </Button>
          ) : (
            <Button onClick={() => searchGame(character, amount)}>Play Again</Button>
          )}
          {rematchAllowed ? (
            <Button variant="secondary" disabled={searching || rematch.status === 'asked' || rematch.status === 'answered'} onClick={() => requestRematch(room)}>
              {LOBBY_TEXTS.rematch}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onGoHome}>
            Go Home
          </Button>
        </div>
        <RoundByRound room={room} />
        <Link to={`/verify?game=${encodeURIComponent(room)}`} className={styles.verify}>
          {LOBBY_TEXTS.verifyGame}
        </Link>
      </div>
    </Dialog>
  );
}

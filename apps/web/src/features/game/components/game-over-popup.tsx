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
import { formatBetUsd } from '../../../lib/money-format';
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
  onGoHome: () => void;
}

function title(end: GameEnd, amount: BetAmount): string {
  if (end.outcome === 'win') return `You Win +${formatBetUsd(amount)}`;
  if (end.outcome === 'lose') return `You Lose -${formatBetUsd(amount)}`;
  return 'Draw';
}

// The game is over whatever the player does: Escape and a click outside change nothing.
const stayOpen = () => {};

export function GameOverPopup({ room, end, character, amount, onGoHome }: GameOverPopupProps) {
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
      </div>
    </Dialog>
  );
}

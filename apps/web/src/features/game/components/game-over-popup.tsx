/**
 * The end-of-game popup (spec S2 "Game screen"): You Win +{amount} or You
 * Lose -{amount}, the amount being the bet won or lost (the winner receives
 * the pot, double the bet: their own stake back plus the opponent's), the
 * opponent-left line when the end came from `game_dead`, and Play Again
 * (searches again with the same character and amount; cancellable) and Go Home.
 * A game the server ended as a draw (10 rounds without a winner) refunds both
 * bets: it says so instead of claiming a loss.
 */
import { TEXTS, type BetAmount, type Character } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatBetUsd } from '../../../lib/money-format';
import type { GameEnd } from '../game-state';
import { cancelSearch, searchGame, useMatchmaking } from '../../../lib/matchmaking';
import styles from './game-over-popup.module.css';

export interface GameOverPopupProps {
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

export function GameOverPopup({ end, character, amount, onGoHome }: GameOverPopupProps) {
  const matchmaking = useMatchmaking();
  const searching = matchmaking.status === 'searching';
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
        <div className={styles.actions}>
          {searching ? (
            <Button variant="danger" onClick={cancelSearch}>
              Cancel
            </Button>
          ) : (
            <Button onClick={() => searchGame(character, amount)}>Play Again</Button>
          )}
          <Button variant="secondary" onClick={onGoHome}>
            Go Home
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

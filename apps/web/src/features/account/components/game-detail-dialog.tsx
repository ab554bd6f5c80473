/**
 * Issue 14: one game of the history, round by round (`GET /api/games/{id}`):
 * both choices of each round and its outcome, the stake and what was paid.
 */
import type { Choice, GameDetailResponse, RoundOutcome } from '@shifumi/protocol';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { userFacingMessage } from '../../../lib/api-error';
import { formatBetUsd, formatEthText } from '../../../lib/money-format';
import { useGameDetailQuery } from '../api/game-detail-api';
import styles from './game-detail-dialog.module.css';

const CHOICE_LABELS: Record<Choice, string> = { rock: 'Rock', paper: 'Paper', scissors: 'Scissors' };
const OUTCOME_LABELS: Record<RoundOutcome, string> = { won: 'Won', lost: 'Lost', draw: 'Draw' };

function choiceLabel(choice: Choice | null): string {
  return choice === null ? 'Not revealed' : CHOICE_LABELS[choice];
}

function endText(detail: GameDetailResponse): string | null {
  switch (detail.endReason) {
    case 'forfeit-leave':
      return detail.forfeitedByYou ? 'You left the game.' : 'Your opponent left the game.';
    case 'forfeit-disconnect':
      return detail.forfeitedByYou ? 'Your connection was lost for too long.' : "Your opponent's connection was lost for too long.";
    case 'max-rounds':
      return 'The round limit was reached: a draw, both stakes returned.';
    default:
      return detail.status === 'refunded' ? 'Both stakes were returned.' : null;
  }
}

function GameDetailBody({ detail }: { detail: GameDetailResponse }) {
  const ended = endText(detail);
  return (
    <div className={styles.body}>
      <dl className={styles.summary}>
        <div>
          <dt>Result</dt>
          <dd data-testid="game-detail-result">{detail.result ?? 'In play'}</dd>
        </div>
        <div>
          <dt>Score</dt>
          <dd>
            {detail.you.score} – {detail.opponent.score}
          </dd>
        </div>
        <div>
          <dt>Bet</dt>
          <dd>
            {formatBetUsd(detail.betUsd)} · stake {formatEthText(detail.stakeEth)}
          </dd>
        </div>
        <div>
          <dt>Payout</dt>
          <dd data-testid="game-detail-payout">{formatEthText(detail.payoutEth)}</dd>
        </div>
      </dl>
      {ended ? <p className={styles.muted}>{ended}</p> : null}
      {detail.rounds.length === 0 ? (
        <p className={styles.muted}>No round was played to the end.</p>
      ) : (
        <table className={styles.rounds}>
          <caption className={styles.caption}>Rounds</caption>
          <thead>
            <tr>
              <th scope="col">Round</th>
              <th scope="col">You</th>
              <th scope="col">{detail.opponent.name}</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {detail.rounds.map((round) => (
              <tr key={round.round}>
                <th scope="row">{round.round}</th>
                <td>{choiceLabel(round.yourChoice)}</td>
                <td>{choiceLabel(round.opponentChoice)}</td>
                <td className={styles[round.outcome]}>{OUTCOME_LABELS[round.outcome]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function GameDetailDialog({ gameId, onClose }: { gameId: string | null; onClose: () => void }) {
  const detail = useGameDetailQuery(gameId);
  return (
    <Dialog open={gameId !== null} onClose={onClose} title={detail.data ? `Game against ${detail.data.opponent.name}` : 'Game'} size="medium">
      {detail.data ? (
        <GameDetailBody detail={detail.data} />
      ) : detail.error ? (
        <Notice tone="error">{userFacingMessage(detail.error)}</Notice>
      ) : (
        <p role="status" className={styles.muted}>
          <Spinner size="small" /> Loading the game…
        </p>
      )}
    </Dialog>
  );
}

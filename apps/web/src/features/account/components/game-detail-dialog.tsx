/**
 * Issue 14: one game of the history, round by round (`GET /api/games/{id}`):
 * both choices of each round and its outcome, the stake and what was paid.
 */
import type { Choice, GameDetailResponse, RoundOutcome } from '@shifumi/protocol';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { userFacingMessage } from '../../../lib/api-error';
import { useIntlLocale, type MessageKey } from '../../../lib/i18n/i18n';
import { formatBetUsd, formatEthText } from '../../../lib/money-format';
import { useGameDetailQuery } from '../api/game-detail-api';
import { useAccountT } from '../account-texts';
import { resultKey } from './game-result';
import styles from './game-detail-dialog.module.css';

const CHOICE_LABELS: Record<Choice, MessageKey> = {
  rock: 'account.game.rock',
  paper: 'account.game.paper',
  scissors: 'account.game.scissors',
};
const OUTCOME_LABELS: Record<RoundOutcome, MessageKey> = {
  won: 'account.game.won',
  lost: 'account.game.lost',
  draw: 'account.game.drawRound',
};

function choiceLabel(choice: Choice | null): MessageKey {
  return choice === null ? 'account.game.notRevealed' : CHOICE_LABELS[choice];
}

function endText(detail: GameDetailResponse): MessageKey | null {
  switch (detail.endReason) {
    case 'forfeit-leave':
      return detail.forfeitedByYou ? 'account.game.youLeft' : 'account.game.opponentLeft';
    case 'forfeit-disconnect':
      return detail.forfeitedByYou ? 'account.game.youDisconnected' : 'account.game.opponentDisconnected';
    case 'max-rounds':
      return 'account.game.maxRounds';
    default:
      return detail.status === 'refunded' ? 'account.game.refunded' : null;
  }
}

function GameDetailBody({ detail }: { detail: GameDetailResponse }) {
  const t = useAccountT();
  const locale = useIntlLocale();
  const ended = endText(detail);
  return (
    <div className={styles.body}>
      <dl className={styles.summary}>
        <div>
          <dt>{t('account.game.result')}</dt>
          <dd data-testid="game-detail-result">{t(detail.result === null ? 'account.game.inPlay' : resultKey(detail.result))}</dd>
        </div>
        <div>
          <dt>{t('account.game.score')}</dt>
          <dd>
            {detail.you.score} – {detail.opponent.score}
          </dd>
        </div>
        <div>
          <dt>{t('account.game.bet')}</dt>
          <dd>
            {t('account.game.betValue', {
              bet: formatBetUsd(detail.betUsd, locale),
              stake: formatEthText(detail.stakeEth, locale),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('account.game.payout')}</dt>
          <dd data-testid="game-detail-payout">{formatEthText(detail.payoutEth, locale)}</dd>
        </div>
      </dl>
      {ended ? <p className={styles.muted}>{t(ended)}</p> : null}
      {detail.rounds.length === 0 ? (
        <p className={styles.muted}>{t('account.game.noRound')}</p>
      ) : (
        <table className={styles.rounds}>
          <caption className={styles.caption}>{t('account.game.rounds')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('account.game.round')}</th>
              <th scope="col">{t('account.game.you')}</th>
              <th scope="col">{detail.opponent.name}</th>
              <th scope="col">{t('account.game.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.rounds.map((round) => (
              <tr key={round.round}>
                <th scope="row">{round.round}</th>
                <td>{t(choiceLabel(round.yourChoice))}</td>
                <td>{t(choiceLabel(round.opponentChoice))}</td>
                <td className={styles[round.outcome]}>{t(OUTCOME_LABELS[round.outcome])}</td>
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
  const t = useAccountT();
  return (
    <Dialog
      open={gameId !== null}
      onClose={onClose}
      title={detail.data ? t('account.game.title', { opponent: detail.data.opponent.name }) : t('account.game.titleLoading')}
      size="medium"
    >
      {detail.data ? (
        <GameDetailBody detail={detail.data} />
      ) : detail.error ? (
        <Notice tone="error">{userFacingMessage(detail.error)}</Notice>
      ) : (
        <p role="status" className={styles.muted}>
          <Spinner size="small" /> {t('account.game.loading')}
        </p>
      )}
    </Dialog>
  );
}

/**
 * The scoreboard (spec S2 "Game screen"): you and your opponent with your
 * round wins, the round, the countdown to the server's deadline and the bet.
 */
import { formatBetUsd, formatEthText } from '../../../lib/money-format';
import { useIntlLocale, useT } from '../../../lib/i18n/i18n';
import styles from './scoreboard.module.css';

export interface ScoreboardProps {
  opponentName: string;
  myScore: number;
  opponentScore: number;
  round: number;
  /** Null shows a dash: no round running (before the first, during a reveal, at the end). */
  secondsLeft: number | null;
  /** The round is open and no hand chosen yet: the countdown matters. */
  waitingForMe: boolean;
  amount: number;
  stakeEth: string;
  /** Issue 24: shown instead of the bet (practice: "Practice — no money"). */
  stakeLabel?: string;
}

const WARNING_SECONDS = 3;

export function Scoreboard({
  opponentName,
  myScore,
  opponentScore,
  round,
  secondsLeft,
  waitingForMe,
  amount,
  stakeEth,
  stakeLabel,
}: ScoreboardProps) {
  const t = useT();
  const locale = useIntlLocale();
  const urgent = waitingForMe && secondsLeft !== null && secondsLeft <= WARNING_SECONDS;
  return (
    <section className={styles.scoreboard} aria-label={t('game.score.label')}>
      <div className={styles.side}>
        <span className={styles.name}>{t('game.score.you')}</span>
        <span className={styles.score} data-testid="my-score">
          {myScore}
        </span>
      </div>
      <div className={styles.center}>
        <span className={styles.round}>{t('game.score.round', { round })}</span>
        <span
          className={`${styles.timer} ${urgent ? styles.urgent : ''}`}
          role="timer"
          aria-label={t('game.score.secondsLeft')}
          data-testid="countdown"
        >
          {secondsLeft ?? '–'}
        </span>
      </div>
      <div className={styles.side}>
        <span className={styles.name} title={opponentName}>
          {opponentName}
        </span>
        <span className={styles.score} data-testid="opponent-score">
          {opponentScore}
        </span>
      </div>
      <p className={styles.stake}>
        {stakeLabel ?? t('game.score.bet', { usd: formatBetUsd(amount, locale), eth: formatEthText(stakeEth, locale) })}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {waitingForMe && secondsLeft !== null && secondsLeft <= 5 && secondsLeft > 0 ? t('game.score.fiveSecondsLeft') : ''}
      </p>
    </section>
  );
}

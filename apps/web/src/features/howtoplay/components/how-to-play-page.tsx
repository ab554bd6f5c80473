/**
 * /howtoplay (spec S2 "How to play"): Quick Start in three steps, the rules,
 * how to win, fair play (issue 17: sealed choices and signed transcripts) and
 * tips. Numbers come from the shared constants, the fair play texts from the
 * protocol's fairness texts.
 */
import { Link } from 'react-router';
import { BET_AMOUNTS, REVEAL_WINDOW_MS, ROUND_TIMER_MS, WIN_THRESHOLD } from '@shifumi/protocol/constants';
import { FAIRNESS_TEXTS } from '@shifumi/protocol/fairness-texts';
import styles from './how-to-play-page.module.css';
import { PageHeader } from '../../../components/ui/page-header';

const ROUND_SECONDS = ROUND_TIMER_MS / 1000;
const MIN_BET = BET_AMOUNTS[0];
const MAX_BET = BET_AMOUNTS[BET_AMOUNTS.length - 1];
const REVEAL_SECONDS = REVEAL_WINDOW_MS / 1000;
const FAIR_PLAY = FAIRNESS_TEXTS.howToPlay;

const QUICK_START = [
  {
    title: 'Deposit ETH',
    text: 'Sign in, press Add Funds and send ETH to your personal deposit address. Only ETH is accepted on that address. Your balance is credited once the network confirms the transfer, and it is held in ETH.',
  },
  {
    title: 'Choose your bet',
    text: `Pick an amount from ${MIN_BET} to ${MAX_BET} USDT (${BET_AMOUNTS.join(', ')}). Bets are shown in USDT and paid in ETH at the current price, so your balance must cover the bet converted to ETH.`,
  },
  {
    title: 'Select your character and find a match',
    text: 'Pick one of the four characters, press Play Now and we pair you with another player betting the same amount. You can cancel while the search is running.',
  },
] as const;

export function HowToPlayPage() {
  return (
    <article className={styles.page}>
      <PageHeader eyebrow="Help" title="How to play">
        Shifumi is rock, paper, scissors against a real person, in real time, with real money on the line. Here is
        everything you need to know before your first match.
      </PageHeader>

      <section aria-labelledby="quick-start" className={styles.section}>
        <h2 id="quick-start" className={styles.heading}>
          Quick Start
        </h2>
        <ol className={styles.steps}>
          {QUICK_START.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className={styles.stepTitle}>{step.title}</h3>
                <p className={styles.text}>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="rules" className={styles.section}>
        <h2 id="rules" className={styles.heading}>
          Game rules
        </h2>
        <ul className={styles.beats}>
          <li className={styles.beat}>
            <strong>Rock</strong> beats <strong>scissors</strong>
          </li>
          <li className={styles.beat}>
            <strong>Scissors</strong> beat <strong>paper</strong>
          </li>
          <li className={styles.beat}>
            <strong>Paper</strong> beats <strong>rock</strong>
          </li>
        </ul>
        <ul className={styles.list}>
          <li>
            Each round lasts <strong>{ROUND_SECONDS} seconds</strong>. Both players choose in secret; once you have
            chosen, your choice is locked.
          </li>
          <li>
            If the timer reaches zero before you choose, <strong>rock</strong> is played for you.
          </li>
          <li>When both players show the same hand, the round is a draw: nobody scores and a new round starts.</li>
          <li>
            The first player to win <strong>{WIN_THRESHOLD} rounds</strong> wins the match.
          </li>
        </ul>
      </section>

      <section aria-labelledby="how-to-win" className={styles.section}>
        <h2 id="how-to-win" className={styles.heading}>
          How to win
        </h2>
        <div className={styles.cards}>
          <div className={styles.card}>
            <h3 className={styles.cardTitle}>Win {WIN_THRESHOLD} rounds</h3>
            <p className={styles.text}>
              A match has no fixed length: draws do not count, so it lasts until one player reaches {WIN_THRESHOLD}{' '}
              round wins.
            </p>
          </div>
          <div className={styles.card}>
            <h3 className={styles.cardTitle}>Take double the bet</h3>
            <p className={styles.text}>
              Both players bet the same amount. The winner receives double the bet, credited to their balance.
            </p>
          </div>
          <div className={styles.card}>
            <h3 className={styles.cardTitle}>Stay until the end</h3>
            <p className={styles.text}>
              If your opponent leaves the match, you win it. If you leave or reload the page during a match, you lose it.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="fair-play" className={styles.section}>
        <h2 id="fair-play" className={styles.heading}>
          {FAIR_PLAY.heading}
        </h2>
        <div className={styles.fairPlay}>
          {FAIR_PLAY.items.map((item) => (
            <div key={item.title} className={styles.card}>
              <h3 className={styles.cardTitle}>{item.title}</h3>
              <p className={styles.text}>{typeof item.text === 'function' ? item.text(REVEAL_SECONDS) : item.text}</p>
            </div>
          ))}
        </div>
        <p className={styles.text}>
          <Link to="/verify">{FAIR_PLAY.verifyLink}</Link>
        </p>
      </section>

      <section aria-labelledby="pro-tips" className={styles.section}>
        <h2 id="pro-tips" className={styles.heading}>
          Pro tips
        </h2>
        <ul className={styles.list}>
          <li>
            Choose before the last second. Running out of time plays rock, and an opponent who knows it will answer with
            paper.
          </li>
          <li>
            Watch for habits. Many players repeat a hand that just won and switch after a loss; few play truly at
            random.
          </li>
          <li>Vary your own choices so you are not the predictable one.</li>
          <li>Start with small bets while you learn the rhythm of a match.</li>
          <li>Play on a stable connection: leaving a match, even by accident, loses it.</li>
          <li>Verify your e-mail address early — withdrawals need a verified address.</li>
          <li>Set yourself a budget before you play and stop when you reach it. Never bet money you cannot afford to lose.</li>
        </ul>
      </section>
    </article>
  );
}

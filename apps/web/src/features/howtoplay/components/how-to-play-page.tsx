/**
 * /howtoplay (spec S2 "How to play"): Quick Start in three steps, the rules,
 * how to win, fair play (issue 17: sealed choices and signed transcripts) and
 * tips. Numbers come from the shared constants, every text from the
 * `howToPlay` catalogue (issue 27), in English and in French.
 */
import { Link } from 'react-router';
import { BET_AMOUNTS, REVEAL_WINDOW_MS, ROUND_TIMER_MS, WIN_THRESHOLD } from '@shifumi/protocol/constants';
import { loadNamespace, useT, type MessageKey } from '../../../lib/i18n/i18n';
import { HOW_TO_PLAY_TEXTS } from '../../../lib/i18n/page-namespaces';
import { RichText } from '../../../lib/i18n/rich-text';
import styles from './how-to-play-page.module.css';
import { PageHeader } from '../../../components/ui/page-header';

// Issue 27: the page's texts come with its chunk (the module is ready once they are).
await loadNamespace('howToPlay', HOW_TO_PLAY_TEXTS);

const ROUND_SECONDS = ROUND_TIMER_MS / 1000;
const MIN_BET = BET_AMOUNTS[0];
const MAX_BET = BET_AMOUNTS[BET_AMOUNTS.length - 1];
const REVEAL_SECONDS = REVEAL_WINDOW_MS / 1000;

const QUICK_START = [
  { title: 'howToPlay.quickStart.depositTitle', text: 'howToPlay.quickStart.depositText' },
  { title: 'howToPlay.quickStart.betTitle', text: 'howToPlay.quickStart.betText' },
  { title: 'howToPlay.quickStart.matchTitle', text: 'howToPlay.quickStart.matchText' },
] as const satisfies readonly { title: MessageKey; text: MessageKey }[];

const FAIR_PLAY = [
  { title: 'howToPlay.fairPlay.sealedTitle', text: 'howToPlay.fairPlay.sealedText' },
  { title: 'howToPlay.fairPlay.signedTitle', text: 'howToPlay.fairPlay.signedText' },
  { title: 'howToPlay.fairPlay.hiddenTitle', text: 'howToPlay.fairPlay.hiddenText' },
  { title: 'howToPlay.fairPlay.limitsTitle', text: 'howToPlay.fairPlay.limitsText' },
] as const satisfies readonly { title: MessageKey; text: MessageKey }[];

const TIPS = [
  'howToPlay.tips.beforeLastSecond',
  'howToPlay.tips.habits',
  'howToPlay.tips.vary',
  'howToPlay.tips.small',
  'howToPlay.tips.connection',
  'howToPlay.tips.verifyEmail',
  'howToPlay.tips.budget',
] as const satisfies readonly MessageKey[];

/** The values the page's texts name: the game's own numbers. */
const VALUES = {
  min: MIN_BET,
  max: MAX_BET,
  amounts: BET_AMOUNTS.join(', '),
  seconds: ROUND_SECONDS,
  rounds: WIN_THRESHOLD,
};

export function HowToPlayPage() {
  const t = useT();
  return (
    <article className={styles.page}>
      <PageHeader eyebrow={t('howToPlay.eyebrow')} title={t('howToPlay.title')}>
        {t('howToPlay.intro')}
      </PageHeader>

      <section aria-labelledby="quick-start" className={styles.section}>
        <h2 id="quick-start" className={styles.heading}>
          {t('howToPlay.quickStart.heading')}
        </h2>
        <ol className={styles.steps}>
          {QUICK_START.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className={styles.stepTitle}>{t(step.title)}</h3>
                <p className={styles.text}>{t(step.text, VALUES)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="rules" className={styles.section}>
        <h2 id="rules" className={styles.heading}>
          {t('howToPlay.rules.heading')}
        </h2>
        <ul className={styles.beats}>
          <li className={styles.beat}>
            <RichText text={t('howToPlay.rules.rockBeatsScissors')} />
          </li>
          <li className={styles.beat}>
            <RichText text={t('howToPlay.rules.scissorsBeatPaper')} />
          </li>
          <li className={styles.beat}>
            <RichText text={t('howToPlay.rules.paperBeatsRock')} />
          </li>
        </ul>
        <ul className={styles.list}>
          <li>
            <RichText text={t('howToPlay.rules.round', VALUES)} />
          </li>
          <li>
            <RichText text={t('howToPlay.rules.timeout')} />
          </li>
          <li>{t('howToPlay.rules.draw')}</li>
          <li>
            <RichText text={t('howToPlay.rules.win', VALUES)} />
          </li>
        </ul>
      </section>

      <section aria-labelledby="how-to-win" className={styles.section}>
        <h2 id="how-to-win" className={styles.heading}>
          {t('howToPlay.win.heading')}
        </h2>
        <div className={styles.cards}>
          <div className={styles.card}>
            <h3 className={styles.cardTitle}>{t('howToPlay.win.roundsTitle', VALUES)}</h3>
            <p className={styles.text}>{t('howToPlay.win.roundsText', VALUES)}</p>
          </div>
          <div className={styles.card}>
            <h3 className={styles.cardTitle}>{t('howToPlay.win.doubleTitle')}</h3>
            <p className={styles.text}>{t('howToPlay.win.doubleText')}</p>
          </div>
          <div className={styles.card}>
            <h3 className={styles.cardTitle}>{t('howToPlay.win.stayTitle')}</h3>
            <p className={styles.text}>{t('howToPlay.win.stayText')}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="fair-play" className={styles.section}>
        <h2 id="fair-play" className={styles.heading}>
          {t('howToPlay.fairPlay.heading')}
        </h2>
        <div className={styles.fairPlay}>
          {FAIR_PLAY.map((item) => (
            <div key={item.title} className={styles.card}>
              <h3 className={styles.cardTitle}>{t(item.title)}</h3>
              <p className={styles.text}>{t(item.text, { seconds: REVEAL_SECONDS })}</p>
            </div>
          ))}
        </div>
        <p className={styles.text}>
          <Link to="/verify">{t('howToPlay.fairPlay.verifyLink')}</Link>
        </p>
      </section>

      <section aria-labelledby="pro-tips" className={styles.section}>
        <h2 id="pro-tips" className={styles.heading}>
          {t('howToPlay.tips.heading')}
        </h2>
        <ul className={styles.list}>
          {TIPS.map((tip) => (
            <li key={tip}>{t(tip)}</li>
          ))}
        </ul>
      </section>
    </article>
  );
}

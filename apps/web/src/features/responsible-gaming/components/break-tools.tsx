/** Issue 19: the two breaks from play — a time-out (short) and a self-exclusion (months or years). */
import { useState } from 'react';
import {
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
  type LimitsResponse,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import type { Pending } from './responsible-gaming-consequence';
import { useT } from '../../../lib/i18n/i18n';
import './responsible-gaming-text';
import styles from './responsible-gaming.module.css';

export function TimeOutTool({ ask }: { ask: (pending: Pending) => void }) {
  const t = useT();
  const [timeOutPeriod, setTimeOutPeriod] = useState<TimeOutPeriod>('24h');
  return (
    <div className={styles.tool}>
      <h3 className={styles.toolTitle}>{t('responsibleGaming.timeOut.title')}</h3>
      <p className={styles.muted}>{t('responsibleGaming.timeOut.text')}</p>
      <div className={styles.inline}>
        <label className={styles.field}>
          <span>{t('responsibleGaming.timeOut.length')}</span>
          <select value={timeOutPeriod} onChange={(event) => setTimeOutPeriod(event.target.value as TimeOutPeriod)}>
            {TIME_OUT_PERIODS.map((option) => (
              <option key={option} value={option}>
                {t(`responsibleGaming.timeOutPeriods.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <Button size="small" variant="secondary" onClick={() => ask({ action: 'time-out', period: timeOutPeriod })}>
          {t('responsibleGaming.timeOut.take')}
        </Button>
      </div>
    </div>
  );
}

export function SelfExclusionTool({ state, ask }: { state: LimitsResponse; ask: (pending: Pending) => void }) {
  const t = useT();
  const [exclusionPeriod, setExclusionPeriod] = useState<SelfExclusionPeriod>('6m');
  const exclusionPastTerm = state.selfExclusion !== null && Date.parse(state.selfExclusion.until) <= Date.now();
  return (
    <div className={styles.tool}>
      <h3 className={styles.toolTitle}>{t('responsibleGaming.selfExclusion.title')}</h3>
      <p className={styles.muted}>{t('responsibleGaming.selfExclusion.text')}</p>
      <div className={styles.inline}>
        <label className={styles.field}>
          <span>{t('responsibleGaming.selfExclusion.length')}</span>
          <select value={exclusionPeriod} onChange={(event) => setExclusionPeriod(event.target.value as SelfExclusionPeriod)}>
            {SELF_EXCLUSION_PERIODS.map((option) => (
              <option key={option} value={option}>
                {t(`responsibleGaming.selfExclusionPeriods.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <Button size="small" variant="secondary" onClick={() => ask({ action: 'self-exclusion', period: exclusionPeriod })}>
          {t('responsibleGaming.selfExclusion.exclude')}
        </Button>
        {exclusionPastTerm && state.selfExclusion?.endRequestedAt === null ? (
          <Button size="small" variant="ghost" onClick={() => ask({ action: 'end-self-exclusion' })}>
            {t('responsibleGaming.selfExclusion.askToEnd')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

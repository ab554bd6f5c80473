/** Issue 19: the reality check tool — how often a reminder comes, and a pending change. */
import { useState } from 'react';
import { REALITY_CHECK_MINUTES, type LimitsResponse, type RealityCheckMinutes } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n';
import type { Pending } from './responsible-gaming-consequence';
import { formatWhen, realityInSentence, realityLabel } from './responsible-gaming-text';
import styles from './responsible-gaming.module.css';

export function RealityCheckTool({ state, ask }: { state: LimitsResponse; ask: (pending: Pending) => void }) {
  const t = useT();
  const [minutes, setMinutes] = useState<RealityCheckMinutes | null>(null);
  const shownMinutes = minutes ?? (state.realityCheckMinutes as RealityCheckMinutes);
  return (
    <div className={styles.tool}>
      <h3 className={styles.toolTitle}>{t('responsibleGaming.reality.title')}</h3>
      <p className={styles.muted}>
        {t('responsibleGaming.reality.now', { frequency: realityInSentence(state.realityCheckMinutes) })}
        {state.realityCheckPending
          ? ` ${t('responsibleGaming.reality.becomes', {
              frequency: realityInSentence(state.realityCheckPending.minutes),
              when: formatWhen(state.realityCheckPending.effectiveAt),
            })}`
          : ''}
      </p>
      <div className={styles.inline}>
        <label className={styles.field}>
          <span>{t('responsibleGaming.reality.reminder')}</span>
          <select value={shownMinutes} onChange={(event) => setMinutes(Number(event.target.value) as RealityCheckMinutes)}>
            {REALITY_CHECK_MINUTES.map((option) => (
              <option key={option} value={option}>
                {realityLabel(option)}
              </option>
            ))}
          </select>
        </label>
        <Button
          size="small"
          variant="secondary"
          onClick={() => ask({ action: 'reality', minutes: shownMinutes, current: state.realityCheckMinutes })}
        >
          {t('responsibleGaming.reality.save')}
        </Button>
      </div>
    </div>
  );
}

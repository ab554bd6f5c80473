/** Issue 19: what each responsible-gaming action asks to confirm, and what its confirmation says will happen. */
import type {
  LimitKind,
  LimitPeriod,
  LimitsResponse,
  RealityCheckMinutes,
  SelfExclusionPeriod,
  TimeOutPeriod,
} from '@shifumi/protocol';
import { translate as t } from '../../../lib/i18n/i18n';
import { formatDollars, formatWhen, limitName, realityInSentence } from './responsible-gaming-text';

export type Pending =
  | { action: 'limit'; kind: LimitKind; period: LimitPeriod; amountUsd: number | null; current: number | null }
  | { action: 'reality'; minutes: RealityCheckMinutes; current: number }
  | { action: 'time-out'; period: TimeOutPeriod }
  | { action: 'self-exclusion'; period: SelfExclusionPeriod }
  | { action: 'end-self-exclusion' };

const frequencyRank = (minutes: number) => (minutes === 0 ? Number.POSITIVE_INFINITY : minutes);

/** What a confirmation says will happen. */
export function consequence(pending: Pending, state: LimitsResponse): { title: string; text: string; confirm: string } {
  switch (pending.action) {
    case 'limit': {
      const name = limitName(pending.kind, pending.period);
      const when = formatWhen(new Date(Date.now() + 24 * 3_600_000).toISOString());
      if (pending.amountUsd === pending.current)
        return {
          title: t('responsibleGaming.confirm.keepTitle'),
          text:
            pending.current === null
              ? t('responsibleGaming.confirm.keepOffText', { name })
              : t('responsibleGaming.confirm.keepText', { name, amount: formatDollars(pending.current) }),
          confirm: t('responsibleGaming.confirm.keep'),
        };
      const tighter = pending.amountUsd !== null && (pending.current === null || pending.amountUsd < pending.current);
      if (tighter)
        return {
          title: t('responsibleGaming.confirm.setTitle'),
          text: t('responsibleGaming.confirm.setText', { name, amount: formatDollars(pending.amountUsd!) }),
          confirm: t('responsibleGaming.confirm.set'),
        };
      const current = formatDollars(pending.current!);
      const note = t('responsibleGaming.confirm.delayNote');
      if (pending.amountUsd === null)
        return {
          title: t('responsibleGaming.confirm.removeTitle'),
          text: `${t('responsibleGaming.confirm.removeText', { name, current, when })} ${note}`,
          confirm: t('responsibleGaming.confirm.remove'),
        };
      return {
        title: t('responsibleGaming.confirm.raiseTitle'),
        text: `${t('responsibleGaming.confirm.raiseText', { name, current, amount: formatDollars(pending.amountUsd), when })} ${note}`,
        confirm: t('responsibleGaming.confirm.raise'),
      };
    }
    case 'reality':
      return {
        title: t('responsibleGaming.reality.title'),
        text:
          frequencyRank(pending.minutes) < frequencyRank(pending.current)
            ? t('responsibleGaming.confirm.realitySooner', { frequency: realityInSentence(pending.minutes) })
            : t('responsibleGaming.confirm.realityLater', {
                current: realityInSentence(pending.current),
                next: realityInSentence(pending.minutes),
              }),
        confirm: t('responsibleGaming.confirm.save'),
      };
    case 'time-out': {
      const until = new Date(Date.now() + { '24h': 1, '7d': 7, '30d': 30, '6w': 42 }[pending.period] * 86_400_000).toISOString();
      return {
        title: t('responsibleGaming.confirm.timeOutTitle', { period: t(`responsibleGaming.timeOutPeriods.${pending.period}`) }),
        text: t('responsibleGaming.confirm.timeOutText', { when: formatWhen(until) }),
        confirm: t('responsibleGaming.confirm.timeOut'),
      };
    }
    case 'self-exclusion': {
      const period = t(`responsibleGaming.selfExclusionPeriods.${pending.period}`);
      return {
        title: t('responsibleGaming.confirm.selfExclusionTitle', { period }),
        text: t('responsibleGaming.confirm.selfExclusionText', { period }),
        confirm: t('responsibleGaming.confirm.selfExclusion'),
      };
    }
    case 'end-self-exclusion':
      return {
        title: t('responsibleGaming.confirm.endTitle'),
        text: t('responsibleGaming.confirm.endText', { when: state.selfExclusion ? formatWhen(state.selfExclusion.until) : '' }),
        confirm: t('responsibleGaming.confirm.end'),
      };
  }
}

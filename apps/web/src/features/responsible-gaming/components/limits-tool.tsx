/** Issue 19: the limits tool — the limits in force with their pending changes, and the form to set one. */
import { useId, useState, type FormEvent } from 'react';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type LimitState,
  type LimitsResponse,
} from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import type { Pending } from './responsible-gaming-consequence';
import { useT } from '../../../lib/i18n/i18n';
import { formatDollars, formatWhen } from './responsible-gaming-text';
import styles from './responsible-gaming.module.css';

function LimitRow({ limit, onCancelChange }: { limit: LimitState; onCancelChange: () => void }) {
  const t = useT();
  if (limit.amountUsd === null && limit.pending === null) return null;
  return (
    <li className={styles.limitRow} data-testid={`limit-${limit.kind}-${limit.period}`}>
      <span className={styles.limitName}>
        {t('responsibleGaming.limits.row', {
          kind: t(`responsibleGaming.kinds.${limit.kind}`),
          period: t(`responsibleGaming.periods.${limit.period}`),
        })}
      </span>
      <span>
        {limit.amountUsd === null ? t('responsibleGaming.limits.noLimit') : formatDollars(limit.amountUsd)}
        {limit.amountUsd === null ? null : (
          <span className={styles.muted}>{t('responsibleGaming.limits.used', { amount: formatDollars(limit.usedUsd) })}</span>
        )}
      </span>
      {limit.pending ? (
        <span className={styles.pendingNote}>
          {limit.pending.amountUsd === null
            ? t('responsibleGaming.limits.removedOn', { when: formatWhen(limit.pending.effectiveAt) })
            : t('responsibleGaming.limits.becomesOn', {
                amount: formatDollars(limit.pending.amountUsd),
                when: formatWhen(limit.pending.effectiveAt),
              })}{' '}
          <Button size="small" variant="ghost" onClick={onCancelChange}>
            {t('responsibleGaming.limits.cancelChange')}
          </Button>
        </span>
      ) : null}
    </li>
  );
}

export function LimitsTool({ state, ask }: { state: LimitsResponse; ask: (pending: Pending) => void }) {
  const t = useT();
  const [kind, setKind] = useState<LimitKind>('loss');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const [amountInvalid, setAmountInvalid] = useState(false);
  const id = useId();
  const currentOf = (k: LimitKind, p: LimitPeriod) =>
    state.limits.find((limit) => limit.kind === k && limit.period === p)?.amountUsd ?? null;
  const activeLimits = state.limits.filter((limit) => limit.amountUsd !== null || limit.pending !== null);

  function submitLimit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(amount);
    if (amount.trim() === '' || !Number.isInteger(value) || value < 1 || value > 1_000_000) {
      setAmountInvalid(true);
      return;
    }
    setAmountInvalid(false);
    ask({ action: 'limit', kind, period, amountUsd: value, current: currentOf(kind, period) });
  }

  return (
    <div className={styles.tool}>
      <h3 className={styles.toolTitle}>{t('responsibleGaming.limits.title')}</h3>
      {activeLimits.length === 0 ? (
        <p className={styles.muted}>{t('responsibleGaming.limits.none')}</p>
      ) : (
        <ul className={styles.limitList}>
          {activeLimits.map((limit) => (
            <LimitRow
              key={`${limit.kind}-${limit.period}`}
              limit={limit}
              onCancelChange={() =>
                ask({
                  action: 'limit',
                  kind: limit.kind,
                  period: limit.period,
                  amountUsd: limit.amountUsd,
                  current: limit.amountUsd,
                })
              }
            />
          ))}
        </ul>
      )}
      <form className={styles.limitForm} onSubmit={submitLimit} noValidate>
        <label className={styles.field}>
          <span>{t('responsibleGaming.limits.kind')}</span>
          <select value={kind} onChange={(event) => setKind(event.target.value as LimitKind)}>
            {LIMIT_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`responsibleGaming.kinds.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('responsibleGaming.limits.period')}</span>
          <select value={period} onChange={(event) => setPeriod(event.target.value as LimitPeriod)}>
            {LIMIT_PERIODS.map((option) => (
              <option key={option} value={option}>
                {t(`responsibleGaming.periods.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('responsibleGaming.limits.amount')}</span>
          <input
            inputMode="numeric"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={amountInvalid || undefined}
            aria-describedby={`${id}-limit-help`}
          />
        </label>
        <div className={styles.formButtons}>
          <Button type="submit" size="small">
            {t('responsibleGaming.limits.save')}
          </Button>
          {currentOf(kind, period) === null ? null : (
            <Button
              type="button"
              size="small"
              variant="secondary"
              onClick={() => ask({ action: 'limit', kind, period, amountUsd: null, current: currentOf(kind, period) })}
            >
              {t('responsibleGaming.limits.remove')}
            </Button>
          )}
        </div>
      </form>
      <p id={`${id}-limit-help`} className={styles.muted}>
        {t(`responsibleGaming.kindHelp.${kind}`)} {t('responsibleGaming.limits.delays')}
      </p>
      {amountInvalid ? <Notice tone="error">{t('responsibleGaming.limits.amountInvalid')}</Notice> : null}
    </div>
  );
}

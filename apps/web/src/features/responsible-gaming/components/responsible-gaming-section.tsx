/**
 * Issue 19: the "Responsible gaming" section of the account page — each tool
 * with its state and pending changes, every action confirmed by a dialog that
 * says exactly what will happen, the statement download and the history.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  RESPONSIBLE_GAMING_TEXTS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type LimitState,
  type LimitsResponse,
  type RealityCheckMinutes,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import {
  downloadStatement,
  useLimitsQuery,
  useRealityCheckMutation,
  useSelfExclusionEndMutation,
  useSelfExclusionMutation,
  useSetLimitMutation,
  useTimeOutMutation,
} from '../api/responsible-gaming-api';
import { ConfirmDialog } from './confirm-dialog';
import { formatDollars, formatWhen, KIND_HELP, KIND_LABEL, PERIOD_ADJECTIVE, PERIOD_LABEL, SELF_EXCLUSION_LABEL, TIME_OUT_LABEL } from './responsible-gaming-text';
import styles from './responsible-gaming.module.css';

type Pending =
  | { action: 'limit'; kind: LimitKind; period: LimitPeriod; amountUsd: number | null; current: number | null }
  | { action: 'reality'; minutes: RealityCheckMinutes; current: number }
  | { action: 'time-out'; period: TimeOutPeriod }
  | { action: 'self-exclusion'; period: SelfExclusionPeriod }
  | { action: 'end-self-exclusion' };

const realityLabel = (minutes: number) => (minutes === 0 ? 'Off' : `Every ${minutes} minutes`);
const frequencyRank = (minutes: number) => (minutes === 0 ? Number.POSITIVE_INFINITY : minutes);

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** What a confirmation says will happen. */
function consequence(pending: Pending, state: LimitsResponse): { title: string; text: string; confirm: string } {
  switch (pending.action) {
    case 'limit': {
      const name = `${PERIOD_ADJECTIVE[pending.period]} ${KIND_LABEL[pending.kind].toLowerCase()}`;
      const at = new Date(Date.now() + 24 * 3_600_000).toISOString();
      if (pending.amountUsd === pending.current) return { title: 'Keep this limit', text: `Your ${name} stays ${pending.current === null ? 'off' : formatDollars(pending.current)} and any pending change is cancelled.`, confirm: 'Keep it' };
      const tighter = pending.amountUsd !== null && (pending.current === null || pending.amountUsd < pending.current);
      if (tighter) return { title: 'Set this limit', text: `Your ${name} will be ${formatDollars(pending.amountUsd!)}, starting now.`, confirm: 'Set limit' };
      const target = pending.amountUsd === null ? 'removed' : `raised to ${formatDollars(pending.amountUsd)}`;
      return {
        title: pending.amountUsd === null ? 'Remove this limit' : 'Raise this limit',
        text: `Your ${name} stays ${formatDollars(pending.current!)} for 24 hours, then it is ${target} (around ${formatWhen(at)}). ${RESPONSIBLE_GAMING_TEXTS.increaseDelayNote}`,
        confirm: pending.amountUsd === null ? 'Remove after 24 hours' : 'Raise after 24 hours',
      };
    }
    case 'reality':
      return frequencyRank(pending.minutes) < frequencyRank(pending.current)
        ? { title: 'Reality check', text: `You will get a reminder ${realityLabel(pending.minutes).toLowerCase()}, starting now.`, confirm: 'Save' }
        : {
            title: 'Reality check',
            text: `Your reminders stay ${realityLabel(pending.current).toLowerCase()} for 24 hours, then become ${realityLabel(pending.minutes).toLowerCase()}.`,
            confirm: 'Save',
          };
    case 'time-out': {
      const until = new Date(Date.now() + { '24h': 1, '7d': 7, '30d': 30, '6w': 42 }[pending.period] * 86_400_000).toISOString();
      return {
        title: `Take a time-out of ${TIME_OUT_LABEL[pending.period]}`,
        text: `You will not be able to play until about ${formatWhen(until)}. It starts now and cannot be undone early. You can still sign in, see your account, download statements and withdraw; deposits are credited but cannot be played until it ends.`,
        confirm: 'Start my time-out',
      };
    }
    case 'self-exclusion':
      return {
        title: `Exclude yourself for ${SELF_EXCLUSION_LABEL[pending.period]}`,
        text: `You will not be able to play for ${SELF_EXCLUSION_LABEL[pending.period]}. It starts now and cannot be undone early. After that, it only ends if you ask, 24 hours after you ask. You can still sign in, see your account, download statements and withdraw.`,
        confirm: 'Exclude me',
      };
    case 'end-self-exclusion':
      return {
        title: 'End your self-exclusion',
        text: `Your self-exclusion reached its term on ${state.selfExclusion ? formatWhen(state.selfExclusion.until) : ''}. If you ask now, it ends in 24 hours; until then you cannot play.`,
        confirm: 'Ask to end it',
      };
  }
}

function LimitRow({ limit, onCancelChange }: { limit: LimitState; onCancelChange: () => void }) {
  if (limit.amountUsd === null && limit.pending === null) return null;
  return (
    <li className={styles.limitRow} data-testid={`limit-${limit.kind}-${limit.period}`}>
      <span className={styles.limitName}>
        {KIND_LABEL[limit.kind]}, {PERIOD_LABEL[limit.period]}
      </span>
      <span>
        {limit.amountUsd === null ? 'No limit' : formatDollars(limit.amountUsd)}
        {limit.amountUsd === null ? null : <span className={styles.muted}> · used {formatDollars(limit.usedUsd)}</span>}
      </span>
      {limit.pending ? (
        <span className={styles.pendingNote}>
          {limit.pending.amountUsd === null ? 'Removed' : `Becomes ${formatDollars(limit.pending.amountUsd)}`} on {formatWhen(limit.pending.effectiveAt)}{' '}
          <Button size="small" variant="ghost" onClick={onCancelChange}>
            Cancel change
          </Button>
        </span>
      ) : null}
    </li>
  );
}

export function ResponsibleGamingSection() {
  const limits = useLimitsQuery(true);
  const setLimit = useSetLimitMutation();
  const realityCheck = useRealityCheckMutation();
  const timeOut = useTimeOutMutation();
  const selfExclusion = useSelfExclusionMutation();
  const endSelfExclusion = useSelfExclusionEndMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [kind, setKind] = useState<LimitKind>('loss');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<RealityCheckMinutes | null>(null);
  const [timeOutPeriod, setTimeOutPeriod] = useState<TimeOutPeriod>('24h');
  const [exclusionPeriod, setExclusionPeriod] = useState<SelfExclusionPeriod>('6m');
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [downloading, setDownloading] = useState(false);
  const id = useId();

  const state = limits.data;
  if (!state) return <p className={styles.muted}>{limits.isError ? 'Your responsible gaming settings could not be loaded.' : 'Loading…'}</p>;

  const currentOf = (k: LimitKind, p: LimitPeriod) => state.limits.find((limit) => limit.kind === k && limit.period === p)?.amountUsd ?? null;
  const activeLimits = state.limits.filter((limit) => limit.amountUsd !== null || limit.pending !== null);
  const shownMinutes = minutes ?? (state.realityCheckMinutes as RealityCheckMinutes);

  function submitLimit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(amount);
    if (amount.trim() === '' || !Number.isInteger(value) || value < 1 || value > 1_000_000) {
      setAmountError('Please enter a whole number of dollars from 1 to 1,000,000.');
      return;
    }
    setAmountError(null);
    setPending({ action: 'limit', kind, period, amountUsd: value, current: currentOf(kind, period) });
  }

  const done = (message: string) => {
    notify.success(message);
    setPending(null);
  };
  const failed = (error: unknown) => {
    console.error('A responsible gaming change failed', error);
    notify.error(userFacingMessage(error));
    setPending(null);
  };

  function confirm() {
    if (!pending) return;
    switch (pending.action) {
      case 'limit':
        setLimit.mutate({ kind: pending.kind, period: pending.period, amountUsd: pending.amountUsd }, { onSuccess: () => done('Your limit has been saved.'), onError: failed });
        return;
      case 'reality':
        realityCheck.mutate(pending.minutes, { onSuccess: () => done('Your reality check has been saved.'), onError: failed });
        return;
      case 'time-out':
        timeOut.mutate(pending.period, { onSuccess: (answer) => done(`Your time-out has started. It ends on ${formatWhen(answer.until)}.`), onError: failed });
        return;
      case 'self-exclusion':
        selfExclusion.mutate(pending.period, { onSuccess: (answer) => done(`Your self-exclusion has started. It lasts until ${formatWhen(answer.until)}.`), onError: failed });
        return;
      case 'end-self-exclusion':
        endSelfExclusion.mutate(undefined, { onSuccess: (answer) => done(answer.message), onError: failed });
        return;
    }
  }

  async function download() {
    setDownloading(true);
    try {
      await downloadStatement(from, to);
    } catch (error) {
      failed(error);
    } finally {
      setDownloading(false);
    }
  }

  const busy = setLimit.isPending || realityCheck.isPending || timeOut.isPending || selfExclusion.isPending || endSelfExclusion.isPending;
  const said = pending ? consequence(pending, state) : null;
  const exclusionPastTerm = state.selfExclusion !== null && Date.parse(state.selfExclusion.until) <= Date.now();

  return (
    <div className={styles.section}>
      <p className={styles.muted}>
        These tools help you keep playing for fun: set limits, get reminders, or take a break whenever you want. Using them is always a good idea.{' '}
        <a href="/responsible-gaming">How each tool works</a>
      </p>

      {state.selfExclusion ? (
        <Notice tone="info">
          {state.selfExclusion.endsAt
            ? `You are self-excluded until ${formatWhen(state.selfExclusion.endsAt)}.`
            : exclusionPastTerm
              ? 'Your self-exclusion has reached its term. It ends 24 hours after you ask.'
              : `You are self-excluded until ${formatWhen(state.selfExclusion.until)}.`}
        </Notice>
      ) : null}
      {state.timeOut ? <Notice tone="info">{`You are taking a time-out until ${formatWhen(state.timeOut.until)}.`}</Notice> : null}

      <div className={styles.tool}>
        <h3 className={styles.toolTitle}>Limits</h3>
        {activeLimits.length === 0 ? (
          <p className={styles.muted}>You have no limits.</p>
        ) : (
          <ul className={styles.limitList}>
            {activeLimits.map((limit) => (
              <LimitRow
                key={`${limit.kind}-${limit.period}`}
                limit={limit}
                onCancelChange={() => setPending({ action: 'limit', kind: limit.kind, period: limit.period, amountUsd: limit.amountUsd, current: limit.amountUsd })}
              />
            ))}
          </ul>
        )}
        <form className={styles.limitForm} onSubmit={submitLimit} noValidate>
          <label className={styles.field}>
            <span>Limit</span>
            <select value={kind} onChange={(event) => setKind(event.target.value as LimitKind)}>
              {LIMIT_KINDS.map((option) => (
                <option key={option} value={option}>
                  {KIND_LABEL[option]}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span>Period</span>
            <select value={period} onChange={(event) => setPeriod(event.target.value as LimitPeriod)}>
              {LIMIT_PERIODS.map((option) => (
                <option key={option} value={option}>
                  {PERIOD_LABEL[option]}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span>Amount in USD</span>
            <input
              inputMode="numeric"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={`${id}-limit-help`}
            />
          </label>
          <div className={styles.formButtons}>
            <Button type="submit" size="small">
              Save limit
            </Button>
            {currentOf(kind, period) === null ? null : (
              <Button type="button" size="small" variant="secondary" onClick={() => setPending({ action: 'limit', kind, period, amountUsd: null, current: currentOf(kind, period) })}>
                Remove limit
              </Button>
            )}
          </div>
        </form>
        <p id={`${id}-limit-help`} className={styles.muted}>
          {KIND_HELP[kind]} Lowering or setting a limit works at once; raising or removing one takes 24 hours.
        </p>
        {amountError ? <Notice tone="error">{amountError}</Notice> : null}
      </div>

      <div className={styles.tool}>
        <h3 className={styles.toolTitle}>Reality check</h3>
        <p className={styles.muted}>
          A reminder of how long you have played and your result in this session: {realityLabel(state.realityCheckMinutes).toLowerCase()}.
          {state.realityCheckPending ? ` Becomes ${realityLabel(state.realityCheckPending.minutes).toLowerCase()} on ${formatWhen(state.realityCheckPending.effectiveAt)}.` : ''}
        </p>
        <div className={styles.inline}>
          <label className={styles.field}>
            <span>Reminder</span>
            <select value={shownMinutes} onChange={(event) => setMinutes(Number(event.target.value) as RealityCheckMinutes)}>
              {REALITY_CHECK_MINUTES.map((option) => (
                <option key={option} value={option}>
                  {realityLabel(option)}
                </option>
              ))}
            </select>
          </label>
          <Button size="small" variant="secondary" onClick={() => setPending({ action: 'reality', minutes: shownMinutes, current: state.realityCheckMinutes })}>
            Save reminder
          </Button>
        </div>
      </div>

      <div className={styles.tool}>
        <h3 className={styles.toolTitle}>Time-out</h3>
        <p className={styles.muted}>A short break from play. It cannot be undone early.</p>
        <div className={styles.inline}>
          <label className={styles.field}>
            <span>Time-out length</span>
            <select value={timeOutPeriod} onChange={(event) => setTimeOutPeriod(event.target.value as TimeOutPeriod)}>
              {TIME_OUT_PERIODS.map((option) => (
                <option key={option} value={option}>
                  {TIME_OUT_LABEL[option]}
                </option>
              ))}
            </select>
          </label>
          <Button size="small" variant="secondary" onClick={() => setPending({ action: 'time-out', period: timeOutPeriod })}>
            Take a time-out
          </Button>
        </div>
      </div>

      <div className={styles.tool}>
        <h3 className={styles.toolTitle}>Self-exclusion</h3>
        <p className={styles.muted}>A long break from play, for months or years. It cannot be undone early.</p>
        <div className={styles.inline}>
          <label className={styles.field}>
            <span>Self-exclusion length</span>
            <select value={exclusionPeriod} onChange={(event) => setExclusionPeriod(event.target.value as SelfExclusionPeriod)}>
              {SELF_EXCLUSION_PERIODS.map((option) => (
                <option key={option} value={option}>
                  {SELF_EXCLUSION_LABEL[option]}
                </option>
              ))}
            </select>
          </label>
          <Button size="small" variant="secondary" onClick={() => setPending({ action: 'self-exclusion', period: exclusionPeriod })}>
            Exclude myself
          </Button>
          {exclusionPastTerm && state.selfExclusion?.endRequestedAt === null ? (
            <Button size="small" variant="ghost" onClick={() => setPending({ action: 'end-self-exclusion' })}>
              Ask to end my self-exclusion
            </Button>
          ) : null}
        </div>
      </div>

      <div className={styles.tool}>
        <h3 className={styles.toolTitle}>Statement</h3>
        <p className={styles.muted}>Every movement of your balance in a period, as a CSV file (dates included).</p>
        <div className={styles.inline}>
          <label className={styles.field}>
            <span>From</span>
            <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
          </label>
          <label className={styles.field}>
            <span>To</span>
            <input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          </label>
          <Button size="small" variant="secondary" onClick={() => void download()} disabled={downloading} aria-busy={downloading || undefined}>
            Download
          </Button>
        </div>
      </div>

      {state.history.length === 0 ? null : (
        <details className={styles.tool}>
          <summary>History of your changes</summary>
          <ul className={styles.history}>
            {[...state.history].reverse().map((event, index) => (
              <li key={`${event.at}-${index}`}>
                <span className={styles.muted}>{formatWhen(event.at)}</span> {event.kind.replaceAll('_', ' ')}
              </li>
            ))}
          </ul>
        </details>
      )}

      {pending && said ? (
        <ConfirmDialog title={said.title} confirmLabel={said.confirm} pending={busy} onConfirm={confirm} onCancel={() => setPending(null)}>
          <p>{said.text}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/**
 * Issue 19: the "Responsible gaming" section of the account page — each tool
 * with its state and pending changes, every action confirmed by a dialog that
 * says exactly what will happen, the statement download and the history.
 * Issue 25: each tool is a component of its own; this one holds the
 * confirmation and the changes it sends.
 */
import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import {
  useLimitsQuery,
  useRealityCheckMutation,
  useSelfExclusionEndMutation,
  useSelfExclusionMutation,
  useSetLimitMutation,
  useTimeOutMutation,
} from '../api/responsible-gaming-api';
import { SelfExclusionTool, TimeOutTool } from './break-tools';
import { ConfirmDialog } from './confirm-dialog';
import { LimitsTool } from './limits-tool';
import { RealityCheckTool } from './reality-check-tool';
import { consequence, type Pending } from './responsible-gaming-consequence';
import { formatWhen, historyEventName } from './responsible-gaming-text';
import { StatementTool } from './statement-tool';
import { translate, useT } from '../../../lib/i18n/i18n';
import styles from './responsible-gaming.module.css';

export function ResponsibleGamingSection() {
  const t = useT();
  const limits = useLimitsQuery(true);
  const setLimit = useSetLimitMutation();
  const realityCheck = useRealityCheckMutation();
  const timeOut = useTimeOutMutation();
  const selfExclusion = useSelfExclusionMutation();
  const endSelfExclusion = useSelfExclusionEndMutation();
  const [pending, setPending] = useState<Pending | null>(null);

  const state = limits.data;
  if (!state)
    return (
      <p className={styles.muted}>
        {limits.isError ? t('responsibleGaming.section.loadFailed') : t('responsibleGaming.section.loading')}
      </p>
    );

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
        setLimit.mutate(
          { kind: pending.kind, period: pending.period, amountUsd: pending.amountUsd },
          { onSuccess: () => done(translate('responsibleGaming.section.limitSaved')), onError: failed },
        );
        return;
      case 'reality':
        realityCheck.mutate(pending.minutes, {
          onSuccess: () => done(translate('responsibleGaming.section.realitySaved')),
          onError: failed,
        });
        return;
      case 'time-out':
        timeOut.mutate(pending.period, {
          onSuccess: (answer) => done(translate('responsibleGaming.section.timeOutStarted', { when: formatWhen(answer.until) })),
          onError: failed,
        });
        return;
      case 'self-exclusion':
        selfExclusion.mutate(pending.period, {
          onSuccess: (answer) =>
            done(translate('responsibleGaming.section.selfExclusionStarted', { when: formatWhen(answer.until) })),
          onError: failed,
        });
        return;
      case 'end-self-exclusion':
        endSelfExclusion.mutate(undefined, { onSuccess: (answer) => done(answer.message), onError: failed });
        return;
    }
  }

  const busy =
    setLimit.isPending || realityCheck.isPending || timeOut.isPending || selfExclusion.isPending || endSelfExclusion.isPending;
  const said = pending ? consequence(pending, state) : null;
  const exclusionPastTerm = state.selfExclusion !== null && Date.parse(state.selfExclusion.until) <= Date.now();

  return (
    <div className={styles.section}>
      <p className={styles.muted}>
        {t('responsibleGaming.section.intro')} <a href="/responsible-gaming">{t('responsibleGaming.section.howEachWorks')}</a>
      </p>

      {state.selfExclusion ? (
        <Notice tone="info">
          {state.selfExclusion.endsAt
            ? t('responsibleGaming.section.selfExcludedUntil', { when: formatWhen(state.selfExclusion.endsAt) })
            : exclusionPastTerm
              ? t('responsibleGaming.section.selfExclusionAtTerm')
              : t('responsibleGaming.section.selfExcludedUntil', { when: formatWhen(state.selfExclusion.until) })}
        </Notice>
      ) : null}
      {state.timeOut ? (
        <Notice tone="info">{t('responsibleGaming.section.timeOutUntil', { when: formatWhen(state.timeOut.until) })}</Notice>
      ) : null}

      <LimitsTool state={state} ask={setPending} />

      <RealityCheckTool state={state} ask={setPending} />

      <TimeOutTool ask={setPending} />

      <SelfExclusionTool state={state} ask={setPending} />

      <StatementTool failed={failed} />

      {state.history.length === 0 ? null : (
        <details className={styles.tool}>
          <summary>{t('responsibleGaming.section.history')}</summary>
          <ul className={styles.history}>
            {[...state.history].reverse().map((event, index) => (
              <li key={`${event.at}-${index}`}>
                <span className={styles.muted}>{formatWhen(event.at)}</span> {historyEventName(event)}
              </li>
            ))}
          </ul>
        </details>
      )}

      {pending && said ? (
        <ConfirmDialog
          title={said.title}
          confirmLabel={said.confirm}
          pending={busy}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          <p>{said.text}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

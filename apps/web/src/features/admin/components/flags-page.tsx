import { FLAG_STATUSES, type Flag } from '@shifumi/protocol';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { translate, useT, type MessageKey } from '../../../lib/i18n/i18n';
import { useFlagActions, useFlags } from '../api/admin-api';
import styles from './admin.module.css';
import { QueryState } from './query-state';
import { ReasonForm } from './reason-form';
import { useStaffPermissions } from './staff-permissions';
import { dateOf, ethOf } from './wei';
import { GamesTable, gameResultOf } from './games-table';

type Status = (typeof FLAG_STATUSES)[number];

/** Dismiss or confirm with a note; disabled, saying why, on a flag this staff member may not resolve (issue 23). */
function FlagDecision({
  flag,
  refusal,
  busy,
  onResolve,
}: {
  flag: Flag;
  refusal: string | undefined;
  busy: boolean;
  onResolve: (resolution: 'dismissed' | 'confirmed', note: string) => void;
}) {
  const t = useT();
  return (
    <div className={styles.row} data-flag-id={flag.id}>
      <ReasonForm
        label={t('admin.flags.dismissNote')}
        action={t('admin.flags.dismiss')}
        busy={busy}
        disabledReason={refusal}
        onSubmit={(note) => onResolve('dismissed', note)}
      />
      {refusal === undefined ? (
        <ReasonForm
          label={t('admin.flags.confirmNote')}
          action={t('admin.flags.confirm')}
          variant="danger"
          busy={busy}
          onSubmit={(note) => onResolve('confirmed', note)}
        />
      ) : null}
    </div>
  );
}

/** A rule's or an evidence field's words, or its own name when the catalogue has none (a rule added later). */
function textOr(group: 'admin.flags.rules' | 'admin.flags.evidence', name: string): string {
  const key = `${group}.${name}`;
  const text = translate(key as MessageKey);
  return text === key ? name : text;
}

/** One evidence value for people: amounts in ETH, a game as a link, lists joined. */
function evidenceValue(key: string, value: unknown, flag: Flag) {
  if (key.endsWith('Wei') && (typeof value === 'string' || typeof value === 'number')) return ethOf(String(value));
  if (key === 'game' && typeof value === 'string') {
    const game = flag.games?.find((item) => item.gameId === value);
    return <Link to={`/admin/games/${value}`}>{game ? `${dateOf(game.createdAt)} · ${gameResultOf(game)}` : value}</Link>;
  }
  if (key === 'link' && value === 'device') return translate('admin.flags.sameBrowser');
  if (key === 'link' && value === 'address') return translate('admin.flags.addressLink');
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Issue 26: a flag's evidence as a table (fields in words), and the games it names as a games table. */
function FlagEvidence({ flag }: { flag: Flag }) {
  const t = useT();
  const evidence =
    typeof flag.evidence === 'object' && flag.evidence !== null && !Array.isArray(flag.evidence)
      ? (flag.evidence as Record<string, unknown>)
      : {};
  const games = flag.games ?? [];
  const fields = Object.entries(evidence).filter(([key]) => !(key === 'games' && games.length > 0));
  return (
    <div className={styles.evidenceBlock}>
      {fields.length > 0 ? (
        <table className={styles.evidence}>
          <tbody>
            {fields.map(([key, value]) => (
              <tr key={key}>
                <th scope="row">{textOr('admin.flags.evidence', key)}</th>
                <td className={key === 'address' || key === 'deviceId' || key === 'ip' ? styles.mono : undefined}>
                  {evidenceValue(key, value, flag)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {games.length > 0 ? <GamesTable games={games} label={t('admin.flags.gamesOf', { when: dateOf(flag.createdAt) })} /> : null}
    </div>
  );
}

/** Collusion and linked-account flags: the rule in words, the evidence as tables, and dismiss or confirm with a note. */
export function FlagsPage() {
  const [status, setStatus] = useState<Status>('open');
  const flags = useFlags(status);
  const { resolve, scan } = useFlagActions();
  const staff = useStaffPermissions();
  const t = useT();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('admin.flags.title')}</h1>
      <div className={styles.filters}>
        <label>
          {t('admin.status')}{' '}
          <select value={status} onChange={(event) => setStatus(event.target.value as Status)}>
            {FLAG_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`admin.flags.statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
        {staff?.may('runCollusionRules') ? (
          <Button size="small" variant="secondary" disabled={scan.isPending} onClick={() => scan.mutate()}>
            {t('admin.flags.runRules')}
          </Button>
        ) : null}
        {scan.data ? <span>{t('admin.flags.added', { count: scan.data.added })}</span> : null}
      </div>
      {resolve.isError || scan.isError ? <Notice tone="error">{userFacingMessage(resolve.error ?? scan.error)}</Notice> : null}
      <QueryState query={flags}>
        {(data) =>
          data.flags.length === 0 ? (
            <p className={styles.muted}>{t('admin.flags.empty')}</p>
          ) : (
            // Issue 26: one card per flag (readable at 375 px): the rule in words, who, the evidence, the decision.
            <ul className={styles.flagList}>
              {data.flags.map((flag) => (
                <li key={flag.id} className={styles.flagCard} data-flag-rule={flag.rule}>
                  <h2 className={styles.flagRule}>{textOr('admin.flags.rules', flag.rule)}</h2>
                  <p className={styles.muted}>
                    {dateOf(flag.createdAt)} · {t('admin.flags.rule')} <code>{flag.rule}</code>
                  </p>
                  <p>
                    <Link to={`/admin/players/${flag.userId}`}>{flag.userName}</Link>
                    {flag.otherUserId ? (
                      <>
                        {t('admin.flags.and')}
                        <Link to={`/admin/players/${flag.otherUserId}`}>{flag.otherUserName}</Link>
                      </>
                    ) : null}
                  </p>
                  <FlagEvidence flag={flag} />
                  <div>
                    {flag.status === 'open' ? (
                      staff?.may('resolveFlag') ? (
                        <FlagDecision
                          flag={flag}
                          refusal={staff.refusalOn('resolveFlag', [
                            { userId: flag.userId, role: flag.userRole },
                            flag.otherUserId === null ? null : { userId: flag.otherUserId, role: flag.otherUserRole },
                          ])}
                          busy={resolve.isPending}
                          onResolve={(resolution, note) => resolve.mutate({ id: flag.id, resolution, note })}
                        />
                      ) : (
                        <span className={styles.muted}>{t('admin.flags.open')}</span>
                      )
                    ) : (
                      <span>
                        {t('admin.flags.resolved', { status: t(`admin.flags.statuses.${flag.status}`), note: flag.note })}
                      </span>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

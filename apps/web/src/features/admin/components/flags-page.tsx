import { FLAG_STATUSES, type Flag } from '@shifumi/protocol';
import { FLAG_EVIDENCE_LABELS, FLAG_RULE_TEXTS } from '@shifumi/protocol/admin-texts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { useFlagActions, useFlags } from '../api/admin-api';
import styles from './admin.module.css';
import { QueryState } from './query-state';
import { ReasonForm } from './reason-form';
import { useStaffPermissions } from './staff-permissions';
import { dateOf, ethOf } from './wei';
import { GamesTable, gameResultOf } from './games-table';

type Status = (typeof FLAG_STATUSES)[number];

/** Dismiss or confirm with a note; disabled, saying why, on a flag this staff member may not resolve (issue 23). */
function FlagDecision({ flag, refusal, busy, onResolve }: { flag: Flag; refusal: string | undefined; busy: boolean; onResolve: (resolution: 'dismissed' | 'confirmed', note: string) => void }) {
  return (
    <div className={styles.row} data-flag-id={flag.id}>
      <ReasonForm label="Note to dismiss" action="Dismiss" busy={busy} disabledReason={refusal} onSubmit={(note) => onResolve('dismissed', note)} />
      {refusal === undefined ? <ReasonForm label="Note to confirm" action="Confirm" variant="danger" busy={busy} onSubmit={(note) => onResolve('confirmed', note)} /> : null}
    </div>
  );
}

/** One evidence value for people: amounts in ETH, a game as a link, lists joined. */
function evidenceValue(key: string, value: unknown, flag: Flag) {
  if (key.endsWith('Wei') && (typeof value === 'string' || typeof value === 'number')) return ethOf(String(value));
  if (key === 'game' && typeof value === 'string') {
    const game = flag.games?.find((item) => item.gameId === value);
    return <Link to={`/admin/games/${value}`}>{game ? `${dateOf(game.createdAt)} · ${gameResultOf(game)}` : value}</Link>;
  }
  if (key === 'link' && value === 'device') return 'the same browser';
  if (key === 'link' && value === 'address') return 'a withdrawal to an address the other deposited from';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Issue 26: a flag's evidence as a table (fields in words), and the games it names as a games table. */
function FlagEvidence({ flag }: { flag: Flag }) {
  const evidence = typeof flag.evidence === 'object' && flag.evidence !== null && !Array.isArray(flag.evidence) ? (flag.evidence as Record<string, unknown>) : {};
  const games = flag.games ?? [];
  const fields = Object.entries(evidence).filter(([key]) => !(key === 'games' && games.length > 0));
  return (
    <div className={styles.evidenceBlock}>
      {fields.length > 0 ? (
        <table className={styles.evidence}>
          <tbody>
            {fields.map(([key, value]) => (
              <tr key={key}>
                <th scope="row">{FLAG_EVIDENCE_LABELS[key] ?? key}</th>
                <td className={key === 'address' || key === 'deviceId' || key === 'ip' ? styles.mono : undefined}>{evidenceValue(key, value, flag)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {games.length > 0 ? <GamesTable games={games} label={`Games of the flag of ${dateOf(flag.createdAt)}`} /> : null}
    </div>
  );
}

/** Collusion and linked-account flags: the rule in words, the evidence as tables, and dismiss or confirm with a note. */
export function FlagsPage() {
  const [status, setStatus] = useState<Status>('open');
  const flags = useFlags(status);
  const { resolve, scan } = useFlagActions();
  const staff = useStaffPermissions();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Flags</h1>
      <div className={styles.filters}>
        <label>
          Status{' '}
          <select value={status} onChange={(event) => setStatus(event.target.value as Status)}>
            {FLAG_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        {staff?.may('runCollusionRules') ? (
          <Button size="small" variant="secondary" disabled={scan.isPending} onClick={() => scan.mutate()}>
            Run the rules now
          </Button>
        ) : null}
        {scan.data ? <span>{scan.data.added} new flags</span> : null}
      </div>
      {resolve.isError || scan.isError ? <Notice tone="error">{userFacingMessage(resolve.error ?? scan.error)}</Notice> : null}
      <QueryState query={flags}>
        {(data) =>
          data.flags.length === 0 ? (
            <p className={styles.muted}>No flags in this state.</p>
          ) : (
            // Issue 26: one card per flag (readable at 375 px): the rule in words, who, the evidence, the decision.
            <ul className={styles.flagList}>
              {data.flags.map((flag) => (
                <li key={flag.id} className={styles.flagCard} data-flag-rule={flag.rule}>
                  <h2 className={styles.flagRule}>{FLAG_RULE_TEXTS[flag.rule] ?? flag.rule}</h2>
                  <p className={styles.muted}>
                    {dateOf(flag.createdAt)} · rule <code>{flag.rule}</code>
                  </p>
                  <p>
                    <Link to={`/admin/players/${flag.userId}`}>{flag.userName}</Link>
                    {flag.otherUserId ? (
                      <>
                        {' and '}
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
                          refusal={staff.refusalOn('resolveFlag', [{ userId: flag.userId, role: flag.userRole }, flag.otherUserId === null ? null : { userId: flag.otherUserId, role: flag.otherUserRole }])}
                          busy={resolve.isPending}
                          onResolve={(resolution, note) => resolve.mutate({ id: flag.id, resolution, note })}
                        />
                      ) : (
                        <span className={styles.muted}>open</span>
                      )
                    ) : (
                      <span>
                        {flag.status}: {flag.note}
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

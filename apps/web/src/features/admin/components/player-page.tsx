import { Link, useParams } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { usePlayerAction, usePlayerPage } from '../api/admin-api';
import styles from './admin.module.css';
import { TableScroll } from './table-scroll';
import { QueryState } from './query-state';
import { ReasonForm } from './reason-form';
import { useStaffPermissions } from './staff-permissions';
import { dateOf, ethOf } from './wei';

/** One player: balance and ledger, deposits, withdrawals, games, sessions, and freeze / unfreeze / sign out. */
export function PlayerPage() {
  const { userId = '' } = useParams();
  const page = usePlayerPage(userId);
  const act = usePlayerAction(userId);
  const staff = useStaffPermissions();
  return (
    <section className={styles.page}>
      <QueryState query={page}>
        {(data) => (
          <>
            <h1 className={styles.title}>{data.player.name}</h1>
            <div className={styles.cards}>
              <div className={styles.card}>
                <span className={styles.muted}>Balance</span>
                <strong>{ethOf(data.balanceWei)}</strong>
              </div>
              <div className={styles.card}>
                <span className={styles.muted}>Account</span>
                <span>{data.player.email ?? 'no e-mail'}{data.player.emailVerified ? ' (verified)' : ''}</span>
                <span className={styles.mono}>{data.player.userId}</span>
                <span>Two-step verification {data.player.twoFactorEnabled ? 'on' : 'off'}{data.player.role ? ` · staff: ${data.player.role}` : ''}</span>
                <span>Referral code {data.player.referralCode} · {data.referrals} referred</span>
              </div>
              <div className={`${styles.card} ${data.player.frozen ? styles.alarm : ''}`}>
                <span className={styles.muted}>State</span>
                <strong data-testid="player-frozen">{data.player.frozen ? 'Frozen' : 'Active'}</strong>
                {data.player.frozen ? <span>{data.player.frozen.reason} ({dateOf(data.player.frozen.at)})</span> : null}
              </div>
            </div>
            {staff?.may('actOnPlayer') ? (
              <div className={styles.row}>
                {data.player.frozen ? (
                  <ReasonForm
                    label="Reason to unfreeze"
                    action="Unfreeze"
                    busy={act.isPending}
                    disabledReason={staff.refusalOn('unfreeze', [{ userId: data.player.userId, role: data.player.role }])}
                    onSubmit={(reason) => act.mutate({ action: 'unfreeze', reason })}
                  />
                ) : (
                  <ReasonForm
                    label="Reason to freeze"
                    action="Freeze"
                    variant="danger"
                    busy={act.isPending}
                    disabledReason={staff.refusalOn('freeze', [{ userId: data.player.userId, role: data.player.role }])}
                    onSubmit={(reason) => act.mutate({ action: 'freeze', reason })}
                  />
                )}
                <ReasonForm
                  label="Reason to sign out"
                  action="Sign out every session"
                  busy={act.isPending}
                  disabledReason={staff.refusalOn('revokeSessions', [{ userId: data.player.userId, role: data.player.role }])}
                  onSubmit={(reason) => act.mutate({ action: 'revoke-sessions', reason })}
                />
              </div>
            ) : null}
            {act.isError ? <Notice tone="error">{userFacingMessage(act.error)}</Notice> : null}
            <p className={styles.muted}>
              Deposit address <span className={styles.mono}>{data.player.depositAddress ?? '—'}</span> · wallet <span className={styles.mono}>{data.player.linkedAddress ?? '—'}</span>
            </p>

            <h2>Sessions</h2>
            <TableScroll label="Sessions">
<table className={styles.table}>
              <tbody>
                {data.sessions.map((session) => (
                  <tr key={session.id}>
                    <td>{dateOf(session.createdAt)}</td>
                    <td className={styles.mono}>{session.ip ?? '—'}</td>
                    <td>{session.userAgent ?? '—'}</td>
                    <td>{session.revokedAt ? `ended ${dateOf(session.revokedAt)}` : `last used ${dateOf(session.lastUsedAt)}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
</TableScroll>

            <h2>Withdrawals</h2>
            <TableScroll label="Withdrawals">
<table className={styles.table}>
              <tbody>
                {data.withdrawals.map((withdrawal) => (
                  <tr key={withdrawal.id}>
                    <td>{dateOf(withdrawal.createdAt)}</td>
                    <td>{ethOf(withdrawal.amountWei)}</td>
                    <td>{withdrawal.status}</td>
                    <td>{withdrawal.rejectReason ?? withdrawal.reviewReason ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
</TableScroll>

            <h2>Deposits</h2>
            <TableScroll label="Deposits">
<table className={styles.table}>
              <tbody>
                {data.deposits.map((deposit) => (
                  <tr key={deposit.id}>
                    <td>{dateOf(deposit.createdAt)}</td>
                    <td>{ethOf(deposit.amountWei)}</td>
                    <td>{deposit.status}</td>
                    <td className={styles.mono}>{deposit.txHash ?? 'internal'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
</TableScroll>

            <h2>Games</h2>
            <TableScroll label="Games">
<table className={styles.table}>
              <tbody>
                {data.games.map((game) => (
                  <tr key={game.gameId}>
                    <td>
                      <Link to={`/admin/games/${game.gameId}`}>{dateOf(game.createdAt)}</Link>
                    </td>
                    <td>
                      against <Link to={`/admin/players/${game.opponentId}`}>{game.opponentName}</Link>
                    </td>
                    <td>{ethOf(game.stakeWei)}</td>
                    <td>{game.status === 'playing' ? 'playing' : game.winnerId === null ? 'draw' : game.winnerId === data.player.userId ? 'won' : 'lost'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
</TableScroll>

            <h2>Ledger</h2>
            <TableScroll label="Ledger">
<table className={styles.table}>
              <tbody>
                {data.ledgerEntries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{dateOf(entry.at)}</td>
                    <td>{entry.kind}</td>
                    <td>{BigInt(entry.amountWei) < 0n ? `−${ethOf((-BigInt(entry.amountWei)).toString())}` : `+${ethOf(entry.amountWei)}`}</td>
                    <td>{ethOf(entry.balanceAfterWei)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
</TableScroll>
          </>
        )}
      </QueryState>
    </section>
  );
}

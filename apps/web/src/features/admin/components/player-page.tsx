import type { PlayerPage as PlayerPageData } from '@shifumi/protocol';
import { Link, useParams } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n/i18n';
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
  const t = useT();
  return (
    <section className={styles.page}>
      <QueryState query={page}>
        {(data) => (
          <>
            <h1 className={styles.title}>{data.player.name}</h1>
            <PlayerCards data={data} />
            <PlayerActions player={data.player} act={act} />
            {act.isError ? <Notice tone="error">{userFacingMessage(act.error)}</Notice> : null}
            <p className={styles.muted}>
              {t('admin.player.depositAddress')} <span className={styles.mono}>{data.player.depositAddress ?? '—'}</span>
              {' · '}
              {t('admin.player.wallet')} <span className={styles.mono}>{data.player.linkedAddress ?? '—'}</span>
            </p>

            <h2>{t('admin.player.sessions')}</h2>
            <TableScroll label={t('admin.player.sessions')}>
              <table className={styles.table}>
                <tbody>
                  {data.sessions.map((session) => (
                    <tr key={session.id}>
                      <td>{dateOf(session.createdAt)}</td>
                      <td className={styles.mono}>{session.ip ?? '—'}</td>
                      <td>{session.userAgent ?? '—'}</td>
                      <td>
                        {session.revokedAt
                          ? t('admin.player.sessionEnded', { when: dateOf(session.revokedAt) })
                          : t('admin.player.sessionLastUsed', { when: dateOf(session.lastUsedAt) })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>

            <h2>{t('admin.player.withdrawals')}</h2>
            <TableScroll label={t('admin.player.withdrawals')}>
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

            <h2>{t('admin.player.deposits')}</h2>
            <TableScroll label={t('admin.player.deposits')}>
              <table className={styles.table}>
                <tbody>
                  {data.deposits.map((deposit) => (
                    <tr key={deposit.id}>
                      <td>{dateOf(deposit.createdAt)}</td>
                      <td>{ethOf(deposit.amountWei)}</td>
                      <td>{deposit.status}</td>
                      <td className={styles.mono}>{deposit.txHash ?? t('admin.player.internal')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>

            <h2>{t('admin.player.games')}</h2>
            <TableScroll label={t('admin.player.games')}>
              <table className={styles.table}>
                <tbody>
                  {data.games.map((game) => (
                    <tr key={game.gameId}>
                      <td>
                        <Link to={`/admin/games/${game.gameId}`}>{dateOf(game.createdAt)}</Link>
                      </td>
                      <td>
                        {t('admin.player.against')} <Link to={`/admin/players/${game.opponentId}`}>{game.opponentName}</Link>
                      </td>
                      <td>{ethOf(game.stakeWei)}</td>
                      <td>
                        {t(
                          game.status === 'playing'
                            ? 'admin.player.playing'
                            : game.winnerId === null
                              ? 'admin.player.draw'
                              : game.winnerId === data.player.userId
                                ? 'admin.player.won'
                                : 'admin.player.lost',
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>

            <h2>{t('admin.player.ledger')}</h2>
            <TableScroll label={t('admin.player.ledger')}>
              <table className={styles.table}>
                <tbody>
                  {data.ledgerEntries.map((entry) => (
                    <tr key={entry.id}>
                      <td>{dateOf(entry.at)}</td>
                      <td>{entry.kind}</td>
                      <td>
                        {BigInt(entry.amountWei) < 0n
                          ? `−${ethOf((-BigInt(entry.amountWei)).toString())}`
                          : `+${ethOf(entry.amountWei)}`}
                      </td>
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

/** The player's balance, account and state, side by side. */
function PlayerCards({ data }: { data: PlayerPageData }) {
  const t = useT();
  return (
    <div className={styles.cards}>
      <div className={styles.card}>
        <span className={styles.muted}>{t('admin.player.balance')}</span>
        <strong>{ethOf(data.balanceWei)}</strong>
      </div>
      <div className={styles.card}>
        <span className={styles.muted}>{t('admin.player.account')}</span>
        <span>
          {data.player.email ?? t('admin.player.noEmail')}
          {data.player.emailVerified ? t('admin.player.verified') : ''}
        </span>
        <span className={styles.mono}>{data.player.userId}</span>
        <span>
          {t(data.player.twoFactorEnabled ? 'admin.player.twoFactorOn' : 'admin.player.twoFactorOff')}
          {data.player.role ? t('admin.player.staffRole', { role: t(`admin.roles.${data.player.role}`) }) : ''}
        </span>
        <span>{t('admin.player.referral', { code: data.player.referralCode, count: data.referrals })}</span>
      </div>
      <div className={`${styles.card} ${data.player.frozen ? styles.alarm : ''}`}>
        <span className={styles.muted}>{t('admin.player.state')}</span>
        <strong data-testid="player-frozen">{t(data.player.frozen ? 'admin.player.frozen' : 'admin.player.active')}</strong>
        {data.player.frozen ? (
          <span>
            {data.player.frozen.reason} ({dateOf(data.player.frozen.at)})
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** Freeze or unfreeze, and sign every session out, each with a reason; disabled, saying why, where four eyes are needed. */
function PlayerActions({ player, act }: { player: PlayerPageData['player']; act: ReturnType<typeof usePlayerAction> }) {
  const staff = useStaffPermissions();
  const t = useT();
  if (!staff?.may('actOnPlayer')) return null;
  return (
    <div className={styles.row}>
      {player.frozen ? (
        <ReasonForm
          label={t('admin.player.unfreezeReason')}
          action={t('admin.player.unfreeze')}
          busy={act.isPending}
          disabledReason={staff.refusalOn('unfreeze', [{ userId: player.userId, role: player.role }])}
          onSubmit={(reason) => act.mutate({ action: 'unfreeze', reason })}
        />
      ) : (
        <ReasonForm
          label={t('admin.player.freezeReason')}
          action={t('admin.player.freeze')}
          variant="danger"
          busy={act.isPending}
          disabledReason={staff.refusalOn('freeze', [{ userId: player.userId, role: player.role }])}
          onSubmit={(reason) => act.mutate({ action: 'freeze', reason })}
        />
      )}
      <ReasonForm
        label={t('admin.player.signOutReason')}
        action={t('admin.player.signOut')}
        busy={act.isPending}
        disabledReason={staff.refusalOn('revokeSessions', [{ userId: player.userId, role: player.role }])}
        onSubmit={(reason) => act.mutate({ action: 'revoke-sessions', reason })}
      />
    </div>
  );
}

import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n';
import { useGamePage, useGames, useGameTranscript } from '../api/admin-api';
import styles from './admin.module.css';
import { GamesTable } from './games-table';
import { TableScroll } from './table-scroll';
import { QueryState } from './query-state';
import { betOf, dateOf, ethOf } from './wei';

/** The latest games: when, who played, the stake and the result (issue 26). */
export function GamesPage() {
  const games = useGames();
  const t = useT();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('admin.games.title')}</h1>
      <QueryState query={games}>
        {(data) =>
          data.games.length === 0 ? (
            <p className={styles.muted}>{t('admin.games.empty')}</p>
          ) : (
            <GamesTable games={data.games} label={t('admin.games.title')} />
          )
        }
      </QueryState>
    </section>
  );
}

/** One game: both players, every round with both choices and times, its stored state and its ledger transfers. */
export function GamePage() {
  const { gameId = '' } = useParams();
  const game = useGamePage(gameId);
  const t = useT();
  return (
    <section className={styles.page}>
      <QueryState query={game}>
        {(data) => (
          <>
            <h1 className={styles.title}>{t('admin.game.title', { id: data.game.gameId })}</h1>
            <p>
              {data.players.map((player, index) => (
                <span key={player.userId}>
                  {index > 0 ? t('admin.games.versus') : ''}
                  <Link to={`/admin/players/${player.userId}`}>{player.name}</Link>
                </span>
              ))}
              {' · '}
              {t('admin.game.summary', {
                bet: betOf(data.game.betUsd),
                eth: ethOf(data.game.stakeWei),
                status: data.game.status,
                winner:
                  data.game.winnerId === null
                    ? '—'
                    : (data.players.find((player) => player.userId === data.game.winnerId)?.name ?? data.game.winnerId),
              })}
            </p>
            <p className={styles.muted}>
              {t('admin.game.times', { started: dateOf(data.game.createdAt), ended: dateOf(data.game.endedAt) })}
            </p>
            <h2>{t('admin.game.rounds')}</h2>
            {data.rounds.length === 0 ? (
              <p className={styles.muted}>{t('admin.game.noRounds')}</p>
            ) : (
              <TableScroll label={t('admin.game.rounds')}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th>{t('admin.game.round')}</th>
                      <th>{t('admin.game.started')}</th>
                      <th>{t('admin.game.deadline')}</th>
                      {data.players.map((player) => (
                        <th key={player.userId}>{player.name}</th>
                      ))}
                      <th>{t('admin.game.winner')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rounds.map((round) => (
                      <tr key={round.round}>
                        <td>{round.round}</td>
                        <td>{dateOf(round.startedAt)}</td>
                        <td>{dateOf(round.deadline)}</td>
                        {data.players.map((player) => {
                          const play = round.plays.find((item) => item.userId === player.userId);
                          return (
                            <td key={player.userId}>
                              {play?.choice ?? '—'}
                              {play?.mode ? ` (${play.mode})` : ''}
                              <div className={styles.muted}>
                                {play?.lockedAt
                                  ? t('admin.game.locked', { when: dateOf(play.lockedAt) })
                                  : t('admin.game.notLocked')}
                              </div>
                            </td>
                          );
                        })}
                        <td>
                          {round.winnerId === 'draw'
                            ? t('admin.game.draw')
                            : (data.players.find((player) => player.userId === round.winnerId)?.name ?? round.winnerId)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
            {data.game.status === 'playing' ? null : <TranscriptSection gameId={data.game.gameId} />}
            <h2>{t('admin.game.state')}</h2>
            {/* A scrolling block a keyboard can reach (axe: scrollable-region-focusable). */}
            <pre className={styles.pre} role="region" aria-label={t('admin.game.stateLabel')} tabIndex={0}>
              {JSON.stringify(data.state, null, 2)}
            </pre>
            <h2>{t('admin.game.transfers')}</h2>
            <TableScroll label={t('admin.game.transfers')}>
              <table className={styles.table}>
                <tbody>
                  {data.transfers.map((transfer) => (
                    <tr key={transfer.id}>
                      <td>{dateOf(transfer.at)}</td>
                      <td>{transfer.kind}</td>
                      <td>
                        {transfer.entries.map((entry) => (
                          <div key={entry.account} className={styles.mono}>
                            {entry.account}: {t('admin.game.wei', { amount: entry.amountWei })}
                          </div>
                        ))}
                      </td>
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

/** The ended game's signed transcript, as its players get it (check it at /verify). */
function TranscriptSection({ gameId }: { gameId: string }) {
  const [shown, setShown] = useState(false);
  const transcript = useGameTranscript(gameId, shown);
  const t = useT();
  return (
    <>
      <h2>{t('admin.game.transcript')}</h2>
      {shown ? (
        <QueryState query={transcript}>
          {(data) => (
            <pre className={styles.pre} role="region" aria-label={t('admin.game.transcript')} tabIndex={0}>
              {JSON.stringify(data, null, 2)}
            </pre>
          )}
        </QueryState>
      ) : (
        <Button size="small" variant="secondary" onClick={() => setShown(true)}>
          {t('admin.game.showTranscript')}
        </Button>
      )}
    </>
  );
}

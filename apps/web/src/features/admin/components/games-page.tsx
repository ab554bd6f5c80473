import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useGamePage, useGames, useGameTranscript } from '../api/admin-api';
import styles from './admin.module.css';
import { GamesTable } from './games-table';
import { TableScroll } from './table-scroll';
import { QueryState } from './query-state';
import { dateOf, ethOf } from './wei';

/** The latest games: when, who played, the stake and the result (issue 26). */
export function GamesPage() {
  const games = useGames();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Games</h1>
      <QueryState query={games}>
        {(data) => (data.games.length === 0 ? <p className={styles.muted}>No games yet.</p> : <GamesTable games={data.games} label="Games" />)}
      </QueryState>
    </section>
  );
}

/** One game: both players, every round with both choices and times, its stored state and its ledger transfers. */
export function GamePage() {
  const { gameId = '' } = useParams();
  const game = useGamePage(gameId);
  return (
    <section className={styles.page}>
      <QueryState query={game}>
        {(data) => (
          <>
            <h1 className={styles.title}>Game {data.game.gameId}</h1>
            <p>
              {data.players.map((player, index) => (
                <span key={player.userId}>
                  {index > 0 ? ' vs ' : ''}
                  <Link to={`/admin/players/${player.userId}`}>{player.name}</Link>
                </span>
              ))}
              {' · '}${data.game.betUsd} ({ethOf(data.game.stakeWei)} each) · {data.game.status} · winner{' '}
              {data.game.winnerId === null ? '—' : (data.players.find((player) => player.userId === data.game.winnerId)?.name ?? data.game.winnerId)}
            </p>
            <p className={styles.muted}>
              Started {dateOf(data.game.createdAt)} · ended {dateOf(data.game.endedAt)}
            </p>
            <h2>Rounds</h2>
            {data.rounds.length === 0 ? (
              <p className={styles.muted}>No rounds stored for this game (stored before rounds were kept, or none resolved).</p>
            ) : (
              <TableScroll label="Rounds">
<table className={styles.table}>
                <thead>
                  <tr>
                    <th>Round</th>
                    <th>Started</th>
                    <th>Deadline</th>
                    {data.players.map((player) => (
                      <th key={player.userId}>{player.name}</th>
                    ))}
                    <th>Winner</th>
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
                            <div className={styles.muted}>{play?.lockedAt ? `locked ${dateOf(play.lockedAt)}` : 'not locked'}</div>
                          </td>
                        );
                      })}
                      <td>{round.winnerId === 'draw' ? 'draw' : (data.players.find((player) => player.userId === round.winnerId)?.name ?? round.winnerId)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
</TableScroll>
            )}
            {data.game.status === 'playing' ? null : <TranscriptSection gameId={data.game.gameId} />}
            <h2>State (scores, round, phase)</h2>
            <pre className={styles.pre}>{JSON.stringify(data.state, null, 2)}</pre>
            <h2>Ledger transfers</h2>
            <TableScroll label="Ledger transfers">
<table className={styles.table}>
              <tbody>
                {data.transfers.map((transfer) => (
                  <tr key={transfer.id}>
                    <td>{dateOf(transfer.at)}</td>
                    <td>{transfer.kind}</td>
                    <td>
                      {transfer.entries.map((entry) => (
                        <div key={entry.account} className={styles.mono}>
                          {entry.account}: {entry.amountWei} wei
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
  return (
    <>
      <h2>Signed transcript</h2>
      {shown ? (
        <QueryState query={transcript}>{(data) => <pre className={styles.pre}>{JSON.stringify(data, null, 2)}</pre>}</QueryState>
      ) : (
        <Button size="small" variant="secondary" onClick={() => setShown(true)}>
          Show the signed transcript
        </Button>
      )}
    </>
  );
}

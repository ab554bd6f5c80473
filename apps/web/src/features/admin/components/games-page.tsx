import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useGamePage, useGames, useGameTranscript } from '../api/admin-api';
import styles from './admin.module.css';
import { QueryState } from './query-state';
import { dateOf, ethOf } from './wei';

/** The latest games. */
export function GamesPage() {
  const games = useGames();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Games</h1>
      <QueryState query={games}>
        {(data) => (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Started</th>
                <th>Bet</th>
                <th>Stake</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {data.games.map((game) => (
                <tr key={game.gameId}>
                  <td>
                    <Link to={`/admin/games/${game.gameId}`}>{dateOf(game.createdAt)}</Link>
                  </td>
                  <td>${game.betUsd}</td>
                  <td>{ethOf(game.stakeWei)}</td>
                  <td>{game.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
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
            )}
            {data.game.status === 'playing' ? null : <TranscriptSection gameId={data.game.gameId} />}
            <h2>State (scores, round, phase)</h2>
            <pre className={styles.pre}>{JSON.stringify(data.state, null, 2)}</pre>
            <h2>Ledger transfers</h2>
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

/**
 * Issue 26: games as operators read them — when, who played (links to the
 * players), the stake, the result (who won, refunded, or still in play) and a
 * link to the game's page. The Games list and a flag's evidence use it.
 */
import type { GameListItem } from '@shifumi/protocol';
import { Link } from 'react-router';
import styles from './admin.module.css';
import { TableScroll } from './table-scroll';
import { dateOf, ethOf } from './wei';

/** The result of a game, in words. */
export function gameResultOf(game: GameListItem): string {
  if (game.status === 'playing') return 'In play';
  if (game.status === 'refunded') return 'Refunded (no winner)';
  if (game.winnerId === null) return game.status;
  const winner = game.players.find((player) => player.userId === game.winnerId);
  return `${winner?.name || 'Unknown player'} won`;
}

export function GamesTable({ games, label }: { games: readonly GameListItem[]; label: string }) {
  return (
    <TableScroll label={label}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Players</th>
            <th scope="col">Stake</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {games.map((game) => (
            <tr key={game.gameId} data-game-id={game.gameId}>
              <td>
                <Link to={`/admin/games/${game.gameId}`}>{dateOf(game.createdAt)}</Link>
                {game.endedAt ? <div className={styles.muted}>ended {dateOf(game.endedAt)}</div> : null}
              </td>
              <td>
                {game.players.map((player, index) => (
                  <span key={player.userId}>
                    {index > 0 ? ' vs ' : ''}
                    <Link to={`/admin/players/${player.userId}`}>{player.name || player.userId}</Link>
                  </span>
                ))}
              </td>
              <td>
                ${game.betUsd}
                <div className={styles.muted}>{ethOf(game.stakeWei)} each</div>
              </td>
              <td>{gameResultOf(game)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

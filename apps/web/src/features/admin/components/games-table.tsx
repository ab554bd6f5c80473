/**
 * Issue 26: games as operators read them — when, who played (links to the
 * players), the stake, the result (who won, refunded, or still in play) and a
 * link to the game's page. The Games list and a flag's evidence use it.
 */
import type { GameListItem } from '@shifumi/protocol';
import { Link } from 'react-router';
import { translate, useT } from '../../../lib/i18n/i18n';
import styles from './admin.module.css';
import { TableScroll } from './table-scroll';
import { betOf, dateOf, ethOf } from './wei';

/** The result of a game, in words. */
export function gameResultOf(game: GameListItem): string {
  if (game.status === 'playing') return translate('admin.games.inPlay');
  if (game.status === 'refunded') return translate('admin.games.refunded');
  if (game.winnerId === null) return game.status;
  const winner = game.players.find((player) => player.userId === game.winnerId);
  return translate('admin.games.won', { name: winner?.name || translate('admin.games.unknownPlayer') });
}

export function GamesTable({ games, label }: { games: readonly GameListItem[]; label: string }) {
  const t = useT();
  return (
    <TableScroll label={label}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('admin.games.time')}</th>
            <th scope="col">{t('admin.games.players')}</th>
            <th scope="col">{t('admin.games.stake')}</th>
            <th scope="col">{t('admin.games.result')}</th>
          </tr>
        </thead>
        <tbody>
          {games.map((game) => (
            <tr key={game.gameId} data-game-id={game.gameId}>
              <td>
                <Link to={`/admin/games/${game.gameId}`}>{dateOf(game.createdAt)}</Link>
                {game.endedAt ? (
                  <div className={styles.muted}>{t('admin.games.ended', { when: dateOf(game.endedAt) })}</div>
                ) : null}
              </td>
              <td>
                {game.players.map((player, index) => (
                  <span key={player.userId}>
                    {index > 0 ? t('admin.games.versus') : ''}
                    <Link to={`/admin/players/${player.userId}`}>{player.name || player.userId}</Link>
                  </span>
                ))}
              </td>
              <td>
                {betOf(game.betUsd)}
                <div className={styles.muted}>{t('admin.games.each', { eth: ethOf(game.stakeWei) })}</div>
              </td>
              <td>{gameResultOf(game)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

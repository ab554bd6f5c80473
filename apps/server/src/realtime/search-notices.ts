/** The transport's side of matchmaking's SearchNotices: an `error` event {code, message} to one socket, or to every socket of a player. */
import type { SearchNotices } from '../modules/matchmaking/search-notices';
import { createRefusalNotices } from './refusal-notices';
import type { GameServer } from './servers';

export function createSearchNotices(io: GameServer): SearchNotices {
  const notices = createRefusalNotices(io);
  return {
    searchFailed: (socketId, refusal) => notices.toSocket(socketId, refusal),
    searchInterrupted: (userId) => notices.toUser(userId, { code: 'search_interrupted' }),
  };
}

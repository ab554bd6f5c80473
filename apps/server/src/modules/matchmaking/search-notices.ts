/**
 * What matchmaking must tell players outside the answer to their search,
 * declared here and implemented by the transport (realtime/search-notices.ts):
 * the module never emits on a socket itself. Refusals travel as codes; the
 * transport looks their text up (issue 25).
 */
import type { SocketRefusal } from '@shifumi/protocol';

export interface SearchNotices {
  /** A search accepted earlier could not end in a game: the socket that made it is told why. */
  searchFailed(socketId: string, refusal: SocketRefusal): void;
  /** A queue ticket was dropped because the node holding it died: every socket of the player is told. */
  searchInterrupted(userId: string): void;
}

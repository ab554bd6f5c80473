import { serverTexts } from '@shifumi/protocol';
import type { SessionEvents } from '../modules/auth/session-events';
import { sessionRoom, type GameServer } from './servers';
import { inEachLanguage } from './socket-language';

/**
 * Closes the sockets of revoked sessions, on every node when the Redis adapter
 * is installed (the emit and the disconnection travel in that order on the
 * adapter's stream). After a sign-out
 * everywhere or a detected token theft the client is told why
 * (`force_disconnect`, shown in an alert); after a plain sign-out the client
 * is leaving anyway, so its sockets are just closed.
 */
export function createSocketSessionEvents(io: GameServer): SessionEvents {
  return {
    sessionsRevoked({ sessionIds, reason }) {
      if (sessionIds.length === 0) return;
      const rooms = io.in(sessionIds.map(sessionRoom));
      if (reason !== 'logout')
        inEachLanguage(io, sessionIds.map(sessionRoom), (target, language) =>
          target.emit('force_disconnect', serverTexts(language).server.forcedDisconnect),
        );
      // Without `close`: the DISCONNECT packet is queued after force_disconnect, so it arrives second.
      rooms.disconnectSockets();
    },
  };
}

import type { StaffDisconnects } from '../modules/admin/players.service';
import { sessionRoom, type GameServer } from './servers';

/**
 * Issue 18: closes the sockets of sessions staff ended (freeze, sign-out),
 * on every node with the Redis adapter, after telling them why
 * (`force_disconnect` with the console's text; the web app signs the tab out).
 */
export function createStaffDisconnects(io: GameServer): StaffDisconnects {
  return {
    sessionsEnded(sessionIds, message) {
      if (sessionIds.length === 0) return;
      const rooms = io.in(sessionIds.map(sessionRoom));
      rooms.emit('force_disconnect', message);
      rooms.disconnectSockets();
    },
  };
}

/**
 * Every interface the modules declare to tell players things, implemented on
 * the two Socket.IO servers — built once by the composition and handed to the
 * services, which never see `io` themselves.
 */
import { createBalanceEvents } from './balance-events';
import { createChallengeEvents, createPlayerPresenceCheck, createRematchEvents } from './challenge-events';
import { createGameEvents, createPlayerConnections } from './game-events';
import { createSearchNotices } from './search-notices';
import type { GameServer, PublicServer } from './servers';
import { createSocketSessionEvents } from './socket-session-events';
import { createStaffDisconnects } from './staff-disconnects';

export function createRealtimePorts(io: GameServer, publicIo: PublicServer) {
  return {
    sessionEvents: createSocketSessionEvents(io),
    balanceEvents: createBalanceEvents(io),
    gameEvents: createGameEvents(io, publicIo),
    playerConnections: createPlayerConnections(io),
    challengeEvents: createChallengeEvents(io),
    rematchEvents: createRematchEvents(io),
    playerPresence: createPlayerPresenceCheck(io),
    staffDisconnects: createStaffDisconnects(io),
    searchNotices: createSearchNotices(io),
    /** The live sockets of this node, for /metrics. */
    socketCounts: () => ({ signedIn: io.of('/').sockets.size, public: publicIo.of('/').sockets.size }),
  };
}

export type RealtimePorts = ReturnType<typeof createRealtimePorts>;

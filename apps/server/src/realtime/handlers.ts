import type { Logger } from '../shared/logger';
import { SERVER_TEXTS } from '@shifumi/protocol';
import type { AuthService } from '../modules/auth/auth.service';
import type { Lobby } from '../modules/matchmaking/lobby';
import type { Presence } from './presence';
import { sessionRoom, userRoom, type GameServer, type PublicServer } from './servers';

export interface RealtimeHandlersDeps {
  io: GameServer;
  publicIo: PublicServer;
  auth: AuthService;
  presence: Presence;
  /** Issue 24: the players waiting at each stake. */
  lobby: Lobby;
  logger: Logger;
}

/**
 * Signed-in sockets: the handshake must carry a valid access token of an open
 * session (`auth.token`), otherwise the client gets `connect_error` with the
 * refusal's text. Each socket joins `user:<id>` and `session:<sid>`.
 * Public sockets get the online-users count and the lobby (issue 24) at
 * connection and on every change.
 */
export function registerRealtimeHandlers(deps: RealtimeHandlersDeps): () => void {
  const { io, publicIo, auth, presence, lobby, logger } = deps;

  io.use((socket, next) => {
    const credential: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    auth
      .authenticate(credential)
      .then((result) => {
        if (!result.ok) return next(new Error(result.refusal.message));
        socket.data.userId = result.value.userId;
        socket.data.sessionId = result.value.sessionId;
        next();
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'Socket authentication failed unexpectedly');
        next(new Error(SERVER_TEXTS.internalError));
      });
  });

  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    void presence.connect(userId, socket.id).catch((error: unknown) => logger.error({ err: error }, 'Presence update failed'));
    socket.on('disconnect', () => {
      void presence.disconnect(userId, socket.id).catch((error: unknown) => logger.error({ err: error }, 'Presence update failed'));
    });
    // The session may have been revoked between the handshake and joining its room: check once more.
    void auth
      .isSessionActive({ userId, sessionId })
      .then((active) => {
        if (!active) socket.disconnect();
      })
      .catch((error: unknown) => logger.error({ err: error }, 'Session re-check failed'));
  });

  publicIo.on('connection', (socket) => {
    presence
      .countOnlineUsers()
      .then((count) => socket.emit('online_users', count))
      .catch((error: unknown) => logger.error({ err: error }, 'Presence count failed'));
    lobby
      .current()
      .then((counts) => socket.emit('lobby', counts))
      .catch((error: unknown) => logger.error({ err: error }, 'Lobby count failed'));
  });

  // Every node hears every change and tells its own public sockets (`local`): a cluster-wide emit from each node would repeat it.
  const stopPresence = presence.onChange((count) => publicIo.local.emit('online_users', count));
  // Each node reads the lobby itself (once a second) and tells its own public sockets.
  const stopLobby = lobby.onChange((counts) => publicIo.local.emit('lobby', counts));
  return () => {
    stopPresence();
    stopLobby();
  };
}

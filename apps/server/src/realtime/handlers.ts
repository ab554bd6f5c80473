import type { Logger } from '../shared/logger';
import { refusalText, serverTexts, socketRefusalText, type PublicClientToServerEvents } from '@shifumi/protocol';
import type { AuthService } from '../modules/auth/auth.service';
import type { Lobby } from '../modules/matchmaking/lobby';
import type { Presence } from './presence';
import { protocolVersionOf, speaksOurProtocol } from './protocol-version';
import { sessionRoom, userRoom, type GameServer, type PublicServer } from './servers';
import { isDatabaseUnavailable } from '../infra/db/errors';
import { bindSocketEvents, type SocketEventTable } from './socket-event-table';
import { pickLanguage } from '../shared/language';
import { languageRoom } from './socket-language';

/** The public socket's events: none a client may send (the table says so; the type keeps it in step with the protocol). */
export const PUBLIC_EVENT_TABLE: SocketEventTable<PublicClientToServerEvents, undefined> = {};

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
 * refusal's text. Each socket joins `user:<id>` and `session:<sid>`. A tab
 * that speaks another protocol version (`auth.protocolVersion`, issue 25) is
 * let in only to hear `force_disconnect` asking for a reload, then closed.
 * Public sockets get the online-users count and the lobby (issue 24) at
 * connection and on every change.
 */
export function registerRealtimeHandlers(deps: RealtimeHandlersDeps): () => void {
  const { io, publicIo, auth, presence, lobby, logger } = deps;

  // Issue 25 (decision 036): checked before the token, so that an old tab hears why rather than a connect_error.
  io.use((socket, next) => {
    if (!speaksOurProtocol(protocolVersionOf(socket.handshake))) socket.data.outdated = true;
    next();
  });

  io.use((socket, next) => {
    // Issue 27: until the session says otherwise, the handshake's language (the refusals of this middleware too).
    const handshakeLanguage = pickLanguage(null, socket.handshake.headers['accept-language']);
    socket.data.language = handshakeLanguage;
    if (socket.data.outdated === true) return next();
    const credential: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    auth
      .authenticate(credential)
      .then((result) => {
        if (!result.ok) return next(new Error(refusalText(result.refusal, handshakeLanguage)));
        socket.data.userId = result.value.userId;
        socket.data.sessionId = result.value.sessionId;
        socket.data.language = pickLanguage(result.value.language, socket.handshake.headers['accept-language']);
        next();
      })
      .catch((error: unknown) => {
        // Issue 29: the database away (restarting) is said as such, with `retry` for the client to try again by itself
        // (Socket.IO does not reconnect after a refusal by the server's middleware).
        if (isDatabaseUnavailable(error)) {
          logger.warn({ err: error }, 'Socket authentication: the database is unavailable');
          return next(
            Object.assign(new Error(serverTexts(handshakeLanguage).server.serviceUnavailable), { data: { retry: true } }),
          );
        }
        logger.error({ err: error }, 'Socket authentication failed unexpectedly');
        next(new Error(serverTexts(handshakeLanguage).server.internalError));
      });
  });

  io.on('connection', (socket) => {
    if (socket.data.outdated === true) {
      logger.info(
        { version: String(protocolVersionOf(socket.handshake)).slice(0, 32) },
        'A client of another protocol version was asked to reload',
      );
      socket.emit('force_disconnect', socketRefusalText({ code: 'outdated_client' }, socket.data.language));
      socket.disconnect(true);
      return;
    }
    const { userId, sessionId, language } = socket.data;
    void socket.join([userRoom(userId), sessionRoom(sessionId), languageRoom(language)]);
    void presence.connect(userId, socket.id).catch((error: unknown) => logger.error({ err: error }, 'Presence update failed'));
    socket.on('disconnect', () => {
      void presence
        .disconnect(userId, socket.id)
        .catch((error: unknown) => logger.error({ err: error }, 'Presence update failed'));
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
    // Issue 27: an anonymous connection speaks its handshake's language.
    socket.data.language = pickLanguage(null, socket.handshake.headers['accept-language']);
    bindSocketEvents(socket as unknown as Parameters<typeof bindSocketEvents>[0], PUBLIC_EVENT_TABLE, undefined, {
      language: socket.data.language,
      refuse: () => undefined,
      failed: (event, error) => logger.error({ err: error, event }, 'Public socket event failed'),
    });
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

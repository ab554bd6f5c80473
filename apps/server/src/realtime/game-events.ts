/** GameEvents and PlayerConnections (declared in modules/games) over the two Socket.IO servers. */
import { playerRoom, type GameEvents, type PlayerConnections } from '../modules/games/game-events';
import { userRoom, type GameServer, type PublicServer } from './servers';

export function createGameEvents(io: GameServer, publicIo: PublicServer, options: { unseatAfterMs?: number } = {}): GameEvents {
  const unseatAfterMs = options.unseatAfterMs ?? UNSEAT_AFTER_MS;
  // The typed emit of Socket.IO does not accept a generic event name: the interface's signature carries the types.
  type Emit = (event: string, ...payload: unknown[]) => void;
  return {
    seat(gameId, userId, socketId) {
      const room = playerRoom(gameId, userId);
      // Issue 30: a socket of this node joins here; only another node's goes through the adapter (a message to every node).
      const local = socketId === undefined ? undefined : io.sockets.sockets.get(socketId);
      if (local) void local.join(room);
      else if (socketId) io.in(socketId).socketsJoin(room);
      io.in(userRoom(userId)).socketsJoin(room);
    },
    toSocket(socketId, event, ...payload) {
      const local = io.sockets.sockets.get(socketId);
      if (local) (local.emit as Emit)(event, ...payload);
      else (io.to(socketId).emit as Emit)(event, ...payload);
    },
    toPlayer(gameId, userId, event, ...payload) {
      (io.to(playerRoom(gameId, userId)).emit as Emit)(event, ...payload);
    },
    toBoth(gameId, [first, second], event, ...payload) {
      (io.to([playerRoom(gameId, first), playerRoom(gameId, second)]).emit as Emit)(event, ...payload);
    },
    toPublic(event, ...payload) {
      (publicIo.emit as Emit)(event, ...payload);
    },
    unseat(gameId, userIds) {
      const rooms = userIds.map((userId) => playerRoom(gameId, userId));
      // On every node (the adapter carries it), a minute after the end.
      setTimeout(() => io.in(rooms).socketsLeave(rooms), unseatAfterMs).unref();
    },
  };
}

/** How long an ended game's player rooms are kept (post-game reactions), then left. */
export const UNSEAT_AFTER_MS = 60_000;

/** The adapter's own room table: local sockets only, with any adapter. */
export function createPlayerConnections(io: GameServer): PlayerConnections {
  return {
    localRooms(rooms) {
      const table = io.of('/').adapter.rooms;
      return rooms.filter((room) => (table.get(room)?.size ?? 0) > 0);
    },
  };
}

/**
 * What the games need from the transport, declared here and implemented in
 * realtime/game-events.ts (Socket.IO): no module imports the transport.
 *
 * - `GameEvents`: seat a player's sockets in a game, and send events to one
 *   player of a game, to both (one send for both rooms), to one socket, or to
 *   everyone on the public feed.
 * - `PlayerConnections`: which player rooms of games have a socket on this
 *   node (the other nodes answer for theirs over the relay).
 */
import type { PublicServerToClientEvents, ServerToClientEvents } from '@shifumi/protocol';

type Events = ServerToClientEvents;

/** Room of one player's sockets in one game. */
export const playerRoom = (gameId: string, userId: string) => `game:${gameId}:${userId}`;

/** The game of a player room of `userId`, if `room` is one. */
export function gameOfPlayerRoom(room: string, userId: string): string | undefined {
  const suffix = `:${userId}`;
  if (!room.startsWith('game:') || !room.endsWith(suffix)) return undefined;
  const gameId = room.slice('game:'.length, -suffix.length);
  return gameId.length > 0 ? gameId : undefined;
}

export interface GameEvents {
  /** Puts the searching socket (if any) and every other socket of the user in their game's player room. */
  seat(gameId: string, userId: string, socketId?: string): void;
  toSocket<E extends keyof Events>(socketId: string, event: E, ...payload: Parameters<Events[E]>): void;
  toPlayer<E extends keyof Events>(gameId: string, userId: string, event: E, ...payload: Parameters<Events[E]>): void;
  /** One send to both players' rooms (never a loop of sends). */
  toBoth<E extends keyof Events>(
    gameId: string,
    userIds: readonly [string, string],
    event: E,
    ...payload: Parameters<Events[E]>
  ): void;
  toPublic<E extends keyof PublicServerToClientEvents>(event: E, ...payload: Parameters<PublicServerToClientEvents[E]>): void;
  /**
   * Issue 29 (soak): takes the players' sockets out of an ended game's player rooms, a while later (what is said
   * just after the end — a reaction, "good game" — still reaches the opponent). Without it a socket kept the rooms of
   * every game it had played, and a long session's memory grew with them.
   */
  unseat?(gameId: string, userIds: readonly [string, string]): void;
}

export interface PlayerConnections {
  /** Which of these player rooms hold a socket on this node. */
  localRooms(rooms: readonly string[]): string[];
}

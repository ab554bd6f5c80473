/**
 * Which players of the games have a socket, on any node, and the audit that
 * keeps the games' count of connected players true: a node that dies tells
 * nobody that its sockets are gone, so an owner checks every `auditEveryMs`
 * that the players it counts connected still have a socket in their game
 * somewhere; two checks in a row must miss a player before the game counts
 * them disconnected. And the other way round: a player a game counted gone
 * from what this node could see is checked by the other nodes
 * (`connectionLost`, a `check-connected` notice), where a socket of theirs
 * may still be.
 *
 * Depends on PlayerConnections (this node's sockets, realtime/) and the
 * relay (the other nodes'; optional: alone, this node's sockets are all).
 */
import type { Logger } from '../../shared/logger';
import type { NodeRelay } from '../cluster/node-relay';
import { playerRoom, type PlayerConnections } from './game-events';
import type { GameRegistry } from './game-registry';
import { roomsAnswerSchema, type RelayMessage } from './game-relay-messages';

/** Consecutive connection checks that must miss a player before they count as disconnected. */
const AUDIT_MISSES = 2;

export interface ConnectionAuditDeps {
  connections: PlayerConnections;
  relay: NodeRelay | undefined;
  /** How long to wait for the other nodes' answers to "who holds a socket in these rooms?". */
  gatherWindowMs: number;
  registry: GameRegistry;
  logger: Logger;
  /** The time an action is stamped with (epoch ms). */
  now(): number;
}

export type ConnectionAudit = ReturnType<typeof createConnectionAudit>;

export function createConnectionAudit(deps: ConnectionAuditDeps) {
  const { connections, relay, gatherWindowMs, registry, logger } = deps;
  /** Player rooms the last connection checks missed, with how many times in a row. */
  const missed = new Map<string, number>();

  /** Rooms with a socket on this node (the adapter's own room table: local sockets only, with any adapter). */
  function localRooms(rooms: readonly string[]): string[] {
    return connections.localRooms(rooms);
  }

  /** Which of `rooms` hold a socket on any node (this one, then the others over the relay). */
  async function roomsWithSockets(rooms: readonly string[]): Promise<Set<string>> {
    const found = new Set(localRooms(rooms));
    if (!relay || found.size === rooms.length) return found;
    const answers = await relay.gather(
      { kind: 'rooms', rooms: rooms.filter((room) => !found.has(room)) } satisfies RelayMessage,
      gatherWindowMs,
    );
    for (const answer of answers) {
      const parsed = roomsAnswerSchema.safeParse(answer);
      if (parsed.success) for (const room of parsed.data.rooms) found.add(room);
    }
    return found;
  }

  /** Players counted connected with no socket in their game on any node, twice in a row: counted disconnected. */
  async function audit(): Promise<void> {
    const counted: Array<{ game: NonNullable<ReturnType<GameRegistry['room']>>; playerId: string; room: string }> = [];
    for (const game of registry.rooms()) {
      for (const player of game.state.players)
        if (player.connected) counted.push({ game, playerId: player.id, room: playerRoom(game.id, player.id) });
    }
    const present = counted.length > 0 ? await roomsWithSockets(counted.map((entry) => entry.room)) : new Set<string>();
    const still = new Set(counted.map((entry) => entry.room));
    for (const room of missed.keys()) if (!still.has(room)) missed.delete(room);
    for (const { game, playerId, room } of counted) {
      if (present.has(room)) {
        missed.delete(room);
        continue;
      }
      const misses = (missed.get(room) ?? 0) + 1;
      if (misses < AUDIT_MISSES) {
        missed.set(room, misses);
        continue;
      }
      missed.delete(room);
      logger.info(
        { gameId: game.id, userId: playerId },
        'No socket of the player left in the game on any node: counted disconnected',
      );
      void game
        .act({ type: 'disconnect', playerId, now: deps.now() })
        .catch((error: unknown) =>
          logger.error({ err: error, gameId: game.id }, 'Counting a vanished player disconnected failed'),
        );
    }
  }

  /** With other nodes: a player a game counted gone is checked by the nodes that may still hold one of their sockets. */
  const connectionLost = relay
    ? (gameId: string, userId: string): void => {
        relay
          .broadcast({ kind: 'check-connected', gameId, userId } satisfies RelayMessage)
          .catch((error: unknown) =>
            logger.warn({ err: error, gameId }, 'Connection check could not be sent to the other nodes'),
          );
      }
    : undefined;

  return { localRooms, roomsWithSockets, audit, connectionLost };
}

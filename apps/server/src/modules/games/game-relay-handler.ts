/**
 * The handler of the relay's messages from the other nodes
 * (game-relay-messages.ts): apply an action to a game this node runs, the
 * `game_state` of a (re)connecting player, which rooms have a socket here,
 * and the check of a player an owner counted disconnected.
 */
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { NodeRelay } from '../cluster/node-relay';
import { playerRoom } from './game-events';
import { actHere, isPlayer, stateHere } from './game-here';
import type { GameOwnership } from './game-ownership';
import { relayMessageSchema, type PlayerAction } from './game-relay-messages';
import type { ActionResult } from './game-room';

export interface GameRelayHandlerDeps {
  relay: Pick<NodeRelay, 'serve'>;
  ownership: Pick<GameOwnership, 'room' | 'gameOf' | 'isStopped' | 'localRooms'>;
  clock: Clock;
  logger: Logger;
  /** Applies an action wherever the game runs (the router's `act`). */
  act: (userId: string, room: string, action: PlayerAction) => Promise<ActionResult>;
}

export function serveGameRelay(deps: GameRelayHandlerDeps): void {
  const { ownership, clock, logger } = deps;
  deps.relay.serve(async (body) => {
    const message = relayMessageSchema.parse(body);
    switch (message.kind) {
      case 'act': {
        const game = ownership.room(message.gameId);
        if (!game || ownership.isStopped()) return { owner: false };
        return { owner: true, result: await actHere(game, message.userId, message.action, clock().getTime()) };
      }
      case 'state': {
        const game = ownership.room(message.gameId);
        if (!game || ownership.isStopped()) return { owner: false };
        return {
          owner: true,
          state: isPlayer(game, message.userId) ? (stateHere(ownership, message.userId) ?? null) : null,
        };
      }
      case 'rooms':
        return { rooms: ownership.localRooms(message.rooms) };
      case 'check-connected': {
        if (ownership.localRooms([playerRoom(message.gameId, message.userId)]).length > 0 && !ownership.isStopped()) {
          const result = await deps.act(message.userId, message.gameId, { type: 'reconnect' });
          if (!result.ok)
            logger.warn({ gameId: message.gameId, code: result.code }, 'A connected player could not be counted back');
        }
        return undefined;
      }
    }
  });
}

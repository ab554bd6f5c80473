/**
 * Getting a player's action, rejoin or disconnection to where their game
 * runs (game-location.ts): run here in the game's room (game-here.ts),
 * relayed to the owner (which answers its result), or run here after taking
 * the game over when nobody runs it. The relay's messages from other nodes
 * are served by game-relay-handler.ts. Depends on game-ownership.ts, the
 * relay (optional: alone, every game is here or nowhere) and games.repo.ts.
 */
import type { GameRefusalCode, GameStateEvent } from '@shifumi/protocol';
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { playerRoom } from './game-events';
import { actHere, isPlayer, opponentOf, stateHere } from './game-here';
import { createGameLocator, UUID } from './game-location';
import type { GameOwnership } from './game-ownership';
import { serveGameRelay } from './game-relay-handler';
import { ownerAnswerSchema, stateAnswerSchema, type PlayerAction, type RelayMessage } from './game-relay-messages';
import type { ActionResult } from './game-room';
import { findPlayingGameOf, playingGame } from './games.repo';
export type { PlayerAction } from './game-relay-messages';

/**
 * A disconnection the game could not count for these reasons is expected (the
 * game changes node, this node stops, or it has already ended): the audit of
 * its next owner counts it. Any other refusal is logged.
 */
export const DISCONNECT_REFUSALS_EXPECTED: ReadonlySet<GameRefusalCode> = new Set<GameRefusalCode>([
  'restarting',
  'not_in_game',
  'moving',
]);

export interface GameRouterDeps {
  db: Database;
  ownership: GameOwnership;
  logger: Logger;
  clock: Clock;
}

export function createGameRouter(deps: GameRouterDeps) {
  const { db, ownership, logger, clock } = deps;
  const { relay } = ownership;
  const { onOwner } = createGameLocator({ db, ownership, logger });

  const router = {
    /**
     * Applies a player's action to their game, in order with every other
     * action of it: here if this node runs the game, otherwise on the node
     * that does (answering its result), or here after taking it over when
     * nobody runs it.
     */
    async act(userId: string, room: string, action: PlayerAction): Promise<ActionResult> {
      if (ownership.isStopped()) return { ok: false, code: 'restarting' };
      return onOwner<ActionResult>(
        room,
        (game) => actHere(game, userId, action, clock().getTime()),
        async (node) => {
          const answer = ownerAnswerSchema.parse(
            await relay!.request(node, { kind: 'act', gameId: room, userId, action } satisfies RelayMessage),
          );
          return answer.owner ? { owner: true, value: answer.result } : { owner: false };
        },
        { ok: false, code: 'not_in_game' },
        { ok: false, code: 'moving' },
      );
    },

    /**
     * A player's socket connected (to this node): their game in play, if any,
     * with the `game_state` they get — from whichever node runs the game.
     */
    async rejoin(userId: string): Promise<{ room: string; state: GameStateEvent | undefined } | undefined> {
      const local = ownership.gameOf(userId);
      if (local) return { room: local, state: stateHere(ownership, userId) };
      if (!relay || ownership.isStopped()) return undefined;
      const row = await findPlayingGameOf(db, userId);
      if (!row) return undefined;
      const state = await onOwner<GameStateEvent | undefined>(
        row.id,
        async () => stateHere(ownership, userId),
        async (node) => {
          const answer = stateAnswerSchema.parse(
            await relay.request(node, { kind: 'state', gameId: row.id, userId } satisfies RelayMessage),
          );
          return answer.owner ? { owner: true, value: answer.state ?? undefined } : { owner: false };
        },
        undefined,
        undefined,
      );
      return { room: row.id, state };
    },

    /**
     * One of the player's sockets in `room` closed: when no socket of theirs
     * is left in the game on any node, the game counts them disconnected.
     */
    async socketLeft(userId: string, room: string): Promise<void> {
      const left = await ownership.roomsWithSockets([playerRoom(room, userId)]);
      if (left.size > 0) return;
      const result = await router.act(userId, room, { type: 'disconnect' });
      // Expected while the game changes node or this node stops: the audit of its next owner counts it.
      if (!result.ok && !DISCONNECT_REFUSALS_EXPECTED.has(result.code)) {
        logger.warn({ gameId: room, userId, code: result.code }, 'A disconnection could not be counted');
      }
    },

    /** The opponent's room in the user's game (reactions go there), wherever the game runs. */
    async opponentRoom(userId: string, room: string): Promise<string | undefined> {
      const game = ownership.room(room);
      if (game) return isPlayer(game, userId) ? playerRoom(room, opponentOf(game, userId).id) : undefined;
      if (!relay || !UUID.test(room)) return undefined;
      const row = await playingGame(db, room);
      if (!row || (row.player1Id !== userId && row.player2Id !== userId)) return undefined;
      return playerRoom(room, row.player1Id === userId ? row.player2Id : row.player1Id);
    },
  };

  // Requests from the other nodes.
  if (relay) serveGameRelay({ relay, ownership, clock, logger, act: router.act });

  return router;
}

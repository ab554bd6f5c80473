/**
 * Where a game runs, and getting an action there. A game is here (this node
 * runs it), on another node (its lease's holder), nowhere (not in play), or
 * moving (its lease is this node's but being let go, or its owner did not
 * answer). An action is run here in the game's room, relayed to the owner
 * (which answers its result), or run here after taking the game over when
 * nobody runs it (game-ownership.ts).
 *
 * Also the handler that serves the relay's messages (game-relay-messages.ts): apply an action, the `game_state` of a
 * (re)connecting player, which rooms have a socket here, and the check of a
 * player an owner counted disconnected. Depends on game-ownership.ts, the
 * relay (optional: alone, every game is here or nowhere) and games.repo.ts.
 */
import type { MatchAction } from '@shifumi/game';
import type { GameStateEvent } from '@shifumi/protocol';
import { viewFor } from '@shifumi/game';
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { RelayError } from '../cluster/node-relay';
import { playerRoom } from './game-events';
import type { GameOwnership } from './game-ownership';
import { GAME_TEXTS, type ActionResult, type GamePlayer, type GameRoom } from './game-room';
import { findPlayingGameOf, playingGame } from './games.repo';
import { sealedMatchAction } from './sealed-choices';
import { ownerAnswerSchema, relayMessageSchema, stateAnswerSchema, type PlayerAction, type RelayMessage } from './game-relay-messages';
export type { PlayerAction } from './game-relay-messages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toMatchAction(room: string, action: PlayerAction, playerId: string, now: number): MatchAction {
  switch (action.type) {
    case 'commit':
    case 'reveal':
      return sealedMatchAction(room, action, playerId, now);
    case 'choose':
      return { type: 'choose', playerId, choice: action.choice, now };
    case 'leave':
      return { type: 'leave', playerId, now };
    case 'reconnect':
      return { type: 'reconnect', playerId, now };
    case 'disconnect':
      return { type: 'disconnect', playerId, now };
  }
}

export interface GameRouterDeps {
  db: Database;
  ownership: GameOwnership;
  logger: Logger;
  clock: Clock;
}

type Location = { at: 'here'; game: GameRoom } | { at: 'node'; node: string } | { at: 'nowhere' } | { at: 'moving' };

const isPlayer = (game: GameRoom, userId: string) => game.players.some((player) => player.id === userId);

function other(game: GameRoom, userId: string): GamePlayer {
  return game.players[0].id === userId ? game.players[1] : game.players[0];
}

export function createGameRouter(deps: GameRouterDeps) {
  const { db, ownership, logger, clock } = deps;
  const { relay, leases, holder } = ownership;

  /** Finds who runs the game; a game in play that nobody runs is taken over here. */
  async function locate(gameId: string): Promise<Location> {
    const pending = ownership.claimOf(gameId);
    if (pending) await pending;
    const game = ownership.room(gameId);
    if (game) return { at: 'here', game };
    if (!relay || !UUID.test(gameId)) return { at: 'nowhere' };
    const lease = await leases.current(ownership.leaseKey(gameId));
    if (lease && lease.holder !== holder) return { at: 'node', node: lease.holder };
    if (lease) return { at: 'moving' }; // ours, being let go
    const row = await playingGame(db, gameId);
    if (!row) return { at: 'nowhere' };
    await ownership.takeOver([row]);
    const taken = ownership.room(gameId);
    return taken ? { at: 'here', game: taken } : { at: 'moving' };
  }

  function actHere(game: GameRoom, userId: string, action: PlayerAction): Promise<ActionResult> {
    if (!isPlayer(game, userId)) return Promise.resolve({ ok: false, message: GAME_TEXTS.notInGame });
    return game.act(toMatchAction(game.id, action, userId, clock().getTime()));
  }

  function stateFor(userId: string): GameStateEvent | undefined {
    const room = ownership.gameOf(userId);
    const game = room ? ownership.room(room) : undefined;
    if (!game) return undefined;
    const view = viewFor(game.state, userId)!;
    const opponent = other(game, userId);
    return {
      room: game.id,
      round: view.round,
      deadline: view.deadline,
      scores: view.scores,
      opponent: { id: opponent.id, name: opponent.name, walletAddress: opponent.walletAddress },
      opponentCharacter: opponent.character,
      choiceLocked: view.choiceLocked,
      ...(view.revealPending ? { revealPending: true } : {}),
    };
  }

  /** Runs `here` where the game runs: on this node, or on its owner over the relay. Twice at most if it moves meanwhile. */
  async function onOwner<T>(
    gameId: string,
    here: (game: GameRoom) => Promise<T>,
    there: (node: string) => Promise<{ owner: false } | { owner: true; value: T }>,
    nowhere: T,
    moving: T,
  ): Promise<T> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const location = await locate(gameId);
      if (location.at === 'here') return here(location.game);
      if (location.at === 'nowhere') return nowhere;
      if (location.at === 'moving') return moving;
      try {
        const answer = await there(location.node);
        if (answer.owner) return answer.value;
      } catch (error) {
        // The owner is gone or slow: its lease lapses within the ttl, then a node takes the game over.
        if (!(error instanceof RelayError)) throw error;
        logger.warn({ err: error, gameId, node: location.node }, 'The node running the game did not answer');
        return moving;
      }
    }
    return moving;
  }

  const router = {
    /**
     * Applies a player's action to their game, in order with every other
     * action of it: here if this node runs the game, otherwise on the node
     * that does (answering its result), or here after taking it over when
     * nobody runs it.
     */
    async act(userId: string, room: string, action: PlayerAction): Promise<ActionResult> {
      if (ownership.isStopped()) return { ok: false, message: GAME_TEXTS.restarting };
      return onOwner<ActionResult>(
        room,
        (game) => actHere(game, userId, action),
        async (node) => {
          const answer = ownerAnswerSchema.parse(await relay!.request(node, { kind: 'act', gameId: room, userId, action } satisfies RelayMessage));
          return answer.owner ? { owner: true, value: answer.result } : { owner: false };
        },
        { ok: false, message: GAME_TEXTS.notInGame },
        { ok: false, message: GAME_TEXTS.moving },
      );
    },

    /**
     * A player's socket connected (to this node): their game in play, if any,
     * with the `game_state` they get — from whichever node runs the game.
     */
    async rejoin(userId: string): Promise<{ room: string; state: GameStateEvent | undefined } | undefined> {
      const local = ownership.gameOf(userId);
      if (local) return { room: local, state: stateFor(userId) };
      if (!relay || ownership.isStopped()) return undefined;
      const row = await findPlayingGameOf(db, userId);
      if (!row) return undefined;
      const state = await onOwner<GameStateEvent | undefined>(
        row.id,
        async () => stateFor(userId),
        async (node) => {
          const answer = stateAnswerSchema.parse(await relay.request(node, { kind: 'state', gameId: row.id, userId } satisfies RelayMessage));
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
      const expected = [GAME_TEXTS.restarting, GAME_TEXTS.notInGame, GAME_TEXTS.moving] as string[];
      if (!result.ok && !expected.includes(result.message)) {
        logger.warn({ gameId: room, userId, message: result.message }, 'A disconnection could not be counted');
      }
    },

    /** The opponent's room in the user's game (reactions go there), wherever the game runs. */
    async opponentRoom(userId: string, room: string): Promise<string | undefined> {
      const game = ownership.room(room);
      if (game) return isPlayer(game, userId) ? playerRoom(room, other(game, userId).id) : undefined;
      if (!relay || !UUID.test(room)) return undefined;
      const row = await playingGame(db, room);
      if (!row || (row.player1Id !== userId && row.player2Id !== userId)) return undefined;
      return playerRoom(room, row.player1Id === userId ? row.player2Id : row.player1Id);
    },
  };

  // ---- requests from the other nodes ---------------------------------------------------------

  relay?.serve(async (body) => {
    const message = relayMessageSchema.parse(body);
    switch (message.kind) {
      case 'act': {
        const game = ownership.room(message.gameId);
        if (!game || ownership.isStopped()) return { owner: false };
        return { owner: true, result: await actHere(game, message.userId, message.action) };
      }
      case 'state': {
        const game = ownership.room(message.gameId);
        if (!game || ownership.isStopped()) return { owner: false };
        return { owner: true, state: isPlayer(game, message.userId) ? (stateFor(message.userId) ?? null) : null };
      }
      case 'rooms':
        return { rooms: ownership.localRooms(message.rooms) };
      case 'check-connected': {
        if (ownership.localRooms([playerRoom(message.gameId, message.userId)]).length > 0 && !ownership.isStopped()) {
          const result = await router.act(message.userId, message.gameId, { type: 'reconnect' });
          if (!result.ok) logger.warn({ gameId: message.gameId, message: result.message }, 'A connected player could not be counted back');
        }
        return undefined;
      }
    }
  });

  return router;
}

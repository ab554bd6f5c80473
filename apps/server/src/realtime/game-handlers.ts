/**
 * The play events of the signed-in socket, in one table of
 * `{ event: [schema, handler] }` (socket-event-table.ts, issue 25): every
 * inbound payload is parsed with the protocol's zod schema before its handler
 * runs; the identity is the socket's (from its token), never what the client
 * claims. A handler answers a refusal as a code; the table's binder says it
 * in words (`error { code, message }`, or the acknowledgement) and nothing
 * changes.
 */
import {
  commitChoiceSchema,
  leaveGameSchema,
  makeChoiceSchema,
  noPayloadSchema,
  rematchAnswerSchema,
  rematchRequestSchema,
  revealChoiceSchema,
  searchGameSchema,
  sendReactionSchema,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketRefusal,
} from '@shifumi/protocol';
import type { Socket } from 'socket.io';
import type { ActionResult, GameService, PlayerAction } from '../modules/games/game.service';
import { gameOfPlayerRoom, playerRoom } from '../modules/games/game.service';
import type { Matchmaking } from '../modules/matchmaking/matchmaking.service';
import type { Rematch } from '../modules/rematch/rematch.service';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import type { GameServer, InterServerEvents, SocketData } from './servers';
import { bindSocketEvents, type SocketEventTable } from './socket-event-table';

/** At most one reaction and one quick message per second per player (separate budgets, issue 26). */
export const REACTION_INTERVAL_MS = 1_000;
/** Above this many senders remembered, the ones whose interval is over are forgotten. */
export const REACTION_SWEEP_SIZE = 1_000;

export interface GameHandlersDeps {
  io: GameServer;
  games: GameService;
  matchmaking: Matchmaking;
  /** Issue 24. */
  rematch: Rematch;
  clock: Clock;
  logger: Logger;
  /** Issue 29: true once the node drains (no new searches). */
  draining?: () => boolean;
}

type GameSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** What every play handler is given: the connection it serves. */
export interface PlayContext {
  socket: GameSocket;
  userId: string;
}

const refusalOf = (result: ActionResult | { ok: true } | { ok: false; refusal: SocketRefusal }): SocketRefusal | undefined => {
  if (result.ok) return undefined;
  return 'refusal' in result ? result.refusal : { code: result.code };
};

/** The signed-in socket's events, each with its schema and its handler. */
export function createPlayEventTable(deps: GameHandlersDeps): SocketEventTable<ClientToServerEvents, PlayContext> {
  const { io, games, matchmaking, rematch, clock } = deps;
  // Issue 26: one budget per kind, so an emoji never costs the message typed right after it.
  const lastSent = { reaction: new Map<string, number>(), message: new Map<string, number>() };
  const sweepAt = { reaction: REACTION_SWEEP_SIZE, message: REACTION_SWEEP_SIZE };
  const act = async ({ userId }: PlayContext, room: string, action: PlayerAction) =>
    refusalOf(await games.act(userId, room, action));

  return {
    search_game: [
      searchGameSchema,
      async ({ socket, userId }, search) => {
        // Issue 29: a draining node starts no game; the player searches again once moved to another node.
        if (deps.draining?.() === true) return { code: 'search_while_restarting' };
        return refusalOf(await matchmaking.search(userId, socket.id, search));
      },
    ],
    cancel_search: [
      noPayloadSchema,
      async ({ userId }) => {
        await matchmaking.cancel(userId);
        return undefined;
      },
    ],
    make_choice: [makeChoiceSchema, (context, { room, choice }) => act(context, room, { type: 'choose', choice })],
    // Issue 17: a sealed choice, then its reveal once both players have locked (decision 021).
    commit_choice: [
      commitChoiceSchema,
      (context, { room, round, commitment }) => act(context, room, { type: 'commit', round, commitment }),
    ],
    reveal_choice: [
      revealChoiceSchema,
      (context, { room, round, choice, salt }) => act(context, room, { type: 'reveal', round, choice, salt }),
    ],
    leave_game: [leaveGameSchema, (context, { room }) => act(context, room, { type: 'leave' })],
    // Issue 24: a rematch after an ended game.
    rematch_request: [rematchRequestSchema, async ({ userId }, { room }) => refusalOf(await rematch.request(userId, room))],
    rematch_answer: [
      rematchAnswerSchema,
      async ({ userId }, { room, accept }) => refusalOf(await rematch.answer(userId, room, accept)),
    ],
    // Issue 14: a sender that asks for an answer hears whether it was sent, and why not (the binder answers the ack).
    send_reaction: [
      sendReactionSchema,
      async ({ userId }, { room, content, kind = 'reaction' }) => {
        const target = await games.opponentRoom(userId, room);
        if (!target) return { code: 'not_in_game' };
        const now = clock().getTime();
        const last = lastSent[kind];
        if (now - (last.get(userId) ?? 0) < REACTION_INTERVAL_MS)
          return { code: kind === 'message' ? 'message_too_soon' : 'reaction_too_soon' };
        last.set(userId, now);
        // Issue 29 (soak): an entry older than the interval decides nothing; without this sweep the map kept every player who ever sent one.
        if (last.size > sweepAt[kind]) {
          for (const [id, at] of last) if (now - at >= REACTION_INTERVAL_MS) last.delete(id);
          // The next sweep once the map has doubled: each sweep is paid for by as many sends.
          sweepAt[kind] = Math.max(REACTION_SWEEP_SIZE, 2 * last.size);
        }
        io.to(target).emit('reaction_received', { content });
        return undefined;
      },
    ],
  };
}

export function registerGameHandlers(deps: GameHandlersDeps): void {
  const { io, games, matchmaking, logger } = deps;
  const table = createPlayEventTable(deps);

  io.on('connection', (socket: GameSocket) => {
    // Issue 25: a tab of another protocol version is told to reload and closed (handlers.ts); it plays nothing.
    if (socket.data.outdated === true) return;
    const { userId } = socket.data;

    // A player coming back to a running game (run here or on another node) rejoins it and gets its state.
    games
      .rejoin(userId)
      .then(async (found) => {
        if (!found || socket.disconnected) return;
        await socket.join(playerRoom(found.room, userId));
        if (found.state) socket.emit('game_state', found.state);
        // Issue 17: a sealed choice still awaited is asked for again (the browser kept its salt for this).
        if (found.state?.revealPending) socket.emit('reveal_request', { room: found.room, round: found.state.round });
        await games.act(userId, found.room, { type: 'reconnect' });
      })
      .catch((error: unknown) => logger.error({ err: error, userId }, 'Rejoining the game failed'));

    bindSocketEvents(
      socket as unknown as Parameters<typeof bindSocketEvents>[0],
      table,
      { socket, userId },
      {
        refuseUnknown: true,
        language: socket.data.language,
        refuse: (answer) => socket.emit('error', answer),
        failed: (event, error) => logger.error({ err: error, event, userId }, 'Socket event failed'),
      },
    );

    // The socket's game rooms, read while it still has them (a game started on another node joined them from there).
    let gameRooms: string[] = [];
    socket.on('disconnecting', () => {
      gameRooms = [...socket.rooms].flatMap((room) => gameOfPlayerRoom(room, userId) ?? []);
    });
    socket.on('disconnect', () => {
      void matchmaking
        .socketGone(userId, socket.id)
        .catch((error: unknown) => logger.error({ err: error }, 'Leaving the queue failed'));
      const local = games.gameOf(userId);
      const rooms = new Set(local ? [...gameRooms, local] : gameRooms);
      // Disconnected only when no socket of the player is left in the game, on any node.
      for (const room of rooms) {
        void games.socketLeft(userId, room).catch((error: unknown) => logger.error({ err: error }, 'Disconnect handling failed'));
      }
    });
  });
}

/**
 * The play events of the signed-in socket. Every inbound payload is validated
 * with the protocol's zod schemas; the identity is the socket's (from its
 * token), never what the client claims. Every refusal, whatever its reason,
 * is answered with `error {message}` and changes nothing.
 */
import {
  SOCKET_TEXTS,
  socketIssueMessage,
  leaveGameSchema,
  makeChoiceSchema,
  commitChoiceSchema,
  revealChoiceSchema,
  sendReactionSchema,
  rematchAnswerSchema,
  rematchRequestSchema,
  type ClientToServerEvents,
  type SendReactionAck,
  type ServerToClientEvents,
} from '@shifumi/protocol';
import type { Socket } from 'socket.io';
import type { GameService } from '../modules/games/game.service';
import { gameOfPlayerRoom, playerRoom } from '../modules/games/game.service';
import type { Matchmaking } from '../modules/matchmaking/matchmaking.service';
import type { Rematch } from '../modules/rematch/rematch.service';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import type { GameServer, InterServerEvents, SocketData } from './servers';

/** At most one reaction and one quick message per second per player (separate budgets, issue 26). */
export const REACTION_INTERVAL_MS = 1_000;

const KNOWN_EVENTS = new Set<keyof ClientToServerEvents>(['search_game', 'cancel_search', 'make_choice', 'commit_choice', 'reveal_choice', 'send_reaction', 'leave_game', 'rematch_request', 'rematch_answer']);

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

export function registerGameHandlers(deps: GameHandlersDeps): void {
  const { io, games, matchmaking, rematch, clock, logger } = deps;
  // Issue 26: one budget per kind, so an emoji never costs the message typed right after it.
  const lastSent = { reaction: new Map<string, number>(), message: new Map<string, number>() };

  io.on('connection', (socket: GameSocket) => {
    const { userId } = socket.data;
    const refuse = (message: string): void => {
      socket.emit('error', { message });
    };
    const guarded =
      <T extends unknown[]>(name: string, handler: (...args: T) => Promise<void>) =>
      (...args: T) => {
        handler(...args).catch((error: unknown) => {
          logger.error({ err: error, event: name, userId }, 'Socket event failed');
          refuse(SOCKET_TEXTS.internalError);
        });
      };

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

    socket.onAny((event: string) => {
      if (!KNOWN_EVENTS.has(event as keyof ClientToServerEvents)) refuse(SOCKET_TEXTS.unknownEvent);
    });

    socket.on(
      'search_game',
      guarded('search_game', async (payload: unknown) => {
        // Issue 29: a draining node starts no game; the player searches again once moved to another node.
        if (deps.draining?.() === true) return refuse(SOCKET_TEXTS.searchWhileRestarting);
        const result = await matchmaking.search(userId, socket.id, payload);
        if (!result.ok) refuse(result.message);
      }),
    );

    socket.on(
      'cancel_search',
      guarded('cancel_search', async () => {
        await matchmaking.cancel(userId);
      }),
    );

    socket.on(
      'make_choice',
      guarded('make_choice', async (payload: unknown) => {
        const parsed = makeChoiceSchema.safeParse(payload);
        if (!parsed.success) return refuse(socketIssueMessage(parsed.error));
        const { room: target, choice } = parsed.data;
        const result = await games.act(userId, target, { type: 'choose', choice });
        if (!result.ok) refuse(result.message);
      }),
    );

    // Issue 17: a sealed choice, then its reveal once both players have locked (decision 021).
    socket.on(
      'commit_choice',
      guarded('commit_choice', async (payload: unknown) => {
        const parsed = commitChoiceSchema.safeParse(payload);
        if (!parsed.success) return refuse(socketIssueMessage(parsed.error));
        const { room: target, round, commitment } = parsed.data;
        const result = await games.act(userId, target, { type: 'commit', round, commitment });
        if (!result.ok) refuse(result.message);
      }),
    );

    socket.on(
      'reveal_choice',
      guarded('reveal_choice', async (payload: unknown) => {
        const parsed = revealChoiceSchema.safeParse(payload);
        if (!parsed.success) return refuse(socketIssueMessage(parsed.error));
        const { room: target, round, choice, salt } = parsed.data;
        const result = await games.act(userId, target, { type: 'reveal', round, choice, salt });
        if (!result.ok) refuse(result.message);
      }),
    );

    socket.on(
      'leave_game',
      guarded('leave_game', async (payload: unknown) => {
        const parsed = leaveGameSchema.safeParse(payload);
        if (!parsed.success) return refuse(socketIssueMessage(parsed.error));
        const result = await games.act(userId, parsed.data.room, { type: 'leave' });
        if (!result.ok) refuse(result.message);
      }),
    );

    // Issue 24: a rematch after an ended game.
    socket.on(
      'rematch_request',
      guarded('rematch_request', async (payload: unknown) => {
        const parsed = rematchRequestSchema.safeParse(payload);
        if (!parsed.success) return refuse(socketIssueMessage(parsed.error));
        const result = await rematch.request(userId, parsed.data.room);
        if (!result.ok) refuse(result.message);
      }),
    );

    socket.on(
      'rematch_answer',
      guarded('rematch_answer', async (payload: unknown) => {
        const parsed = rematchAnswerSchema.safeParse(payload);
        if (!parsed.success) return refuse(socketIssueMessage(parsed.error));
        const result = await rematch.answer(userId, parsed.data.room, parsed.data.accept);
        if (!result.ok) refuse(result.message);
      }),
    );

    socket.on(
      'send_reaction',
      guarded('send_reaction', async (payload: unknown, ack?: unknown) => {
        // Issue 14: a sender that asks for an answer hears whether it was sent, and why not.
        const answer = typeof ack === 'function' ? (ack as (answer: SendReactionAck) => void) : undefined;
        const refuseReaction = (message: string): void => (answer ? answer({ ok: false, message }) : refuse(message));
        const parsed = sendReactionSchema.safeParse(payload);
        if (!parsed.success) return refuseReaction(socketIssueMessage(parsed.error));
        const target = await games.opponentRoom(userId, parsed.data.room);
        if (!target) return refuseReaction(SOCKET_TEXTS.notInGame);
        const now = clock().getTime();
        const kind = parsed.data.kind ?? 'reaction';
        const last = lastSent[kind];
        if (now - (last.get(userId) ?? 0) < REACTION_INTERVAL_MS) {
          return refuseReaction(kind === 'message' ? SOCKET_TEXTS.oneMessagePerSecond : SOCKET_TEXTS.oneReactionPerSecond);
        }
        last.set(userId, now);
        io.to(target).emit('reaction_received', { content: parsed.data.content });
        answer?.({ ok: true });
      }),
    );

    // The socket's game rooms, read while it still has them (a game started on another node joined them from there).
    let gameRooms: string[] = [];
    socket.on('disconnecting', () => {
      gameRooms = [...socket.rooms].flatMap((room) => gameOfPlayerRoom(room, userId) ?? []);
    });
    socket.on('disconnect', () => {
      void matchmaking.socketGone(userId, socket.id).catch((error: unknown) => logger.error({ err: error }, 'Leaving the queue failed'));
      const local = games.gameOf(userId);
      const rooms = new Set(local ? [...gameRooms, local] : gameRooms);
      // Disconnected only when no socket of the player is left in the game, on any node.
      for (const room of rooms) {
        void games.socketLeft(userId, room).catch((error: unknown) => logger.error({ err: error }, 'Disconnect handling failed'));
      }
    });
  });
}

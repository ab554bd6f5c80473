/**
 * The messages between the nodes' game services over the relay (game-router.ts
 * sends and serves them, game-ownership.ts asks which rooms have sockets) and
 * their answers: in a file of their own so that neither depends on the other
 * for them.
 */
import { GAME_REFUSAL_CODES, type GameStateEvent } from '@shifumi/protocol';
import { z } from 'zod';
import { sealedActionSchemas, type SealedAction } from './sealed-choices';

/** What a player may do to their game, as the socket layer (or another node) asks it. */
export type PlayerAction =
  { type: 'choose'; choice: unknown } | SealedAction | { type: 'leave' } | { type: 'reconnect' } | { type: 'disconnect' };

export const playerActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('choose'), choice: z.unknown() }),
  z.object({ type: z.literal('leave') }),
  z.object({ type: z.literal('reconnect') }),
  z.object({ type: z.literal('disconnect') }),
  ...sealedActionSchemas,
]);

/** Messages between the nodes' game services over the relay. */
export const relayMessageSchema = z.discriminatedUnion('kind', [
  /** Request to the owner: apply a player's action. */
  z.object({ kind: z.literal('act'), gameId: z.string(), userId: z.string(), action: playerActionSchema }),
  /** Request to the owner: the `game_state` a (re)connecting player gets. */
  z.object({ kind: z.literal('state'), gameId: z.string(), userId: z.string() }),
  /** Question to every node: which of these rooms have sockets on you? */
  z.object({ kind: z.literal('rooms'), rooms: z.array(z.string()).max(20_000) }),
  /** Notice from an owner that counted a player disconnected: a node holding one of their sockets says otherwise. */
  z.object({ kind: z.literal('check-connected'), gameId: z.string(), userId: z.string() }),
]);
export type RelayMessage = z.infer<typeof relayMessageSchema>;

export const ownerAnswerSchema = z.union([
  z.object({ owner: z.literal(false) }),
  z.object({
    owner: z.literal(true),
    result: z.union([
      z.object({ ok: z.literal(true) }),
      // A code this node does not know (a node of another version during a rolling deploy): the game counts as moving.
      z.object({ ok: z.literal(false), code: z.enum(GAME_REFUSAL_CODES).catch('moving') }),
    ]),
  }),
]);
export const stateAnswerSchema = z.union([
  z.object({ owner: z.literal(false) }),
  z.object({
    owner: z.literal(true),
    state: z.custom<GameStateEvent>((value) => typeof value === 'object' && value !== null).nullable(),
  }),
]);
export const roomsAnswerSchema = z.object({ rooms: z.array(z.string()) });

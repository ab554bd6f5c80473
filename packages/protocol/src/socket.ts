/**
 * Realtime contract: payload schemas and the typed Socket.IO event maps for
 * the signed-in server (/socket.io) and the public one (/public).
 */
import { z } from 'zod';
import { BET_AMOUNTS, CHARACTERS, CHOICES, QUICK_MESSAGE_MAX_LENGTH, type Character, type Choice } from './constants';

export const characterSchema = z.enum(CHARACTERS, { error: 'Please choose one of the four characters.' });
export const choiceSchema = z.enum(CHOICES, { error: 'Choose rock, paper or scissors.' });
export const betAmountSchema = z
  .number({ error: 'Please select an amount to play.' })
  .refine((value): value is (typeof BET_AMOUNTS)[number] => (BET_AMOUNTS as readonly number[]).includes(value), {
    error: 'Please select an amount to play.',
  });

const roomSchema = z.string({ error: 'Unknown game.' }).min(1, { error: 'Unknown game.' }).max(64, { error: 'Unknown game.' });

export const searchGameSchema = z.object({
  address: z.string().max(64).optional(),
  name: z.string().max(64).optional(),
  character: characterSchema,
  amount: betAmountSchema,
});
export type SearchGamePayload = z.infer<typeof searchGameSchema>;

export const makeChoiceSchema = z.object({ room: roomSchema, choice: choiceSchema });
export type MakeChoicePayload = z.infer<typeof makeChoiceSchema>;

export const sendReactionSchema = z.object({
  room: roomSchema,
  content: z
    .string({ error: 'A message must be text.' })
    .trim()
    .min(1, { error: 'An empty message is not sent.' })
    .max(QUICK_MESSAGE_MAX_LENGTH, { error: `A message has at most ${QUICK_MESSAGE_MAX_LENGTH} characters.` }),
});
export type SendReactionPayload = z.infer<typeof sendReactionSchema>;

export const leaveGameSchema = z.object({ room: roomSchema });
export type LeaveGamePayload = z.infer<typeof leaveGameSchema>;

export interface OpponentInfo {
  id: string;
  name: string;
  walletAddress: string | null;
}

export interface GameFoundEvent {
  room: string;
  opponentCharacter: Character;
  opponent: OpponentInfo;
  /** Bet in USDT. */
  amount: number;
  /** The stake actually escrowed, in ETH (decimal string). */
  stakeEth: string;
}

export interface GameResultEvent {
  player1Id: string;
  player2Id: string;
  player1Choice: Choice;
  player2Choice: Choice;
  winnerId: string | 'draw';
}

export interface RoundEndEvent {
  scores: Record<string, number>;
  gameOver: boolean;
  winnerId?: string | 'draw';
}

export interface NewRoundEvent {
  round: number;
  /** Epoch milliseconds. */
  deadline: number;
}

export interface GameStateEvent {
  room: string;
  round: number;
  deadline: number;
  scores: Record<string, number>;
  opponent: OpponentInfo;
  opponentCharacter: Character;
  choiceLocked: boolean;
}

export interface BalanceEvent {
  /** ETH as a number, for display. */
  balance: number;
  /** Exact balance in wei. */
  balanceWei: string;
}

/** A finished game as the feed shows it (S3.06). */
export interface TransactionFeedItem {
  game: string;
  player1: string;
  player2: string;
  winner: string | 'draw';
  amount: number;
  date: string;
}

/** `new_transaction` and each item of `GET /api/transactions`, as the web app checks them. */
export const transactionFeedItemSchema: z.ZodType<TransactionFeedItem> = z.object({
  game: z.string(),
  player1: z.string(),
  player2: z.string(),
  winner: z.string(),
  amount: z.number(),
  date: z.string(),
});

export interface ErrorEvent {
  message: string;
}

export interface ClientToServerEvents {
  search_game: (payload: SearchGamePayload) => void;
  cancel_search: () => void;
  make_choice: (payload: MakeChoicePayload) => void;
  send_reaction: (payload: SendReactionPayload) => void;
  leave_game: (payload: LeaveGamePayload) => void;
}

export interface ServerToClientEvents {
  game_found: (payload: GameFoundEvent) => void;
  error: (payload: ErrorEvent) => void;
  game_result: (payload: GameResultEvent) => void;
  round_end: (payload: RoundEndEvent) => void;
  new_round: (payload: NewRoundEvent) => void;
  game_state: (payload: GameStateEvent) => void;
  game_dead: (payload: { room: string }) => void;
  opponent_choice_locked: (payload: { room: string }) => void;
  opponent_connection: (payload: { room: string; connected: boolean }) => void;
  reaction_received: (payload: { content: string }) => void;
  balance: (payload: BalanceEvent) => void;
  force_disconnect: (message: string) => void;
}

export type PublicClientToServerEvents = Record<string, never>;

export interface PublicServerToClientEvents {
  online_users: (count: number) => void;
  new_transaction: (item: TransactionFeedItem) => void;
}

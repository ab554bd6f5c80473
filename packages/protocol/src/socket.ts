/**
 * Realtime contract: payload schemas and the typed Socket.IO event maps for
 * the signed-in server (/socket.io) and the public one (/public).
 */
import { z } from 'zod';
import { CHOICES, QUICK_MESSAGE_MAX_LENGTH, type Character, type Choice } from './constants';
import type { CommitChoicePayload, ResultMode, RevealChoicePayload, RevealRequestEvent, Seal } from './fairness';
import { isPlainLine, TEXT_RULE_MESSAGES } from './text-rules';
import type {
  ChallengeUpdateEvent,
  LobbyEvent,
  RematchAnswerPayload,
  RematchDeclinedEvent,
  RematchOfferedEvent,
  RematchRequestPayload,
} from './lobby';
import { SOCKET_TEXTS } from './server-texts';
import type { SocketRefusalAnswer } from './socket-refusals';
import { betAmountSchema, characterSchema } from './play-schemas';

export { betAmountSchema, characterSchema };
export const choiceSchema = z.enum(CHOICES, { error: 'Choose rock, paper or scissors.' });

const roomSchema = z
  .string({ error: 'Unknown game.' })
  .min(1, { error: 'Unknown game.' })
  .max(64, { error: 'Unknown game.' })
  .refine(isPlainLine, { error: 'Unknown game.' });

export const searchGameSchema = z.object({
  address: z
    .string({ error: SOCKET_TEXTS.invalidPayload })
    .max(64, { error: SOCKET_TEXTS.invalidPayload })
    .refine(isPlainLine, { error: SOCKET_TEXTS.invalidPayload })
    .optional(),
  name: z
    .string({ error: SOCKET_TEXTS.invalidPayload })
    .max(64, { error: SOCKET_TEXTS.invalidPayload })
    .refine(isPlainLine, { error: SOCKET_TEXTS.invalidPayload })
    .optional(),
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
    .max(QUICK_MESSAGE_MAX_LENGTH, { error: `A message has at most ${QUICK_MESSAGE_MAX_LENGTH} characters.` })
    .refine(isPlainLine, { error: TEXT_RULE_MESSAGES.control('A message') }),
  /**
   * Issue 26: an emoji from the picker (`reaction`) or a typed quick message (`message`); each has its own
   * budget of one a second, so a reaction never makes a message wait. Absent: a reaction.
   */
  kind: z.enum(['reaction', 'message']).optional(),
});
export type SendReactionPayload = z.infer<typeof sendReactionSchema>;
/**
 * Issue 14: the answer to a send_reaction that asked for one: sent, or refused
 * and why (issue 25: with the refusal's code, socket-refusals.ts).
 */
export type SendReactionAck = { ok: true } | ({ ok: false } & SocketRefusalAnswer);

export const leaveGameSchema = z.object({ room: roomSchema });

/** `cancel_search` carries nothing: whatever comes with it is ignored. */
export const noPayloadSchema = z.unknown().transform((): undefined => undefined);
export type LeaveGamePayload = z.infer<typeof leaveGameSchema>;

export interface OpponentInfo {
  id: string;
  name: string;
  /** Issue 23: the first SHOWN_ADDRESS_LENGTH (5) characters of the opponent's deposit address (what the screen shows), never the address. */
  walletAddress: string | null;
}

/** The opponent as `game_found` and `game_state` show them. */
export const opponentInfoSchema = z.object({ id: z.string().min(1), name: z.string(), walletAddress: z.string().nullable() });

/**
 * `game_found` as the web app checks it (issue 25: one schema, here; the game
 * screen checks its navigation state with it, plus the player's character).
 */
export const gameFoundSchema = z.object({
  room: z.string().min(1),
  opponentCharacter: characterSchema,
  opponent: opponentInfoSchema,
  amount: betAmountSchema,
  stakeEth: z.string(),
  challenge: z.string().optional(),
}) satisfies z.ZodType<GameFoundEvent>;

export interface GameFoundEvent {
  room: string;
  opponentCharacter: Character;
  opponent: OpponentInfo;
  /** Bet in USDT. */
  amount: number;
  /** The stake actually escrowed, in ETH (decimal string). */
  stakeEth: string;
  /** Issue 24: the challenge this game was started from (accepted by link); absent for a match or a rematch. */
  challenge?: string;
}

export interface GameResultEvent {
  player1Id: string;
  player2Id: string;
  player1Choice: Choice;
  player2Choice: Choice;
  winnerId: string | 'draw';
  /**
   * Issue 17: each player's seal (`{commitment, salt}`), or null for a plain
   * or automatic choice, so that each browser checks the opponent's reveal.
   * Always sent by the server; optional for a client of an older server.
   */
  player1Seal?: Seal;
  player2Seal?: Seal;
  /**
   * Issue 17: how each choice came to be (`sealed`, `plain`, `auto`,
   * `unrevealed`). For `unrevealed` (no matching reveal: the round is lost)
   * the choice field holds rock as a placeholder: nothing was revealed.
   */
  player1Mode?: ResultMode;
  player2Mode?: ResultMode;
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
  /** Issue 30: whether the opponent has locked this round (a page reloaded, a game taken over by another node). */
  opponentChoiceLocked?: boolean;
  /** Issue 17: this player's sealed choice is awaited; a `reveal_request` follows. */
  revealPending?: boolean;
}

/**
 * Issue 14: a withdrawal of the user's was confirmed on chain (WITHDRAWAL_CONFIRMATIONS reached) or failed (amount returned).
 * Issue 26: one in review moved — `approved` (now on its way) or `rejected` (amount and fee returned, with staff's `reason`).
 */
export interface WithdrawalUpdateEvent {
  id: string;
  status: 'confirmed' | 'failed' | 'approved' | 'rejected';
  /** With `rejected`: the reason staff gave. */
  reason?: string;
}

/**
 * Issue 14: a deposit of the user's seen on chain: each new confirmation
 * while it waits (`pending`, `confirmations` of `requiredConfirmations`), then
 * once when it is `credited` to the balance.
 */
export interface DepositUpdateEvent {
  id: string;
  /** The transaction, or null for ETH found by reconciliation. */
  txHash: string | null;
  /** ETH, decimal string. */
  amount: string;
  confirmations: number;
  requiredConfirmations: number;
  status: 'pending' | 'credited';
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

/** A refusal (issue 25: its code, socket-refusals.ts, and its sentence; the spec's `message` as it was). */
export type ErrorEvent = SocketRefusalAnswer;

/**
 * Issue 12: the text of a refused socket payload. A payload that is not even
 * an object (its issue has no path) gets a sentence of ours, never the
 * validation library's wording; every field schema above carries its own.
 */
export function socketIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue && issue.path.length > 0 ? issue.message : SOCKET_TEXTS.invalidPayload;
}

export interface ClientToServerEvents {
  search_game: (payload: SearchGamePayload) => void;
  cancel_search: () => void;
  make_choice: (payload: MakeChoicePayload) => void;
  send_reaction: (payload: SendReactionPayload, ack?: (answer: SendReactionAck) => void) => void;
  leave_game: (payload: LeaveGamePayload) => void;
  /** Issue 17: a sealed choice (see `commitChoiceSchema`). */
  commit_choice: (payload: CommitChoicePayload) => void;
  /** Issue 17: the choice and salt behind this round's commitment, after `reveal_request`. */
  reveal_choice: (payload: RevealChoicePayload) => void;
  /** Issue 24: asks the opponent of an ended game for another one at the same stake. */
  rematch_request: (payload: RematchRequestPayload) => void;
  /** Issue 24: the answer to `rematch_offered`. */
  rematch_answer: (payload: RematchAnswerPayload) => void;
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
  withdrawal_update: (payload: WithdrawalUpdateEvent) => void;
  /** Issue 14: a deposit seen on chain, each confirmation, then credited. */
  deposit_update: (payload: DepositUpdateEvent) => void;
  force_disconnect: (message: string) => void;
  /** Issue 17: both players have locked; answer with `reveal_choice` within `REVEAL_WINDOW_MS`. */
  reveal_request: (payload: RevealRequestEvent) => void;
  /** Issue 24: one of the challenger's challenges changed (accepted, cancelled, expired). */
  challenge_update: (payload: ChallengeUpdateEvent) => void;
  /** Issue 24: the opponent of an ended game asks for a rematch. */
  rematch_offered: (payload: RematchOfferedEvent) => void;
  /** Issue 24: the rematch asked for will not happen, and why. */
  rematch_declined: (payload: RematchDeclinedEvent) => void;
}

export type PublicClientToServerEvents = Record<string, never>;

export interface PublicServerToClientEvents {
  online_users: (count: number) => void;
  new_transaction: (item: TransactionFeedItem) => void;
  /** Issue 24: players searching at each stake, at connection and on change (at most once a second). */
  lobby: (payload: LobbyEvent) => void;
}

/**
 * The match engine's data (match.ts): its options, the state of a match and
 * of each player, what the driver may ask of a match (actions) and what it
 * must do in return (effects). Plain data, JSON-safe: a state can be stored
 * and resumed by another driver.
 */
import { REVEAL_ANIMATION_MS, REVEAL_WINDOW_MS, ROUND_TIMER_MS, WIN_THRESHOLD, type Choice } from '@shifumi/protocol/constants';

/** Timing and limits of a match. Every duration is in milliseconds. */
export interface MatchOptions {
  /** Time to choose in a round (10 s). */
  roundMs: number;
  /** Network grace after the deadline during which a choice made in time may still arrive. */
  graceMs: number;
  /** Pause after a round's result before the next round: the clients' reveal animation and a moment to read the result. */
  revealMs: number;
  /** Round wins that win the match (2). */
  winThreshold: number;
  /** Rounds after which an undecided match ends as a draw (both refunded). */
  maxRounds: number;
  /** How long a disconnected player may take to come back before losing. */
  reconnectGraceMs: number;
  /**
   * Issue 17: how long a player who sealed their choice has to reveal it,
   * from the reveal request (plus `reconnectGraceMs` for a player who was
   * disconnected during the window).
   */
  revealWindowMs: number;
}

/**
 * The options a match gets unless told otherwise. `revealMs` is the clients'
 * 4 s reveal animation plus 1.5 s to read the result (decision 006): with
 * exactly 4 s the next round began while the result was still on screen.
 */
export const DEFAULT_MATCH_OPTIONS: Readonly<MatchOptions> = Object.freeze({
  roundMs: ROUND_TIMER_MS,
  graceMs: 1_000,
  revealMs: REVEAL_ANIMATION_MS + 1_500,
  winThreshold: WIN_THRESHOLD,
  maxRounds: 10,
  reconnectGraceMs: ROUND_TIMER_MS,
  revealWindowMs: REVEAL_WINDOW_MS,
});

/** One player as the engine tracks them. Plain data (JSON-safe). */
export interface PlayerState {
  /** The user id. */
  id: string;
  /** Rounds won. */
  score: number;
  /** This round's choice (plain, or a sealed one once revealed); never shown to the opponent before the round resolves. */
  choice: Choice | null;
  /** Issue 17: this round's sealed choice (`commit_choice`), lower-case hex SHA-256; null when none. */
  commitment: string | null;
  /** Issue 17: the salt of a reveal that matched `commitment`; null before (or without) one. */
  salt: string | null;
  /** Issue 17: whether this round's reveal arrived and did not match the commitment (the player loses the round). */
  revealFailed: boolean;
  /** Issue 17: whether the player was disconnected during this round's reveal window (it is extended by the reconnection grace). */
  revealExtended: boolean;
  /** When this round's choice or commitment was locked (epoch ms); null before. */
  lockedAt: number | null;
  /** Whether the player has at least one live connection (the driver says so). */
  connected: boolean;
  /** When the player lost their connection (epoch ms), or null while connected. */
  disconnectedAt: number | null;
}

/**
 * Why a match ended: a player reached the win threshold, the round limit was
 * reached (a draw), a player left on purpose, or a disconnected player did
 * not come back in time.
 */
export type EndReason = 'wins' | 'max-rounds' | 'forfeit-leave' | 'forfeit-disconnect';

/**
 * The stage a match is in: `'choosing'`, `'revealing'` (issue 17: both have
 * locked and a sealed choice is awaited), `'reveal'` (the result's animation
 * before the next round) or `'over'`.
 */
export type MatchPhase = 'choosing' | 'revealing' | 'reveal' | 'over';

/**
 * How a player's choice of a round came to be (the transcript's `mode`):
 * `sealed` (committed, then revealed with a matching salt), `plain` (sent in
 * clear), `auto` (nothing by the deadline: rock), `unrevealed` (committed, no
 * matching reveal within the window: the round is lost).
 */
export type ResultMode = 'sealed' | 'plain' | 'auto' | 'unrevealed';

/** One player's part of a resolved round, as the transcript shows it. */
export interface RoundPlay {
  mode: ResultMode;
  /** What was played; null only when `unrevealed`. */
  choice: Choice | null;
  /** Present for `sealed` and `unrevealed`. */
  commitment?: string;
  /** Present for `sealed`. */
  salt?: string;
  /** When the choice or commitment was locked (epoch ms); null for `auto`. */
  lockedAt: number | null;
}

/** A resolved round, kept in the state for the game's transcript. */
export interface RoundRecord {
  round: number;
  /** When the round began (epoch ms). */
  startedAt: number;
  /** The round's choosing deadline (epoch ms). */
  deadline: number;
  /** Player 1's and player 2's plays, in the match's order. */
  plays: [RoundPlay, RoundPlay];
  winnerId: string | 'draw';
}

/** The whole state of a match. Plain data (JSON-safe), so it can be stored and resumed. */
export interface MatchState {
  /** The match (room) id. */
  id: string;
  /** The options it was created with. */
  options: MatchOptions;
  /** Player 1 and player 2, in the order given to {@link createMatch}. */
  players: [PlayerState, PlayerState];
  /** The current round, 1-based; during the reveal, the round just resolved. */
  round: number;
  /** `'choosing'` until the round resolves, `'reveal'` until the next round starts, `'over'` at the end. */
  phase: MatchPhase;
  /** End of the current round's choosing time (epoch ms); choices still arrive until deadline + grace. */
  deadline: number;
  /** When the current round began (epoch ms). */
  roundStartedAt: number;
  /** Issue 17: when the reveal of the current round was requested (epoch ms), during `'revealing'`; otherwise null. */
  revealRequestedAt: number | null;
  /** Issue 17: every resolved round, oldest first (the transcript is built from them). */
  rounds: RoundRecord[];
  /** When the reveal pause ends and the next round starts (epoch ms), during `'reveal'`; otherwise null. */
  revealEndsAt: number | null;
  /** The winner's id, or `'draw'`, once over; null before. */
  winnerId: string | 'draw' | null;
  /** Why the match ended, once over; null before. */
  endReason: EndReason | null;
}

/**
 * What the driver must do, in order:
 * - `newRound`: a round starts (also the first); tell both players its deadline.
 * - `choiceLocked`: `playerId` made a choice or sealed one; tell only their opponent, and never which one.
 * - `revealRequest`: both have locked; ask each of `playerIds` (those who sealed) to reveal.
 * - `revealReceived`: `playerId` revealed; tell nobody (nothing of a reveal is told before the result).
 * - `roundResult`: the round is resolved; both choices may now be shown to both players.
 * - `roundEnd`: the scores after the round, and whether the match is over (with its winner or `'draw'`).
 * - `gameOver`: the match ended; settle the escrow (pot to the winner, or both stakes back on `'draw'`).
 * - `connection`: `playerId` lost or regained their connection; tell their opponent.
 */
export type MatchEffect =
  | { type: 'newRound'; round: number; deadline: number }
  | { type: 'choiceLocked'; playerId: string }
  | { type: 'revealRequest'; round: number; playerIds: string[] }
  | { type: 'revealReceived'; playerId: string }
  | {
      type: 'roundResult';
      player1Id: string;
      player2Id: string;
      /** For an `unrevealed` play: rock, a placeholder (its mode says nothing was revealed). */
      player1Choice: Choice;
      player2Choice: Choice;
      player1Seal: { commitment: string; salt: string } | null;
      player2Seal: { commitment: string; salt: string } | null;
      player1Mode: ResultMode;
      player2Mode: ResultMode;
      winnerId: string | 'draw';
    }
  | { type: 'roundEnd'; scores: Record<string, number>; gameOver: boolean; winnerId?: string | 'draw' }
  | { type: 'gameOver'; winnerId: string | 'draw'; reason: EndReason }
  | { type: 'connection'; playerId: string; connected: boolean };

/**
 * What the driver may ask of a match. `now` is the driver's clock (epoch ms)
 * and must not go backwards. `choice` is `unknown` because it comes from a
 * socket payload: the engine checks it.
 * - `choose`: a player's choice for the current round, in clear.
 * - `commit`: issue 17, a sealed choice for round `round` (a commitment).
 * - `reveal`: issue 17, the choice and salt behind the commitment; `opened` is
 *   the commitment they open for this player (SHA-256 of the preimage, computed
 *   by the driver with the match id, `round` and `playerId`): the engine
 *   compares it with the stored one.
 * - `tick`: the driver's timer at {@link nextDeadline}; runs what is due.
 * - `disconnect` / `reconnect`: the player's last connection closed / a connection came back.
 * - `leave`: a deliberate leave; the player forfeits at once.
 */
export type MatchAction =
  | { type: 'choose'; playerId: string; choice: unknown; now: number }
  | { type: 'commit'; playerId: string; round: number; commitment: unknown; now: number }
  | { type: 'reveal'; playerId: string; round: number; choice: unknown; salt: unknown; opened: unknown; now: number }
  | { type: 'tick'; now: number }
  | { type: 'disconnect'; playerId: string; now: number }
  | { type: 'reconnect'; playerId: string; now: number }
  | { type: 'leave'; playerId: string; now: number };

/**
 * The match engine: a pure state machine `(state, action) → (state, effects)`.
 * No clock, no timers, no I/O: `now` (epoch ms) comes with every action, and
 * {@link nextDeadline} tells the driver when to send the next `tick`, so
 * deadlines are data the server can store and another node can resume.
 *
 * Time is judged by `now` alone: every action first runs the transitions that
 * were due by its `now` (a tick the driver has not sent yet changes nothing
 * about what already happened in time), then applies itself.
 *
 * Effects are what the driver turns into socket events and money moves. A
 * player's choice leaves the engine only inside `roundResult`, once the round
 * is resolved: before that the opponent learns only that a choice was made.
 */
import { REVEAL_ANIMATION_MS, REVEAL_WINDOW_MS, ROUND_TIMER_MS, WIN_THRESHOLD, type Choice } from '@shifumi/protocol/constants';
import { DEFAULT_CHOICE, isChoice, resolveRound } from './rules';

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

/** Why an action was refused. Each has the text a player reads in {@link REFUSAL_MESSAGES}. */
export type RefusalCode =
  | 'invalid-action'
  | 'not-a-player'
  | 'game-over'
  | 'not-choosing'
  | 'too-late'
  | 'already-chosen'
  | 'invalid-choice'
  | 'wrong-round'
  | 'invalid-commitment'
  | 'not-revealing'
  | 'nothing-to-reveal'
  | 'already-revealed'
  | 'reveal-too-late';

/** The text a player reads for each refusal. */
export const REFUSAL_MESSAGES: Readonly<Record<RefusalCode, string>> = Object.freeze({
  'invalid-action': 'That action is not understood.',
  'not-a-player': 'You are not playing in this game.',
  'game-over': 'This game is over.',
  'not-choosing': 'The next round has not started yet.',
  'too-late': 'Too late: the time for this round is up.',
  'already-chosen': 'Your choice for this round is already locked.',
  'invalid-choice': 'Choose rock, paper or scissors.',
  'wrong-round': 'That round is not the current one.',
  'invalid-commitment': 'A commitment is 64 lower-case hexadecimal characters.',
  'not-revealing': 'Nothing is to be revealed now.',
  'nothing-to-reveal': 'You sealed no choice in this round.',
  'already-revealed': 'Your choice for this round is already revealed.',
  'reveal-too-late': 'Too late: the time to reveal your choice is up.',
});

/**
 * The answer of {@link apply}. Accepted: the new state and the effects to carry
 * out. Refused: the state exactly as it was, a code and the text to show the
 * player.
 *
 * An accepted action always answers a new state object, even when nothing
 * changed: the server stores and re-arms its tick timer for every new state,
 * and a timer that fires a millisecond before the deadline (Node timers may)
 * must be armed again, not dropped.
 */
export type ApplyResult =
  | { ok: true; state: MatchState; effects: MatchEffect[] }
  | { ok: false; state: MatchState; code: RefusalCode; message: string };

function refuse(state: MatchState, code: RefusalCode): ApplyResult {
  return { ok: false, state, code, message: REFUSAL_MESSAGES[code] };
}

function accept(state: MatchState, effects: MatchEffect[]): ApplyResult {
  return { ok: true, state, effects };
}

function checkOptions(options: MatchOptions): void {
  const positiveInteger = (value: number) => Number.isSafeInteger(value) && value >= 1;
  const duration = (value: number) => Number.isFinite(value) && value >= 0;
  if (!duration(options.roundMs) || options.roundMs === 0) throw new RangeError(`roundMs must be a positive duration, got ${options.roundMs}`);
  if (!duration(options.graceMs)) throw new RangeError(`graceMs must be a duration, got ${options.graceMs}`);
  if (!duration(options.revealMs)) throw new RangeError(`revealMs must be a duration, got ${options.revealMs}`);
  if (!duration(options.reconnectGraceMs)) throw new RangeError(`reconnectGraceMs must be a duration, got ${options.reconnectGraceMs}`);
  if (!positiveInteger(options.winThreshold)) throw new RangeError(`winThreshold must be a positive integer, got ${options.winThreshold}`);
  if (!positiveInteger(options.maxRounds)) throw new RangeError(`maxRounds must be a positive integer, got ${options.maxRounds}`);
  if (!duration(options.revealWindowMs)) throw new RangeError(`revealWindowMs must be a duration, got ${options.revealWindowMs}`);
}

/**
 * Starts a match: round 1 begins at `now`, and the effects hold its
 * `newRound`. Throws a `RangeError` for what only a programming error can
 * cause (the same player twice, an empty id, a `now` or an option that is
 * not a usable number).
 */
export function createMatch(input: {
  id: string;
  players: readonly [string, string];
  now: number;
  options?: Partial<MatchOptions>;
}): { state: MatchState; effects: MatchEffect[] } {
  const [first, second] = input.players;
  if (first === second) throw new RangeError('a match needs two different players');
  if (first.length === 0 || second.length === 0 || input.id.length === 0) throw new RangeError('match and player ids must not be empty');
  if (!Number.isFinite(input.now)) throw new RangeError(`now must be a finite epoch time, got ${input.now}`);
  const options: MatchOptions = { ...DEFAULT_MATCH_OPTIONS, ...input.options };
  checkOptions(options);
  const player = (id: string): PlayerState => ({ id, score: 0, connected: true, disconnectedAt: null, ...EMPTY_LOCK });
  const state: MatchState = {
    id: input.id,
    options,
    players: [player(first), player(second)],
    round: 1,
    phase: 'choosing',
    deadline: input.now + options.roundMs,
    roundStartedAt: input.now,
    revealRequestedAt: null,
    rounds: [],
    revealEndsAt: null,
    winnerId: null,
    endReason: null,
  };
  return { state, effects: [{ type: 'newRound', round: 1, deadline: state.deadline }] };
}

/** A player's round fields before they lock anything. */
const EMPTY_LOCK = Object.freeze({ choice: null, commitment: null, salt: null, revealFailed: false, revealExtended: false, lockedAt: null });

function clearLock(player: PlayerState): void {
  Object.assign(player, EMPTY_LOCK);
}

/** Whether the player has locked this round (a plain choice or a commitment). */
function hasLocked(player: PlayerState): boolean {
  return player.choice !== null || player.commitment !== null;
}

/** Whether the player sealed a choice and neither revealed it nor failed to. */
function revealPending(player: PlayerState): boolean {
  return player.commitment !== null && player.choice === null && !player.revealFailed;
}

/** When the player's reveal window closes (epoch ms), during `'revealing'`. */
function revealClosesAt(state: MatchState, player: PlayerState): number {
  const requestedAt = state.revealRequestedAt ?? state.deadline;
  return requestedAt + state.options.revealWindowMs + (player.revealExtended ? state.options.reconnectGraceMs : 0);
}

const HEX_64 = /^[0-9a-f]{64}$/;

/**
 * A state stored before issue 17 (no commitments, no round history), brought
 * to today's shape; a current state is answered as it is.
 */
export function upgradeState(stored: MatchState): MatchState {
  const options = { ...DEFAULT_MATCH_OPTIONS, ...stored.options };
  const players = stored.players.map((player) => ({ ...EMPTY_LOCK, ...player })) as [PlayerState, PlayerState];
  return {
    ...stored,
    options,
    players,
    roundStartedAt: stored.roundStartedAt ?? stored.deadline - options.roundMs,
    revealRequestedAt: stored.revealRequestedAt ?? null,
    rounds: stored.rounds ?? [],
  };
}

/**
 * A match taken over by another driver (decision 017: a reveal received
 * before the other is not stored, so the new driver may not have it): during
 * `'revealing'`, every sealed choice whose reveal is not in `stored` gets a
 * fresh window from `now`, and the effects ask those players again. Nothing
 * else changes; a player can only reveal what they committed to.
 */
export function resumeReveals(stored: MatchState, now: number): { state: MatchState; effects: MatchEffect[] } {
  if (stored.phase !== 'revealing') return { state: stored, effects: [] };
  const pending = stored.players.filter(revealPending);
  if (pending.length === 0) return { state: stored, effects: [] };
  const state = clone(stored);
  state.revealRequestedAt = Math.max(state.revealRequestedAt ?? now, now);
  return { state, effects: [{ type: 'revealRequest', round: state.round, playerIds: pending.map((player) => player.id) }] };
}

function indexOf(state: MatchState, playerId: string): 0 | 1 | -1 {
  if (state.players[0].id === playerId) return 0;
  if (state.players[1].id === playerId) return 1;
  return -1;
}

function clone(state: MatchState): MatchState {
  return { ...state, options: { ...state.options }, players: [{ ...state.players[0] }, { ...state.players[1] }], rounds: [...state.rounds] };
}

function scoresOf(state: MatchState): Record<string, number> {
  return { [state.players[0].id]: state.players[0].score, [state.players[1].id]: state.players[1].score };
}

function end(state: MatchState, winnerId: string | 'draw', reason: EndReason, effects: MatchEffect[]): void {
  state.phase = 'over';
  state.winnerId = winnerId;
  state.endReason = reason;
  state.revealEndsAt = null;
  state.revealRequestedAt = null;
  for (const player of state.players) clearLock(player);
  effects.push({ type: 'gameOver', winnerId, reason });
}

/** A player's play of the round being closed: sealed, plain, automatic (rock) or unrevealed. */
function playOf(player: PlayerState): RoundPlay {
  if (player.commitment !== null) {
    if (player.choice !== null && player.salt !== null) {
      return { mode: 'sealed', choice: player.choice, commitment: player.commitment, salt: player.salt, lockedAt: player.lockedAt };
    }
    return { mode: 'unrevealed', choice: null, commitment: player.commitment, lockedAt: player.lockedAt };
  }
  if (player.choice !== null) return { mode: 'plain', choice: player.choice, lockedAt: player.lockedAt };
  return { mode: 'auto', choice: DEFAULT_CHOICE, lockedAt: null };
}

/** Who wins a round from its two plays: an unrevealed play loses, both unrevealed is a draw, else the rules. */
function outcomeOf(first: RoundPlay, second: RoundPlay): 'first' | 'second' | 'draw' {
  if (first.choice === null || second.choice === null) {
    if (first.choice === null && second.choice === null) return 'draw';
    return first.choice === null ? 'second' : 'first';
  }
  return resolveRound(first.choice, second.choice);
}

const sealOf = (play: RoundPlay) => (play.mode === 'sealed' ? { commitment: play.commitment!, salt: play.salt! } : null);

/** Resolves the current round at `at` (missing choices play rock, missing reveals lose). Mutates `state`. */
function closeRound(state: MatchState, at: number, effects: MatchEffect[]): void {
  const [first, second] = state.players;
  const firstPlay = playOf(first);
  const secondPlay = playOf(second);
  const outcome = outcomeOf(firstPlay, secondPlay);
  const winnerId = outcome === 'draw' ? 'draw' : outcome === 'first' ? first.id : second.id;
  if (outcome === 'first') first.score += 1;
  if (outcome === 'second') second.score += 1;
  clearLock(first);
  clearLock(second);
  state.revealRequestedAt = null;
  state.rounds.push({ round: state.round, startedAt: state.roundStartedAt, deadline: state.deadline, plays: [firstPlay, secondPlay], winnerId });
  effects.push({
    type: 'roundResult',
    player1Id: first.id,
    player2Id: second.id,
    player1Choice: firstPlay.choice ?? DEFAULT_CHOICE,
    player2Choice: secondPlay.choice ?? DEFAULT_CHOICE,
    player1Seal: sealOf(firstPlay),
    player2Seal: sealOf(secondPlay),
    player1Mode: firstPlay.mode,
    player2Mode: secondPlay.mode,
    winnerId,
  });
  // Only the round's winner can have just reached the threshold, so there is at most one champion.
  const champion = state.players.find((player) => player.score >= state.options.winThreshold);
  if (champion) {
    effects.push({ type: 'roundEnd', scores: scoresOf(state), gameOver: true, winnerId: champion.id });
    end(state, champion.id, 'wins', effects);
    return;
  }
  if (state.round >= state.options.maxRounds) {
    effects.push({ type: 'roundEnd', scores: scoresOf(state), gameOver: true, winnerId: 'draw' });
    end(state, 'draw', 'max-rounds', effects);
    return;
  }
  effects.push({ type: 'roundEnd', scores: scoresOf(state), gameOver: false });
  state.phase = 'reveal';
  state.revealEndsAt = at + state.options.revealMs;
}

function startNextRound(state: MatchState, at: number, effects: MatchEffect[]): void {
  state.round += 1;
  state.phase = 'choosing';
  state.revealEndsAt = null;
  state.deadline = at + state.options.roundMs;
  state.roundStartedAt = at;
  effects.push({ type: 'newRound', round: state.round, deadline: state.deadline });
}

/**
 * Both have locked (or the round's time is up): a sealed choice not yet
 * revealed is asked for; without one, the round resolves at once.
 */
function lockComplete(state: MatchState, at: number, effects: MatchEffect[]): void {
  const pending = state.players.filter(revealPending);
  if (pending.length === 0) {
    closeRound(state, at, effects);
    return;
  }
  state.phase = 'revealing';
  state.revealRequestedAt = at;
  // A player already disconnected gets the reconnection grace on top of the window.
  for (const player of pending) if (!player.connected) player.revealExtended = true;
  effects.push({ type: 'revealRequest', round: state.round, playerIds: pending.map((player) => player.id) });
}

/** When the current phase ends by itself (epoch ms): deadline + grace, the last reveal window, or the end of the reveal. */
function phaseEndsAt(state: MatchState): number {
  if (state.phase === 'choosing') return state.deadline + state.options.graceMs;
  if (state.phase === 'revealing') {
    const pending = state.players.filter(revealPending);
    return pending.length === 0 ? (state.revealRequestedAt ?? state.deadline) : Math.max(...pending.map((player) => revealClosesAt(state, player)));
  }
  return state.revealEndsAt ?? Number.POSITIVE_INFINITY;
}

/** When each player's reconnection grace runs out (epoch ms); infinity while connected. */
function lapsesAt(state: MatchState): [number, number] {
  const lapse = (player: PlayerState) =>
    !player.connected && player.disconnectedAt !== null ? player.disconnectedAt + state.options.reconnectGraceMs : Number.POSITIVE_INFINITY;
  return [lapse(state.players[0]), lapse(state.players[1])];
}

/** Runs, in time order, every transition due at `now` (time may have jumped over several). Mutates `state`. */
function advance(state: MatchState, now: number, effects: MatchEffect[]): void {
  // Each pass ends the match or moves it one phase on, and there are at most 2 × maxRounds phases.
  for (let pass = 0; pass <= 2 * state.options.maxRounds && state.phase !== 'over'; pass += 1) {
    const [firstLapse, secondLapse] = lapsesAt(state);
    const lapse = Math.min(firstLapse, secondLapse);
    const phaseEnd = phaseEndsAt(state);
    // A grace that runs out at the same moment as a phase is settled first: the player is gone by then.
    if (lapse <= now && lapse <= phaseEnd) {
      // Both gone at the same instant (e.g. after a server restart nobody came back): nobody wins.
      const winner = firstLapse === secondLapse ? 'draw' : firstLapse < secondLapse ? state.players[1].id : state.players[0].id;
      end(state, winner, 'forfeit-disconnect', effects);
      return;
    }
    if (phaseEnd > now) return;
    if (state.phase === 'choosing') lockComplete(state, phaseEnd, effects);
    else if (state.phase === 'revealing') closeRound(state, phaseEnd, effects);
    else startNextRound(state, phaseEnd, effects);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Whether the action has the shape its type needs: a finite `now`, a string `playerId` where one belongs. */
function isWellFormed(action: unknown): action is MatchAction {
  if (!isRecord(action) || typeof action.now !== 'number' || !Number.isFinite(action.now)) return false;
  switch (action.type) {
    case 'tick':
      return true;
    case 'commit':
    case 'reveal':
      return typeof action.playerId === 'string' && typeof action.round === 'number';
    case 'choose':
    case 'disconnect':
    case 'reconnect':
    case 'leave':
      return typeof action.playerId === 'string';
    default:
      return false;
  }
}

/**
 * Applies one action to a match. Never throws for bad input: a refused action
 * comes back as `{ ok: false, code, message }` with the state unchanged.
 *
 * Refusals: `game-over` (any action once the match is over), `invalid-action`
 * (malformed action), `not-a-player` (not one of the two players),
 * `invalid-choice` (not rock, paper or scissors), `not-choosing` (a choice
 * during the reveal), `too-late` (a choice once the round's deadline and
 * grace have passed, even if the driver has not ticked yet: the tick will
 * resolve the round), `already-chosen` (a second choice in a round).
 */
export function apply(current: MatchState, action: MatchAction): ApplyResult {
  if (current.phase === 'over') return refuse(current, 'game-over');
  if (!isWellFormed(action)) return refuse(current, 'invalid-action');
  // The acting player's place in `players` (unused by a tick).
  let actor: 0 | 1 = 0;
  if (action.type !== 'tick') {
    const found = indexOf(current, action.playerId);
    if (found === -1) return refuse(current, 'not-a-player');
    actor = found;
  }

  const state = clone(current);
  const effects: MatchEffect[] = [];
  advance(state, action.now, effects);

  switch (action.type) {
    case 'tick':
      return accept(state, effects);
    case 'choose':
    case 'commit': {
      const choice = action.type === 'choose' ? action.choice : undefined;
      if (action.type === 'choose' && !isChoice(choice)) return refuse(current, 'invalid-choice');
      if (action.type === 'commit' && (typeof action.commitment !== 'string' || !HEX_64.test(action.commitment))) return refuse(current, 'invalid-commitment');
      // The player has only been told about the stored state: if time moved it on, the choice was meant for a round that is gone.
      if (state.phase === 'over') return refuse(current, 'game-over');
      if (effects.length > 0) return refuse(current, 'too-late');
      if (state.phase !== 'choosing') return refuse(current, 'not-choosing');
      if (action.type === 'commit' && action.round !== state.round) return refuse(current, 'wrong-round');
      const player = state.players[actor];
      if (hasLocked(player)) return refuse(current, 'already-chosen');
      if (action.type === 'choose') player.choice = choice as Choice;
      else player.commitment = action.commitment as string;
      player.lockedAt = action.now;
      effects.push({ type: 'choiceLocked', playerId: player.id });
      if (state.players.every(hasLocked)) lockComplete(state, action.now, effects);
      return accept(state, effects);
    }
    case 'reveal': {
      const choice = action.choice;
      if (!isChoice(choice)) return refuse(current, 'invalid-choice');
      if (state.phase === 'over') return refuse(current, 'game-over');
      // A reveal for a round already resolved: its window closed (perhaps while the player was away).
      if (action.round < state.round || (action.round === state.round && state.phase === 'reveal')) return refuse(current, 'reveal-too-late');
      if (action.round !== state.round) return refuse(current, 'wrong-round');
      if (state.phase !== 'revealing') return refuse(current, 'not-revealing');
      const player = state.players[actor];
      if (player.commitment === null) return refuse(current, 'nothing-to-reveal');
      if (!revealPending(player)) return refuse(current, 'already-revealed');
      // Time judged by `now` alone: a window that closed is closed even before its tick.
      if (action.now >= revealClosesAt(state, player)) return refuse(current, 'reveal-too-late');
      if (typeof action.salt === 'string' && HEX_64.test(action.salt) && action.opened === player.commitment) {
        player.choice = choice;
        player.salt = action.salt;
      } else {
        player.revealFailed = true;
      }
      effects.push({ type: 'revealReceived', playerId: player.id });
      if (state.players.every((candidate) => !revealPending(candidate))) closeRound(state, action.now, effects);
      return accept(state, effects);
    }
    case 'disconnect':
    case 'reconnect': {
      // Time ended the match before this came in: what was due is all there is to do.
      if (state.phase === 'over') return accept(state, effects);
      const player = state.players[actor];
      const connected = action.type === 'reconnect';
      if (player.connected !== connected) {
        player.connected = connected;
        player.disconnectedAt = connected ? null : action.now;
        // Disconnected during the reveal window: the window is extended by the reconnection grace.
        if (!connected && state.phase === 'revealing' && revealPending(player)) player.revealExtended = true;
        effects.push({ type: 'connection', playerId: player.id, connected });
      }
      return accept(state, effects);
    }
    case 'leave': {
      if (state.phase === 'over') return accept(state, effects);
      end(state, state.players[actor === 0 ? 1 : 0].id, 'forfeit-leave', effects);
      return accept(state, effects);
    }
  }
}

/**
 * When the driver must send the next `tick` (epoch ms): the end of the
 * round's grace, the end of the reveal, or a disconnected player's
 * reconnection deadline, whichever comes first. Null once the match is over.
 */
export function nextDeadline(state: MatchState): number | null {
  if (state.phase === 'over') return null;
  return Math.min(phaseEndsAt(state), ...lapsesAt(state));
}

/**
 * What one player may know of a match (the `game_state` event on
 * reconnection). It never holds the opponent's choice: only whether they
 * have chosen.
 */
export interface PlayerView {
  /** The match (room) id. */
  room: string;
  /** The current round; during the reveal, the round just resolved. */
  round: number;
  /** The round's deadline (epoch ms). */
  deadline: number;
  /** Round wins by user id. */
  scores: Record<string, number>;
  /** Whether this player has chosen (or sealed a choice) in the current round. */
  choiceLocked: boolean;
  /** Issue 17: whether this player's sealed choice is awaited (they should reveal it now). */
  revealPending: boolean;
  /** Whether the opponent has chosen in the current round (never what). */
  opponentChoiceLocked: boolean;
  /** The opponent's user id. */
  opponentId: string;
  /** Whether this player is counted as connected. */
  connected: boolean;
  /** Whether the opponent is counted as connected. */
  opponentConnected: boolean;
  /** The stage of the match. */
  phase: MatchPhase;
  /** When the next round starts (epoch ms), during the reveal; otherwise null. */
  revealEndsAt: number | null;
  /** The winner's id or `'draw'` once over; otherwise null. */
  winnerId: string | 'draw' | null;
}

/**
 * The view of `playerId`, or null if they do not play in this match. With
 * `now`, the view is of the match as it stands at that time (transitions
 * already due but not yet ticked are counted); the state is not changed.
 */
export function viewFor(state: MatchState, playerId: string, now?: number): PlayerView | null {
  const index = indexOf(state, playerId);
  if (index === -1) return null;
  let seen = state;
  if (now !== undefined && Number.isFinite(now) && state.phase !== 'over') {
    seen = clone(state);
    advance(seen, now, []);
  }
  const me = seen.players[index]!;
  const opponent = seen.players[index === 0 ? 1 : 0]!;
  return {
    room: seen.id,
    round: seen.round,
    deadline: seen.deadline,
    scores: scoresOf(seen),
    choiceLocked: hasLocked(me),
    revealPending: seen.phase === 'revealing' && revealPending(me),
    opponentChoiceLocked: hasLocked(opponent),
    opponentId: opponent.id,
    connected: me.connected,
    opponentConnected: opponent.connected,
    phase: seen.phase,
    revealEndsAt: seen.revealEndsAt,
    winnerId: seen.winnerId,
  };
}

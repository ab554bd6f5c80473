/**
 * The match engine: a pure state machine `(state, action) → (state, effects)`.
 * No clock, no timers, no I/O: `now` (epoch ms) comes with every action, and
 * {@link nextDeadline} tells the driver when to send the next `tick`, so
 * deadlines are data the server can store and another node can resume.
 *
 * Effects are what the driver turns into socket events and money moves. A
 * player's choice leaves the engine only inside `roundResult`, once the round
 * is resolved: before that the opponent learns only that a choice was made.
 */
import {
  CHOICES,
  REVEAL_ANIMATION_MS,
  ROUND_TIMER_MS,
  WIN_THRESHOLD,
  type Choice,
} from '@shifumi/protocol';
import { DEFAULT_CHOICE, resolveThrow } from './rules';

/** Timing and limits of a match. */
export interface MatchOptions {
  /** Time to choose in a round (10 s). */
  roundMs: number;
  /** Network grace after the deadline during which a choice made in time may still arrive. */
  graceMs: number;
  /** Pause after a round's result: the clients' reveal animation (4 s) and a moment to read the result. */
  revealMs: number;
  /** Round wins that win the match (2). */
  winThreshold: number;
  /** Rounds after which an undecided match ends as a draw (both refunded). */
  maxRounds: number;
  /** How long a disconnected player may take to come back before losing. */
  reconnectGraceMs: number;
}

export const DEFAULT_MATCH_OPTIONS: MatchOptions = {
  roundMs: ROUND_TIMER_MS,
  graceMs: 1_000,
  // The clients' 4 s reveal animation, then 1.5 s to read the result before the next round.
  revealMs: REVEAL_ANIMATION_MS + 1_500,
  winThreshold: WIN_THRESHOLD,
  maxRounds: 10,
  reconnectGraceMs: ROUND_TIMER_MS,
};

/** One player as the engine tracks them. Plain data (JSON-safe). */
export interface PlayerState {
  id: string;
  score: number;
  /** This round's choice; never shown to the opponent before the round resolves. */
  choice: Choice | null;
  connected: boolean;
  /** When the player lost their connection (epoch ms), or null. */
  disconnectedAt: number | null;
}

export type EndReason = 'wins' | 'max-rounds' | 'forfeit-leave' | 'forfeit-disconnect';

/** The whole state of a match. Plain data (JSON-safe), so it can be stored and resumed. */
export interface MatchState {
  id: string;
  options: MatchOptions;
  players: [PlayerState, PlayerState];
  /** 1-based. */
  round: number;
  phase: 'choosing' | 'reveal' | 'over';
  /** End of the current round's choosing time (epoch ms); choices count until deadline + grace. */
  deadline: number;
  /** When the reveal pause ends (epoch ms), during 'reveal'. */
  revealEndsAt: number | null;
  /** The winner's id or 'draw', once over. */
  winnerId: string | 'draw' | null;
  endReason: EndReason | null;
}

/** What the driver must do, in order. */
export type MatchEffect =
  | { type: 'newRound'; round: number; deadline: number }
  | { type: 'choiceLocked'; playerId: string }
  | {
      type: 'roundResult';
      player1Id: string;
      player2Id: string;
      player1Choice: Choice;
      player2Choice: Choice;
      winnerId: string | 'draw';
    }
  | { type: 'roundEnd'; scores: Record<string, number>; gameOver: boolean; winnerId?: string | 'draw' }
  | { type: 'gameOver'; winnerId: string | 'draw'; reason: EndReason }
  | { type: 'connection'; playerId: string; connected: boolean };

export type MatchAction =
  | { type: 'choose'; playerId: string; choice: unknown; now: number }
  | { type: 'tick'; now: number }
  | { type: 'disconnect'; playerId: string; now: number }
  | { type: 'reconnect'; playerId: string; now: number }
  | { type: 'leave'; playerId: string; now: number };

export type RefusalCode = 'not-a-player' | 'game-over' | 'not-choosing' | 'too-late' | 'already-chosen' | 'invalid-choice';

export type ApplyResult =
  | { ok: true; state: MatchState; effects: MatchEffect[] }
  | { ok: false; state: MatchState; code: RefusalCode; message: string };

const REFUSALS: Record<RefusalCode, string> = {
  'not-a-player': 'You are not playing in this game.',
  'game-over': 'This game is over.',
  'not-choosing': 'The next round has not started yet.',
  'too-late': 'Too late: the time for this round is up.',
  'already-chosen': 'Your choice for this round is already locked.',
  'invalid-choice': 'Choose rock, paper or scissors.',
};

function refuse(state: MatchState, code: RefusalCode): ApplyResult {
  return { ok: false, state, code, message: REFUSALS[code] };
}

/** Starts a match: round 1 begins at `now`. */
export function createMatch(input: {
  id: string;
  players: readonly [string, string];
  now: number;
  options?: Partial<MatchOptions>;
}): { state: MatchState; effects: MatchEffect[] } {
  const [first, second] = input.players;
  if (first === second) throw new RangeError('a match needs two different players');
  const options = { ...DEFAULT_MATCH_OPTIONS, ...input.options };
  const player = (id: string): PlayerState => ({ id, score: 0, choice: null, connected: true, disconnectedAt: null });
  const state: MatchState = {
    id: input.id,
    options,
    players: [player(first), player(second)],
    round: 1,
    phase: 'choosing',
    deadline: input.now + options.roundMs,
    revealEndsAt: null,
    winnerId: null,
    endReason: null,
  };
  return { state, effects: [{ type: 'newRound', round: 1, deadline: state.deadline }] };
}

function indexOf(state: MatchState, playerId: string): 0 | 1 | -1 {
  if (state.players[0].id === playerId) return 0;
  if (state.players[1].id === playerId) return 1;
  return -1;
}

function clone(state: MatchState): MatchState {
  return { ...state, options: { ...state.options }, players: [{ ...state.players[0] }, { ...state.players[1] }] };
}

function scoresOf(state: MatchState): Record<string, number> {
  return { [state.players[0].id]: state.players[0].score, [state.players[1].id]: state.players[1].score };
}

function end(state: MatchState, winnerId: string | 'draw', reason: EndReason, effects: MatchEffect[]): void {
  state.phase = 'over';
  state.winnerId = winnerId;
  state.endReason = reason;
  state.revealEndsAt = null;
  effects.push({ type: 'gameOver', winnerId, reason });
}

/** Resolves the current round (missing choices play rock). Mutates `state`. */
function resolveRound(state: MatchState, now: number, effects: MatchEffect[]): void {
  const [first, second] = state.players;
  const firstChoice = first.choice ?? DEFAULT_CHOICE;
  const secondChoice = second.choice ?? DEFAULT_CHOICE;
  const outcome = resolveThrow(firstChoice, secondChoice);
  const winnerId = outcome === 'draw' ? 'draw' : outcome === 'first' ? first.id : second.id;
  if (outcome === 'first') first.score += 1;
  if (outcome === 'second') second.score += 1;
  first.choice = null;
  second.choice = null;
  effects.push({ type: 'roundResult', player1Id: first.id, player2Id: second.id, player1Choice: firstChoice, player2Choice: secondChoice, winnerId });
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
  state.revealEndsAt = now + state.options.revealMs;
}

function startNextRound(state: MatchState, start: number, effects: MatchEffect[]): void {
  state.round += 1;
  state.phase = 'choosing';
  state.revealEndsAt = null;
  state.deadline = start + state.options.roundMs;
  effects.push({ type: 'newRound', round: state.round, deadline: state.deadline });
}

/** The first reconnection deadline that has passed, if any. */
function lapsedDisconnect(state: MatchState, now: number): PlayerState | undefined {
  return state.players.find(
    (player) => !player.connected && player.disconnectedAt !== null && player.disconnectedAt + state.options.reconnectGraceMs <= now,
  );
}

/** Runs every transition due at `now` (time may have jumped over several). Mutates `state`. */
function advance(state: MatchState, now: number, effects: MatchEffect[]): void {
  for (let guard = 0; guard < 4 * state.options.maxRounds + 4 && state.phase !== 'over'; guard += 1) {
    const gone = lapsedDisconnect(state, now);
    const choosingEnds = state.deadline + state.options.graceMs;
    // Whatever came first in time happens first.
    const goneAt = gone ? gone.disconnectedAt! + state.options.reconnectGraceMs : Number.POSITIVE_INFINITY;
    const phaseAt = state.phase === 'choosing' ? choosingEnds : (state.revealEndsAt ?? Number.POSITIVE_INFINITY);
    if (gone && goneAt <= phaseAt) {
      const other = state.players.find((player) => player.id !== gone.id)!;
      end(state, other.id, 'forfeit-disconnect', effects);
      return;
    }
    if (phaseAt > now) return;
    if (state.phase === 'choosing') resolveRound(state, phaseAt, effects);
    else startNextRound(state, phaseAt, effects);
  }
}

/** Applies one action. Never throws for bad input: a refusal comes back as a value. */
export function apply(current: MatchState, action: MatchAction): ApplyResult {
  if (current.phase === 'over') return refuse(current, 'game-over');
  const state = clone(current);
  const effects: MatchEffect[] = [];
  // Due transitions first: a choice after the deadline is refused even if no tick came.
  advance(state, action.now, effects);
  if (state.phase === 'over' && action.type !== 'tick') {
    return { ok: true, state, effects };
  }
  switch (action.type) {
    case 'tick':
      return { ok: true, state, effects };
    case 'choose': {
      const index = indexOf(state, action.playerId);
      if (index === -1) return refuse(current, 'not-a-player');
      if (typeof action.choice !== 'string' || !(CHOICES as readonly string[]).includes(action.choice)) return refuse(current, 'invalid-choice');
      // The round ended before this choice (the tick may simply not have come yet): too late.
      if (state.phase !== 'choosing') return refuse(current, effects.length > 0 ? 'too-late' : 'not-choosing');
      if (action.now > state.deadline + state.options.graceMs) return refuse(current, 'too-late');
      const player = state.players[index]!;
      if (player.choice !== null) return refuse(current, 'already-chosen');
      player.choice = action.choice as Choice;
      effects.push({ type: 'choiceLocked', playerId: player.id });
      if (state.players.every((candidate) => candidate.choice !== null)) {
        resolveRound(state, action.now, effects);
      }
      return { ok: true, state, effects };
    }
    case 'disconnect':
    case 'reconnect': {
      const index = indexOf(state, action.playerId);
      if (index === -1) return refuse(current, 'not-a-player');
      const player = state.players[index]!;
      const connected = action.type === 'reconnect';
      if (player.connected === connected) return { ok: true, state, effects };
      player.connected = connected;
      player.disconnectedAt = connected ? null : action.now;
      effects.push({ type: 'connection', playerId: player.id, connected });
      return { ok: true, state, effects };
    }
    case 'leave': {
      const index = indexOf(state, action.playerId);
      if (index === -1) return refuse(current, 'not-a-player');
      const other = state.players[index === 0 ? 1 : 0]!;
      end(state, other.id, 'forfeit-leave', effects);
      return { ok: true, state, effects };
    }
  }
}

/** When the driver must send the next `tick` (epoch ms), or null once the match is over. */
export function nextDeadline(state: MatchState): number | null {
  if (state.phase === 'over') return null;
  const candidates = [state.phase === 'choosing' ? state.deadline + state.options.graceMs : (state.revealEndsAt ?? Number.POSITIVE_INFINITY)];
  for (const player of state.players) {
    if (!player.connected && player.disconnectedAt !== null) candidates.push(player.disconnectedAt + state.options.reconnectGraceMs);
  }
  return Math.min(...candidates);
}

/** What one player may know (the `game_state` event on reconnection): never the opponent's pending choice. */
export interface PlayerView {
  room: string;
  round: number;
  deadline: number;
  scores: Record<string, number>;
  choiceLocked: boolean;
  opponentChoiceLocked: boolean;
  opponentId: string;
  opponentConnected: boolean;
  phase: MatchState['phase'];
}

export function viewFor(state: MatchState, playerId: string): PlayerView | null {
  const index = indexOf(state, playerId);
  if (index === -1) return null;
  const me = state.players[index]!;
  const opponent = state.players[index === 0 ? 1 : 0]!;
  return {
    room: state.id,
    round: state.round,
    deadline: state.deadline,
    scores: scoresOf(state),
    choiceLocked: me.choice !== null,
    opponentChoiceLocked: opponent.choice !== null,
    opponentId: opponent.id,
    opponentConnected: opponent.connected,
    phase: state.phase,
  };
}

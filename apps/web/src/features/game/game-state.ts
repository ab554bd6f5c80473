/**
 * What the game screen shows, as a pure reducer over the server's events and
 * the screen's own timers (spec S4 "Round and game"). The server is the
 * referee: this only decides what to show and when, never who won.
 *
 * - A round: a server deadline, one choice (locked once made), the fact that
 *   the opponent has chosen.
 * - A result: a shuffle (`shuffling`) until the screen's 4 s timer says
 *   `revealDone`; only then the real hands, the result and the new score.
 *   The round's scores from `round_end` wait in `pendingScores` until then.
 * - The end: known from `round_end` (gameOver) or `game_dead`; the popup opens
 *   1 s after the last reveal (`showPopup`), or at once for `game_dead`.
 */
import type { Choice, GameResultEvent, GameStateEvent, NewRoundEvent, RoundEndEvent } from '@shifumi/protocol';

export type Outcome = 'win' | 'lose' | 'draw';

export interface Reveal {
  /** Tells one result from the next, so a late timer of an old reveal changes nothing. */
  id: number;
  mine: Choice;
  theirs: Choice;
  outcome: Outcome;
  shuffling: boolean;
}

export interface GameEnd {
  outcome: Outcome;
  /** The end came from `game_dead`: the opponent left or did not come back. */
  opponentLeft: boolean;
}

export interface GameView {
  me: string;
  opponentId: string;
  round: number;
  /** Epoch ms from the server; null until the first `new_round` (or `game_state`). */
  deadline: number | null;
  scores: Record<string, number>;
  /** 'hidden': locked before this screen knew which hand (restored by `game_state`). */
  myChoice: Choice | 'hidden' | null;
  opponentLocked: boolean;
  opponentConnected: boolean;
  reveal: Reveal | null;
  pendingScores: Record<string, number> | null;
  end: GameEnd | null;
  popup: GameEnd | null;
  /** The last refusal from the server, for the status line. */
  error: string | null;
  /** Issue 17: the opponent's seal in the last result, checked in this browser; null when not sealed (or not yet checked). */
  sealCheck: 'verified' | 'failed' | null;
}

export type GameAction =
  | { type: 'newRound'; event: NewRoundEvent }
  | { type: 'gameState'; event: GameStateEvent }
  | { type: 'opponentLocked' }
  | { type: 'opponentConnection'; connected: boolean }
  | { type: 'chose'; choice: Choice }
  | { type: 'result'; event: GameResultEvent }
  | { type: 'roundEnd'; event: RoundEndEvent }
  | { type: 'revealDone'; id: number }
  | { type: 'showPopup' }
  | { type: 'gameDead' }
  | { type: 'error'; message: string }
  | { type: 'sealChecked'; round: number; check: 'verified' | 'failed' | null };

export function initialGameView(me: string, opponentId: string): GameView {
  return {
    me,
    opponentId,
    round: 1,
    deadline: null,
    scores: { [me]: 0, [opponentId]: 0 },
    myChoice: null,
    opponentLocked: false,
    opponentConnected: true,
    reveal: null,
    pendingScores: null,
    end: null,
    popup: null,
    error: null,
    sealCheck: null,
  };
}

/** The hand buttons are live: a round is open, no choice yet, nothing being revealed, the game not over. */
export function canChoose(view: GameView): boolean {
  return view.deadline !== null && view.myChoice === null && view.reveal === null && view.end === null;
}

/** The game still counts: leaving now forfeits it. */
export function isRunning(view: GameView): boolean {
  return view.end === null;
}

function outcomeFor(view: GameView, winnerId: string): Outcome {
  return winnerId === 'draw' ? 'draw' : winnerId === view.me ? 'win' : 'lose';
}

export function gameReducer(view: GameView, action: GameAction): GameView {
  switch (action.type) {
    case 'newRound':
      if (view.end) return view;
      return {
        ...view,
        round: action.event.round,
        deadline: action.event.deadline,
        // A reveal still running when the next round starts gives way; its scores count now.
        scores: view.pendingScores ?? view.scores,
        pendingScores: null,
        myChoice: null,
        opponentLocked: false,
        reveal: null,
        error: null,
        sealCheck: null,
      };
    case 'gameState': {
      if (view.end) return view;
      const { event } = action;
      const revealing = view.reveal?.shuffling === true;
      return {
        ...view,
        round: event.round,
        deadline: event.deadline,
        // Never spoil a shuffle under way with the new score.
        scores: revealing ? view.scores : event.scores,
        pendingScores: revealing ? event.scores : view.pendingScores,
        myChoice: event.choiceLocked ? (view.myChoice ?? 'hidden') : view.reveal ? view.myChoice : null,
        // Issue 30: a page reloaded learns the opponent has locked; a game taken over, that their lock was lost too.
        opponentLocked: event.opponentChoiceLocked ?? view.opponentLocked,
      };
    }
    case 'opponentLocked':
      return { ...view, opponentLocked: true };
    case 'opponentConnection':
      return { ...view, opponentConnected: action.connected };
    case 'chose':
      return canChoose(view) ? { ...view, myChoice: action.choice } : view;
    case 'result': {
      const { event } = action;
      if (view.end || (event.player1Id !== view.me && event.player2Id !== view.me)) return view;
      const first = event.player1Id === view.me;
      return {
        ...view,
        reveal: {
          id: (view.reveal?.id ?? 0) + 1,
          mine: first ? event.player1Choice : event.player2Choice,
          theirs: first ? event.player2Choice : event.player1Choice,
          outcome: outcomeFor(view, event.winnerId),
          shuffling: true,
        },
        opponentLocked: true,
        sealCheck: null,
      };
    }
    case 'roundEnd': {
      const { event } = action;
      if (view.end || !(view.me in event.scores)) return view;
      const revealing = view.reveal?.shuffling === true;
      return {
        ...view,
        scores: revealing ? view.scores : event.scores,
        pendingScores: revealing ? event.scores : null,
        end: event.gameOver ? { outcome: outcomeFor(view, event.winnerId ?? 'draw'), opponentLeft: false } : null,
      };
    }
    case 'revealDone':
      if (!view.reveal || view.reveal.id !== action.id || !view.reveal.shuffling) return view;
      return {
        ...view,
        reveal: { ...view.reveal, shuffling: false },
        scores: view.pendingScores ?? view.scores,
        pendingScores: null,
      };
    case 'showPopup':
      return view.end && !view.popup ? { ...view, popup: view.end } : view;
    case 'gameDead': {
      if (view.popup) return view;
      const end: GameEnd = { outcome: 'win', opponentLeft: true };
      return { ...view, end, popup: end };
    }
    case 'error':
      return { ...view, error: action.message };
    case 'sealChecked':
      return action.round === view.round && view.reveal ? { ...view, sealCheck: action.check } : view;
  }
}

/** The popup is due: the game is over and no shuffle is under way. */
export function popupDue(view: GameView): boolean {
  return view.end !== null && view.popup === null && view.reveal?.shuffling !== true;
}

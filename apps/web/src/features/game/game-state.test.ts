import { describe, expect, it } from 'vitest';
import { canChoose, gameReducer, initialGameView, popupDue, type GameAction, type GameView } from './game-state';
import { secondsUntil } from './hooks/use-countdown';

const ME = 'me';
const THEM = 'them';

function run(...actions: GameAction[]): GameView {
  return actions.reduce(gameReducer, initialGameView(ME, THEM));
}

const round = (n: number, deadline = 10_000): GameAction => ({ type: 'newRound', event: { round: n, deadline } });
const result = (mine: 'rock' | 'paper' | 'scissors', theirs: 'rock' | 'paper' | 'scissors', winnerId: string): GameAction => ({
  type: 'result',
  event: { player1Id: ME, player2Id: THEM, player1Choice: mine, player2Choice: theirs, winnerId },
});
const roundEnd = (mine: number, theirs: number, gameOver = false, winnerId?: string): GameAction => ({
  type: 'roundEnd',
  event: { scores: { [ME]: mine, [THEM]: theirs }, gameOver, ...(winnerId ? { winnerId } : {}) },
});

describe('game view', () => {
  it('opens the buttons only with a deadline, and locks them after one choice', () => {
    expect(canChoose(run())).toBe(false);
    const open = run(round(1));
    expect(canChoose(open)).toBe(true);
    const chosen = gameReducer(open, { type: 'chose', choice: 'paper' });
    expect(chosen.myChoice).toBe('paper');
    expect(canChoose(chosen)).toBe(false);
    expect(gameReducer(chosen, { type: 'chose', choice: 'rock' }).myChoice).toBe('paper');
  });

  it('keeps the new score until the reveal is done, and a late timer of an old reveal changes nothing', () => {
    const revealing = run(round(1), result('paper', 'rock', ME), roundEnd(1, 0));
    expect(revealing.scores[ME]).toBe(0);
    expect(revealing.reveal).toMatchObject({ mine: 'paper', theirs: 'rock', outcome: 'win', shuffling: true });
    const shown = gameReducer(revealing, { type: 'revealDone', id: revealing.reveal!.id });
    expect(shown.scores[ME]).toBe(1);
    expect(shown.reveal?.shuffling).toBe(false);
    const next = gameReducer(shown, round(2, 30_000));
    expect(gameReducer(next, { type: 'revealDone', id: revealing.reveal!.id })).toBe(next);
  });

  it('a new round during a reveal applies its scores and clears it', () => {
    const next = run(round(1), result('rock', 'scissors', ME), roundEnd(1, 0), round(2, 30_000));
    expect(next.reveal).toBeNull();
    expect(next.scores[ME]).toBe(1);
    expect(canChoose(next)).toBe(true);
  });

  it('a round_end after the reveal (late) applies at once', () => {
    const revealing = run(round(1), result('rock', 'scissors', ME));
    const shown = gameReducer(revealing, { type: 'revealDone', id: revealing.reveal!.id });
    expect(gameReducer(shown, roundEnd(1, 0)).scores[ME]).toBe(1);
  });

  it('ignores results of games the user is not in', () => {
    const view = run(round(1));
    const other: GameAction = {
      type: 'result',
      event: { player1Id: 'a', player2Id: 'b', player1Choice: 'rock', player2Choice: 'paper', winnerId: 'b' },
    };
    expect(gameReducer(view, other)).toBe(view);
  });

  it('the end: the popup is due only after the last reveal; lost, won and drawn games', () => {
    const lastReveal = run(round(1), result('rock', 'paper', THEM), roundEnd(0, 2, true, THEM));
    expect(lastReveal.end).toEqual({ outcome: 'lose', opponentLeft: false });
    expect(popupDue(lastReveal)).toBe(false);
    const shown = gameReducer(lastReveal, { type: 'revealDone', id: lastReveal.reveal!.id });
    expect(popupDue(shown)).toBe(true);
    expect(gameReducer(shown, { type: 'showPopup' }).popup).toEqual({ outcome: 'lose', opponentLeft: false });
    expect(run(round(1), result('rock', 'rock', 'draw'), roundEnd(0, 0, true, 'draw')).end?.outcome).toBe('draw');
    expect(run(round(1), result('paper', 'rock', ME), roundEnd(2, 0, true, ME)).end?.outcome).toBe('win');
  });

  it('game_dead is a win at once, with the opponent-left line; nothing reopens the round afterwards', () => {
    const dead = run(round(1), { type: 'gameDead' });
    expect(dead.popup).toEqual({ outcome: 'win', opponentLeft: true });
    expect(canChoose(dead)).toBe(false);
    expect(gameReducer(dead, round(2))).toBe(dead);
  });

  it('game_state restores the round, deadline, scores and a locked choice', () => {
    const restored = run({
      type: 'gameState',
      event: {
        room: 'r',
        round: 3,
        deadline: 42_000,
        scores: { [ME]: 1, [THEM]: 1 },
        opponent: { id: THEM, name: 'T', walletAddress: null },
        opponentCharacter: 'Character2',
        choiceLocked: true,
      },
    });
    expect(restored).toMatchObject({ round: 3, deadline: 42_000, scores: { [ME]: 1, [THEM]: 1 }, myChoice: 'hidden' });
    expect(canChoose(restored)).toBe(false);
  });

  it('issue 30: game_state says whether the opponent has locked; a lock lost in a takeover frees both hands again', () => {
    const event = {
      room: 'r',
      round: 2,
      deadline: 42_000,
      scores: { [ME]: 1, [THEM]: 0 },
      opponent: { id: THEM, name: 'T', walletAddress: null },
      opponentCharacter: 'Character2' as const,
    };
    const reloaded = run(round(2), { type: 'gameState', event: { ...event, choiceLocked: false, opponentChoiceLocked: true } });
    expect(reloaded.opponentLocked).toBe(true);
    // Both had locked; the node that took the game over had neither lock stored.
    const locked = run(round(2), { type: 'chose', choice: 'rock' }, { type: 'opponentLocked' });
    expect(canChoose(locked)).toBe(false);
    const taken = gameReducer(locked, {
      type: 'gameState',
      event: { ...event, choiceLocked: false, opponentChoiceLocked: false },
    });
    expect(taken).toMatchObject({ myChoice: null, opponentLocked: false });
    expect(canChoose(taken)).toBe(true);
    // An older server says nothing of the opponent: what the screen knew stays.
    expect(gameReducer(locked, { type: 'gameState', event: { ...event, choiceLocked: true } }).opponentLocked).toBe(true);
  });
});

describe('countdown', () => {
  it('whole seconds left, rounded up, never below 0 nor above the round', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 1)).toBe(10);
    expect(secondsUntil(10_000, 1_000)).toBe(9);
    expect(secondsUntil(10_000, 9_999)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 20_000)).toBe(0);
    expect(secondsUntil(60_000, 0)).toBe(10);
  });
});

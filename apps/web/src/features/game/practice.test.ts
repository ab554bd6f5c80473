import { describe, expect, it } from 'vitest';
import { gameReducer, initialGameView, type GameAction } from './game-state';
import { botChoice, createPracticeGame, PRACTICE_BOT, PRACTICE_ME, randomBelow } from './practice';

/** A random source that answers the given values in turn. */
function scripted(values: number[]) {
  let index = 0;
  return (array: Uint32Array) => {
    array[0] = values[index++ % values.length]!;
    return array;
  };
}

/** Timers on a hand-moved clock. */
function fakeTime(start = 1_000_000) {
  let now = start;
  let timers: Array<{ at: number; callback: () => void; id: number }> = [];
  let nextId = 0;
  return {
    now: () => now,
    setTimer(callback: () => void, ms: number) {
      const id = nextId++;
      timers.push({ at: now + ms, callback, id });
      return () => {
        timers = timers.filter((timer) => timer.id !== id);
      };
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer.id !== due.id);
        now = Math.max(now, due.at);
        due.callback();
      }
      now = end;
    },
  };
}

describe('practice (issue 24)', () => {
  it('draws uniformly by rejection: values past the last whole multiple are thrown away', () => {
    expect(randomBelow(3, scripted([0]))).toBe(0);
    expect(randomBelow(3, scripted([5]))).toBe(2);
    // 2^32 - 1 is past the last multiple of 3 below 2^32: drawn again.
    expect(randomBelow(3, scripted([2 ** 32 - 1, 4]))).toBe(1);
    expect(() => randomBelow(0)).toThrow(RangeError);
    expect(botChoice(scripted([1]))).toBe('paper');
    // With the browser's own source, every hand comes up.
    const seen = new Set(Array.from({ length: 200 }, () => botChoice()));
    expect([...seen].sort()).toEqual(['paper', 'rock', 'scissors']);
  });

  it('plays a whole game in the browser: the bot locks, rounds resolve with the real engine, the game ends at 2 wins', () => {
    const time = fakeTime();
    let view = initialGameView(PRACTICE_ME, PRACTICE_BOT);
    const actions: GameAction['type'][] = [];
    const dispatch = (action: GameAction) => {
      actions.push(action.type);
      view = gameReducer(view, action);
    };
    // The bot always plays rock (value 0), after 1 s.
    const game = createPracticeGame({ dispatch, now: time.now, setTimer: time.setTimer, random: scripted([0]) });
    expect(view.round).toBe(1);
    expect(view.deadline).toBe(time.now() + 10_000);
    time.advance(1_000);
    expect(view.opponentLocked).toBe(true);
    dispatch({ type: 'chose', choice: 'paper' });
    game.choose(1, 'paper');
    expect(view.reveal).toMatchObject({ mine: 'paper', theirs: 'rock', outcome: 'win' });
    dispatch({ type: 'revealDone', id: view.reveal!.id });
    expect(view.scores).toEqual({ [PRACTICE_ME]: 1, [PRACTICE_BOT]: 0 });
    // The next round after the reveal; a choice for a round that is gone is ignored.
    time.advance(6_000);
    expect(view.round).toBe(2);
    game.choose(1, 'scissors');
    expect(view.myChoice).toBeNull();
    // Silent this round: at the deadline the engine plays rock for the player (a draw with the bot's rock).
    time.advance(12_000);
    expect(actions).toContain('result');
    dispatch({ type: 'revealDone', id: view.reveal!.id });
    expect(view.scores).toEqual({ [PRACTICE_ME]: 1, [PRACTICE_BOT]: 0 });
    time.advance(6_000);
    expect(view.round).toBe(3);
    time.advance(1_000);
    dispatch({ type: 'chose', choice: 'paper' });
    game.choose(3, 'paper');
    expect(view.end).toEqual({ outcome: 'win', opponentLeft: false });
    game.stop();
  });
});

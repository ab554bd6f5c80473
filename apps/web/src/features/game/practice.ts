/**
 * Issue 24: practice, free — a whole game against a bot in the browser, run
 * by the same pure engine as the server's games (`@shifumi/game`), with the
 * same clock (10 s a round, rock for a silent player, first to 2, at most 10
 * rounds). Nothing leaves the browser: no money, no server round trip, never
 * in a history, the feed or a statement. The bot picks its hand and the
 * moment it locks it with `crypto.getRandomValues`.
 *
 * The engine's effects become the same actions the server's events feed the
 * game screen's reducer (game-state.ts), so the reveal and the popup are the
 * real ones.
 */
import { apply, createMatch, nextDeadline, type MatchEffect, type MatchState } from '@shifumi/game';
import { CHARACTERS, CHOICES, type Character, type Choice } from '@shifumi/protocol';
import type { GameAction } from './game-state';

export const PRACTICE_ROOM = 'practice';
export const PRACTICE_ME = 'you';
export const PRACTICE_BOT = 'bot';

/** Fills an array with random values: `crypto.getRandomValues` (tests inject a fixed source). */
export type RandomSource = (array: Uint32Array) => Uint32Array;
const cryptoRandom: RandomSource = (array) => crypto.getRandomValues(array);

/** A uniform whole number in [0, n): rejection sampling, so no value is likelier than another. */
export function randomBelow(n: number, random: RandomSource = cryptoRandom): number {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`randomBelow needs 1 ≤ n ≤ 2^32, got ${n}`);
  const limit = Math.floor(2 ** 32 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = random(buffer)[0]!;
    if (value < limit) return value % n;
  }
}

export function botChoice(random: RandomSource = cryptoRandom): Choice {
  return CHOICES[randomBelow(CHOICES.length, random)]!;
}

export function botCharacter(random: RandomSource = cryptoRandom): Character {
  return CHARACTERS[randomBelow(CHARACTERS.length, random)]!;
}

/** The bot locks its hand between 1 and 6 s into a round: a person's rhythm, never after the clock. */
const BOT_MIN_DELAY_MS = 1_000;
const BOT_DELAY_SPREAD_MS = 5_000;

export interface PracticeGameOptions {
  dispatch: (action: GameAction) => void;
  now?: () => number;
  random?: RandomSource;
  setTimer?: (callback: () => void, ms: number) => () => void;
}

export interface PracticeGame {
  /** The player's hand for `round` (ignored when the round is gone). */
  choose(round: number, choice: Choice): void;
  stop(): void;
}

export function createPracticeGame(options: PracticeGameOptions): PracticeGame {
  const now = options.now ?? Date.now;
  const random = options.random ?? cryptoRandom;
  const setTimer =
    options.setTimer ??
    ((callback: () => void, ms: number) => {
      const timer = window.setTimeout(callback, ms);
      return () => window.clearTimeout(timer);
    });
  let stopped = false;
  let cancelTick: (() => void) | undefined;
  let cancelBot: (() => void) | undefined;
  const created = createMatch({ id: PRACTICE_ROOM, players: [PRACTICE_ME, PRACTICE_BOT], now: now() });
  let state: MatchState = created.state;

  function tell(effects: readonly MatchEffect[]): void {
    for (const effect of effects) {
      switch (effect.type) {
        case 'newRound':
          options.dispatch({ type: 'newRound', event: { round: effect.round, deadline: effect.deadline } });
          scheduleBot(effect.round, effect.deadline);
          break;
        case 'choiceLocked':
          if (effect.playerId === PRACTICE_BOT) options.dispatch({ type: 'opponentLocked' });
          break;
        case 'roundResult':
          options.dispatch({
            type: 'result',
            event: {
              player1Id: effect.player1Id,
              player2Id: effect.player2Id,
              player1Choice: effect.player1Choice,
              player2Choice: effect.player2Choice,
              winnerId: effect.winnerId,
              player1Seal: null,
              player2Seal: null,
              player1Mode: effect.player1Mode,
              player2Mode: effect.player2Mode,
            },
          });
          break;
        case 'roundEnd':
          options.dispatch({
            type: 'roundEnd',
            event: {
              scores: effect.scores,
              gameOver: effect.gameOver,
              ...(effect.winnerId ? { winnerId: effect.winnerId } : {}),
            },
          });
          break;
        default:
          break;
      }
    }
  }

  function step(action: Parameters<typeof apply>[1]): void {
    if (stopped) return;
    const result = apply(state, action);
    if (!result.ok) return;
    state = result.state;
    tell(result.effects);
    scheduleTick();
  }

  function scheduleTick(): void {
    cancelTick?.();
    const at = nextDeadline(state);
    if (at === null || stopped) return;
    cancelTick = setTimer(() => step({ type: 'tick', now: Math.max(now(), at) }), Math.max(0, at - now()));
  }

  function scheduleBot(round: number, deadline: number): void {
    cancelBot?.();
    const delay = Math.min(BOT_MIN_DELAY_MS + randomBelow(BOT_DELAY_SPREAD_MS, random), Math.max(0, deadline - now() - 500));
    cancelBot = setTimer(() => {
      if (state.round === round && state.phase === 'choosing')
        step({ type: 'choose', playerId: PRACTICE_BOT, choice: botChoice(random), now: now() });
    }, delay);
  }

  tell(created.effects);
  scheduleTick();

  return {
    choose(round, choice) {
      if (state.round !== round) return;
      step({ type: 'choose', playerId: PRACTICE_ME, choice, now: now() });
    },
    stop() {
      stopped = true;
      cancelTick?.();
      cancelBot?.();
    },
  };
}

import type { Choice } from '@shifumi/protocol/constants';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MATCH_OPTIONS,
  REFUSAL_MESSAGES,
  apply,
  createMatch,
  nextDeadline,
  viewFor,
  type MatchAction,
  type MatchEffect,
  type MatchOptions,
  type MatchState,
  type RefusalCode,
} from './match';

const T0 = 1_000_000;
const A = 'alice';
const B = 'bob';
/** Round 1's deadline and the end of its network grace with the default options. */
const DEADLINE_1 = T0 + 10_000;
const GRACE_END_1 = DEADLINE_1 + 1_000;

function start(options?: Partial<MatchOptions>): MatchState {
  return createMatch({ id: 'room-1', players: [A, B], now: T0, ...(options ? { options } : {}) }).state;
}

function run(state: MatchState, action: MatchAction): { state: MatchState; effects: MatchEffect[] } {
  const result = apply(state, action);
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result;
}

function expectRefused(state: MatchState, action: MatchAction, code: RefusalCode): void {
  const result = apply(state, action);
  expect(result).toEqual({ ok: false, state, code, message: REFUSAL_MESSAGES[code] });
  // The very same object: nothing was changed or copied.
  expect(result.state).toBe(state);
}

/** An action as it could arrive from an untyped caller. */
function untyped(value: unknown): MatchAction {
  return value as MatchAction;
}

function playRound(state: MatchState, a: Choice, b: Choice, now: number) {
  const first = run(state, { type: 'choose', playerId: A, choice: a, now });
  const second = run(first.state, { type: 'choose', playerId: B, choice: b, now });
  return { state: second.state, effects: [...first.effects, ...second.effects] };
}

/** Plays a round and, unless the match is over, ticks to the start of the next one. */
function playRoundAndContinue(state: MatchState, a: Choice, b: Choice): MatchState {
  const played = playRound(state, a, b, state.deadline - 5_000).state;
  return played.phase === 'over' ? played : run(played, { type: 'tick', now: played.revealEndsAt! }).state;
}

function tickToTheEnd(state: MatchState): { state: MatchState; effects: MatchEffect[] } {
  const effects: MatchEffect[] = [];
  for (let steps = 0; state.phase !== 'over' && steps < 100; steps += 1) {
    const result = run(state, { type: 'tick', now: nextDeadline(state)! });
    state = result.state;
    effects.push(...result.effects);
  }
  return { state, effects };
}

describe('createMatch', () => {
  it('starts round 1 at `now` with a 10 s deadline and announces it', () => {
    const { state, effects } = createMatch({ id: 'room-1', players: [A, B], now: T0 });
    expect(effects).toEqual([{ type: 'newRound', round: 1, deadline: DEADLINE_1 }]);
    expect(state).toEqual({
      id: 'room-1',
      options: DEFAULT_MATCH_OPTIONS,
      players: [
        {
          id: A,
          score: 0,
          choice: null,
          commitment: null,
          salt: null,
          revealFailed: false,
          revealExtended: false,
          lockedAt: null,
          connected: true,
          disconnectedAt: null,
        },
        {
          id: B,
          score: 0,
          choice: null,
          commitment: null,
          salt: null,
          revealFailed: false,
          revealExtended: false,
          lockedAt: null,
          connected: true,
          disconnectedAt: null,
        },
      ],
      round: 1,
      phase: 'choosing',
      deadline: DEADLINE_1,
      roundStartedAt: T0,
      revealRequestedAt: null,
      rounds: [],
      revealEndsAt: null,
      winnerId: null,
      endReason: null,
    });
    expect(nextDeadline(state)).toBe(GRACE_END_1);
  });

  it('takes its defaults from the protocol constants', () => {
    expect(DEFAULT_MATCH_OPTIONS).toEqual({
      roundMs: 10_000,
      graceMs: 1_000,
      revealMs: 5_500,
      winThreshold: 2,
      maxRounds: 10,
      reconnectGraceMs: 10_000,
      revealWindowMs: 3_000,
    });
  });

  it('takes options', () => {
    const state = start({ roundMs: 3_000, graceMs: 0 });
    expect(state.deadline).toBe(T0 + 3_000);
    expect(nextDeadline(state)).toBe(T0 + 3_000);
    expect(state.options).toMatchObject({ roundMs: 3_000, graceMs: 0, revealMs: 5_500 });
  });

  it('throws for what only a programming error can cause', () => {
    expect(() => createMatch({ id: 'r', players: [A, A], now: T0 })).toThrow(RangeError);
    expect(() => createMatch({ id: 'r', players: [A, ''], now: T0 })).toThrow(RangeError);
    expect(() => createMatch({ id: '', players: [A, B], now: T0 })).toThrow(RangeError);
    expect(() => createMatch({ id: 'r', players: [A, B], now: Number.NaN })).toThrow(RangeError);
    for (const options of [
      { roundMs: 0 },
      { graceMs: -1 },
      { revealMs: Number.NaN },
      { reconnectGraceMs: Number.POSITIVE_INFINITY },
      { winThreshold: 0 },
      { winThreshold: 1.5 },
      { maxRounds: 0 },
    ]) {
      expect(() => createMatch({ id: 'r', players: [A, B], now: T0, options })).toThrow(RangeError);
    }
  });
});

describe('a round', () => {
  it('tells the opponent only that a choice was made, then reveals both once both are locked', () => {
    const state = start();
    const first = run(state, { type: 'choose', playerId: A, choice: 'paper', now: T0 + 1_000 });
    expect(first.effects).toEqual([{ type: 'choiceLocked', playerId: A }]);
    expect(JSON.stringify(first.effects)).not.toContain('paper');
    expect(viewFor(first.state, B)).toMatchObject({ opponentChoiceLocked: true, choiceLocked: false });
    expect(JSON.stringify(viewFor(first.state, B))).not.toContain('paper');

    const second = run(first.state, { type: 'choose', playerId: B, choice: 'rock', now: T0 + 2_000 });
    expect(second.effects).toEqual([
      { type: 'choiceLocked', playerId: B },
      expect.objectContaining({
        type: 'roundResult',
        player1Id: A,
        player2Id: B,
        player1Choice: 'paper',
        player2Choice: 'rock',
        winnerId: A,
      }),
      { type: 'roundEnd', scores: { [A]: 1, [B]: 0 }, gameOver: false },
    ]);
    // The reveal starts when the round resolved, not at its deadline.
    expect(second.state).toMatchObject({ phase: 'reveal', round: 1, revealEndsAt: T0 + 7_500 });
    expect(second.state.players.map((player) => player.choice)).toEqual([null, null]);
    expect(nextDeadline(second.state)).toBe(T0 + 7_500);

    const early = apply(second.state, { type: 'tick', now: T0 + 7_499 });
    expect(early).toEqual({ ok: true, state: second.state, effects: [] });
    // The very same object: nothing changed, so a driver stores and tells nothing and only re-arms its timer.
    expect(early.state).toBe(second.state);

    const next = run(second.state, { type: 'tick', now: T0 + 7_500 });
    expect(next.effects).toEqual([{ type: 'newRound', round: 2, deadline: T0 + 17_500 }]);
    expect(next.state).toMatchObject({ phase: 'choosing', round: 2, deadline: T0 + 17_500, revealEndsAt: null });
  });

  it('names the players in the order of the match, whoever chose first', () => {
    const first = run(start(), { type: 'choose', playerId: B, choice: 'scissors', now: T0 + 1 });
    const second = run(first.state, { type: 'choose', playerId: A, choice: 'paper', now: T0 + 2 });
    expect(second.effects[1]).toEqual(
      expect.objectContaining({
        type: 'roundResult',
        player1Id: A,
        player2Id: B,
        player1Choice: 'paper',
        player2Choice: 'scissors',
        winnerId: B,
      }),
    );
  });

  it('a draw changes nothing but the round', () => {
    const { state, effects } = playRound(start(), 'scissors', 'scissors', T0 + 1);
    expect(effects).toContainEqual(
      expect.objectContaining({
        type: 'roundResult',
        player1Id: A,
        player2Id: B,
        player1Choice: 'scissors',
        player2Choice: 'scissors',
        winnerId: 'draw',
      }),
    );
    expect(effects).toContainEqual({ type: 'roundEnd', scores: { [A]: 0, [B]: 0 }, gameOver: false });
    expect(state.players.map((player) => player.score)).toEqual([0, 0]);
    expect(run(state, { type: 'tick', now: state.revealEndsAt! }).state.round).toBe(2);
  });

  it('plays rock for a player without a choice once the deadline and its grace have passed', () => {
    const first = run(start(), { type: 'choose', playerId: B, choice: 'scissors', now: T0 + 500 });
    expect(apply(first.state, { type: 'tick', now: GRACE_END_1 - 1 })).toEqual({ ok: true, state: first.state, effects: [] });
    const resolved = run(first.state, { type: 'tick', now: GRACE_END_1 });
    expect(resolved.effects).toEqual([
      expect.objectContaining({
        type: 'roundResult',
        player1Id: A,
        player2Id: B,
        player1Choice: 'rock',
        player2Choice: 'scissors',
        winnerId: A,
      }),
      { type: 'roundEnd', scores: { [A]: 1, [B]: 0 }, gameOver: false },
    ]);
    // The reveal is timed from the end of the grace, even when the tick comes late.
    expect(resolved.state.revealEndsAt).toBe(GRACE_END_1 + 5_500);
    expect(run(first.state, { type: 'tick', now: GRACE_END_1 + 300 }).state.revealEndsAt).toBe(GRACE_END_1 + 5_500);
  });

  it('two players without a choice both play rock: a draw', () => {
    const resolved = run(start(), { type: 'tick', now: GRACE_END_1 });
    expect(resolved.effects[0]).toEqual(
      expect.objectContaining({
        type: 'roundResult',
        player1Id: A,
        player2Id: B,
        player1Choice: 'rock',
        player2Choice: 'rock',
        winnerId: 'draw',
      }),
    );
  });

  it('a choice that arrives after the deadline but within the network grace still counts', () => {
    const first = run(start(), { type: 'choose', playerId: A, choice: 'rock', now: T0 });
    const late = run(first.state, { type: 'choose', playerId: B, choice: 'paper', now: GRACE_END_1 - 1 });
    expect(late.effects).toContainEqual(
      expect.objectContaining({
        type: 'roundResult',
        player1Id: A,
        player2Id: B,
        player1Choice: 'rock',
        player2Choice: 'paper',
        winnerId: B,
      }),
    );
  });

  it('a choice once the grace is over is too late, even before the tick; the tick then resolves the round', () => {
    const state = start();
    expectRefused(state, { type: 'choose', playerId: A, choice: 'paper', now: GRACE_END_1 }, 'too-late');
    expect(run(state, { type: 'tick', now: GRACE_END_1 }).effects[0]).toMatchObject({ player1Choice: 'rock' });
  });

  it('a choice cannot land in a round its player has not been told about', () => {
    // The driver's tick at the end of the reveal has not come yet: round 2 exists only in time.
    const { state } = playRound(start(), 'rock', 'paper', T0 + 1);
    expectRefused(state, { type: 'choose', playerId: A, choice: 'paper', now: state.revealEndsAt! + 10 }, 'too-late');
  });
});

describe('refusals', () => {
  it('a second choice in the same round', () => {
    const first = run(start(), { type: 'choose', playerId: A, choice: 'rock', now: T0 });
    expectRefused(first.state, { type: 'choose', playerId: A, choice: 'paper', now: T0 + 1 }, 'already-chosen');
    expectRefused(first.state, { type: 'choose', playerId: A, choice: 'rock', now: T0 + 1 }, 'already-chosen');
  });

  it('someone who does not play in the match, whatever they try', () => {
    const state = start();
    expectRefused(state, { type: 'choose', playerId: 'mallory', choice: 'paper', now: T0 }, 'not-a-player');
    for (const type of ['disconnect', 'reconnect', 'leave'] as const)
      expectRefused(state, { type, playerId: 'mallory', now: T0 }, 'not-a-player');
  });

  it('anything but rock, paper or scissors', () => {
    const state = start();
    for (const choice of ['lizard', 'Rock', '', 7, null, undefined, { choice: 'rock' }]) {
      expectRefused(state, { type: 'choose', playerId: A, choice, now: T0 }, 'invalid-choice');
    }
  });

  it('a choice during the reveal', () => {
    const { state } = playRound(start(), 'rock', 'paper', T0 + 1);
    expectRefused(state, { type: 'choose', playerId: A, choice: 'rock', now: T0 + 2 }, 'not-choosing');
  });

  it('a choice after the deadline', () => {
    const first = run(start(), { type: 'choose', playerId: A, choice: 'rock', now: T0 });
    expectRefused(first.state, { type: 'choose', playerId: B, choice: 'paper', now: GRACE_END_1 + 1 }, 'too-late');
  });

  it('a malformed action', () => {
    const state = start();
    for (const action of [
      null,
      'tick',
      { type: 'tick' },
      { type: 'tick', now: Number.NaN },
      { type: 'tick', now: Number.POSITIVE_INFINITY },
      { type: 'tick', now: '1000' },
      { type: 'jump', now: T0 },
      { type: 'leave', now: T0 },
      { type: 'choose', playerId: 7, choice: 'rock', now: T0 },
    ]) {
      expectRefused(state, untyped(action), 'invalid-action');
    }
  });

  it('any action once the match is over', () => {
    const { state } = run(start(), { type: 'leave', playerId: B, now: T0 });
    expect(state.phase).toBe('over');
    const actions: MatchAction[] = [
      { type: 'choose', playerId: A, choice: 'rock', now: T0 + 1 },
      { type: 'tick', now: T0 + 99_000 },
      { type: 'disconnect', playerId: A, now: T0 + 1 },
      { type: 'reconnect', playerId: B, now: T0 + 1 },
      { type: 'leave', playerId: A, now: T0 + 1 },
      untyped({ type: 'jump' }),
    ];
    for (const action of actions) expectRefused(state, action, 'game-over');
  });

  it('every refusal has a text a player can read', () => {
    for (const message of Object.values(REFUSAL_MESSAGES)) expect(message).toMatch(/^[A-Z].*\.$/);
  });
});

describe('the end of a match', () => {
  it('the first to 2 round wins takes it', () => {
    let state = playRoundAndContinue(start(), 'paper', 'rock');
    state = playRoundAndContinue(state, 'rock', 'rock');
    state = playRoundAndContinue(state, 'rock', 'paper');
    const last = playRound(state, 'scissors', 'paper', state.deadline - 1);
    expect(last.effects.slice(-3)).toEqual([
      expect.objectContaining({
        type: 'roundResult',
        player1Id: A,
        player2Id: B,
        player1Choice: 'scissors',
        player2Choice: 'paper',
        winnerId: A,
      }),
      { type: 'roundEnd', scores: { [A]: 2, [B]: 1 }, gameOver: true, winnerId: A },
      { type: 'gameOver', winnerId: A, reason: 'wins' },
    ]);
    expect(last.state).toMatchObject({ phase: 'over', round: 4, winnerId: A, endReason: 'wins', revealEndsAt: null });
    expect(nextDeadline(last.state)).toBeNull();
  });

  it('the threshold is an option', () => {
    let state = start({ winThreshold: 3 });
    state = playRoundAndContinue(state, 'paper', 'rock');
    state = playRoundAndContinue(state, 'paper', 'rock');
    expect(state.phase).toBe('choosing');
    state = playRoundAndContinue(state, 'paper', 'rock');
    expect(state).toMatchObject({ phase: 'over', winnerId: A, round: 3 });
  });

  it('two idle players end in a draw after the round limit, both auto-playing rock', () => {
    const { state, effects } = tickToTheEnd(start());
    expect(state).toMatchObject({ winnerId: 'draw', endReason: 'max-rounds', round: 10, phase: 'over' });
    const results = effects.filter((effect) => effect.type === 'roundResult');
    expect(results).toHaveLength(10);
    expect(results.every((effect) => effect.player1Choice === 'rock' && effect.player2Choice === 'rock')).toBe(true);
    expect(effects.filter((effect) => effect.type === 'newRound').map((effect) => effect.round)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(effects.slice(-2)).toEqual([
      { type: 'roundEnd', scores: { [A]: 0, [B]: 0 }, gameOver: true, winnerId: 'draw' },
      { type: 'gameOver', winnerId: 'draw', reason: 'max-rounds' },
    ]);
  });

  it('a match with one win each and draws after that is a draw at the limit', () => {
    let state = start({ maxRounds: 3 });
    state = playRoundAndContinue(state, 'paper', 'rock');
    state = playRoundAndContinue(state, 'rock', 'paper');
    const last = playRound(state, 'rock', 'rock', state.deadline - 1);
    expect(last.state).toMatchObject({ phase: 'over', winnerId: 'draw', endReason: 'max-rounds', round: 3 });
    expect(last.effects).toContainEqual({ type: 'roundEnd', scores: { [A]: 1, [B]: 1 }, gameOver: true, winnerId: 'draw' });
  });

  it('a round that reaches the threshold at the limit is a win, not a draw', () => {
    const state = playRoundAndContinue(start({ maxRounds: 1, winThreshold: 1 }), 'rock', 'scissors');
    expect(state).toMatchObject({ winnerId: A, endReason: 'wins' });
  });

  it('a single late tick runs every transition that was due, in order', () => {
    const result = run(start(), { type: 'tick', now: T0 + 1_000_000 });
    expect(result.state).toMatchObject({ phase: 'over', winnerId: 'draw', endReason: 'max-rounds' });
    expect(result.effects.map((effect) => effect.type)).toEqual([
      ...Array.from({ length: 9 }, () => ['roundResult', 'roundEnd', 'newRound']).flat(),
      'roundResult',
      'roundEnd',
      'gameOver',
    ]);
    // Each round's deadline is counted from the end of the previous reveal, as if every tick had come on time.
    expect(result.effects.find((effect) => effect.type === 'newRound')).toEqual({
      type: 'newRound',
      round: 2,
      deadline: GRACE_END_1 + 5_500 + 10_000,
    });
  });

  it('a deliberate leave forfeits at once, in any phase', () => {
    expect(run(start(), { type: 'leave', playerId: B, now: T0 + 3 }).effects).toEqual([
      { type: 'gameOver', winnerId: A, reason: 'forfeit-leave' },
    ]);
    const { state } = playRound(start(), 'rock', 'paper', T0 + 1);
    const left = run(state, { type: 'leave', playerId: B, now: T0 + 2 });
    expect(left.effects).toEqual([{ type: 'gameOver', winnerId: A, reason: 'forfeit-leave' }]);
    expect(left.state).toMatchObject({ phase: 'over', winnerId: A, endReason: 'forfeit-leave', revealEndsAt: null });
  });

  it('a leave with a locked choice does not keep the choice in the final state', () => {
    const first = run(start(), { type: 'choose', playerId: A, choice: 'paper', now: T0 + 1 });
    const left = run(first.state, { type: 'leave', playerId: A, now: T0 + 2 });
    expect(left.effects).toEqual([{ type: 'gameOver', winnerId: B, reason: 'forfeit-leave' }]);
    expect(left.state.players.map((player) => player.choice)).toEqual([null, null]);
  });

  it('a leave that comes after time had already ended the match changes nothing of the result', () => {
    const state = start({ maxRounds: 1 });
    const late = run(state, { type: 'leave', playerId: A, now: GRACE_END_1 + 5 });
    expect(late.state).toMatchObject({ winnerId: 'draw', endReason: 'max-rounds' });
    expect(late.effects.at(-1)).toEqual({ type: 'gameOver', winnerId: 'draw', reason: 'max-rounds' });
  });
});

describe('disconnection', () => {
  it('tells the opponent, and the reconnection deadline becomes a deadline of the match', () => {
    const gone = run(start(), { type: 'disconnect', playerId: A, now: T0 + 500 });
    expect(gone.effects).toEqual([{ type: 'connection', playerId: A, connected: false }]);
    expect(gone.state.players[0]).toMatchObject({ connected: false, disconnectedAt: T0 + 500 });
    expect(nextDeadline(gone.state)).toBe(T0 + 10_500);
    expect(viewFor(gone.state, B)).toMatchObject({ opponentConnected: false, connected: true });
  });

  it('the game goes on while a player is away: their missing choice plays rock', () => {
    const gone = run(start(), { type: 'disconnect', playerId: A, now: T0 + 5_000 });
    const chosen = run(gone.state, { type: 'choose', playerId: B, choice: 'paper', now: T0 + 6_000 });
    const resolved = run(chosen.state, { type: 'tick', now: GRACE_END_1 });
    expect(resolved.effects[0]).toEqual(
      expect.objectContaining({
        type: 'roundResult',
        player1Id: A,
        player2Id: B,
        player1Choice: 'rock',
        player2Choice: 'paper',
        winnerId: B,
      }),
    );
    expect(nextDeadline(resolved.state)).toBe(T0 + 15_000);
  });

  it('a player who does not come back within the grace loses', () => {
    const gone = run(start(), { type: 'disconnect', playerId: A, now: T0 + 1_000 });
    expect(apply(gone.state, { type: 'tick', now: T0 + 10_999 })).toEqual({ ok: true, state: gone.state, effects: [] });
    const lost = run(gone.state, { type: 'tick', now: T0 + 11_000 });
    expect(lost.effects).toEqual([{ type: 'gameOver', winnerId: B, reason: 'forfeit-disconnect' }]);
    expect(lost.state).toMatchObject({ phase: 'over', winnerId: B, endReason: 'forfeit-disconnect' });
  });

  it('the lapse is settled before a round that ends at the same moment', () => {
    // Disconnected at T0 + 1 000: the grace ends exactly when round 1's grace does.
    const gone = run(start(), { type: 'disconnect', playerId: B, now: T0 + 1_000 });
    expect(run(gone.state, { type: 'tick', now: GRACE_END_1 }).effects).toEqual([
      { type: 'gameOver', winnerId: A, reason: 'forfeit-disconnect' },
    ]);
  });

  it('coming back within the grace cancels it, and the player plays on', () => {
    const gone = run(start(), { type: 'disconnect', playerId: A, now: T0 + 1_000 });
    const back = run(gone.state, { type: 'reconnect', playerId: A, now: T0 + 5_000 });
    expect(back.effects).toEqual([{ type: 'connection', playerId: A, connected: true }]);
    expect(back.state.players[0]).toMatchObject({ connected: true, disconnectedAt: null });
    expect(nextDeadline(back.state)).toBe(GRACE_END_1);
    expect(run(back.state, { type: 'tick', now: GRACE_END_1 }).state.phase).toBe('reveal');
  });

  it('a second disconnection starts a new grace', () => {
    let state = run(start(), { type: 'disconnect', playerId: A, now: T0 }).state;
    state = run(state, { type: 'reconnect', playerId: A, now: T0 + 9_000 }).state;
    state = run(state, { type: 'disconnect', playerId: A, now: T0 + 9_500 }).state;
    expect(nextDeadline(state)).toBe(GRACE_END_1);
    state = run(state, { type: 'tick', now: GRACE_END_1 }).state;
    expect(state.phase).toBe('reveal');
    expect(run(state, { type: 'tick', now: T0 + 19_500 }).effects.at(-1)).toEqual({
      type: 'gameOver',
      winnerId: B,
      reason: 'forfeit-disconnect',
    });
  });

  it('a coming back after the grace has run out (before the tick) is too late: the match ends', () => {
    const gone = run(start(), { type: 'disconnect', playerId: A, now: T0 });
    const back = run(gone.state, { type: 'reconnect', playerId: A, now: T0 + 10_001 });
    expect(back.effects).toEqual([{ type: 'gameOver', winnerId: B, reason: 'forfeit-disconnect' }]);
  });

  it('a choice after the match has ended in time is refused; the tick then ends it', () => {
    const gone = run(start(), { type: 'disconnect', playerId: A, now: T0 });
    expectRefused(gone.state, { type: 'choose', playerId: B, choice: 'rock', now: T0 + 10_000 }, 'game-over');
  });

  it('a repeated disconnect or reconnect changes nothing', () => {
    const state = start();
    expect(apply(state, { type: 'reconnect', playerId: A, now: T0 + 1 })).toEqual({ ok: true, state, effects: [] });
    const gone = run(state, { type: 'disconnect', playerId: A, now: T0 + 1 }).state;
    const again = apply(gone, { type: 'disconnect', playerId: A, now: T0 + 5_000 });
    expect(again).toEqual({ ok: true, state: gone, effects: [] });
    expect(again.state.players[0].disconnectedAt).toBe(T0 + 1);
  });

  it('a disconnected player may still have a choice arrive (another tab)', () => {
    const gone = run(start(), { type: 'disconnect', playerId: A, now: T0 }).state;
    expect(run(gone, { type: 'choose', playerId: A, choice: 'paper', now: T0 + 1 }).effects).toEqual([
      { type: 'choiceLocked', playerId: A },
    ]);
  });

  it('when both are away, the first whose grace runs out loses', () => {
    let state = run(start(), { type: 'disconnect', playerId: B, now: T0 }).state;
    state = run(state, { type: 'disconnect', playerId: A, now: T0 + 2_000 }).state;
    expect(nextDeadline(state)).toBe(T0 + 10_000);
    expect(run(state, { type: 'tick', now: T0 + 30_000 }).effects).toEqual([
      { type: 'gameOver', winnerId: A, reason: 'forfeit-disconnect' },
    ]);
  });

  it('when both graces run out at the same instant (a server restart nobody came back from), nobody wins', () => {
    let state = run(start(), { type: 'disconnect', playerId: A, now: T0 }).state;
    state = run(state, { type: 'disconnect', playerId: B, now: T0 }).state;
    const ended = run(state, { type: 'tick', now: T0 + 10_000 });
    expect(ended.effects).toEqual([{ type: 'gameOver', winnerId: 'draw', reason: 'forfeit-disconnect' }]);
  });
});

describe('viewFor', () => {
  it('gives each player their side, and nothing for a stranger', () => {
    const first = run(start(), { type: 'choose', playerId: A, choice: 'scissors', now: T0 + 1 }).state;
    expect(viewFor(first, A)).toEqual({
      room: 'room-1',
      round: 1,
      deadline: DEADLINE_1,
      scores: { [A]: 0, [B]: 0 },
      choiceLocked: true,
      revealPending: false,
      opponentChoiceLocked: false,
      opponentId: B,
      connected: true,
      opponentConnected: true,
      phase: 'choosing',
      revealEndsAt: null,
      winnerId: null,
    });
    expect(viewFor(first, B)).toMatchObject({ choiceLocked: false, opponentChoiceLocked: true, opponentId: A });
    expect(JSON.stringify(viewFor(first, B))).not.toContain('scissors');
    expect(viewFor(first, 'mallory')).toBeNull();
  });

  it('with `now`, shows the match as it stands then, without changing the state', () => {
    const state = start();
    const before = structuredClone(state);
    expect(viewFor(state, A, T0 + 20_000)).toMatchObject({ round: 2, phase: 'choosing', deadline: GRACE_END_1 + 5_500 + 10_000 });
    expect(viewFor(state, A, T0 + 12_000)).toMatchObject({ round: 1, phase: 'reveal', revealEndsAt: GRACE_END_1 + 5_500 });
    expect(viewFor(state, A, T0)).toMatchObject({ round: 1, phase: 'choosing' });
    expect(state).toEqual(before);
  });

  it('shows the end once over', () => {
    const { state } = run(start(), { type: 'leave', playerId: A, now: T0 });
    expect(viewFor(state, A, T0 + 99_999)).toMatchObject({ phase: 'over', winnerId: B });
  });
});

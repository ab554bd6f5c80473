import fc from 'fast-check';
import { CHOICES, type Choice } from '@shifumi/protocol';
import { describe, expect, it } from 'vitest';
import { settlement } from './settlement';
import { apply, createMatch, nextDeadline, viewFor, type MatchAction, type MatchEffect, type MatchState } from './match';

const T0 = 1_000_000;
const A = 'alice';
const B = 'bob';

function start() {
  return createMatch({ id: 'room-1', players: [A, B], now: T0 });
}

function run(state: MatchState, action: MatchAction): { state: MatchState; effects: MatchEffect[] } {
  const result = apply(state, action);
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result;
}

function playRound(state: MatchState, a: Choice, b: Choice, now: number) {
  const first = run(state, { type: 'choose', playerId: A, choice: a, now });
  return run(first.state, { type: 'choose', playerId: B, choice: b, now });
}

describe('createMatch', () => {
  it('starts round 1 with a 10 s deadline', () => {
    const { state, effects } = start();
    expect(effects).toEqual([{ type: 'newRound', round: 1, deadline: T0 + 10_000 }]);
    expect(state).toMatchObject({ round: 1, phase: 'choosing', deadline: T0 + 10_000 });
    expect(nextDeadline(state)).toBe(T0 + 11_000);
  });

  it('refuses a match against oneself', () => {
    expect(() => createMatch({ id: 'r', players: [A, A], now: T0 })).toThrow();
  });
});

describe('a round', () => {
  it('tells the opponent only that a choice was made, then reveals both once both are locked', () => {
    const { state } = start();
    const first = run(state, { type: 'choose', playerId: A, choice: 'paper', now: T0 + 1_000 });
    expect(first.effects).toEqual([{ type: 'choiceLocked', playerId: A }]);
    expect(JSON.stringify(first.effects)).not.toContain('paper');
    expect(viewFor(first.state, B)).toMatchObject({ opponentChoiceLocked: true, choiceLocked: false });
    expect(JSON.stringify(viewFor(first.state, B))).not.toContain('paper');

    const second = run(first.state, { type: 'choose', playerId: B, choice: 'rock', now: T0 + 2_000 });
    expect(second.effects).toEqual([
      { type: 'choiceLocked', playerId: B },
      { type: 'roundResult', player1Id: A, player2Id: B, player1Choice: 'paper', player2Choice: 'rock', winnerId: A },
      { type: 'roundEnd', scores: { [A]: 1, [B]: 0 }, gameOver: false },
    ]);
    expect(second.state).toMatchObject({ phase: 'reveal', revealEndsAt: T0 + 7_500 });
    const next = run(second.state, { type: 'tick', now: T0 + 7_500 });
    expect(next.effects).toEqual([{ type: 'newRound', round: 2, deadline: T0 + 17_500 }]);
  });

  it('a draw changes nothing', () => {
    const { state } = playRound(start().state, 'rock', 'rock', T0 + 1);
    expect(state.players.map((player) => player.score)).toEqual([0, 0]);
  });

  it('plays rock for a player without a choice at the deadline (plus grace)', () => {
    const first = run(start().state, { type: 'choose', playerId: B, choice: 'scissors', now: T0 + 500 });
    expect(run(first.state, { type: 'tick', now: T0 + 10_999 }).effects).toEqual([]);
    const resolved = run(first.state, { type: 'tick', now: T0 + 11_000 });
    expect(resolved.effects[0]).toEqual({ type: 'roundResult', player1Id: A, player2Id: B, player1Choice: 'rock', player2Choice: 'scissors', winnerId: A });
  });

  it('refuses a second choice, a late choice, an unknown choice and a stranger', () => {
    const first = run(start().state, { type: 'choose', playerId: A, choice: 'rock', now: T0 });
    expect(apply(first.state, { type: 'choose', playerId: A, choice: 'paper', now: T0 + 1 })).toMatchObject({ ok: false, code: 'already-chosen' });
    expect(apply(first.state, { type: 'choose', playerId: 'mallory', choice: 'paper', now: T0 + 1 })).toMatchObject({ ok: false, code: 'not-a-player' });
    expect(apply(first.state, { type: 'choose', playerId: B, choice: 'lizard', now: T0 + 1 })).toMatchObject({ ok: false, code: 'invalid-choice' });
    expect(apply(first.state, { type: 'choose', playerId: B, choice: 'paper', now: T0 + 11_001 })).toMatchObject({ ok: false, code: 'too-late' });
    // A choice inside the network grace still counts.
    expect(apply(first.state, { type: 'choose', playerId: B, choice: 'paper', now: T0 + 10_900 }).ok).toBe(true);
  });

  it('refuses choices during the reveal', () => {
    const { state } = playRound(start().state, 'rock', 'paper', T0 + 1);
    expect(apply(state, { type: 'choose', playerId: A, choice: 'rock', now: T0 + 2 })).toMatchObject({ ok: false, code: 'not-choosing' });
  });
});

describe('the end of a match', () => {
  it('the first to 2 round wins takes it', () => {
    let state = start().state;
    state = playRound(state, 'paper', 'rock', T0 + 1).state;
    state = run(state, { type: 'tick', now: T0 + 5_600 }).state;
    const last = playRound(state, 'paper', 'rock', T0 + 7_000);
    expect(last.effects.slice(-2)).toEqual([
      { type: 'roundEnd', scores: { [A]: 2, [B]: 0 }, gameOver: true, winnerId: A },
      { type: 'gameOver', winnerId: A, reason: 'wins' },
    ]);
    expect(last.state).toMatchObject({ phase: 'over', winnerId: A, endReason: 'wins' });
    expect(nextDeadline(last.state)).toBeNull();
    expect(apply(last.state, { type: 'tick', now: T0 + 99_000 })).toMatchObject({ ok: false, code: 'game-over' });
  });

  it('two idle players end in a draw after the round limit', () => {
    let state = start().state;
    const effects: MatchEffect[] = [];
    for (let now = T0; state.phase !== 'over'; now = nextDeadline(state)!) {
      const result = run(state, { type: 'tick', now });
      state = result.state;
      effects.push(...result.effects);
    }
    expect(state).toMatchObject({ winnerId: 'draw', endReason: 'max-rounds', round: 10 });
    expect(effects.filter((effect) => effect.type === 'roundResult')).toHaveLength(10);
    expect(effects.at(-1)).toEqual({ type: 'gameOver', winnerId: 'draw', reason: 'max-rounds' });
  });

  it('a deliberate leave forfeits at once', () => {
    const result = run(start().state, { type: 'leave', playerId: B, now: T0 + 3 });
    expect(result.effects).toEqual([{ type: 'gameOver', winnerId: A, reason: 'forfeit-leave' }]);
  });

  it('a player who does not come back within the grace loses; one who does plays on', () => {
    const gone = run(start().state, { type: 'disconnect', playerId: A, now: T0 + 1_000 });
    expect(gone.effects).toEqual([{ type: 'connection', playerId: A, connected: false }]);
    expect(nextDeadline(gone.state)).toBe(T0 + 11_000);
    const back = run(gone.state, { type: 'reconnect', playerId: A, now: T0 + 5_000 });
    expect(back.effects).toEqual([{ type: 'connection', playerId: A, connected: true }]);
    expect(run(back.state, { type: 'tick', now: T0 + 11_000 }).state.phase).toBe('reveal');

    const lost = run(gone.state, { type: 'tick', now: T0 + 11_000 });
    expect(lost.effects).toEqual([{ type: 'gameOver', winnerId: B, reason: 'forfeit-disconnect' }]);
  });
});

type ScriptOf<T> = T extends fc.Arbitrary<infer U> ? U : never;

describe('properties', () => {
  const actionArbitrary = fc.oneof(
    fc.record({ type: fc.constant('choose' as const), player: fc.constantFrom(A, B, 'mallory'), choice: fc.constantFrom<unknown>(...CHOICES, 'lizard', 7, null) }),
    fc.record({ type: fc.constant('tick' as const) }),
    fc.record({ type: fc.constant('disconnect' as const), player: fc.constantFrom(A, B) }),
    fc.record({ type: fc.constant('reconnect' as const), player: fc.constantFrom(A, B) }),
    fc.record({ type: fc.constant('leave' as const), player: fc.constantFrom(A, B) }),
  );
  const scriptArbitrary = fc.array(fc.tuple(actionArbitrary, fc.integer({ min: 0, max: 6_000 })), { maxLength: 120 });

  function replay(script: ScriptOf<typeof scriptArbitrary>) {
    let state = start().state;
    let now = T0;
    const log: Array<{ ok: boolean; effects: MatchEffect[] }> = [];
    for (const [action, step] of script) {
      now += step;
      const full: MatchAction =
        action.type === 'tick'
          ? { type: 'tick', now }
          : action.type === 'choose'
            ? { type: 'choose', playerId: action.player, choice: action.choice, now }
            : { type: action.type, playerId: action.player, now };
      const result = apply(state, full);
      log.push({ ok: result.ok, effects: result.ok ? result.effects : [] });
      state = result.state;
    }
    return { state, log, now };
  }

  it('always ends: driven by its own deadlines, any match is over within the round limit', () => {
    fc.assert(
      fc.property(scriptArbitrary, (script) => {
        let { state } = replay(script);
        for (let steps = 0; state.phase !== 'over'; steps += 1) {
          expect(steps).toBeLessThan(100);
          state = apply(state, { type: 'tick', now: nextDeadline(state)! }).state;
        }
        expect(state.round).toBeLessThanOrEqual(state.options.maxRounds);
        expect(nextDeadline(state)).toBeNull();
      }),
    );
  });

  it('scores never pass the threshold, and a winner by wins is the one who reached it', () => {
    fc.assert(
      fc.property(scriptArbitrary, (script) => {
        const { state } = replay(script);
        for (const player of state.players) expect(player.score).toBeLessThanOrEqual(state.options.winThreshold);
        if (state.endReason === 'wins') expect(state.players.find((player) => player.id === state.winnerId)!.score).toBe(2);
        if (state.phase !== 'over') expect(state.players.every((player) => player.score < 2)).toBe(true);
      }),
    );
  });

  it('no choice is revealed before its round is resolved, and nothing happens after the end', () => {
    fc.assert(
      fc.property(scriptArbitrary, (script) => {
        const { log } = replay(script);
        let over = false;
        for (const entry of log) {
          if (over) expect(entry).toEqual({ ok: false, effects: [] });
          for (const effect of entry.effects) {
            if (effect.type === 'choiceLocked' || effect.type === 'newRound' || effect.type === 'connection') {
              expect(JSON.stringify(effect)).not.toMatch(/rock|paper|scissors/);
            }
            if (effect.type === 'gameOver') over = true;
          }
        }
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(scriptArbitrary, (script) => {
        expect(replay(script)).toEqual(replay(script));
      }),
    );
  });

  it('the state is plain data that survives JSON (stored and resumed by another node)', () => {
    fc.assert(
      fc.property(scriptArbitrary, (script) => {
        const { state } = replay(script);
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      }),
    );
  });

  it('conserves the stakes: the escrow pays out exactly 2 × stake, to the winner or back to both on a draw, at most one winner', () => {
    fc.assert(
      fc.property(scriptArbitrary, fc.bigInt({ min: 1n, max: 10n ** 24n }), (script, stake) => {
        let { state } = replay(script);
        while (state.phase !== 'over') state = apply(state, { type: 'tick', now: nextDeadline(state)! }).state;
        const paid = settlement(state, stake);
        expect([...paid.values()].reduce((sum, value) => sum + value, 0n)).toBe(2n * stake);
        if (state.winnerId === 'draw') expect([...paid.values()]).toEqual([stake, stake]);
        else expect([...paid.entries()]).toEqual([[state.winnerId, 2n * stake]]);
      }),
    );
  });
});

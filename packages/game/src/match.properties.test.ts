/**
 * Properties of the match engine over random action sequences with a
 * non-decreasing clock, random options included.
 */
import fc from 'fast-check';
import { CHOICES, type Choice } from '@shifumi/protocol/constants';
import { describe, expect, it } from 'vitest';
import {
  apply,
  createMatch,
  nextDeadline,
  viewFor,
  type ApplyResult,
  type MatchAction,
  type MatchEffect,
  type MatchOptions,
  type MatchState,
} from './match';
import { resolveRound } from './rules';
import { settlement } from './settlement';

const T0 = 1_000_000;
const A = 'alice';
const B = 'bob';
const CHOICE_WORD = /rock|paper|scissors/;

type Step =
  | { type: 'choose'; player: string; choice: unknown }
  | { type: 'tick' }
  /** The driver's timer: a tick exactly at `nextDeadline`. */
  | { type: 'tickAtDeadline' }
  | { type: 'disconnect' | 'reconnect' | 'leave'; player: string };

const choiceArbitrary = fc.constantFrom<unknown>(...CHOICES, ...CHOICES, 'lizard', 7, null);
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('choose' as const),
      player: fc.constantFrom(A, A, B, B, 'mallory'),
      choice: choiceArbitrary,
    }),
  },
  { weight: 2, arbitrary: fc.constant({ type: 'tick' as const }) },
  { weight: 3, arbitrary: fc.constant({ type: 'tickAtDeadline' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constantFrom('disconnect' as const, 'reconnect' as const), player: fc.constantFrom(A, B) }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('leave' as const), player: fc.constantFrom(A, B, 'mallory') }) },
);
const scriptArbitrary = fc.array(fc.tuple(stepArbitrary, fc.nat({ max: 6_000 })), { maxLength: 150 });
const optionsArbitrary: fc.Arbitrary<Partial<MatchOptions>> = fc.oneof(
  fc.constant({}),
  fc.record({
    roundMs: fc.integer({ min: 1, max: 12_000 }),
    graceMs: fc.nat({ max: 2_000 }),
    revealMs: fc.nat({ max: 6_000 }),
    winThreshold: fc.integer({ min: 1, max: 4 }),
    maxRounds: fc.integer({ min: 1, max: 12 }),
    reconnectGraceMs: fc.nat({ max: 12_000 }),
  }),
);

interface Entry {
  action: MatchAction;
  before: MatchState;
  result: ApplyResult;
}

interface Replay {
  initial: { state: MatchState; effects: MatchEffect[] };
  log: Entry[];
  state: MatchState;
  now: number;
}

function toAction(step: Step, state: MatchState, now: number): MatchAction {
  switch (step.type) {
    case 'tick':
      return { type: 'tick', now };
    case 'tickAtDeadline':
      return { type: 'tick', now: Math.max(now, nextDeadline(state) ?? now) };
    case 'choose':
      return { type: 'choose', playerId: step.player, choice: step.choice, now };
    default:
      return { type: step.type, playerId: step.player, now };
  }
}

/** Runs the script, then (with `finish`) ticks at each next deadline until the match is over. */
function replay(options: Partial<MatchOptions>, script: ReadonlyArray<readonly [Step, number]>, finish = false): Replay {
  const initial = createMatch({ id: 'room', players: [A, B], now: T0, options });
  let state = initial.state;
  let now = T0;
  const log: Entry[] = [];
  const step = (action: MatchAction) => {
    now = action.now;
    const result = apply(state, action);
    log.push({ action, before: state, result });
    state = result.state;
  };
  for (const [scripted, elapsed] of script) step(toAction(scripted, state, now + elapsed));
  for (let guard = 0; finish && state.phase !== 'over'; guard += 1) {
    if (guard > 2 * state.options.maxRounds + 2) throw new Error('the match does not end');
    step({ type: 'tick', now: Math.max(now, nextDeadline(state)!) });
  }
  return { initial, log, state, now };
}

function effectsOf(run: Replay): MatchEffect[] {
  return [...run.initial.effects, ...run.log.flatMap((entry) => (entry.result.ok ? entry.result.effects : []))];
}

describe('the generated matches', () => {
  it('reach every ending and every refusal, so the properties below are not vacuous', () => {
    const reasons = new Set<string | null>();
    const refusals = new Set<string>();
    for (const [options, script] of fc.sample(fc.tuple(optionsArbitrary, scriptArbitrary), { numRuns: 400, seed: 42 })) {
      const run = replay(options, script, true);
      reasons.add(run.state.endReason);
      for (const entry of run.log) if (!entry.result.ok) refusals.add(entry.result.code);
    }
    expect([...reasons].sort()).toEqual(['forfeit-disconnect', 'forfeit-leave', 'max-rounds', 'wins']);
    expect([...refusals].sort()).toEqual([
      'already-chosen',
      'game-over',
      'invalid-choice',
      'not-a-player',
      'not-choosing',
      'too-late',
    ]);
  });
});

describe('properties', () => {
  it('(1) driven by its own deadlines, every match ends within the round limit, and nothing happens after the end', () => {
    fc.assert(
      fc.property(optionsArbitrary, scriptArbitrary, (options, script) => {
        const run = replay(options, script, true);
        const { maxRounds } = run.state.options;
        expect(run.state.phase).toBe('over');
        expect(nextDeadline(run.state)).toBeNull();
        const effects = effectsOf(run);
        expect(effects.filter((effect) => effect.type === 'roundResult').length).toBeLessThanOrEqual(maxRounds);
        expect(effects.filter((effect) => effect.type === 'gameOver')).toHaveLength(1);
        expect(effects.at(-1)?.type).toBe('gameOver');
        let over = false;
        for (const entry of run.log) {
          expect(entry.result.state.round).toBeLessThanOrEqual(maxRounds);
          if (over) {
            expect(entry.result).toMatchObject({ ok: false, code: 'game-over' });
            expect(entry.result.state).toBe(entry.before);
          }
          if (entry.result.state.phase === 'over') over = true;
        }
        // Any further action of any kind is refused.
        for (const action of [
          { type: 'tick', now: run.now + 1 },
          { type: 'choose', playerId: A, choice: 'rock', now: run.now + 1 },
          { type: 'reconnect', playerId: B, now: run.now + 1 },
        ] as const) {
          expect(apply(run.state, action)).toMatchObject({ ok: false, code: 'game-over', state: run.state });
        }
      }),
    );
  });

  it('(2) scores never pass the threshold, count the rounds won, and a winner by wins is the one who reached it', () => {
    fc.assert(
      fc.property(optionsArbitrary, scriptArbitrary, fc.boolean(), (options, script, finish) => {
        const run = replay(options, script, finish);
        const { winThreshold, maxRounds } = run.state.options;
        for (const entry of run.log) {
          for (const player of entry.result.state.players) expect(player.score).toBeLessThanOrEqual(winThreshold);
          if (entry.result.state.phase !== 'over')
            for (const player of entry.result.state.players) expect(player.score).toBeLessThan(winThreshold);
        }
        const results = effectsOf(run).filter((effect) => effect.type === 'roundResult');
        for (const player of run.state.players)
          expect(player.score).toBe(results.filter((effect) => effect.winnerId === player.id).length);
        const [first, second] = run.state.players;
        if (run.state.endReason === 'wins') {
          const winner = run.state.players.find((player) => player.id === run.state.winnerId)!;
          const loser = run.state.players.find((player) => player.id !== run.state.winnerId)!;
          expect(winner.score).toBe(winThreshold);
          expect(loser.score).toBeLessThan(winThreshold);
          expect(results.at(-1)?.winnerId).toBe(winner.id);
        }
        if (run.state.endReason === 'max-rounds') {
          expect(run.state.winnerId).toBe('draw');
          expect(results).toHaveLength(maxRounds);
          expect(Math.max(first.score, second.score)).toBeLessThan(winThreshold);
        }
      }),
    );
  });

  it('(3) no choice is revealed to anyone before both are locked or the deadline (and grace) has resolved the round', () => {
    fc.assert(
      fc.property(optionsArbitrary, scriptArbitrary, (options, script) => {
        const run = replay(options, script);
        const { graceMs } = run.state.options;
        // A model of what each round should reveal, built from the accepted actions only.
        const deadlines = new Map<number, number>([[1, run.initial.state.deadline]]);
        let round = 1;
        let locked = new Map<string, Choice>();
        for (const entry of run.log) {
          if (!entry.result.ok) continue;
          for (const player of [A, B]) {
            expect(JSON.stringify(viewFor(entry.result.state, player))).not.toMatch(CHOICE_WORD);
            expect(JSON.stringify(viewFor(entry.result.state, player, entry.action.now))).not.toMatch(CHOICE_WORD);
          }
          for (const effect of entry.result.effects) {
            switch (effect.type) {
              case 'choiceLocked': {
                expect(entry.action).toMatchObject({ type: 'choose', playerId: effect.playerId });
                if (entry.action.type === 'choose') locked.set(effect.playerId, entry.action.choice as Choice);
                break;
              }
              case 'roundResult': {
                const bothLocked = locked.size === 2;
                expect(bothLocked || entry.action.now >= deadlines.get(round)! + graceMs).toBe(true);
                expect(effect.player1Choice).toBe(locked.get(A) ?? 'rock');
                expect(effect.player2Choice).toBe(locked.get(B) ?? 'rock');
                const outcome = resolveRound(effect.player1Choice, effect.player2Choice);
                expect(effect.winnerId).toBe(outcome === 'draw' ? 'draw' : outcome === 'first' ? A : B);
                locked = new Map();
                break;
              }
              case 'newRound':
                round = effect.round;
                deadlines.set(round, effect.deadline);
                break;
              default:
                break;
            }
            if (effect.type !== 'roundResult') expect(JSON.stringify(effect)).not.toMatch(CHOICE_WORD);
          }
        }
      }),
    );
  });

  it('(4) is deterministic, and a match resumed from its stored JSON goes on exactly the same', () => {
    fc.assert(
      fc.property(optionsArbitrary, scriptArbitrary, fc.nat(), (options, script, cutAt) => {
        const once = replay(options, script, true);
        expect(replay(options, script, true)).toEqual(once);

        // Store the state after some step as JSON, resume from it, and play the rest.
        const cut = script.length === 0 ? 0 : cutAt % script.length;
        const head = replay(options, script.slice(0, cut));
        let state: MatchState = JSON.parse(JSON.stringify(head.state)) as MatchState;
        expect(state).toEqual(head.state);
        let now = head.now;
        const resumedEffects: MatchEffect[] = [];
        for (const [scripted, elapsed] of script.slice(cut)) {
          const action = toAction(scripted, state, now + elapsed);
          const result = apply(state, action);
          now = action.now;
          if (result.ok) resumedEffects.push(...result.effects);
          state = result.state;
        }
        const straight = replay(options, script);
        expect(state).toEqual(straight.state);
        expect(resumedEffects).toEqual(effectsOf(straight).slice(effectsOf(head).length));
      }),
    );
  });

  it('(5) a player who never acts plays rock every round, never crashes the match, and wins only by the opponent’s scissors or forfeit', () => {
    const opponentStep: fc.Arbitrary<Step> = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.record({ type: fc.constant('choose' as const), player: fc.constant(B), choice: choiceArbitrary }),
      },
      { weight: 4, arbitrary: fc.constant({ type: 'tickAtDeadline' as const }) },
      {
        weight: 1,
        arbitrary: fc.record({
          type: fc.constantFrom('disconnect' as const, 'reconnect' as const, 'leave' as const),
          player: fc.constant(B),
        }),
      },
    );
    fc.assert(
      fc.property(
        optionsArbitrary,
        fc.array(fc.tuple(opponentStep, fc.nat({ max: 6_000 })), { maxLength: 80 }),
        (options, script) => {
          const run = replay(options, script, true);
          expect(run.state.phase).toBe('over');
          const results = effectsOf(run).filter((effect) => effect.type === 'roundResult');
          for (const result of results) expect(result.player1Choice).toBe('rock');
          const idle = run.state.players[0];
          expect(idle.score).toBe(results.filter((result) => result.player2Choice === 'scissors').length);
          if (run.state.winnerId === A) expect(['wins', 'forfeit-leave', 'forfeit-disconnect']).toContain(run.state.endReason);
          if (run.state.winnerId === A && run.state.endReason === 'wins') expect(idle.score).toBe(run.state.options.winThreshold);
          // The idle player is never the one who forfeits.
          if (run.state.endReason === 'forfeit-leave' || run.state.endReason === 'forfeit-disconnect')
            expect(run.state.winnerId).toBe(A);
        },
      ),
    );
  });

  it('(5) against an opponent who plays only rock or paper and stays, a player who never acts loses or draws', () => {
    const opponentStep: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        type: fc.constant('choose' as const),
        player: fc.constant(B),
        choice: fc.constantFrom<unknown>('rock', 'paper'),
      }),
      fc.constant({ type: 'tickAtDeadline' as const }),
      fc.constant({ type: 'tick' as const }),
    );
    fc.assert(
      fc.property(
        optionsArbitrary,
        fc.array(fc.tuple(opponentStep, fc.nat({ max: 6_000 })), { maxLength: 80 }),
        (options, script) => {
          const run = replay(options, script, true);
          expect([B, 'draw']).toContain(run.state.winnerId);
          expect(run.state.players[0].score).toBe(0);
        },
      ),
    );
  });

  it('refused actions leave the state untouched, an accepted action without effects changes nothing, and the given state is never mutated', () => {
    fc.assert(
      fc.property(optionsArbitrary, scriptArbitrary, (options, script) => {
        for (const entry of replay(options, script).log) {
          const snapshot = JSON.stringify(entry.before);
          if (!entry.result.ok) expect(entry.result.state).toBe(entry.before);
          // Every change emits an effect: without one, the new state equals the old.
          else if (entry.result.effects.length === 0) expect(entry.result.state).toEqual(entry.before);
          // The engine never mutates the state it was given.
          expect(JSON.stringify(entry.before)).toBe(snapshot);
        }
      }),
    );
  });

  it('nextDeadline is exactly the next moment something happens', () => {
    fc.assert(
      fc.property(optionsArbitrary, scriptArbitrary, (options, script) => {
        const run = replay(options, script);
        const at = nextDeadline(run.state);
        if (at === null) return;
        if (at - 1 >= run.now)
          expect(apply(run.state, { type: 'tick', now: at - 1 })).toEqual({ ok: true, state: run.state, effects: [] });
        const due = apply(run.state, { type: 'tick', now: Math.max(at, run.now) });
        expect(due.ok && due.effects.length > 0).toBe(true);
      }),
    );
  });

  it('conserves the stakes: the escrow pays out exactly 2 × stake, to the one winner or back to both on a draw', () => {
    fc.assert(
      fc.property(optionsArbitrary, scriptArbitrary, fc.bigInt({ min: 1n, max: 10n ** 24n }), (options, script, stake) => {
        const { state } = replay(options, script, true);
        const paid = settlement(state, stake);
        expect([...paid.values()].reduce((sum, value) => sum + value, 0n)).toBe(2n * stake);
        if (state.winnerId === 'draw') expect([...paid.values()]).toEqual([stake, stake]);
        else expect([...paid.entries()]).toEqual([[state.winnerId, 2n * stake]]);
      }),
    );
  });
});

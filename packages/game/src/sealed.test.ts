/**
 * Issue 17: sealed choices in the engine — commit, reveal request, reveal
 * checked against the commitment, the reveal window, and the rounds recorded
 * for the transcript. The commitment is SHA-256 of
 * `shifumi-commit-v1|{room}|{round}|{userId}|{choice}|{salt}`; the driver
 * computes it from a reveal (`opened`), the engine compares.
 */
import { createHash } from 'node:crypto';
import type { Choice } from '@shifumi/protocol/constants';
import { describe, expect, it } from 'vitest';
import {
  REFUSAL_MESSAGES,
  apply,
  createMatch,
  nextDeadline,
  upgradeState,
  viewFor,
  type MatchAction,
  type MatchEffect,
  type MatchState,
  type RefusalCode,
} from './match';

const T0 = 1_000_000;
const A = 'alice';
const B = 'bob';
const ROOM = 'room-1';
const WINDOW = 3_000;
const GRACE = 10_000;
const SALT_A = 'a'.repeat(64);
const SALT_B = '0123456789abcdef'.repeat(4);

function commitmentOf(room: string, round: number, userId: string, choice: Choice, salt: string): string {
  return createHash('sha256').update(`shifumi-commit-v1|${room}|${round}|${userId}|${choice}|${salt}`, 'utf8').digest('hex');
}

function start(): MatchState {
  return createMatch({ id: ROOM, players: [A, B], now: T0, options: { revealWindowMs: WINDOW, reconnectGraceMs: GRACE } }).state;
}

function run(state: MatchState, action: MatchAction): { state: MatchState; effects: MatchEffect[] } {
  const result = apply(state, action);
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result;
}

function expectRefused(state: MatchState, action: MatchAction, code: RefusalCode): void {
  const result = apply(state, action);
  expect(result).toEqual({ ok: false, state, code, message: REFUSAL_MESSAGES[code] });
}

function commit(state: MatchState, playerId: string, choice: Choice, salt: string, now: number, round = state.round) {
  return run(state, { type: 'commit', playerId, round, commitment: commitmentOf(ROOM, round, playerId, choice, salt), now });
}

/** A reveal as the driver builds it: `opened` is the hash of the preimage with this match, the round and the revealing player. */
function reveal(playerId: string, choice: Choice, salt: string, now: number, round = 1): MatchAction {
  return { type: 'reveal', playerId, round, choice, salt, opened: commitmentOf(ROOM, round, playerId, choice, salt), now };
}

function resultOf(effects: readonly MatchEffect[]) {
  const found = effects.find((effect) => effect.type === 'roundResult');
  if (!found || found.type !== 'roundResult') throw new Error('no round result');
  return found;
}

/** Both players sealed; answers the state in `'revealing'`, requested at T0 + 2000. */
function bothSealed(a: Choice, b: Choice) {
  const first = commit(start(), A, a, SALT_A, T0 + 1_000);
  const second = commit(first.state, B, b, SALT_B, T0 + 2_000);
  return { first, second, state: second.state };
}

describe('sealed choices', () => {
  it('a commitment locks like a choice: the opponent learns only that it was made, nothing is resolved yet', () => {
    const { effects, state } = commit(start(), A, 'paper', SALT_A, T0 + 1_000);
    expect(effects).toEqual([{ type: 'choiceLocked', playerId: A }]);
    expect(JSON.stringify(state)).not.toMatch(/paper/);
    expect(viewFor(state, B)).toMatchObject({ opponentChoiceLocked: true, choiceLocked: false });
    expect(viewFor(state, A)).toMatchObject({ choiceLocked: true, revealPending: false });
  });

  it('when both have sealed, each is asked to reveal, and nothing is told of the first reveal', () => {
    const { second, state } = bothSealed('paper', 'rock');
    expect(second.effects).toEqual([
      { type: 'choiceLocked', playerId: B },
      { type: 'revealRequest', round: 1, playerIds: [A, B] },
    ]);
    expect(state.phase).toBe('revealing');
    expect(viewFor(state, A)!.revealPending).toBe(true);
    const revealed = run(state, reveal(A, 'paper', SALT_A, T0 + 2_050));
    expect(revealed.effects).toEqual([{ type: 'revealReceived', playerId: A }]);
    expect(revealed.state.phase).toBe('revealing');
  });

  it('two matching reveals resolve the round, with both seals in the result and the round recorded as sealed', () => {
    const { state } = bothSealed('paper', 'rock');
    const afterA = run(state, reveal(A, 'paper', SALT_A, T0 + 2_050)).state;
    const { effects, state: resolved } = run(afterA, reveal(B, 'rock', SALT_B, T0 + 2_060));
    expect(resultOf(effects)).toEqual({
      type: 'roundResult',
      player1Id: A,
      player2Id: B,
      player1Choice: 'paper',
      player2Choice: 'rock',
      player1Seal: { commitment: commitmentOf(ROOM, 1, A, 'paper', SALT_A), salt: SALT_A },
      player2Seal: { commitment: commitmentOf(ROOM, 1, B, 'rock', SALT_B), salt: SALT_B },
      player1Mode: 'sealed',
      player2Mode: 'sealed',
      winnerId: A,
    });
    expect(resolved.rounds).toEqual([
      {
        round: 1,
        startedAt: T0,
        deadline: T0 + 10_000,
        winnerId: A,
        plays: [
          {
            mode: 'sealed',
            choice: 'paper',
            commitment: commitmentOf(ROOM, 1, A, 'paper', SALT_A),
            salt: SALT_A,
            lockedAt: T0 + 1_000,
          },
          {
            mode: 'sealed',
            choice: 'rock',
            commitment: commitmentOf(ROOM, 1, B, 'rock', SALT_B),
            salt: SALT_B,
            lockedAt: T0 + 2_000,
          },
        ],
      },
    ]);
    expect(resolved.players.map((player) => player.score)).toEqual([1, 0]);
  });

  it('plain choices keep working, unsealed: no reveal request, seals null', () => {
    const first = run(start(), { type: 'choose', playerId: A, choice: 'rock', now: T0 + 1_000 });
    const { effects, state } = run(first.state, { type: 'choose', playerId: B, choice: 'scissors', now: T0 + 1_500 });
    expect(effects.some((effect) => effect.type === 'revealRequest')).toBe(false);
    expect(resultOf(effects)).toMatchObject({
      player1Seal: null,
      player2Seal: null,
      player1Mode: 'plain',
      player2Mode: 'plain',
      winnerId: A,
    });
    expect(state.rounds[0]!.plays).toEqual([
      { mode: 'plain', choice: 'rock', lockedAt: T0 + 1_000 },
      { mode: 'plain', choice: 'scissors', lockedAt: T0 + 1_500 },
    ]);
  });

  it('a sealed choice against a plain one: only the sealed player is asked to reveal', () => {
    const first = commit(start(), A, 'scissors', SALT_A, T0 + 1_000);
    const second = run(first.state, { type: 'choose', playerId: B, choice: 'paper', now: T0 + 1_200 });
    expect(second.effects).toContainEqual({ type: 'revealRequest', round: 1, playerIds: [A] });
    expectRefused(second.state, reveal(B, 'paper', SALT_B, T0 + 1_300), 'nothing-to-reveal');
    const { effects } = run(second.state, reveal(A, 'scissors', SALT_A, T0 + 1_300));
    expect(resultOf(effects)).toMatchObject({ player1Mode: 'sealed', player2Mode: 'plain', player2Seal: null, winnerId: A });
  });

  it('nothing at the deadline plays rock (auto); a sealed opponent is still asked to reveal at the deadline', () => {
    const first = commit(start(), A, 'paper', SALT_A, T0 + 1_000);
    const graceEnd = T0 + 10_000 + 1_000;
    const ticked = run(first.state, { type: 'tick', now: graceEnd });
    expect(ticked.effects).toEqual([{ type: 'revealRequest', round: 1, playerIds: [A] }]);
    expect(ticked.state.revealRequestedAt).toBe(graceEnd);
    const { effects, state } = run(ticked.state, reveal(A, 'paper', SALT_A, graceEnd + 100));
    expect(resultOf(effects)).toMatchObject({ player1Mode: 'sealed', player2Mode: 'auto', player2Choice: 'rock', winnerId: A });
    expect(state.rounds[0]!.plays[1]).toEqual({ mode: 'auto', choice: 'rock', lockedAt: null });
  });

  it('neither commitment nor choice from anyone: both play rock, as before', () => {
    const { effects } = run(start(), { type: 'tick', now: T0 + 11_000 });
    expect(resultOf(effects)).toMatchObject({
      player1Mode: 'auto',
      player2Mode: 'auto',
      player1Choice: 'rock',
      player2Choice: 'rock',
      winnerId: 'draw',
    });
  });

  it('a wrong salt loses the round, the opponent wins it; the round shows the commitment unrevealed', () => {
    const { state } = bothSealed('paper', 'rock');
    const wrong = run(state, reveal(A, 'paper', SALT_B, T0 + 2_050));
    expect(wrong.effects).toEqual([{ type: 'revealReceived', playerId: A }]);
    // A second try after a failed reveal is refused: a reveal is final.
    expectRefused(wrong.state, reveal(A, 'paper', SALT_A, T0 + 2_060), 'already-revealed');
    const { effects, state: resolved } = run(wrong.state, reveal(B, 'rock', SALT_B, T0 + 2_070));
    expect(resultOf(effects)).toMatchObject({ player1Mode: 'unrevealed', player1Seal: null, player2Mode: 'sealed', winnerId: B });
    expect(resolved.rounds[0]!.plays[0]).toEqual({
      mode: 'unrevealed',
      choice: null,
      commitment: commitmentOf(ROOM, 1, A, 'paper', SALT_A),
      lockedAt: T0 + 1_000,
    });
  });

  it.each([
    ['another round', commitmentOf(ROOM, 2, A, 'paper', SALT_A)],
    ['another room', commitmentOf('room-2', 1, A, 'paper', SALT_A)],
    ['another user', commitmentOf(ROOM, 1, B, 'paper', SALT_A)],
  ])('a commitment made for %s in the preimage does not open: the round is lost', (_what, sealed) => {
    const first = run(start(), { type: 'commit', playerId: A, round: 1, commitment: sealed, now: T0 + 1_000 });
    const second = commit(first.state, B, 'rock', SALT_B, T0 + 1_100).state;
    // The driver opens with this match, round 1 and the revealing player: not what was sealed.
    const afterA = run(second, reveal(A, 'paper', SALT_A, T0 + 1_200)).state;
    const { effects } = run(afterA, reveal(B, 'rock', SALT_B, T0 + 1_300));
    expect(resultOf(effects)).toMatchObject({ player1Mode: 'unrevealed', winnerId: B });
  });

  it('a commitment copied from the opponent cannot be opened by the copier', () => {
    const sealedByA = commitmentOf(ROOM, 1, A, 'paper', SALT_A);
    const first = run(start(), { type: 'commit', playerId: A, round: 1, commitment: sealedByA, now: T0 + 1_000 });
    const copied = run(first.state, { type: 'commit', playerId: B, round: 1, commitment: sealedByA, now: T0 + 1_100 }).state;
    const afterA = run(copied, reveal(A, 'paper', SALT_A, T0 + 1_200)).state;
    // B learnt A's choice and salt only from the result, but even with them B's preimage names B: it cannot match.
    const { effects } = run(afterA, reveal(B, 'paper', SALT_A, T0 + 1_300));
    expect(resultOf(effects)).toMatchObject({ player1Mode: 'sealed', player2Mode: 'unrevealed', winnerId: A });
  });

  it('a reveal after the window is refused, and the missing reveal loses the round when the window closes', () => {
    const { state } = bothSealed('rock', 'scissors');
    const afterB = run(state, reveal(B, 'scissors', SALT_B, T0 + 2_100)).state;
    const closes = T0 + 2_000 + WINDOW;
    expect(nextDeadline(afterB)).toBe(closes);
    expectRefused(afterB, reveal(A, 'rock', SALT_A, closes), 'reveal-too-late');
    const { effects, state: resolved } = run(afterB, { type: 'tick', now: closes });
    expect(resultOf(effects)).toMatchObject({ player1Mode: 'unrevealed', player2Mode: 'sealed', winnerId: B });
    expect(resolved.phase).toBe('reveal');
    expectRefused(resolved, reveal(A, 'rock', SALT_A, closes + 10), 'reveal-too-late');
  });

  it('both failing to reveal is a draw', () => {
    const { state } = bothSealed('rock', 'scissors');
    const { effects, state: resolved } = run(state, { type: 'tick', now: T0 + 2_000 + WINDOW });
    expect(resultOf(effects)).toMatchObject({ player1Mode: 'unrevealed', player2Mode: 'unrevealed', winnerId: 'draw' });
    expect(resolved.players.map((player) => player.score)).toEqual([0, 0]);
  });

  it('a player disconnected during the window gets the reconnection grace on top, and can reveal after coming back', () => {
    const { state } = bothSealed('rock', 'scissors');
    const afterB = run(state, reveal(B, 'scissors', SALT_B, T0 + 2_100)).state;
    const gone = run(afterB, { type: 'disconnect', playerId: A, now: T0 + 2_500 }).state;
    const extended = T0 + 2_000 + WINDOW + GRACE;
    // The window (and the grace) outlast the plain window; the player's own lapse (disconnect + grace) comes first.
    expect(nextDeadline(gone)).toBe(Math.min(extended, T0 + 2_500 + GRACE));
    const back = run(gone, { type: 'reconnect', playerId: A, now: T0 + 6_000 }).state;
    expect(viewFor(back, A)!.revealPending).toBe(true);
    expect(nextDeadline(back)).toBe(extended);
    const { effects } = run(back, reveal(A, 'rock', SALT_A, T0 + 6_100));
    expect(resultOf(effects)).toMatchObject({ player1Mode: 'sealed', player2Mode: 'sealed', winnerId: A });
  });

  it('commit follows the rules of make_choice: once per round, the current round only, in time, a well-formed commitment', () => {
    const first = commit(start(), A, 'rock', SALT_A, T0 + 1_000).state;
    expectRefused(
      first,
      { type: 'commit', playerId: A, round: 1, commitment: commitmentOf(ROOM, 1, A, 'paper', SALT_A), now: T0 + 1_100 },
      'already-chosen',
    );
    expectRefused(first, { type: 'choose', playerId: A, choice: 'paper', now: T0 + 1_100 }, 'already-chosen');
    expectRefused(
      start(),
      { type: 'commit', playerId: A, round: 2, commitment: commitmentOf(ROOM, 2, A, 'rock', SALT_A), now: T0 + 1_000 },
      'wrong-round',
    );
    expectRefused(start(), { type: 'commit', playerId: A, round: 1, commitment: 'ABC', now: T0 + 1_000 }, 'invalid-commitment');
    expectRefused(
      start(),
      { type: 'commit', playerId: 'mallory', round: 1, commitment: commitmentOf(ROOM, 1, A, 'rock', SALT_A), now: T0 + 1_000 },
      'not-a-player',
    );
    expectRefused(
      start(),
      { type: 'commit', playerId: A, round: 1, commitment: commitmentOf(ROOM, 1, A, 'rock', SALT_A), now: T0 + 11_000 },
      'too-late',
    );
    expectRefused(first, reveal(A, 'rock', SALT_A, T0 + 1_200), 'not-revealing');
  });

  it('upgrades a state stored before sealing', () => {
    const current = start();
    const old = JSON.parse(JSON.stringify(current)) as Record<string, unknown>;
    delete old.rounds;
    delete old.roundStartedAt;
    delete old.revealRequestedAt;
    old.players = (old.players as Array<Record<string, unknown>>).map(({ id, score, choice, connected, disconnectedAt }) => ({
      id,
      score,
      choice,
      connected,
      disconnectedAt,
    }));
    expect(upgradeState(old as unknown as MatchState)).toEqual(current);
  });
});

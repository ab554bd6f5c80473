import { randomBytes } from 'node:crypto';
import { allPassed, checkTranscript } from '@shifumi/fairness';
import {
  generateSigningSeed,
  nodeFairnessCrypto,
  parseSigningKey,
  publicKeyBase64,
  signTranscript,
} from '@shifumi/fairness/node';
import { apply, createMatch, type MatchAction, type MatchState } from '@shifumi/game';
import { usdToWei } from '@shifumi/money';
import type { Choice } from '@shifumi/protocol';
import { describe, expect, it } from 'vitest';
import { sealedMatchAction, openedCommitment } from './sealed-choices';
import { priceText, unsignedTranscript } from './transcript';
import type { EndedGameRow } from './transcript.repo';

const A = 'a0000000-0000-4000-8000-000000000000';
const B = 'b0000000-0000-4000-8000-000000000000';
const ROOM = 'c0000000-0000-4000-8000-000000000000';
const key = parseSigningKey(generateSigningSeed());

function step(state: MatchState, action: MatchAction): MatchState {
  const result = apply(state, action);
  if (!result.ok) throw new Error(result.message);
  return result.state;
}

/** Plays a whole game through the engine: each round A's and B's plays, sealed or plain. */
function play(rounds: Array<[Choice, Choice]>, sealed: boolean): MatchState {
  let state = createMatch({ id: ROOM, players: [A, B], now: Date.UTC(2026, 10, 24) }).state;
  for (const [choiceA, choiceB] of rounds) {
    const round = state.round;
    const at = state.deadline - 5_000;
    if (sealed) {
      const salts = { [A]: randomBytes(32).toString('hex'), [B]: randomBytes(32).toString('hex') };
      for (const [id, choice] of [
        [A, choiceA],
        [B, choiceB],
      ] as const) {
        state = step(
          state,
          sealedMatchAction(
            ROOM,
            { type: 'commit', round, commitment: openedCommitment({ room: ROOM, round, userId: id, choice, salt: salts[id]! }) },
            id,
            at,
          ),
        );
      }
      for (const [id, choice] of [
        [A, choiceA],
        [B, choiceB],
      ] as const) {
        state = step(state, sealedMatchAction(ROOM, { type: 'reveal', round, choice, salt: salts[id]! }, id, at + 50));
      }
    } else {
      state = step(state, { type: 'choose', playerId: A, choice: choiceA, now: at });
      state = step(state, { type: 'choose', playerId: B, choice: choiceB, now: at });
    }
    if (state.phase !== 'over') state = step(state, { type: 'tick', now: state.revealEndsAt! });
  }
  return state;
}

function ended(state: MatchState, price: bigint): EndedGameRow {
  return {
    id: ROOM,
    player1Id: A,
    player2Id: B,
    player1Name: 'Ann',
    player2Name: 'Bo',
    betUsd: 10,
    stakeWei: usdToWei(10, price, 'up'),
    priceMicroUsd: price,
    winnerId: state.winnerId === 'draw' ? null : state.winnerId,
    endedAt: new Date(Date.UTC(2026, 10, 24, 0, 1)),
    state,
  };
}

describe('the transcript of an ended game', () => {
  it('writes the price as decimal dollars with at most 6 decimals', () => {
    expect(priceText(2_000_000_000n)).toBe('2000');
    expect(priceText(2_543_170_000n)).toBe('2543.17');
    expect(priceText(1_000_001n)).toBe('1.000001');
  });

  it.each([true, false])(
    'built from the stored rounds (sealed: %s) and signed, it passes every check with the public key',
    async (sealed) => {
      const state = play(
        [
          ['paper', 'rock'],
          ['rock', 'rock'],
          ['scissors', 'paper'],
        ],
        sealed,
      );
      expect(state.phase).toBe('over');
      const unsigned = unsignedTranscript(ended(state, 2_543_170_000n), ['t-stakes', 't-settle']);
      expect(unsigned.rounds).toHaveLength(3);
      expect(unsigned.rounds[0]!.results[A]).toMatchObject({ mode: sealed ? 'sealed' : 'plain', choice: 'paper' });
      expect(unsigned).toMatchObject({
        winnerId: A,
        price: '2543.17',
        amountUsdt: 10,
        ledgerTransfers: ['t-stakes', 't-settle'],
      });
      expect(BigInt(unsigned.payoutWei)).toBe(2n * BigInt(unsigned.stakeWei));
      const checks = await checkTranscript(signTranscript(unsigned, key), publicKeyBase64(key), nodeFairnessCrypto);
      expect(checks.filter((check) => !check.ok)).toEqual([]);
      expect(allPassed(checks)).toBe(true);
    },
  );

  it('a draw pays each player their stake back', () => {
    let state = createMatch({ id: ROOM, players: [A, B], now: 0, options: { maxRounds: 1 } }).state;
    state = step(state, { type: 'tick', now: 11_000 });
    const unsigned = unsignedTranscript(ended(state, 2_000_000_000n), []);
    expect(unsigned.winnerId).toBe('draw');
    expect(unsigned.payoutWei).toBe(unsigned.stakeWei);
    expect(unsigned.rounds[0]!.results[A]).toEqual({ mode: 'auto', choice: 'rock', lockedAt: null });
  });
});

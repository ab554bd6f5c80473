/**
 * Test support (Node only, never imported by code that ships): valid signed
 * transcripts of random games, built by the rules, for the property tests of
 * this package, the CLI's and the web page's.
 */
import { createHash, randomBytes, type KeyObject } from 'node:crypto';
import {
  BET_AMOUNTS,
  CHOICES,
  type Choice,
  type ResultMode,
  type Transcript,
  type TranscriptResult,
  type TranscriptRound,
} from '@shifumi/protocol';
import fc from 'fast-check';
import { expectedPayoutWei, expectedStakeWei } from './checks';
import { commitmentPreimage } from './commitment';
import { toHex } from './encoding';
import { signSnapshot, signTranscript } from './node';
import { solvencyRatio } from './solvency-checks';
import { gameOutcomeOf, roundWinnerOf } from './rules';

/** What one player did in a round, before it becomes a transcript result. */
export interface PlayDraft {
  mode: ResultMode;
  choice: Choice;
  salt: string;
}

function commitmentOf(room: string, round: number, userId: string, choice: Choice, salt: string): string {
  return createHash('sha256').update(commitmentPreimage({ room, round, userId, choice, salt }), 'utf8').digest('hex');
}

function resultOf(room: string, round: number, userId: string, play: PlayDraft, lockedAt: string): TranscriptResult {
  switch (play.mode) {
    case 'sealed':
      return {
        mode: 'sealed',
        choice: play.choice,
        commitment: commitmentOf(room, round, userId, play.choice, play.salt),
        salt: play.salt,
        lockedAt,
      };
    case 'plain':
      return { mode: 'plain', choice: play.choice, lockedAt };
    case 'auto':
      return { mode: 'auto', choice: 'rock', lockedAt: null };
    case 'unrevealed':
      return {
        mode: 'unrevealed',
        choice: null,
        commitment: commitmentOf(room, round, userId, play.choice, play.salt),
        lockedAt,
      };
  }
}

/** Builds the unsigned transcript of a game from its plays, by the rules (the rounds stop when a player has won). */
export function buildTranscript(input: {
  room: string;
  players: [{ id: string; name: string }, { id: string; name: string }];
  amountUsdt: number;
  price: string;
  plays: Array<[PlayDraft, PlayDraft]>;
  /** Who won a game the rounds do not decide (a forfeit); ignored otherwise. */
  forfeitWinner?: 0 | 1 | 'draw';
  startedAt?: number;
  ledgerTransfers?: string[];
}): Omit<Transcript, 'signature'> {
  const ids: [string, string] = [input.players[0].id, input.players[1].id];
  const start = input.startedAt ?? Date.UTC(2026, 0, 1);
  const rounds: TranscriptRound[] = [];
  for (const [index, [first, second]] of input.plays.entries()) {
    const round = index + 1;
    const startedAt = start + index * 16_000;
    const lockedAt = new Date(startedAt + 2_000).toISOString();
    const results = {
      [ids[0]]: resultOf(input.room, round, ids[0], first, lockedAt),
      [ids[1]]: resultOf(input.room, round, ids[1], second, lockedAt),
    };
    const winnerId = roundWinnerOf(ids, results[ids[0]]!, results[ids[1]]!);
    rounds.push({
      round,
      startedAt: new Date(startedAt).toISOString(),
      deadline: new Date(startedAt + 10_000).toISOString(),
      results,
      winnerId,
    });
    if (
      gameOutcomeOf(
        ids,
        rounds.map((entry) => entry.winnerId),
      ).kind !== 'undecided'
    )
      break;
  }
  const outcome = gameOutcomeOf(
    ids,
    rounds.map((entry) => entry.winnerId),
  );
  const forfeit = input.forfeitWinner ?? 'draw';
  const winnerId = outcome.kind === 'undecided' ? (forfeit === 'draw' ? 'draw' : ids[forfeit]) : outcome.winnerId;
  const stakeWei = expectedStakeWei(input.amountUsdt, input.price);
  if (stakeWei === null) throw new RangeError('an unusable price');
  return {
    version: 1,
    room: input.room,
    players: input.players,
    stakeWei: stakeWei.toString(),
    amountUsdt: input.amountUsdt,
    price: input.price,
    rounds,
    winnerId,
    payoutWei: expectedPayoutWei(winnerId, stakeWei).toString(),
    endedAt: new Date(start + rounds.length * 16_000).toISOString(),
    ledgerTransfers: input.ledgerTransfers ?? [],
  };
}

/** A random salt (Node). */
export function randomSalt(): string {
  return toHex(randomBytes(32));
}

const playArbitrary: fc.Arbitrary<PlayDraft> = fc.record({
  mode: fc.constantFrom<ResultMode>('sealed', 'sealed', 'plain', 'auto', 'unrevealed'),
  choice: fc.constantFrom(...CHOICES),
  salt: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex),
});

const priceArbitrary = fc
  .tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([dollars, micros]) =>
    micros === 0 ? String(dollars) : `${dollars}.${String(micros).padStart(6, '0').replace(/0+$/, '')}`,
  );

/** Any valid signed transcript: random players, bet, price and plays, won, drawn after 10 rounds, or ended early. */
export function signedTranscriptArbitrary(privateKey: KeyObject): fc.Arbitrary<Transcript> {
  return fc
    .record({
      room: fc.uuid(),
      first: fc.record({ id: fc.uuid(), name: fc.string({ maxLength: 20 }) }),
      second: fc.record({ id: fc.uuid(), name: fc.string({ maxLength: 20 }) }),
      amountUsdt: fc.constantFrom(...BET_AMOUNTS),
      price: priceArbitrary,
      plays: fc.array(fc.tuple(playArbitrary, playArbitrary), { minLength: 0, maxLength: 12 }),
      forfeitWinner: fc.constantFrom<0 | 1 | 'draw'>(0, 1, 'draw'),
      ledgerTransfers: fc.array(fc.uuid(), { minLength: 1, maxLength: 3 }),
    })
    .filter((game) => game.first.id !== game.second.id)
    .map((game) =>
      signTranscript(
        buildTranscript({
          room: game.room,
          players: [game.first, game.second],
          amountUsdt: game.amountUsdt,
          price: game.price,
          plays: game.plays,
          forfeitWinner: game.forfeitWinner,
          ledgerTransfers: game.ledgerTransfers,
        }),
        privateKey,
      ),
    );
}

/**
 * Issue 28: a signed snapshot of a built liability tree (reserves given as
 * they would be published), for the tests of the solvency checks.
 */
export function signedSnapshotOf(
  root: { hash: string; sumWei: string },
  players: number,
  privateKey: KeyObject,
  options: {
    id?: string;
    at?: string;
    blockNumber?: string;
    reserves?: Array<{ address: string; balanceWei: string; signature: string | null }>;
    totalWei?: string;
    ratio?: string;
  } = {},
) {
  const addresses = options.reserves ?? [];
  const totalWei =
    options.totalWei ??
    addresses
      .filter((entry) => entry.signature !== null)
      .reduce((total, entry) => total + BigInt(entry.balanceWei), 0n)
      .toString();
  return signSnapshot(
    {
      id: options.id ?? '44444444-4444-4444-8444-444444444444',
      at: options.at ?? '2026-01-01T00:00:00.000Z',
      blockNumber: options.blockNumber ?? '100',
      liabilities: { root, players },
      reserves: { totalWei, addresses },
      ratio: options.ratio ?? solvencyRatio(BigInt(totalWei), BigInt(root.sumWei)),
    },
    privateKey,
  );
}

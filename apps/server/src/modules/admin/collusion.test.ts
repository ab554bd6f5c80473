import { describe, expect, it } from 'vitest';
import { gameFindings, STREAK_ROUNDS } from './collusion';

let counter = 0;
const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'b0000000-0000-4000-8000-000000000002';
const C = 'c0000000-0000-4000-8000-000000000003';

/** A finished game between `first` and `second`: the winner's and loser's scores, rounds played, how it ended. */
function game(
  winner: string | null,
  loser: string,
  scores: { winner: number; loser: number; rounds: number },
  endReason = 'wins',
  stake = 100n,
) {
  counter += 1;
  const other = winner ?? loser;
  return {
    id: `game-${counter}`,
    player1_id: winner ?? other,
    player2_id: loser,
    winner_id: winner,
    end_reason: endReason,
    stake_wei: stake.toString(),
    state: {
      round: scores.rounds,
      players: [
        { id: winner ?? other, score: scores.winner },
        { id: loser, score: scores.loser },
      ],
    },
    ended_at: new Date(Date.UTC(2026, 0, 1, 0, counter)),
  };
}

const clean = { winner: 3, loser: 0, rounds: 3 };
const rules = (games: ReturnType<typeof game>[]) =>
  gameFindings(games).map((finding) => [finding.rule, finding.userId, finding.otherUserId]);

/** A finished game that stored its rounds (issue 17): `winners` is each round's winner (a player or 'draw'), A player 1. */
function withRounds(
  winners: Array<string | 'draw'>,
  winner: string | null = winners.at(-1) === 'draw' ? null : (winners.at(-1) ?? null),
) {
  counter += 1;
  const choice = (self: string, roundWinner: string) =>
    roundWinner === 'draw' ? 'rock' : roundWinner === self ? 'paper' : 'rock';
  return {
    id: `game-${counter}`,
    player1_id: A,
    player2_id: B,
    winner_id: winner,
    end_reason: 'wins',
    stake_wei: '100',
    state: {
      round: winners.length,
      players: [
        { id: A, score: winners.filter((w) => w === A).length },
        { id: B, score: winners.filter((w) => w === B).length },
      ],
      rounds: winners.map((w, index) => ({
        round: index + 1,
        startedAt: 0,
        deadline: 10_000,
        plays: [
          { mode: 'plain', choice: choice(A, w), lockedAt: 1 },
          { mode: 'plain', choice: choice(B, w), lockedAt: 2 },
        ],
        winnerId: w,
      })),
    },
    ended_at: new Date(Date.UTC(2026, 0, 1, 0, counter)),
  };
}

describe('round_streak from the stored rounds', () => {
  it('counts every round won one way across games, including games the loser scored in before the streak began', () => {
    // B won round 1 of the first game, then A won 9 rounds in a row: flagged (the old rule, clean games only, saw nothing).
    const findings = gameFindings([withRounds([B, A, A, A]), withRounds([A, A, A]), withRounds([A, A, A])]);
    expect(findings.map((finding) => [finding.rule, finding.userId, finding.otherUserId])).toEqual([['round_streak', A, B]]);
    expect(findings[0]!.evidence).toMatchObject({ rounds: 9 });
  });

  it('a drawn round or a round the other way breaks it; 7 in a row is not enough', () => {
    expect(gameFindings([withRounds([A, A, A, A]), withRounds(['draw', A, A, A, A])])).toEqual([]);
    expect(gameFindings([withRounds([A, A, A, A]), withRounds([B, A, A, A, A], A)])).toEqual([]);
    expect(gameFindings([withRounds([A, A, A, A]), withRounds([A, A, A])])).toEqual([]);
  });

  it('mixes with games stored without rounds (the old fallback)', () => {
    const findings = gameFindings([game(A, B, clean), withRounds([A, A, A]), withRounds([A, A])]);
    expect(findings.map((finding) => finding.rule)).toEqual(['round_streak']);
    expect(findings[0]!.evidence).toMatchObject({ rounds: 8 });
  });
});

describe('collusion rules on crafted games', () => {
  it(`round_streak: ${STREAK_ROUNDS} round wins in a row one way without a draw flag the winner`, () => {
    expect(rules([game(A, B, clean), game(A, B, clean)])).toEqual([]); // 6 rounds
    const findings = gameFindings([game(A, B, clean), game(A, B, clean), game(A, B, clean)]);
    expect(findings.map((finding) => [finding.rule, finding.userId, finding.otherUserId])).toEqual([['round_streak', A, B]]);
    expect(findings[0]!.evidence).toMatchObject({ rounds: 9 });
  });

  it('round_streak: a drawn round, a round the loser won, or a game the other way breaks the streak', () => {
    expect(rules([game(A, B, clean), game(A, B, { winner: 3, loser: 0, rounds: 4 }), game(A, B, clean)])).toEqual([]);
    expect(rules([game(A, B, clean), game(A, B, { winner: 3, loser: 1, rounds: 4 }), game(A, B, clean)])).toEqual([]);
    expect(rules([game(A, B, clean), game(B, A, clean), game(A, B, clean)])).toEqual([]);
    // Games with someone else do not break the pair's streak.
    expect(
      rules([game(A, B, clean), game(A, C, { winner: 3, loser: 2, rounds: 6 }), game(A, B, clean), game(A, B, clean)]),
    ).toContainEqual(['round_streak', A, B]);
  });

  it('timeout_losses: three games lost by leaving or disconnecting to the same opponent', () => {
    const loose = { winner: 1, loser: 1, rounds: 3 };
    expect(rules([game(A, B, loose, 'forfeit-disconnect'), game(A, B, loose, 'forfeit-leave')])).toEqual([]);
    expect(
      rules([
        game(A, B, loose, 'forfeit-disconnect'),
        game(A, B, loose, 'forfeit-leave'),
        game(A, B, loose, 'forfeit-disconnect'),
      ]),
    ).toEqual([['timeout_losses', A, B]]);
    expect(
      rules([
        game(A, B, loose, 'forfeit-disconnect'),
        game(A, C, loose, 'forfeit-leave'),
        game(A, B, loose, 'forfeit-disconnect'),
      ]),
    ).toEqual([]);
  });

  it('winnings_concentration: more than half the net winnings from one opponent over at least 10 games', () => {
    const mixed = { winner: 3, loser: 2, rounds: 6 };
    // A wins 6 × 100 from B and 3 × 100 from C, loses 1 × 100 to C: net 800, 600 from B.
    const games = [
      ...Array.from({ length: 6 }, () => game(A, B, mixed)),
      ...Array.from({ length: 3 }, () => game(A, C, mixed)),
      game(C, A, mixed),
    ];
    expect(rules(games)).toContainEqual(['winnings_concentration', A, B]);
    // Nine games only: not enough to say.
    expect(rules(games.slice(0, 9)).filter(([rule]) => rule === 'winnings_concentration')).toEqual([]);
    // Evenly spread: nothing.
    const even = [...Array.from({ length: 5 }, () => game(A, B, mixed)), ...Array.from({ length: 5 }, () => game(A, C, mixed))];
    expect(rules(even).filter(([rule, user]) => rule === 'winnings_concentration' && user === A)).toEqual([]);
  });

  it('dedupe keys are stable: the same games give the same keys', () => {
    const games = [game(A, B, clean), game(A, B, clean), game(A, B, clean)];
    expect(gameFindings(games).map((finding) => finding.dedupeKey)).toEqual(
      gameFindings(games).map((finding) => finding.dedupeKey),
    );
  });
});

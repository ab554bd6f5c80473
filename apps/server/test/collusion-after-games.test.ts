/**
 * Issue 30 (decision 066): the collusion rules after a game read its pair's games and the players' sums by opponent,
 * not every game of both players. They must flag what the full scan flags for that pair and those players: the same
 * rules, the same dedupe keys, the same evidence.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flags, games, sessions, users } from '../src/infra/db/schema/index';
import { createCollusionRules } from '../src/modules/admin/collusion';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function people(count: number): Promise<string[]> {
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        name: `P${index}`,
        email: `collusion-${randomUUID()}@example.test`,
        referralCode: `C${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`,
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

let minute = 0;
/** A finished game stored without rounds: `winner` took it `score` to `loserScore`. */
async function finished(
  first: string,
  second: string,
  winner: string,
  options: { score?: number; loserScore?: number; endReason?: string; stake?: bigint } = {},
): Promise<void> {
  minute += 1;
  const score = options.score ?? 2;
  const loserScore = options.loserScore ?? 0;
  await t.db.insert(games).values({
    id: randomUUID(),
    player1Id: first,
    player2Id: second,
    player1Character: 'Character1',
    player2Character: 'Character2',
    betUsd: 1,
    stakeWei: options.stake ?? 1_000n,
    priceMicroUsd: 1n,
    status: 'finished',
    winnerId: winner,
    endReason: options.endReason ?? 'wins',
    state: {
      round: score + loserScore,
      players: [
        { id: first, score: winner === first ? score : loserScore },
        { id: second, score: winner === second ? score : loserScore },
      ],
    },
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
    endedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
  });
}

const flagsOf = async (ids: readonly string[]) =>
  (
    await t.db
      .select()
      .from(flags)
      .where(inArray(flags.userId, [...ids]))
  )
    .map((flag) => ({
      rule: flag.rule,
      userId: flag.userId,
      otherUserId: flag.otherUserId,
      key: flag.dedupeKey,
      evidence: flag.evidence,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));

describe('the collusion rules after a game', () => {
  it("flag what the full scan flags for the game's pair and players, and nothing of the players' other pairs", async () => {
    const [a, b, c, d] = (await people(4)) as [string, string, string, string];
    // a against b: a game b won, then a streak of 8 rounds (four clean 2–0 games), then three games b left.
    await finished(a, b, a);
    await finished(b, a, a);
    await finished(a, b, b);
    await finished(a, b, a);
    await finished(b, a, a);
    await finished(a, b, a);
    await finished(a, b, a);
    for (let index = 0; index < 3; index += 1) await finished(b, a, a, { loserScore: 1, endReason: 'forfeit-leave' });
    // a against c: a streak too, in a pair of a's that did not just play; a loses one game to d.
    for (let index = 0; index < 4; index += 1) await finished(c, a, a);
    await finished(d, a, d, { stake: 50n });

    const rules = createCollusionRules({ db: t.db, clock: () => new Date() });
    const added = await rules.scanAfterGames([[b, a]]);
    const after = await flagsOf([a, b, c, d]);
    expect(added).toBe(after.length);
    expect(after.map((flag) => [flag.rule, flag.userId, flag.otherUserId])).toEqual(
      expect.arrayContaining([
        ['round_streak', a, b],
        ['timeout_losses', a, b],
        ['winnings_concentration', a, b],
      ]),
    );
    // a–c's streak is not this game's pair: left to that pair's own last game and the schedule.
    const isAgainstC = (flag: { otherUserId: string | null }) => flag.otherUserId === c;
    expect(after.some(isAgainstC)).toBe(false);

    // The full scan of the same players finds the same flags for this pair and these players (same keys, evidence)…
    expect(await rules.scanPlayers([a, b])).toBe(1);
    const full = await flagsOf([a, b, c, d]);
    expect(full.filter((flag) => !isAgainstC(flag))).toEqual(after);
    // …and a–c's streak, which it reads through a's other games.
    expect(full.filter(isAgainstC).map((flag) => [flag.rule, flag.userId])).toEqual([['round_streak', a]]);
    const concentration = after.find((flag) => flag.rule === 'winnings_concentration');
    // a, 15 games: +1,000 × (6 wins and 3 forfeits − 1 loss) from b, +1,000 × 4 from c, −50 to d.
    expect(concentration?.evidence).toEqual({ games: 15, netWinningsWei: '11950', fromOpponentWei: '8000' });
  });

  it('a run of several games at once reads each pair', async () => {
    const [a, b, c, d] = (await people(4)) as [string, string, string, string];
    for (let index = 0; index < 4; index += 1) {
      await finished(a, b, a);
      await finished(d, c, c);
    }
    const rules = createCollusionRules({ db: t.db, clock: () => new Date() });
    expect(
      await rules.scanAfterGames([
        [a, b],
        [c, d],
      ]),
    ).toBe(2);
    expect((await flagsOf([a, c])).map((flag) => [flag.rule, flag.userId, flag.otherUserId])).toEqual(
      expect.arrayContaining([
        ['round_streak', a, b],
        ['round_streak', c, d],
      ]),
    );
    // Run again: nothing new.
    expect(
      await rules.scanAfterGames([
        [b, a],
        [d, c],
      ]),
    ).toBe(0);
  });

  it("flag a pair that signed in from one IP within 24 h, from the pair's own sessions, with its latest game", async () => {
    const [a, b, c, d, e] = (await people(5)) as [string, string, string, string, string];
    const day = 86_400_000;
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 10) + ms);
    await t.db.insert(sessions).values([
      { userId: a, ip: '198.51.100.7', createdAt: at(0) },
      { userId: b, ip: '198.51.100.7', createdAt: at(day - 60_000) },
      // c shared that IP with a too, and played a: a pair that did not just play.
      { userId: c, ip: '198.51.100.7', createdAt: at(1_000) },
      // d signed in from it 24 h and a second after a, e from another IP.
      { userId: d, ip: '198.51.100.7', createdAt: at(day + 1_000) },
      { userId: e, ip: '203.0.113.9', createdAt: at(0) },
    ]);
    await finished(a, b, b);
    await finished(b, a, a);
    await finished(c, a, a);
    await finished(a, d, a);
    await finished(e, a, e);
    const latestOfAb = await t.db
      .select({ id: games.id, player1Id: games.player1Id })
      .from(games)
      .where(inArray(games.player1Id, [b]));

    const rules = createCollusionRules({ db: t.db, clock: () => new Date() });
    expect(
      await rules.scanAfterGames([
        [b, a],
        [a, d],
        [e, a],
      ]),
    ).toBe(1);
    const [low, high] = a < b ? [a, b] : [b, a];
    expect(await flagsOf([a, b, c, d, e])).toEqual([
      {
        rule: 'shared_ip_opponents',
        userId: low,
        otherUserId: high,
        key: `shared_ip_opponents:${low}:${high}`,
        evidence: { ip: '198.51.100.7', game: latestOfAb[0]!.id },
      },
    ]);
    // The players' query of the schedule finds that pair too, and a–c, which no game of this run was about.
    expect(await rules.scanPlayers([a])).toBe(1);
    expect((await flagsOf([a, b, c, d, e])).map((flag) => flag.key).sort()).toEqual(
      [`shared_ip_opponents:${low}:${high}`, `shared_ip_opponents:${a < c ? a : c}:${a < c ? c : a}`].sort(),
    );
  });
});

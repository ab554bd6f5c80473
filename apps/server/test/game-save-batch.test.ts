/**
 * Issue 30 (decision 060, "Saves in groups"): the rooms' saves committed in
 * groups — each game still stored only under its own fence, each save
 * answered for its own game, a quiet node's save sent at once and alone, a
 * failed group failing each of its saves — on the test's own database.
 */
import { randomUUID } from 'node:crypto';
import { createMatch, type MatchState } from '@shifumi/game';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaveBatch } from '../src/modules/games/game-save-batch.repo';
import { gameRow } from '../src/modules/games/game.service';
import { countStatements, type StatementCounter } from './support/statement-counter';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let counter: StatementCounter | undefined;
beforeAll(async () => {
  t = await createTestApp();
  if (t.databaseUrl) counter = countStatements(new URL(t.databaseUrl).pathname.slice(1));
});
afterAll(async () => {
  counter?.restore();
  await t.close();
});

/** A game in play under owner token 5, between two new users; answers its id and first state. */
async function gameInPlay(): Promise<{ id: string; state: MatchState }> {
  const [one, two] = [randomUUID(), randomUUID()];
  for (const id of [one, two])
    await t.db.execute(
      sql`insert into users (id, name, referral_code) values (${id}::uuid, 'Batch', ${id.replace(/-/g, '').slice(0, 16).toUpperCase()})`,
    );
  const id = randomUUID();
  const state = createMatch({ id, players: [one, two], now: Date.now() }).state;
  await t.db.execute(sql`
    insert into games (id, player1_id, player2_id, player1_character, player2_character, bet_usd, stake_wei, price_micro_usd, state, owner_token)
    values (${id}::uuid, ${one}::uuid, ${two}::uuid, 'rock', 'paper', 5, 1000, 2000000000, ${JSON.stringify(state)}::jsonb, 5)`);
  return { id, state };
}

const later = (state: MatchState, round: number): MatchState => ({ ...state, round, deadline: state.deadline + round });

describe('state saves in groups (issue 30)', () => {
  it('saves that arrive while two are under way go together in one statement; each game gets its own state and answer', async () => {
    const played = await Promise.all(Array.from({ length: 12 }, () => gameInPlay()));
    const save = createSaveBatch(t.db, { inFlight: 2, maxGroup: 200 });
    counter?.start();
    const answers = await Promise.all(
      played.map((game, index) => save(game.id, 5n, later(game.state, index + 2), 1_000 + index)),
    );
    const counted = counter?.read();
    expect(answers).toEqual(played.map(() => true));
    for (const [index, game] of played.entries()) {
      const row = await gameRow(t.db, game.id);
      expect((row!.state as MatchState).round).toBe(index + 2);
      expect(row!.nextDeadline?.getTime()).toBe(1_000 + index);
    }
    if (counted) {
      // The first two went at once, alone; the other ten waited and went in one statement.
      expect(counted.statements).toBe(3);
      expect([...counted.byText.entries()].find(([text]) => text.includes('jsonb_to_recordset'))?.[1]).toBe(1);
    }
  });

  it('fences each game of a group on its own: a stale token or an ended game answers false and writes nothing of it', async () => {
    const [kept, stale, ended] = await Promise.all([gameInPlay(), gameInPlay(), gameInPlay()]);
    await t.db.execute(sql`update games set status = 'refunded', ended_at = now() where id = ${ended.id}::uuid`);
    const save = createSaveBatch(t.db, { inFlight: 1, maxGroup: 200 });
    const blocker = await gameInPlay();
    const first = save(blocker.id, 5n, later(blocker.state, 9), null);
    const answers = await Promise.all([
      save(kept.id, 5n, later(kept.state, 3), null),
      save(stale.id, 4n, later(stale.state, 3), null),
      save(ended.id, 5n, later(ended.state, 3), null),
    ]);
    expect(await first).toBe(true);
    expect(answers).toEqual([true, false, false]);
    expect(((await gameRow(t.db, kept.id))!.state as MatchState).round).toBe(3);
    expect(((await gameRow(t.db, stale.id))!.state as MatchState).round).toBe(1);
    expect(((await gameRow(t.db, ended.id))!.state as MatchState).round).toBe(1);
  });

  it('a group the database refuses fails each of its saves; the next group goes on', async () => {
    const save = createSaveBatch(t.db, { inFlight: 1, maxGroup: 200 });
    const [blocker, good, next] = await Promise.all([gameInPlay(), gameInPlay(), gameInPlay()]);
    const first = save(blocker.id, 5n, blocker.state, null);
    const group = [save(good.id, 5n, later(good.state, 4), null), save('not-a-game-id', 5n, good.state, null)];
    const outcomes = await Promise.allSettled(group);
    expect(await first).toBe(true);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(((await gameRow(t.db, good.id))!.state as MatchState).round).toBe(1);
    expect(await save(next.id, 5n, later(next.state, 2), null)).toBe(true);
  });
});

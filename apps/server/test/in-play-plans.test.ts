/**
 * Decision 068: "is this player in a game in play?", asked by every search
 * (`search_facts_v1`) and every game start (`game_start_facts_v1`), reads the
 * player's own index entries whatever the table's statistics say. The case
 * that went wrong: statistics taken while every game had ended (the benches'
 * ANALYZE after seeding, or a quiet hour), then a thousand games in play, and
 * a connection's generic plan. With `status = 'playing'` the planner could take
 * any partial index of the games in play, and took the nodes' one: every game
 * in play read for each start (1,222 pages a start at 1,000 games). The
 * nodes' index now says "in play" as `ended_at is null` (migration 0024).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/infra/db/database';
import { createScratchDatabase, type ScratchDatabase } from '../src/infra/db/scratch-database';
import { generateReferralCode } from '../src/modules/auth/referral-codes';
import { START_FACTS } from '../src/modules/games/game-start.repo';
import { SEARCH_FACTS } from '../src/modules/matchmaking/search-facts.repo';
import type { HotStatement } from '../src/infra/db/hot-statement';

const serverUrl = process.env.DATABASE_URL;
const PLAYERS = 3_200;
const GAMES_IN_PLAY = 1_500;

interface PlanNode {
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
}

describe.skipIf(!serverUrl)('the in-play check of a search and of a game start', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let client: pg.Client;
  let players: string[];

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'shifumi_plans');
    database = await openDatabase({ kind: 'postgres', url: scratch.url });
    await database.migrate();
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    players = Array.from({ length: PLAYERS }, () => randomUUID());
    for (let from = 0; from < PLAYERS; from += 1_000) {
      const batch = players.slice(from, from + 1_000);
      const rows = batch.map((_, index) => `($${3 * index + 1}::uuid, $${3 * index + 2}, $${3 * index + 3})`);
      await client.query(
        `insert into users (id, name, referral_code) values ${rows.join(', ')}`,
        batch.flatMap((id) => [id, `P${id.slice(0, 8)}`, generateReferralCode()]),
      );
    }
    // Statistics of a table whose games have all ended, as after the benches' seeding (a game each) or a quiet hour.
    await client.query(
      `insert into games (player1_id, player2_id, player1_character, player2_character, bet_usd, stake_wei, price_micro_usd,
                          state, owner_node, owner_token, status, winner_id, ended_at)
       select ($1::uuid[])[1 + i % 400], ($1::uuid[])[1 + (i + 1) % 400], 'a', 'b', 1, 1, 1, '{}'::jsonb, 'node-0', 1,
              'finished', ($1::uuid[])[1 + i % 400], now()
         from generate_series(1, 2000) as i`,
      [`{${players.join(',')}}`],
    );
    await client.query('analyze');
    // Then many games in play, each between two other players (the asking pair, the first two, has none).
    await client.query(
      `insert into games (player1_id, player2_id, player1_character, player2_character, bet_usd, stake_wei, price_micro_usd,
                          state, next_deadline, owner_node, owner_token)
       select ($1::uuid[])[2 * i + 1], ($1::uuid[])[2 * i + 2], 'a', 'b', 1, 1, 1, '{}'::jsonb,
              now() + interval '10 seconds', 'node-' || (i % 2), 1
         from generate_series(1, $2) as i`,
      [`{${players.join(',')}}`, GAMES_IN_PLAY],
    );
    await client.query(`set plan_cache_mode = force_generic_plan`);
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await database?.close();
    await scratch?.drop();
  });

  /** The pages the generic plan of `statement` reads for `values`. */
  async function pagesRead(statement: HotStatement, values: string[]): Promise<number> {
    const name = `plan_${statement.name}`;
    await client.query(`prepare ${name} as ${statement.text}`);
    try {
      const literals = values.map((value) => `'${value}'`).join(', ');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (analyze, buffers, format json) execute ${name}(${literals})`,
      );
      const plan = rows[0]!['QUERY PLAN'][0].Plan;
      return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
    } finally {
      await client.query(`deallocate ${name}`);
    }
  }

  it(`reads a few pages for a game start, not the ${GAMES_IN_PLAY} games in play`, async () => {
    const [first, second] = [players[0]!, players[1]!];
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from games where status = 'playing'`);
    expect(rows[0]!.n).toBe(GAMES_IN_PLAY);
    expect(await pagesRead(START_FACTS, [first, second])).toBeLessThan(40);
  });

  it('reads a few pages for a search', async () => {
    expect(await pagesRead(SEARCH_FACTS, [players[0]!, 'user:none'])).toBeLessThan(40);
  });

  it('follows the games: a start adds its two players, an end or a deletion takes them out, a second game in play is refused', async () => {
    const [ann, bo, cy] = [players[0]!, players[1]!, players[PLAYERS - 1]!];
    const inPlay = async () =>
      (
        await client.query<{ user_id: string; game_id: string }>(
          `select user_id::text, game_id::text from players_in_play where user_id = any($1::uuid[])`,
          [`{${ann},${bo},${cy}}`],
        )
      ).rows;
    const start = (first: string, second: string) =>
      client.query<{ id: string }>(
        `insert into games (player1_id, player2_id, player1_character, player2_character, bet_usd, stake_wei, price_micro_usd, state, owner_node, owner_token)
         values ($1, $2, 'a', 'b', 1, 1, 1, '{}'::jsonb, 'node-0', 1) returning id::text`,
        [first, second],
      );
    expect(await inPlay()).toEqual([]);
    const game = (await start(ann, bo)).rows[0]!.id;
    expect((await inPlay()).map((row) => [row.user_id, row.game_id]).sort()).toEqual(
      [
        [ann, game],
        [bo, game],
      ].sort(),
    );
    // A round's save leaves them in play.
    await client.query(`update games set state = '{"round": 2}'::jsonb, version = version + 1 where id = $1`, [game]);
    expect(await inPlay()).toHaveLength(2);
    // Bo cannot be in a second game in play, even if a check upstream let it through.
    await expect(start(cy, bo)).rejects.toThrow(/players_in_play_pkey/);
    expect(await inPlay()).toHaveLength(2);
    await client.query(`update games set status = 'finished', winner_id = $2, ended_at = now() where id = $1`, [game, ann]);
    expect(await inPlay()).toEqual([]);
    const again = (await start(bo, cy)).rows[0]!.id;
    expect(await inPlay()).toHaveLength(2);
    await client.query(`delete from games where id = $1`, [again]);
    expect(await inPlay()).toEqual([]);
  });
});

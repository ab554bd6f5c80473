/**
 * Several nodes start at once on one PostgreSQL database: every one applies
 * the migrations at start, and none may fail because another got there first.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/infra/db/database';
import { createScratchDatabase } from '../src/infra/db/scratch-database';

const serverUrl = loadConfig({ DATABASE_URL: process.env.DATABASE_URL }).databaseUrl;

describe.skipIf(!serverUrl)('migrations on PostgreSQL', () => {
  it('apply once when several nodes start together on a new database', async () => {
    const scratch = await createScratchDatabase(serverUrl!);
    const nodes = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: scratch.url })));
    try {
      await Promise.all(nodes.map((node) => node.migrate()));
      const applied = await nodes[0]!.db.execute<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      const files = await nodes[1]!.db.execute<{ count: number }>(
        sql`select count(*)::int as count from information_schema.tables where table_name = 'games'`,
      );
      expect(Number(applied.rows[0]?.count)).toBeGreaterThan(0);
      expect(Number(files.rows[0]?.count)).toBe(1);
      // And again, as at every later start: nothing to do.
      await Promise.all(nodes.map((node) => node.migrate()));
      const again = await nodes[2]!.db.execute<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(again.rows[0]?.count).toBe(applied.rows[0]?.count);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await scratch.drop();
    }
  });

  it("prices a random page read as the hot pages do, in memory (decision 066); a URL's own options win", async () => {
    const scratch = await createScratchDatabase(serverUrl!);
    const ours = await openDatabase({ kind: 'postgres', url: scratch.url });
    const url = new URL(scratch.url);
    url.searchParams.set('options', '-c random_page_cost=2');
    const operators = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      const cost = async (node: typeof ours) =>
        (await node.db.execute<{ cost: string }>(sql`select current_setting('random_page_cost') as cost`)).rows[0]?.cost;
      expect(await cost(ours)).toBe('1.1');
      expect(await cost(operators)).toBe('2');
    } finally {
      await Promise.all([ours.close(), operators.close()]);
      await scratch.drop();
    }
  });
});

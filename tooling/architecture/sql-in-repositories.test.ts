/**
 * Decision 039: SQL only in `*.repo.ts`, enforced by the type-aware ESLint
 * rule `house/sql-in-repositories` (tooling/eslint/sql-in-repositories.js).
 * Each forbidden shape is written into the real tree as a probe and must be
 * reported; the same queries in a repository, and a transaction opened in a
 * service that hands `tx` to a repository, must not be.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'house/sql-in-repositories';
const written: string[] = [];
const tag = () => randomBytes(4).toString('hex');

async function probe(relative: string, source: string): Promise<string> {
  const file = path.join(ROOT, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, source);
  written.push(file);
  return file;
}

afterEach(async () => {
  await Promise.all(written.splice(0).map((file) => rm(file, { force: true })));
});

const eslint = new ESLint({ cwd: ROOT });

/** The lines the rule reports in this file. */
async function reported(file: string): Promise<number[]> {
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.line);
}

/** One query of each kind, one a line (lines 6 to 13), plus a transaction handing `tx` on (line 14, allowed). */
const QUERIES = [
  "import { sql } from 'drizzle-orm';",
  "import type { Database, Executor } from '../../infra/db/database';",
  "import { users } from '../../infra/db/schema/index';",
  "import type pg from 'pg';",
  'export async function probe(db: Database, deps: { db: Executor }, pool: pg.Pool, lock: (tx: Executor) => Promise<void>): Promise<void> {',
  '  await db.select().from(users);',
  '  await deps.db.insert(users).values({ name: "x", referralCode: "y" });',
  '  await db.update(users).set({ name: "z" });',
  '  await db.delete(users);',
  '  await db.execute(sql`select 1`);',
  '  await db.transaction(async (tx) => { await tx.select().from(users); });',
  "  await pool.query('select 1');",
  '  const fragment = sql.raw("1");',
  '  await db.transaction(async (tx) => { await lock(tx); void fragment; });',
  '}',
  '',
].join('\n');

describe('SQL only in repositories (ESLint, type-aware)', () => {
  it('reports every query shape in a service: select, insert (on deps.db), update, delete, execute and sql``, a query on tx, pool.query, sql.raw', async () => {
    const file = await probe(`apps/server/src/modules/ledger/probe-${tag()}.service.ts`, QUERIES);
    const lines = await reported(file);
    // Line 10 holds two (execute and its sql`` template); the transaction on line 14 only hands tx on.
    expect([...new Set(lines)].sort((a, b) => a - b)).toEqual([6, 7, 8, 9, 10, 11, 12, 13]);
    expect(lines.filter((line) => line === 10)).toHaveLength(2);
  });

  it('knows a handle by its type, not its name', async () => {
    const file = await probe(
      `apps/server/src/modules/ledger/probe-${tag()}.ts`,
      [
        "import type { Executor } from '../../infra/db/database';",
        "import { users } from '../../infra/db/schema/index';",
        'export const q = (anything: Executor) => anything.select().from(users);',
        'export const notSql = (set: Set<string>) => set.delete("x");',
        '',
      ].join('\n'),
    );
    expect(await reported(file)).toEqual([3]);
  });

  it('allows the same queries in a *.repo.ts', async () => {
    const file = await probe(`apps/server/src/modules/ledger/probe-${tag()}.repo.ts`, QUERIES);
    expect(await reported(file)).toEqual([]);
  });
});

/**
 * One `Database` type for both drivers: embedded PGlite (no DATABASE_URL) and
 * PostgreSQL through node-postgres. Repositories only see `Database`, so the
 * same code, schema and migrations run on both.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;

/**
 * What `db.execute()` returns on both drivers: PGlite's `Results` and
 * node-postgres' `QueryResult` both carry `rows`.
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  readonly type: QueryRows<this['row']>;
}
interface QueryRows<Row> {
  rows: Row[];
}

export type Database = PgDatabase<QueryResultHKT, Schema>;
export type Transaction = PgTransaction<QueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type Executor = Database | Transaction;
/** Alias used by the ledger module. */
export type DbExecutor = Executor;

/** The committed migrations (apps/server/drizzle), whatever the working directory. */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export interface DatabaseHandle {
  db: Database;
  /** Which driver runs underneath; for logs only. */
  kind: 'pglite' | 'postgres';
  /** Applies the pending migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined → in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

/** Where the settings put the database: PostgreSQL at `databaseUrl` when one is set, else PGlite under `dataDir`. */
export function databaseTargetOf(settings: { databaseUrl?: string | undefined; dataDir: string }): DatabaseTarget {
  return settings.databaseUrl
    ? { kind: 'postgres', url: settings.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(settings.dataDir, 'pglite') };
}

/** Any constant shared by every node: the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 0x5348_4946; // "SHIF"

/**
 * Several nodes starting together would apply the same migration at once and
 * one would fail: each waits for a session-level advisory lock, held on a
 * connection of its own, so the first migrates and the others find nothing left.
 */
async function migrateUnderLock(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Connections of a node's PostgreSQL pool. */
const POOL_SIZE = 10;
const freeConnectionsOf = new WeakMap<object, () => number>();

/**
 * Issue 30 (decision 061): how many of the pool's connections are free now —
 * none while a query waits for one. Undefined for PGlite (one connection).
 */
export function freeConnections(db: Database): (() => number) | undefined {
  return freeConnectionsOf.get(db);
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // Issue 29: a database that does not answer fails a request after 5 s instead of holding it (the pool waits forever by default).
    const pool = new pg.Pool({
      connectionString: target.url,
      max: POOL_SIZE,
      connectionTimeoutMillis: 5_000,
      // Issue 30 (decision 066): the planner's cost of a random page read as on SSD, where the hot tables live in memory.
      options: '-c random_page_cost=1.1',
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    // Issue 29: nor one checked out between two statements (a transaction awaiting other work when the server restarts):
    // the pool listens only to idle clients, and node-postgres emits the loss as an 'error' event, which unheard ends the
    // process. The statement under way, or the next one, fails with the loss (a 503), and the pool drops the client on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzleNodePostgres(pool, { schema });
    freeConnectionsOf.set(db, () => (pool.waitingCount > 0 ? 0 : POOL_SIZE - pool.totalCount + pool.idleCount));
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool, () => migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_DIR })),
      close: () => pool.end(),
    };
  }
  if (target.dataDir) await fs.mkdir(target.dataDir, { recursive: true });
  const client = await PGlite.create(target.dataDir ? { dataDir: target.dataDir } : {});
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/** `select 1`: throws when the database does not answer. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

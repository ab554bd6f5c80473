/**
 * Issue 30: the statements of the hottest path (a game's start, its saves, its
 * settlement, a ledger transfer) as named prepared statements, sent straight
 * to the driver of the executor they are given (the database or an open
 * transaction). On PostgreSQL each connection parses and describes a named
 * statement once, then only binds and executes it; drizzle's `sql` template
 * would rebuild the text, its parameters and two query configs on every call.
 * On PGlite (one in-process connection, no wire) the same text runs as a
 * plain parameterised query.
 *
 * Values go in as they are (strings for numerics and bigints, JSON as text);
 * rows come back with the driver's own parsers, so a statement casts what it
 * answers to text where both drivers must agree (numeric, bigint, timestamps).
 */
import pg from 'pg';
import type { Executor } from './database';

export interface HotStatement {
  /** Unique per text: PostgreSQL keeps a named statement per connection, and refuses the same name with another text. */
  readonly name: string;
  readonly text: string;
}

const names = new Map<string, string>();

/** Declares a hot statement (once, at module load). */
export function hotStatement(name: string, text: string): HotStatement {
  const known = names.get(name);
  if (known !== undefined && known !== text) throw new Error(`hot statement ${name} declared twice with different texts`);
  names.set(name, text);
  return { name, text };
}

interface PgliteLike {
  query<Row>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

/** The driver's client behind a drizzle database or transaction (drizzle keeps it on its session). */
function clientOf(executor: Executor): pg.Pool | pg.ClientBase | PgliteLike {
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function')
    throw new Error('hot statements need a drizzle database or transaction on node-postgres or PGlite');
  return client as pg.Pool | pg.ClientBase | PgliteLike;
}

/** Runs `statement` with `values` on `executor` (inside its transaction, if it is one); answers the rows. */
export async function runHot<Row extends Record<string, unknown>>(
  executor: Executor,
  statement: HotStatement,
  values: readonly unknown[],
): Promise<Row[]> {
  const client = clientOf(executor);
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await client.query<Row>({ name: statement.name, text: statement.text, values: values as unknown[] });
    return result.rows;
  }
  const result = await (client as PgliteLike).query<Row>(statement.text, values as unknown[]);
  return result.rows;
}

/** A list of uuids as one array parameter (`$n::uuid[]`), written as PostgreSQL's array text: both drivers pass it as it is. */
export function uuidArray(ids: readonly string[]): string {
  for (const id of ids)
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new Error(`not a uuid: ${id}`);
  return `{${ids.join(',')}}`;
}

/**
 * A throw-away PostgreSQL database next to a server URL: tests, the cluster
 * tests and the benchmark each get a fresh, empty database of their own on
 * the machine's PostgreSQL, and drop it (closing whatever is still connected)
 * when they are done.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  /** The server URL with this database as its path. */
  url: string;
  /** Drops the database, even with connections still open. */
  drop(): Promise<void>;
}

const NAME_PREFIX = /^[a-z][a-z0-9_]{0,40}$/;

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<random>` on the server of `serverUrl` (whose own database is only used to connect). */
export async function createScratchDatabase(serverUrl: string, prefix = 'shifumi_test'): Promise<ScratchDatabase> {
  if (!NAME_PREFIX.test(prefix)) throw new Error(`Invalid scratch database prefix: ${prefix}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

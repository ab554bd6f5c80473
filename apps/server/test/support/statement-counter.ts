/**
 * Issue 30: counts the statements a test's PostgreSQL database receives, at
 * the driver's edge — every `query` a node-postgres client sends to that
 * database (one round trip each, `begin` and `commit` included), and the
 * commits they make: each `commit`, plus each statement sent outside a
 * transaction (an autocommit, as `pg_stat_database.xact_commit` counts it).
 * It needs no extension on the server (pg_stat_statements is often not
 * loaded) and sees only the database it is given, so other test files and
 * other databases on the same server do not count.
 */
import pg from 'pg';

export interface StatementCount {
  statements: number;
  commits: number;
  /** How many times each statement's text (whitespace folded, first 120 characters) was sent. */
  byText: Map<string, number>;
  /** The statements that committed on their own (outside a transaction), in order. */
  autocommits: string[];
  /** Statements of the background tasks left out of the count (`background` of `countStatements`), by text. */
  background: Map<string, number>;
}

export interface StatementCounter {
  /** Starts a window from zero. */
  start(): void;
  /** What the window counted so far. */
  read(): StatementCount;
  /** Puts the driver back as it was. */
  restore(): void;
}

type Query = typeof pg.Client.prototype.query;

function textOf(config: unknown): string {
  const text = typeof config === 'string' ? config : ((config as { text?: unknown } | null)?.text ?? '');
  return String(text).replace(/\s+/g, ' ').trim().slice(0, 120);
}

/**
 * Wraps `pg.Client.prototype.query` for the database named `database` until `restore()`. Statements whose text
 * `background` matches (periodic tasks that run whatever the players do: the mail outbox, challenges expiring)
 * are tallied apart when they commit on their own (inside a transaction, they count).
 */
export function countStatements(database: string, background?: RegExp): StatementCounter {
  const original: Query = pg.Client.prototype.query;
  const inTransaction = new WeakSet<pg.Client>();
  let counting = false;
  let count: StatementCount = { statements: 0, commits: 0, byText: new Map(), autocommits: [], background: new Map() };

  const wrapped = function (this: pg.Client, ...args: unknown[]) {
    if (this.database === database) {
      const text = textOf(args[0]);
      const verb = text.split(' ', 1)[0]!.toLowerCase();
      const wasInTransaction = inTransaction.has(this);
      if (verb === 'begin' || verb === 'start') inTransaction.add(this);
      else if (verb === 'commit' || verb === 'rollback' || verb === 'end') inTransaction.delete(this);
      if (counting) {
        if (background?.test(text) && !wasInTransaction) {
          count.background.set(text, (count.background.get(text) ?? 0) + 1);
        } else {
          count.statements += 1;
          const autocommit = !wasInTransaction && verb !== 'begin' && verb !== 'start' && verb !== 'commit' && verb !== 'end';
          if (verb === 'commit' || verb === 'end' || autocommit) count.commits += 1;
          if (autocommit) count.autocommits.push(text);
          count.byText.set(text, (count.byText.get(text) ?? 0) + 1);
        }
      }
    }
    return (original as (...values: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = wrapped as Query;

  return {
    start() {
      count = { statements: 0, commits: 0, byText: new Map(), autocommits: [], background: new Map() };
      counting = true;
    },
    read() {
      return {
        ...count,
        byText: new Map(count.byText),
        autocommits: [...count.autocommits],
        background: new Map(count.background),
      };
    },
    restore() {
      counting = false;
      if (pg.Client.prototype.query === (wrapped as Query)) pg.Client.prototype.query = original;
    },
  };
}

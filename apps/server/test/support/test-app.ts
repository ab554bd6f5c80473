/**
 * The real app (composeApp) on a database of its own and a real SMTP receiver.
 *
 * Database: a fresh in-memory PGlite, or — when DATABASE_URL is set — a
 * brand-new PostgreSQL database `shifumi_test_<random>` created on that
 * server for this test app and dropped at `close()`, so test files run in
 * parallel without seeing each other's rows.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createScratchDatabase } from '../../src/infra/db/scratch-database';
import { sql } from 'drizzle-orm';
import { composeApp, type App } from '../../src/composition';
import { loadConfig, type AppConfig } from '../../src/config';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/infra/db/database';
import { createLogger } from '../../src/infra/logger';
import { createSmtpMailer } from '../../src/infra/mailer/smtp-mailer';
import type { Mailer } from '../../src/infra/mailer/mailer';
import type { ChainContext } from '../../src/infra/chain/chain-runtime';
import type { RedisContext } from '../../src/infra/redis/redis';
import type { MatchOptions } from '@shifumi/game';
import type { ConnectionTimeouts } from '../../src/http/connection-timeouts';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';

export const TEST_APP_URL = 'http://localhost:5999';
export const TEST_SUPPORT_EMAIL = 'support@shifumi.test';
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** A clock the tests can move forward; starts at the real time. */
export interface TestClock {
  (): Date;
  advance(milliseconds: number): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  const clock = (() => new Date(Date.now() + offset)) as TestClock;
  clock.advance = (milliseconds) => {
    offset += milliseconds;
  };
  return clock;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (strings, as in a real environment). */
  env?: Record<string, string>;
  /** Replaces the SMTP mailer (e.g. to simulate a failing mail server). */
  mailer?: (smtpMailer: Mailer) => Mailer;
  /**
   * Builds the app on a chain (see test-chain.ts: `chainFor(anvil)`); it gets the
   * app's config. Chain workers do not run on timers: tests call `tick()`.
   */
  chain?: (config: AppConfig) => Promise<ChainContext>;
  /** Run the chain workers on timers (default false in tests). */
  startChainWorkers?: boolean;
  /** Game timing (short rounds in play tests). */
  matchOptions?: Partial<MatchOptions>;
  /** Another node of a cluster: this Redis (owned by the test, not closed by the app) ... */
  redis?: RedisContext;
  /** ... and this existing PostgreSQL database (e.g. another test app's `databaseUrl`), neither created nor dropped here. */
  databaseUrl?: string;
  /** Shorter connection timeouts (issue 12). */
  timeouts?: Partial<ConnectionTimeouts>;
  /** Issue 24: a shorter rematch timeout. */
  rematchTimeoutMs?: number;
}

export interface TestApp {
  app: App;
  chain: ChainContext | undefined;
  config: AppConfig;
  db: Database;
  /** The PostgreSQL database this app uses; undefined on PGlite. */
  databaseUrl: string | undefined;
  smtp: SmtpReceiver;
  clock: TestClock;
  /** Every log line the app wrote, as parsed JSON. */
  logs: Array<Record<string, unknown>>;
  /** Starts listening on 127.0.0.1 on a random port; returns the base URL. */
  listen(): Promise<string>;
  /** Number of rows of a table, for "nothing changed" assertions. */
  count(table: string): Promise<number>;
  /**
   * Issue 29: waits until every mail written so far has had its try (the background work that writes them,
   * then two outbox passes: the first may be a pass that began before the last mail was written).
   */
  mailsTried(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // DATABASE_URL comes through the app's own config parser, the one reader of the environment.
  const serverDatabaseUrl = loadConfig({ DATABASE_URL: process.env.DATABASE_URL }).databaseUrl;
  const smtp = await startSmtpReceiver();
  const postgres = !options.databaseUrl && serverDatabaseUrl ? await createScratchDatabase(serverDatabaseUrl) : undefined;
  const databaseUrl = options.databaseUrl ?? postgres?.url;

  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      APP_URL: TEST_APP_URL,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Shifumi <no-reply@shifumi.test>',
      SUPPORT_EMAIL: TEST_SUPPORT_EMAIL,
      RATE_LIMIT_AUTH_PER_MINUTE: '10000',
      RATE_LIMIT_CONTACT_PER_MINUTE: '10000',
      RATE_LIMIT_CHAIN_RPC_PER_MINUTE: '10000',
      WEB_DIST_DIR: '/nonexistent/shifumi-web-dist',
      DATA_DIR: '/nonexistent/shifumi-data',
      JWT_SECRET: TEST_JWT_SECRET,
      ...options.env,
    }),
    jwtSecret: options.env?.JWT_SECRET ?? TEST_JWT_SECRET,
  };

  let database: DatabaseHandle;
  try {
    database = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite' });
    await database.migrate();
  } catch (error) {
    await smtp.close();
    await postgres?.drop();
    throw error;
  }

  const logs: Array<Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const logger = createLogger({ level: 'info', destination: logStream });

  const smtpMailer = createSmtpMailer({ url: smtp.url, from: config.mailFrom });
  const mailer = options.mailer ? options.mailer(smtpMailer) : smtpMailer;
  const clock = createTestClock();
  const chain = options.chain ? await options.chain(config) : undefined;
  const app = await composeApp({
    config,
    db: database.db,
    mailer,
    logger,
    clock,
    ...(chain ? { chain } : {}),
    startChainWorkers: options.startChainWorkers ?? false,
    ...(options.matchOptions ? { matchOptions: options.matchOptions } : {}),
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.rematchTimeoutMs ? { rematchTimeoutMs: options.rematchTimeoutMs } : {}),
  });

  return {
    app,
    chain,
    config,
    db: database.db,
    databaseUrl,
    smtp,
    clock,
    logs,
    async listen() {
      await app.fastify.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.fastify.server.address() as AddressInfo;
      return `http://127.0.0.1:${port}`;
    },
    async count(table) {
      if (!/^[a-z_]+$/.test(table)) throw new Error(`Not a table name: ${table}`);
      const result = await database.db.execute<{ count: number }>(sql.raw(`select count(*)::int as count from ${table}`));
      return Number(result.rows[0]?.count ?? 0);
    },
    async mailsTried() {
      await app.accountSecurity.settled();
      await app.mailOutbox.drain().catch(() => undefined);
      await app.mailOutbox.drain();
    },
    async close() {
      await app.close();
      await mailer.close();
      await database.close();
      await smtp.close();
      await postgres?.drop();
    },
  };
}

/**
 * Several nodes in one test process: N real apps (composeApp) on ONE fresh
 * PostgreSQL database and one Redis (each app with its own RedisContext, all
 * under one random key prefix, as separate processes would be), each
 * listening on its own port. Players are written straight into the database
 * (no argon2) with a session and an access token, and funded through the
 * ledger.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { MatchOptions } from '@shifumi/game';
import { PROTOCOL_VERSION, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@shifumi/protocol';
import { createScratchDatabase } from '../../src/infra/db/scratch-database';
import { io as connect, type Socket } from 'socket.io-client';
import { parseEther } from 'viem';
import { composeApp, type App } from '../../src/composition';
import { loadConfig, type AppConfig } from '../../src/config';
import { openDatabase, type DatabaseHandle } from '../../src/infra/db/database';
import { sessions, users } from '../../src/infra/db/schema/index';
import { createLogger } from '../../src/infra/logger';
import { createLogMailer } from '../../src/infra/mailer/log-mailer';
import { connectRedis, type RedisContext } from '../../src/infra/redis/redis';
import { createAccessTokens } from '../../src/modules/auth/access-tokens';
import { generateReferralCode } from '../../src/modules/auth/referral-codes';
import type { MatchQueue } from '../../src/modules/matchmaking/match-queue';
import { LedgerAccounts } from '../../src/modules/ledger/ledger-accounts';
import { transfer } from '../../src/modules/ledger/ledger.service';
import { TEST_APP_URL, TEST_JWT_SECRET } from './test-app';

export type PlayerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ClusterNode {
  name: string;
  app: App;
  redis: RedisContext;
  url: string;
  logs: Array<Record<string, unknown>>;
  /** Closes the app and its Redis connections (a graceful stop). */
  close(): Promise<void>;
  closed: boolean;
}

export interface ClusterOptions {
  matchOptions?: Partial<MatchOptions>;
  leaseTiming?: { gameLeaseTtlMs?: number; takeoverScanMs?: number; leaderLeaseTtlMs?: number };
  /** One queue object for every node (until the Redis queue is the default with deps.redis). */
  matchQueue?: MatchQueue;
}

export interface Cluster {
  db: DatabaseHandle['db'];
  keyPrefix: string;
  nodes: ClusterNode[];
  /** Adds a node (e.g. after one was stopped). */
  addNode(name: string): Promise<ClusterNode>;
  player(eth?: string): Promise<{ id: string; token: string }>;
  /** A connected socket; `listen` runs before it connects (events sent right at connection). */
  socket(node: ClusterNode, token: string, listen?: (socket: PlayerSocket) => void): Promise<PlayerSocket>;
  close(): Promise<void>;
}

export async function createCluster(count: number, options: ClusterOptions = {}): Promise<Cluster> {
  const serverUrl = process.env.DATABASE_URL!;
  const redisUrl = process.env.REDIS_URL!;
  const scratch = await createScratchDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  await database.migrate();
  const keyPrefix = `shifumi-test:{${randomBytes(6).toString('hex')}}:`;
  const tokens = createAccessTokens({ secret: TEST_JWT_SECRET, clock: () => new Date() });
  const sockets: PlayerSocket[] = [];

  async function addNode(nodeName: string): Promise<ClusterNode> {
    const logs: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    });
    const logger = createLogger({ level: 'info', destination: stream });
    const config: AppConfig = {
      ...loadConfig({
        NODE_ENV: 'test',
        APP_URL: TEST_APP_URL,
        ETH_USD_PRICE: '2000',
        WEB_DIST_DIR: '/nonexistent/shifumi-web-dist',
        DATA_DIR: '/nonexistent/shifumi-data',
        JWT_SECRET: TEST_JWT_SECRET,
        REDIS_URL: redisUrl,
        NODE_ID: nodeName,
      }),
      jwtSecret: TEST_JWT_SECRET,
    };
    const redis = await connectRedis(redisUrl, logger, { keyPrefix, nodeId: nodeName });
    const app = await composeApp({
      config,
      db: database.db,
      mailer: createLogMailer({ logger, from: config.mailFrom }),
      logger,
      redis,
      ...(options.matchOptions ? { matchOptions: options.matchOptions } : {}),
      ...(options.leaseTiming ? { leaseTiming: options.leaseTiming } : {}),
      ...(options.matchQueue ? { matchQueue: options.matchQueue } : {}),
    });
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.fastify.server.address() as AddressInfo;
    const node: ClusterNode = {
      name: nodeName,
      app,
      redis,
      url: `http://127.0.0.1:${port}`,
      logs,
      closed: false,
      async close() {
        if (node.closed) return;
        node.closed = true;
        await app.close();
        await redis.close();
      },
    };
    cluster.nodes.push(node);
    return node;
  }

  const cluster: Cluster = {
    db: database.db,
    keyPrefix,
    nodes: [],
    addNode,
    async player(eth = '1') {
      const [user] = await database.db
        .insert(users)
        .values({ name: `P${randomBytes(3).toString('hex')}`, referralCode: generateReferralCode() })
        .returning({ id: users.id });
      const sessionId = randomUUID();
      await database.db.insert(sessions).values({ id: sessionId, userId: user!.id });
      await database.db.transaction((tx) =>
        transfer(tx, {
          idempotencyKey: `test-fund:${user!.id}`,
          kind: 'deposit',
          legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(user!.id), amount: parseEther(eth) }],
        }),
      );
      return { id: user!.id, token: await tokens.issue({ userId: user!.id, sessionId }) };
    },
    async socket(node, token, listen) {
      const socket: PlayerSocket = connect(node.url, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token, protocolVersion: PROTOCOL_VERSION },
      });
      sockets.push(socket);
      listen?.(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
    async close() {
      for (const socket of sockets) socket.disconnect();
      for (const node of cluster.nodes) await node.close().catch(() => undefined);
      // Only this cluster's keys, never a FLUSH: the Redis is shared.
      const cleaner = await connectRedis(redisUrl, createLogger({ level: 'silent' }));
      try {
        let cursor = '0';
        do {
          const [next, keys] = await cleaner.client.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
          cursor = next;
          if (keys.length > 0) await cleaner.client.del(...keys);
        } while (cursor !== '0');
      } finally {
        await cleaner.close();
      }
      await database.close();
      await scratch.drop();
    },
  };
  for (let index = 1; index <= count; index += 1) await addNode(`node-${index}`);
  return cluster;
}

export { nextEvent, waitUntil } from './sockets';

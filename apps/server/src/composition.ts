/**
 * The composition root of one server: from the outside world's handles
 * (database, mailer, Redis, chain) to a mounted app, in four steps a
 * newcomer can read one file at a time:
 *
 * 1. compose/cluster.ts — the cluster adapters (presence, queue, leases,
 *    relay, liveness): in process for one node, on Redis for several;
 * 2. compose/transport.ts — the Fastify instance and both Socket.IO servers;
 * 3. compose/adapters.ts — the services' adapters and their defaults
 *    (the realtime side of the modules' event interfaces, keys, hasher,
 *    metrics); compose/services.ts — every module on them, one builder per
 *    area, and their start and stop;
 * 4. app.ts — `buildApp` mounts the HTTP routes and the realtime handlers.
 *
 * main.ts builds the cluster adapters itself and passes them in; tests and
 * scripts call `composeApp` with the same options as before and get them
 * built here.
 */
import type { KeyObject } from 'node:crypto';
import type { MatchOptions } from '@shifumi/game';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { resolveServiceAdapters } from './compose/adapters';
import { buildClusterAdapters, type ClusterAdapters } from './compose/cluster';
import { buildServices, type Services } from './compose/services';
import { createTransport } from './compose/transport';
import type { AppConfig } from './config';
import type { ConnectionTimeouts } from './http/connection-timeouts';
import type { ChainContext } from './infra/chain/chain-runtime';
import type { Database } from './infra/db/database';
import type { Mailer } from './infra/mailer/mailer';
import type { Metrics } from './infra/metrics';
import type { RedisContext } from './infra/redis/redis';
import type { PasswordHasher } from './modules/auth/passwords';
import type { MatchQueue } from './modules/matchmaking/match-queue';
import type { FetchFn } from './modules/price/price.service';
import type { Presence } from './realtime/presence';
import type { GameServer, PublicServer } from './realtime/servers';
import { systemClock, type Clock } from './shared/clock';
import { createDrainState } from './shared/drain';

export { BODY_LIMIT_BYTES } from './compose/transport';

export interface AppDeps {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  clock?: Clock;
  presence?: Presence;
  passwords?: PasswordHasher;
  /** The fetch the price service uses (tests inject a fake). */
  priceFetch?: FetchFn;
  /**
   * The chain (main.ts always passes it). Without it — tests of other parts —
   * deposit addresses come from the development mnemonic, nothing watches a
   * chain and withdrawals stay queued.
   */
  chain?: ChainContext;
  /** Run the deposit watcher and the withdrawal sender on timers (default true); tests drive `tick()` themselves. */
  startChainWorkers?: boolean;
  /** The matchmaking queue (default: in-process, or on Redis with `redis`). */
  matchQueue?: MatchQueue;
  /** Game timing (tests shorten it). */
  matchOptions?: Partial<MatchOptions>;
  /**
   * Redis shared by every node (config.redisUrl). Given → Socket.IO rooms, the
   * matchmaking queue and presence span all nodes; absent → one node, in process.
   * main.ts owns it: the app never closes it.
   */
  redis?: RedisContext;
  /**
   * The cluster adapters, built by main.ts (compose/cluster.ts) on `redis`; absent → built here from
   * `redis`, `presence` and `matchQueue`. The app closes them when it closes.
   */
  cluster?: ClusterAdapters;
  /**
   * Lease timing with Redis (decision 007; tests shorten it): a game's lease
   * (default 5 s), how often nodes look for games nobody runs (1 s), the
   * chain workers' leader lease (10 s).
   */
  leaseTiming?: { gameLeaseTtlMs?: number; takeoverScanMs?: number; leaderLeaseTtlMs?: number };
  /** This node's Prometheus registry and hooks (default: a new one per app). */
  metrics?: Metrics;
  /**
   * Issue 17: the key that signs game transcripts (main.ts always passes `resolveFairnessSigningKey`'s, which
   * production requires). Absent → the config's FAIRNESS_SIGNING_KEY, else a key of this app instance only (tests).
   */
  fairnessSigningKey?: KeyObject;
  /** Connection timeouts (issue 12; tests shorten them). */
  timeouts?: Partial<ConnectionTimeouts>;
  /** Issue 24: how long a rematch request waits (tests shorten it). */
  rematchTimeoutMs?: number;
}

/** The built server: its transports and services (tests reach into them), and `close`. */
export type App = Pick<
  Services,
  | 'auth'
  | 'presence'
  | 'price'
  | 'depositAddresses'
  | 'games'
  | 'matchQueue'
  | 'accountSecurity'
  | 'metrics'
  | 'transcriptSigner'
  | 'solvency'
  | 'mailOutbox'
  | 'chainHealth'
  | 'lobby'
  | 'challenges'
> & {
  fastify: FastifyInstance;
  io: GameServer;
  publicIo: PublicServer;
  /** Present when the app was built with a chain. */
  depositWatcher?: NonNullable<Services['depositWatcher']>;
  withdrawalSender?: NonNullable<Services['withdrawalSender']>;
  /** With Redis and chain workers on timers: the election of the one node that runs them. */
  chainLeader?: NonNullable<Services['chainLeader']>;
  /** Closes sockets, then the HTTP server, then the cluster adapters. Does not close the database, the mailer or Redis (main.ts owns them). */
  close(): Promise<void>;
  /** Issue 29: starts draining (SIGTERM): readiness 503, no new live connection or search. `close()` then hands the games over. */
  startDraining(): void;
  readonly draining: boolean;
};

export async function composeApp(deps: AppDeps): Promise<App> {
  const { config, logger } = deps;
  const cluster =
    deps.cluster ??
    (await buildClusterAdapters({
      config,
      logger,
      ...(deps.redis ? { redis: deps.redis } : {}),
      ...(deps.presence ? { presence: deps.presence } : {}),
      ...(deps.matchQueue ? { matchQueue: deps.matchQueue } : {}),
    }));
  const transport = createTransport({
    config,
    logger,
    ...(deps.redis ? { redis: deps.redis } : {}),
    ...(deps.timeouts ? { timeouts: deps.timeouts } : {}),
  });
  // The services' adapters and their defaults (compose/adapters.ts), then every module on them.
  const adapters = resolveServiceAdapters({
    config,
    logger,
    mailer: deps.mailer,
    transport,
    ...(deps.passwords ? { passwords: deps.passwords } : {}),
    ...(deps.priceFetch ? { priceFetch: deps.priceFetch } : {}),
    ...(deps.chain ? { chain: deps.chain } : {}),
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    ...(deps.fairnessSigningKey ? { fairnessSigningKey: deps.fairnessSigningKey } : {}),
  });
  const services = buildServices({
    config,
    db: deps.db,
    logger,
    clock: deps.clock ?? systemClock,
    cluster,
    adapters,
    ...(deps.startChainWorkers !== undefined ? { startChainWorkers: deps.startChainWorkers } : {}),
    ...(deps.matchOptions ? { matchOptions: deps.matchOptions } : {}),
    ...(deps.leaseTiming ? { leaseTiming: deps.leaseTiming } : {}),
    ...(deps.rematchTimeoutMs ? { rematchTimeoutMs: deps.rematchTimeoutMs } : {}),
  });
  const drain = createDrainState();
  await buildApp({ config, logger, transport, services, cluster, drain });
  await services.start();

  const { fastify, io, publicIo } = transport;
  return {
    fastify,
    io,
    publicIo,
    auth: services.auth,
    presence: services.presence,
    price: services.price,
    depositAddresses: services.depositAddresses,
    games: services.games,
    matchQueue: services.matchQueue,
    lobby: services.lobby,
    challenges: services.challenges,
    metrics: services.metrics,
    accountSecurity: services.accountSecurity,
    transcriptSigner: services.transcriptSigner,
    solvency: services.solvency,
    mailOutbox: services.mailOutbox,
    chainHealth: services.chainHealth,
    ...(services.depositWatcher ? { depositWatcher: services.depositWatcher } : {}),
    ...(services.withdrawalSender ? { withdrawalSender: services.withdrawalSender } : {}),
    ...(services.chainLeader ? { chainLeader: services.chainLeader } : {}),
    close: () => fastify.close(),
    startDraining: () => drain.begin(),
    get draining() {
      return drain.draining;
    },
  };
}

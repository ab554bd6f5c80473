/**
 * Builds the whole server (HTTP API, web app, both Socket.IO servers) from
 * injected dependencies. main.ts calls it with the real adapters; the
 * integration tests call it with an in-memory or throw-away database and a
 * test SMTP receiver.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { API_PREFIX, SERVER_TEXTS } from '@shifumi/protocol';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import type { AppConfig } from './config';
import type { Database, Executor } from './infra/db/database';
import type { Mailer } from './infra/mailer/mailer';
import type { RedisContext } from './infra/redis/redis';
import { createMetrics, type Metrics } from './infra/metrics';
import { metricsRoutes, metricsServed } from './http/metrics.routes';
import { cursorLag, pendingWithdrawalCount, scannerCursor } from './modules/metrics/metrics.repo';
import { accountRoutes } from './http/account.routes';
import { authRoutes } from './http/auth.routes';
import { createRequireAuth } from './http/authenticate';
import { contactRoutes } from './http/contact.routes';
import { registerErrorHandler } from './http/error-handler';
import { healthRoutes } from './http/health.routes';
import { priceRoutes } from './http/price.routes';
import { helmetOptions, WALLET_CSP_ADDITIONS } from './http/security';
import { registerWebApp } from './http/web-app';
import { createAccountService } from './modules/account/account.service';
import { createAccessTokens } from './modules/auth/access-tokens';
import { createAuthRepo } from './modules/auth/auth.repo';
import { createAuthService, type AuthService } from './modules/auth/auth.service';
import { createArgon2PasswordHasher, type PasswordHasher } from './modules/auth/passwords';
import { createContactRepo } from './modules/contact/contact.repo';
import { createContactService } from './modules/contact/contact.service';
import { createPriceService, type FetchFn, type PriceService } from './modules/price/price.service';
import { createUsersRepo } from './modules/users/users.repo';
import { registerRealtimeHandlers } from './realtime/handlers';
import { createInProcessPresence, type Presence } from './realtime/presence';
import { createRedisPresence } from './realtime/redis-presence';
import { createNodeLiveness } from './infra/redis/node-liveness';
import { createRedisMatchQueue } from './modules/matchmaking/redis-match-queue';
import { createSocketServers, userRoom, type GameServer, type PublicServer } from './realtime/servers';
import { createSocketSessionEvents } from './realtime/socket-session-events';
import { systemClock, type Clock } from './shared/clock';
import { configRoutes } from './http/config.routes';
import { devRoutes } from './http/dev.routes';
import { walletRoutes } from './http/wallet.routes';
import { chainRpcRoutes } from './http/chain-rpc.routes';
import { createChainRpcProxy } from './modules/chain-rpc/chain-rpc-proxy';
import type { ChainContext } from './infra/chain/chain-runtime';
import { DEV_CHAIN_ID, DEV_MNEMONIC, HdWallet } from './infra/chain/hd-wallet';
import { createDepositAddresses, type DepositAddresses } from './modules/deposits/deposit-addresses';
import { createDepositWatcher, type DepositWatcher } from './modules/deposits/deposit-watcher';
import { createWithdrawalSender, type WithdrawalSender } from './modules/withdrawals/withdrawal-sender';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals.service';
import { createBalanceEvents } from './realtime/balance-events';
import { verifyMessage } from 'viem';
import { createSiweService } from './modules/siwe/siwe.service';
import { transactionsRoutes } from './http/transactions.routes';
import type { MatchOptions } from '@shifumi/game';
import { createGameService, type GameService } from './modules/games/game.service';
import { createInProcessMatchQueue, type MatchQueue } from './modules/matchmaking/match-queue';
import { createMatchmaking, insufficientBalanceText, MATCHMAKING_TEXTS } from './modules/matchmaking/matchmaking.service';
import { registerGameHandlers } from './realtime/game-handlers';
import { createInProcessLeaseStore } from './modules/leases/lease-store';
import { createRedisLeaseStore } from './modules/leases/redis-lease-store';
import { createLeaderElection, type LeaderElection } from './modules/leases/leader';
import { createRedisRelay } from './modules/cluster/node-relay';

/** Default body limit of every route (JSON bodies here are small); routes may set their own. */
export const BODY_LIMIT_BYTES = 16 * 1024;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

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
  /** The matchmaking queue (default: in-process). */
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
   * Lease timing with Redis (decision 007; tests shorten it): a game's lease
   * (default 5 s), how often nodes look for games nobody runs (1 s), the
   * chain workers' leader lease (10 s).
   */
  leaseTiming?: { gameLeaseTtlMs?: number; takeoverScanMs?: number; leaderLeaseTtlMs?: number };
  /** This node's Prometheus registry and hooks (default: a new one per app). */
  metrics?: Metrics;
}

export interface App {
  fastify: FastifyInstance;
  io: GameServer;
  publicIo: PublicServer;
  auth: AuthService;
  presence: Presence;
  price: PriceService;
  depositAddresses: DepositAddresses;
  /** Present when the app was built with a chain. */
  depositWatcher?: DepositWatcher;
  withdrawalSender?: WithdrawalSender;
  /** With Redis and chain workers on timers: the election of the one node that runs them. */
  chainLeader?: LeaderElection;
  games: GameService;
  matchQueue: MatchQueue;
  /** GET /metrics's registry; services record into it (observeSettle, setSources). */
  metrics: Metrics;
  /** Closes sockets, then the HTTP server. Does not close the database or the mailer (main.ts owns them). */
  close(): Promise<void>;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db, mailer, logger } = deps;
  const clock = deps.clock ?? systemClock;
  // Several nodes: which node instances are alive, so that a dead node's queue tickets and sockets stop counting.
  const liveness = deps.redis ? createNodeLiveness({ redis: deps.redis, nodeId: config.nodeId, logger }) : undefined;
  await liveness?.start();
  const presence =
    deps.presence ?? (deps.redis && liveness ? await createRedisPresence({ redis: deps.redis, liveness, logger }) : createInProcessPresence());
  const metrics = deps.metrics ?? createMetrics({ nodeId: config.nodeId, logger });
  const trustsProxy = config.trustProxy !== false;

  const fastify = Fastify({
    loggerInstance: logger,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // A request id from the proxy is kept when the proxy is trusted; otherwise each request gets a fresh one.
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => {
      const incoming = request.headers['x-request-id'];
      return trustsProxy && typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: 512 },
    forceCloseConnections: true,
    // Undecodable URLs (`/api/%`) are answered like every other client error.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: error }, 'Malformed request');
      const answer = reply as FastifyReply;
      void answer.code(400).header('cache-control', 'no-store').send({ message: SERVER_TEXTS.invalidRequest });
    },
    return503OnClosing: true,
  });

  // Fastify's JSON parser, except that an empty body counts as no body: clients
  // send `Content-Type: application/json` with nothing on refresh and logout.
  const defaultJsonParser = fastify.getDefaultJsonParser('error', 'error');
  // JSON only: other bodies (text/plain, forms) are refused with 415 before any handler runs.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    defaultJsonParser(request, text, done);
  });

  registerErrorHandler(fastify);
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await fastify.register(fastifyCookie);
  await fastify.register(fastifyHelmet, helmetOptions(config.appUrl, WALLET_CSP_ADDITIONS));
  await fastify.register(fastifyRateLimit, {
    global: false,
    // Several nodes count against one budget per IP. Redis out of reach: requests pass rather than wait or fail.
    ...(deps.redis
      ? { redis: deps.redis.duplicate('rate-limit', { failFast: true }), nameSpace: `${deps.redis.keyPrefix}rate-limit:`, skipOnError: true }
      : {}),
  });

  // Realtime first: the auth service tells it when sessions are revoked.
  const { io, publicIo, closeAdapters } = createSocketServers(fastify.server, config.appUrl, deps.redis ? { redis: deps.redis } : {});
  const sessionEvents = createSocketSessionEvents(io);

  const balanceEvents = createBalanceEvents(io);
  const { chain } = deps;
  const depositAddresses = createDepositAddresses(db, chain?.hdWallet ?? new HdWallet(DEV_MNEMONIC));
  const chainId = chain?.settings.chainId ?? DEV_CHAIN_ID;
  // This process's name as a lease holder and on the relay: the node id plus an instance part, so that a
  // node restarted with the same NODE_ID never mistakes its predecessor's leases for its own.
  const holder = `${config.nodeId}/${randomUUID().slice(0, 8)}`;
  const leases = deps.redis ? createRedisLeaseStore(deps.redis.client, { prefix: deps.redis.keyPrefix }) : createInProcessLeaseStore();
  // Several nodes: the chain workers run on the elected leader only, and their claims check its epoch.
  const electChainLeader = deps.redis !== undefined && chain !== undefined && deps.startChainWorkers !== false;
  let chainLeader: LeaderElection | undefined;
  const chainFence = electChainLeader ? { fence: (tx: Executor) => chainLeader!.fence(tx) } : {};
  const depositWatcher = chain ? createDepositWatcher({ db, chain, depositAddresses, balanceEvents, logger, clock, ...chainFence }) : undefined;
  const withdrawalSender = chain ? createWithdrawalSender({ db, chain, balanceEvents, logger, clock, ...chainFence }) : undefined;
  if (electChainLeader) {
    chainLeader = createLeaderElection({
      db,
      leases,
      role: 'chain-workers',
      holder,
      ttlMs: deps.leaseTiming?.leaderLeaseTtlMs ?? 10_000,
      logger,
      onElected: () => {
        depositWatcher?.start();
        withdrawalSender?.start();
      },
      onDeposed: async () => {
        await Promise.all([depositWatcher?.stop(), withdrawalSender?.stop()]);
      },
    });
  }
  const gameRelay = deps.redis
    ? await createRedisRelay({
        publisher: deps.redis.client,
        subscriber: deps.redis.duplicate('game-relay'),
        self: holder,
        prefix: deps.redis.keyPrefix,
        logger,
      })
    : undefined;

  const users = createUsersRepo(db);
  const auth = createAuthService({
    users,
    authRepo: createAuthRepo(db),
    passwords: deps.passwords ?? createArgon2PasswordHasher(),
    accessTokens: createAccessTokens({ secret: config.jwtSecret, clock }),
    mailer,
    sessionEvents,
    clock,
    appUrl: config.appUrl,
    logger,
    depositAddresses,
  });
  const requiredConfirmations = chain?.settings.depositConfirmations ?? 1;
  const games = createGameService({
    db,
    io,
    publicIo,
    balanceEvents,
    logger,
    clock,
    ...(deps.matchOptions ? { matchOptions: deps.matchOptions } : {}),
    texts: { insufficientBalance: insufficientBalanceText, alreadyPlaying: MATCHMAKING_TEXTS.alreadyPlaying },
    ownership: {
      leases,
      holder,
      ...(gameRelay ? { relay: gameRelay } : {}),
      ...(deps.leaseTiming?.gameLeaseTtlMs ? { leaseTtlMs: deps.leaseTiming.gameLeaseTtlMs } : {}),
      ...(deps.leaseTiming?.takeoverScanMs ? { scanEveryMs: deps.leaseTiming.takeoverScanMs } : {}),
    },
    observeSettle: (seconds) => metrics.observeSettle(seconds),
  });
  const account = createAccountService({
    users,
    db,
    depositAddresses,
    requiredConfirmations,
    chainHead: () => depositWatcher?.head(),
    gameHistory: (userId) => games.history(userId),
  });
  const withdrawals = createWithdrawalsService({
    db,
    chainId,
    users,
    sendVerificationMail: (context) => auth.resendVerification(context),
    balanceEvents,
    logger,
    clock,
  });
  const price = createPriceService({
    fixed: config.fixedEthUsdPrice,
    url: config.priceUrl,
    pollMs: config.pricePollMs,
    staleMs: config.priceStaleMs,
    fetch: deps.priceFetch,
    clock,
    logger,
  });
  const contact = createContactService({
    contactRepo: createContactRepo(db),
    mailer,
    supportEmail: config.supportEmail,
    clock,
    logger,
  });
  const requireAuth = createRequireAuth(auth);
  const siwe = createSiweService({
    db,
    // Without a chain (tests of other parts) only plain accounts' signatures can be checked.
    publicClient: chain?.publicClient ?? { verifyMessage: ({ address, message, signature }) => verifyMessage({ address, message, signature }) },
    appUrl: config.appUrl,
    allowedChainIds: [chainId],
    clock,
    logger,
  });

  await fastify.register(
    async (api) => {
      // Answers carry tokens and personal data: never cached.
      api.addHook('onSend', async (_request, reply, payload) => {
        reply.header('cache-control', 'no-store');
        return payload;
      });
      await api.register(authRoutes, {
        prefix: '/auth',
        auth,
        siwe,
        requireAuth,
        secureCookies: config.isProduction,
        rateLimitPerMinute: config.rateLimitAuthPerMinute,
      });
      await api.register(contactRoutes, { contact, rateLimitPerMinute: config.rateLimitContactPerMinute });
      await api.register(accountRoutes, { account, auth, requireAuth, emailRateLimitPerMinute: config.rateLimitAuthPerMinute });
      await api.register(healthRoutes, { db });
      await api.register(priceRoutes, { price });
      await api.register(configRoutes, {
        config: {
          chain: { id: chainId, name: chain?.chainName ?? 'Development chain', development: chain?.settings.development ?? true },
          depositConfirmations: requiredConfirmations,
        },
      });
      await api.register(walletRoutes, { withdrawals, requireAuth });
      await api.register(transactionsRoutes, { games });
      await api.register(chainRpcRoutes, {
        // Without a chain (tests of other parts) every call answers 503.
        proxy: createChainRpcProxy({ rpcUrl: chain?.rpcUrl, logger }),
        rateLimitPerMinute: config.rateLimitChainRpcPerMinute,
      });
      if (chain?.settings.development && !config.isProduction) await api.register(devRoutes, { users, depositAddresses });
    },
    { prefix: API_PREFIX },
  );
  if (metricsServed({ token: config.metricsToken, isProduction: config.isProduction })) {
    await fastify.register(metricsRoutes, { metrics, token: config.metricsToken });
  } else {
    logger.info('GET /metrics is not served: set METRICS_TOKEN to expose it in production');
  }
  await registerWebApp(fastify, { webDistDir: config.webDistDir });

  const stopPresenceBroadcast = registerRealtimeHandlers({ io, publicIo, auth, presence, logger });
  const redisMatchQueue =
    !deps.matchQueue && deps.redis && liveness
      ? createRedisMatchQueue({
          redis: deps.redis,
          liveness,
          logger,
          // The ticket's node died with the searching socket: the user's sockets on other nodes end the search.
          onDropped: (ticket) => io.to(userRoom(ticket.userId)).emit('error', { message: MATCHMAKING_TEXTS.searchInterrupted }),
        })
      : undefined;
  const matchQueue = deps.matchQueue ?? redisMatchQueue ?? createInProcessMatchQueue();
  const matchmaking = createMatchmaking({
    db,
    queue: matchQueue,
    games,
    price,
    clock,
    logger,
    notifyError: (socketId, message) => io.to(socketId).emit('error', { message }),
  });
  registerGameHandlers({ io, games, matchmaking, clock, logger });
  metrics.setSources({
    socketConnections: () => ({ signedIn: io.of('/').sockets.size, public: publicIo.of('/').sockets.size }),
    onlineUsers: () => presence.countOnlineUsers(),
    queueLengths: () => matchQueue.lengths(),
    gamesRunning: () => games.liveCount(),
    pendingWithdrawals: () => pendingWithdrawalCount(db, chainId),
    ...(chain
      ? { chainCursorLag: async () => cursorLag(await chain.publicClient.getBlockNumber(), await scannerCursor(db, chainId)) }
      : {}),
  });

  fastify.addHook('preClose', async () => {
    stopPresenceBroadcast();
    await price.stop();
    await games.stop();
    await gameRelay?.close();
    await chainLeader?.stop();
    await depositWatcher?.stop();
    await withdrawalSender?.stop();
    // Close this node's sockets (`local`: with the Redis adapter a plain disconnectSockets
    // would close every node's) before the HTTP server stops accepting; engine.close ends upgraded connections too.
    for (const server of [io, publicIo]) {
      server.local.disconnectSockets(true);
      server.engine.close();
    }
    redisMatchQueue?.stop();
    // This node leaves: its users stop counting on the other nodes now, not after the liveness TTL.
    if (!deps.presence) await presence.close();
    await liveness?.stop();
    await closeAdapters();
  });

  await fastify.ready();
  // Polling starts once the app is built; the preClose hook stops it.
  price.start();
  // Games left running by a previous process continue here (players get the reconnection grace).
  const resumed = await games.resumeAll();
  if (resumed > 0) logger.info({ resumed }, 'Running games resumed');
  if (chainLeader) chainLeader.start();
  else if (deps.startChainWorkers !== false) {
    depositWatcher?.start();
    withdrawalSender?.start();
  }

  return {
    fastify,
    io,
    publicIo,
    auth,
    presence,
    price,
    depositAddresses,
    games,
    matchQueue,
    metrics,
    ...(depositWatcher ? { depositWatcher } : {}),
    ...(withdrawalSender ? { withdrawalSender } : {}),
    ...(chainLeader ? { chainLeader } : {}),
    close: () => fastify.close(),
  };
}

/**
 * Mounts the server on its built parts: the HTTP API and the web app on the
 * Fastify instance, the realtime handlers on both Socket.IO servers, and the
 * shutdown order. It builds nothing: composition.ts builds the cluster
 * adapters (compose/cluster.ts), the transports (compose/transport.ts) and
 * the services (compose/services.ts), then calls it.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { API_PREFIX, serverTexts } from '@shifumi/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterAdapters } from './compose/cluster';
import type { Services } from './compose/services';
import type { Transport } from './compose/transport';
import type { AppConfig } from './config';
import { accountRoutes } from './http/account.routes';
import { accountSecurityRoutes } from './http/account-security.routes';
import { adminRoutes } from './http/admin.routes';
import { authRoutes } from './http/auth.routes';
import { createRequireAuth } from './http/authenticate';
import { chainRpcRoutes } from './http/chain-rpc.routes';
import { chainStatusRoutes } from './http/chain-status.routes';
import { configRoutes } from './http/config.routes';
import { contactRoutes } from './http/contact.routes';
import { devRoutes } from './http/dev.routes';
import { registerErrorHandler } from './http/error-handler';
import { fairnessRoutes } from './http/fairness.routes';
import { solvencyRoutes } from './http/solvency.routes';
import { healthRoutes } from './http/health.routes';
import { JSON_MAX_DEPTH, jsonNestsDeeperThan } from './http/json-depth';
import { lobbyRoutes } from './http/lobby.routes';
import { challengesRoutes } from './http/challenges.routes';
import { linkedDeviceRoutes } from './http/linked-devices.routes';
import { metricsRoutes, metricsServed } from './http/metrics.routes';
import { priceRoutes } from './http/price.routes';
import { responsibleGamingRoutes } from './http/responsible-gaming.routes';
import { helmetOptions, WALLET_CSP_ADDITIONS } from './http/security';
import { transactionsRoutes } from './http/transactions.routes';
import { gameDetailRoutes } from './http/game-detail.routes';
import { transcriptRoutes } from './http/transcript.routes';
import { walletRoutes } from './http/wallet.routes';
import { registerWebApp } from './http/web-app';
import { closeConnectionsGradually, drainSpreadMs } from './realtime/drain-connections';
import { registerGameHandlers } from './realtime/game-handlers';
import { registerRealtimeHandlers } from './realtime/handlers';
import { pickLanguage } from './shared/language';
import type { DrainState } from './shared/drain';
import { refusal, RefusalError } from './shared/result';

export interface MountDeps {
  config: AppConfig;
  logger: FastifyBaseLogger;
  transport: Transport;
  services: Services;
  cluster: ClusterAdapters;
  /** Issue 29: set on SIGTERM; readiness, new live connections and searches follow it. */
  drain: DrainState;
}

/**
 * Fastify's JSON parser, except that an empty body counts as no body: clients
 * send `Content-Type: application/json` with nothing on refresh and logout.
 * JSON only: other bodies (text/plain, forms) are refused with 415 before any handler runs.
 */
function registerJsonParser(fastify: Transport['fastify']): void {
  const defaultJsonParser = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (jsonNestsDeeperThan(text, JSON_MAX_DEPTH)) {
      return done(new RefusalError(refusal('json_too_deep')), undefined);
    }
    void defaultJsonParser(request, text, done);
  });
}

/** Mounts routes and handlers, and the close order (services, sockets, cluster adapters, Socket.IO adapters); then ready. */
export async function buildApp(deps: MountDeps): Promise<void> {
  const { config, logger, transport, services, cluster, drain } = deps;
  const { fastify, io, publicIo } = transport;
  const { db, clock, auth, siwe, accountSecurity, twoFactor, addressBook, users, contact, account, responsibleGaming } = services;
  const { price, withdrawals, withdrawalGuard, games, transcriptSigner, depositAddresses, metrics } = services;

  registerJsonParser(fastify);
  registerErrorHandler(fastify);
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await fastify.register(fastifyCookie);
  await fastify.register(fastifyHelmet, helmetOptions(config.appUrl, WALLET_CSP_ADDITIONS));
  // Several nodes count against one budget per IP (the cluster's store); one node counts in memory.
  await fastify.register(fastifyRateLimit, { global: false, ...(cluster.rateLimitStore ?? {}) });

  const requireAuth = createRequireAuth(auth);
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
        accountSecurity,
      });
      await api.register(accountSecurityRoutes, {
        accountSecurity,
        twoFactor,
        addressBook,
        users,
        requireAuth,
        rateLimitPerMinute: config.rateLimitAuthPerMinute,
      });
      await api.register(contactRoutes, { contact, rateLimitPerMinute: config.rateLimitContactPerMinute });
      await api.register(accountRoutes, {
        account,
        accountStatus: services.accountStatus,
        auth,
        requireAuth,
        emailRateLimitPerMinute: config.rateLimitAuthPerMinute,
      });
      await api.register(responsibleGamingRoutes, { responsibleGaming, statements: services.statements, requireAuth });
      // The one route given the database: readiness pings it.
      await api.register(healthRoutes, { db, drain, ...(cluster.ping ? { pingRedis: cluster.ping } : {}) });
      await api.register(priceRoutes, { price });
      await api.register(configRoutes, {
        config: {
          chain: { id: services.chain.id, name: services.chain.name, development: services.chain.development },
          depositConfirmations: services.chain.requiredConfirmations,
          explorerUrl: config.explorerUrl ?? null,
        },
      });
      await api.register(chainStatusRoutes, { status: services.chainStatus });
      await api.register(walletRoutes, {
        withdrawals,
        requireAuth,
        onRequested: (...args) => withdrawalGuard.requested(...args),
        rateLimitPerMinute: config.rateLimitAuthPerMinute,
      });
      await api.register(transactionsRoutes, { games });
      await api.register(lobbyRoutes, { lobby: services.lobby });
      await api.register(challengesRoutes, { challenges: services.challenges, requireAuth });
      // Issue 14: a game of the player's, round by round.
      await api.register(gameDetailRoutes, { gameDetails: services.gameDetails, requireAuth });
      await api.register(fairnessRoutes, { signer: transcriptSigner });
      await api.register(transcriptRoutes, { transcripts: services.transcripts, requireAuth });
      await api.register(adminRoutes, { admin: services.admin, solvency: services.solvency });
      // Issue 28: proof of solvency.
      await api.register(solvencyRoutes, { solvency: services.solvency, requireAuth });
      await api.register(linkedDeviceRoutes, { devices: services.devices, requireAuth });
      await api.register(chainRpcRoutes, {
        proxy: services.chainRpcProxy,
        rateLimitPerMinute: config.rateLimitChainRpcPerMinute,
      });
      if (services.chain.givenDevelopmentChain && !config.isProduction)
        await api.register(devRoutes, { users, depositAddresses });
    },
    { prefix: API_PREFIX },
  );
  if (metricsServed({ token: config.metricsToken, isProduction: config.isProduction })) {
    await fastify.register(metricsRoutes, { metrics, token: config.metricsToken });
  } else {
    logger.info('GET /metrics is not served: set METRICS_TOKEN to expose it in production');
  }
  await registerWebApp(fastify, { webDistDir: config.webDistDir });

  // Issue 29: a draining node takes no new live connection (the client retries, through the balancer, on another node).
  for (const server of [io, publicIo]) {
    const allowed = server.engine.opts.allowRequest;
    server.engine.opts.allowRequest = (request, callback) => {
      if (drain.draining)
        return callback(serverTexts(pickLanguage(null, request.headers['accept-language'])).server.draining, false);
      if (allowed) return allowed(request, callback);
      return callback(null, true);
    };
  }
  const stopPresenceBroadcast = registerRealtimeHandlers({
    io,
    publicIo,
    auth,
    presence: services.presence,
    lobby: services.lobby,
    logger,
  });
  registerGameHandlers({
    io,
    games,
    matchmaking: services.matchmaking,
    rematch: services.rematch,
    clock,
    logger,
    draining: () => drain.draining,
  });

  fastify.addHook('preClose', async () => {
    stopPresenceBroadcast();
    await services.stop();
    // Close this node's sockets (`local`: with the Redis adapter a plain disconnectSockets
    // would close every node's) before the HTTP server stops accepting; engine.close ends upgraded connections too.
    // Issue 29: a draining node only closes the transports, so that clients reconnect by themselves (through the
    // balancer, to another node); a DISCONNECT packet would tell them to stay away.
    // Draining, they are closed in batches over a few seconds (realtime/drain-connections.ts): the other node takes the
    // reconnections as a stream.
    if (drain.draining) await closeConnectionsGradually([io, publicIo], drainSpreadMs(config.shutdownGraceMs));
    for (const server of [io, publicIo]) {
      if (!drain.draining) server.local.disconnectSockets(true);
      server.engine.close();
    }
    await cluster.close();
    await transport.closeAdapters();
  });
  await fastify.ready();
}

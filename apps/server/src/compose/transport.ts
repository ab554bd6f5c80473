/**
 * The transports: one Fastify instance (its HTTP server's limits, request
 * ids, deadlines) and the two Socket.IO servers on the same HTTP server — the
 * signed-in game server and the public one. Built before the services, which
 * tell players things through them (realtime/ implements the modules' event
 * interfaces on these servers); app.ts mounts routes and handlers on them.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { CONNECTION_TIMEOUTS, type ConnectionTimeouts } from '../http/connection-timeouts';
import { refusalAnswer } from '../http/error-handler';
import type { RedisContext } from '../infra/redis/redis';
import { createSocketServers, type GameServer, type PublicServer } from '../realtime/servers';
import { refusal } from '../shared/result';

/** Default body limit of every route (JSON bodies here are small); routes may set their own. */
export const BODY_LIMIT_BYTES = 16 * 1024;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

export interface Transport {
  fastify: FastifyInstance;
  io: GameServer;
  publicIo: PublicServer;
  /** Stops the Socket.IO servers' cross-node adapters (their Redis reads); call before closing Redis. */
  closeAdapters(): Promise<void>;
}

export interface TransportOptions {
  config: AppConfig;
  logger: FastifyBaseLogger;
  /** Given → Socket.IO rooms span every node (the Redis streams adapter). */
  redis?: RedisContext;
  /** Connection timeouts (issue 12; tests shorten them). */
  timeouts?: Partial<ConnectionTimeouts>;
}

export function createTransport(options: TransportOptions): Transport {
  const { config, logger } = options;
  const trustsProxy = config.trustProxy !== false;
  const timeouts = { ...CONNECTION_TIMEOUTS, ...options.timeouts };

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
    // avvio's 10 s default failed a start on a busy 2-core CI machine; a plugin that truly hangs still fails the start.
    pluginTimeout: 60_000,
    // Undecodable URLs (`/api/%`) are answered like every other client error.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: error }, 'Malformed request');
      const answer = reply as FastifyReply;
      void answer
        .code(400)
        .header('cache-control', 'no-store')
        .send(refusalAnswer(request as FastifyRequest, refusal('invalid_request')));
    },
    return503OnClosing: true,
    // Issue 12: header, request and idle deadlines (connection-timeouts.ts, decision 010).
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
  });

  const { io, publicIo, closeAdapters } = createSocketServers(fastify.server, config.appUrl, {
    ...(options.redis ? { redis: options.redis } : {}),
    development: config.nodeEnv === 'development',
    connectTimeoutMs: timeouts.socketConnectMs,
  });
  return { fastify, io, publicIo, closeAdapters };
}

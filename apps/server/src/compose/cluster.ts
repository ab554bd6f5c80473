/**
 * The cluster adapters: what one node shares with the others. With Redis
 * (config.redisUrl) every part spans all nodes; without it, the in-process
 * implementation of the same interface serves one node.
 *
 * | part       | one node (no Redis)        | several nodes (Redis)                          |
 * |------------|----------------------------|------------------------------------------------|
 * | liveness   | —                          | node-liveness.ts: which node instances beat     |
 * | presence   | presence.ts (in process)   | redis-presence.ts (sockets of live nodes)       |
 * | queue      | match-queue.ts             | redis-match-queue.ts (tickets of live nodes)    |
 * | leases     | lease-store.ts             | redis-lease-store.ts (fencing tokens)           |
 * | relay      | — (nobody to relay to)     | node-relay.ts (requests between game services)  |
 * | rate limit | in the process's memory    | one budget per IP across the nodes             |
 *
 * main.ts builds them (composition.ts does for an app built without); the
 * app closes them when it closes, in the order its shutdown needs. Redis
 * itself belongs to main.ts: nothing here closes it.
 */
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config';
import { createNodeLiveness, type NodeLiveness } from '../infra/redis/node-liveness';
import type { RedisContext } from '../infra/redis/redis';
import { createRedisRelay, type NodeRelay } from '../modules/cluster/node-relay';
import { createInProcessLeaseStore, type LeaseStore } from '../modules/leases/lease-store';
import { createRedisLeaseStore } from '../modules/leases/redis-lease-store';
import { createInProcessMatchQueue, type MatchQueue, type QueueTicket } from '../modules/matchmaking/match-queue';
import { createRedisMatchQueue } from '../modules/matchmaking/redis-match-queue';
import { createInProcessPresence, type Presence } from '../realtime/presence';
import { createRedisPresence } from '../realtime/redis-presence';
import type { Logger } from '../shared/logger';

export interface ClusterAdapters {
  /**
   * This process's name as a lease holder and on the relay: the node id plus an instance part, so that a node
   * restarted with the same NODE_ID never mistakes its predecessor's leases for its own.
   */
  holder: string;
  presence: Presence;
  matchQueue: MatchQueue;
  leases: LeaseStore;
  /** Present with Redis: requests between the nodes' game services. */
  relay?: NodeRelay;
  /** Present with Redis: the nodes' shared liveness. */
  liveness?: NodeLiveness;
  /** Present with Redis: the rate limiter's shared store (@fastify/rate-limit's `redis` options). */
  rateLimitStore?: { redis: ReturnType<RedisContext['duplicate']>; nameSpace: string; skipOnError: true };
  /** Whether the chain workers need an elected leader (several nodes may run them). */
  clustered: boolean;
  /** Present with Redis: throws at once when Redis does not answer (readiness, issue 29). */
  ping?: () => Promise<void>;
  /** Sets who is told of a queue ticket dropped because its node died (the realtime layer, once it exists). */
  onTicketDropped(listener: (ticket: QueueTicket) => void): void;
  /** The queue's sweep stops, presence forgets this node's sockets, liveness removes it, the relay closes. */
  close(): Promise<void>;
}

export interface ClusterAdapterOptions {
  config: Pick<AppConfig, 'nodeId'>;
  logger: Logger;
  /** Redis shared by every node; absent → one node, in process. */
  redis?: RedisContext;
  /** Replaces the presence (tests); not closed by `close()`. */
  presence?: Presence;
  /** Replaces the matchmaking queue (tests); not stopped by `close()`. */
  matchQueue?: MatchQueue;
}

/** How long the start waits for the rate limiter's connection (Redis answered already: normally milliseconds). */
const RATE_LIMIT_READY_WAIT_MS = 2_000;

function readyWithin(connection: ReturnType<RedisContext['duplicate']>, ms: number): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    connection.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export async function buildClusterAdapters(options: ClusterAdapterOptions): Promise<ClusterAdapters> {
  const { config, logger, redis } = options;
  const holder = `${config.nodeId}/${randomUUID().slice(0, 8)}`;
  let droppedListener: (ticket: QueueTicket) => void = () => undefined;
  const onTicketDropped = (listener: (ticket: QueueTicket) => void) => {
    droppedListener = listener;
  };

  if (!redis) {
    const presence = options.presence ?? createInProcessPresence();
    return {
      holder,
      presence,
      matchQueue: options.matchQueue ?? createInProcessMatchQueue(),
      leases: createInProcessLeaseStore(),
      clustered: false,
      onTicketDropped,
      async close() {
        if (!options.presence) await presence.close();
      },
    };
  }

  // Which node instances are alive, so that a dead node's queue tickets and sockets stop counting.
  const liveness = createNodeLiveness({ redis, nodeId: config.nodeId, logger });
  await liveness.start();
  const presence = options.presence ?? (await createRedisPresence({ redis, liveness, logger }));
  const redisQueue = options.matchQueue
    ? undefined
    : createRedisMatchQueue({ redis, liveness, logger, onDropped: (ticket) => droppedListener(ticket) });
  const relay = await createRedisRelay({
    publisher: redis.client,
    subscriber: redis.duplicate('game-relay'),
    self: holder,
    prefix: redis.keyPrefix,
    logger,
  });
  // Fails fast (no offline queue): connected before the first request, so that the limiter counts from the start.
  const rateLimitRedis = redis.duplicate('rate-limit', { failFast: true });
  await readyWithin(rateLimitRedis, RATE_LIMIT_READY_WAIT_MS);
  return {
    holder,
    presence,
    matchQueue: options.matchQueue ?? redisQueue!,
    leases: createRedisLeaseStore(redis.client, { prefix: redis.keyPrefix }),
    relay,
    liveness,
    // Several nodes count against one budget per IP. Redis out of reach: requests pass rather than wait or fail.
    rateLimitStore: { redis: rateLimitRedis, nameSpace: `${redis.keyPrefix}rate-limit:`, skipOnError: true },
    clustered: true,
    // The fail-fast connection: no offline queue, so an unreachable Redis answers at once.
    ping: async () => {
      await rateLimitRedis.ping();
    },
    onTicketDropped,
    async close() {
      await relay.close();
      redisQueue?.stop();
      // This node leaves: its users stop counting on the other nodes now, not after the liveness TTL.
      if (!options.presence) await presence.close();
      await liveness.stop();
    },
  };
}

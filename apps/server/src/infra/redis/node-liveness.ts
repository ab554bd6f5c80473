/**
 * Which node instances are alive, for the Redis parts that hold per-node
 * state (queue tickets, presence connections).
 *
 * One hash `<prefix>nodes` maps an instance id to the deadline (ms, Redis
 * clock) until which it counts as alive. Each instance renews its deadline
 * every `intervalMs` (default 2 s) to now + `ttlMs` (default 10 s). An
 * instance whose deadline passed is dead: its tickets are dropped, its
 * connections no longer counted. Deadlines come from Redis's TIME inside the
 * scripts, so the nodes' clocks never matter.
 *
 * The instance id is `<NODE_ID>:<random>`, new at every start: a node
 * restarted with the same NODE_ID never inherits the sockets and tickets of
 * its previous life, which died with it.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from '../../shared/logger';
import type { RedisContext } from './redis';
import { createPeriodicTask } from '../../shared/periodic-task';

/** Lua helpers every script that checks liveness starts with. */
export const LIVENESS_LUA = `
local function now_ms()
  local time = redis.call('TIME')
  return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local function is_alive(nodes_key, instance, now)
  local deadline = tonumber(redis.call('HGET', nodes_key, instance) or '0')
  return deadline ~= nil and deadline > now
end
`;

/** Renews the deadline; answers 1 when the instance had lapsed (or was never seen), 0 otherwise. */
const BEAT_LUA = `${LIVENESS_LUA}
local now = now_ms()
local lapsed = is_alive(KEYS[1], ARGV[1], now) and 0 or 1
redis.call('HSET', KEYS[1], ARGV[1], now + tonumber(ARGV[2]))
return lapsed
`;

export const nodesKey = (keyPrefix: string) => `${keyPrefix}nodes`;

export interface NodeLiveness {
  /** This instance: `<NODE_ID>:<random>`. */
  readonly instanceId: string;
  readonly ttlMs: number;
  /** The key of the liveness hash (scripts take it in KEYS). */
  readonly key: string;
  /** First beat (throws when Redis does not answer), then one every interval. */
  start(): Promise<void>;
  /** Stops beating and removes this instance: it counts as dead at once. */
  stop(): Promise<void>;
  /** Called after a beat found this instance lapsed (Redis unreachable longer than the TTL): per-node state may have been dropped by another node. */
  onLapse(listener: () => void): () => void;
}

export interface NodeLivenessOptions {
  redis: RedisContext;
  nodeId: string;
  logger: Logger;
  ttlMs?: number;
  intervalMs?: number;
}

export function createNodeLiveness(options: NodeLivenessOptions): NodeLiveness {
  const { redis, logger } = options;
  const ttlMs = options.ttlMs ?? 10_000;
  const intervalMs = options.intervalMs ?? 2_000;
  if (intervalMs * 2 > ttlMs) throw new RangeError('the liveness TTL must allow at least two missed beats');
  const instanceId = `${options.nodeId}:${randomBytes(4).toString('hex')}`;
  const key = nodesKey(redis.keyPrefix);
  const listeners = new Set<() => void>();
  let started = false;

  async function beat(): Promise<void> {
    const lapsed = (await redis.client.eval(BEAT_LUA, 1, key, instanceId, String(ttlMs))) === 1;
    if (lapsed && started) {
      logger.warn(
        { instanceId },
        'This node counted as dead for a while (Redis unreachable?): its queue tickets may have been dropped',
      );
      for (const listener of listeners) listener();
    }
  }

  // No back-off: a beat missed for longer than the TTL counts this node dead. Redis out of reach is logged once (warn).
  const beats = createPeriodicTask({
    name: 'Liveness beat',
    everyMs: intervalMs,
    maxBackoffMs: intervalMs,
    failureLevel: 'warn',
    logger,
    run: beat,
  });

  return {
    instanceId,
    ttlMs,
    key,
    async start() {
      if (started) return;
      await beat();
      started = true;
      beats.start();
    },
    async stop() {
      await beats.stop();
      started = false;
      await redis.client.hdel(key, instanceId);
    },
    onLapse(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

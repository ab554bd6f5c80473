/**
 * Who is online across every node, in Redis.
 *
 * Keys (under the Redis key prefix):
 * - `presence:users`            hash user id → number of open sockets on all nodes (HLEN = online users);
 * - `presence:node:<instance>`  hash socket id → user id: the sockets of one node instance;
 * - `presence:instances`        set of the instances that have such a hash;
 * - `presence:version`          a counter bumped whenever the set of online users changes;
 * - channel `presence:changed`  `<version>:<count>` published at each bump.
 *
 * Each operation is one Lua script, so the counts stay exact with every node
 * writing at once. A node that dies leaves its hash behind; once its liveness
 * deadline passes (node-liveness.ts, 10 s), the first node to look — every
 * node looks every second, and at each count — subtracts that hash from the
 * counts and deletes it. So a dead node's users stop counting within about
 * 11 s; a node stopped cleanly removes its own at once.
 *
 * onChange: the node that made a change announces it as soon as its script
 * answers; the others hear it on the channel. Versions order the
 * announcements, so a late message never announces an older count; the
 * once-a-second check also catches messages lost while Redis was unreachable.
 */
import type { Logger } from '../shared/logger';
import { LIVENESS_LUA, type NodeLiveness } from '../infra/redis/node-liveness';
import type { RedisContext } from '../infra/redis/redis';
import { createPeriodicTask } from '../shared/periodic-task';
import type { Presence } from './presence';

const ANNOUNCE_LUA = `
local function announce(version_key, channel, users_key, changed)
  local count = redis.call('HLEN', users_key)
  local version
  if changed then
    version = redis.call('INCR', version_key)
    redis.call('PUBLISH', channel, version .. ':' .. count)
  else
    version = tonumber(redis.call('GET', version_key) or '0')
  end
  return {version, count}
end
local function drop_instance(users_key, instances_key, node_prefix, instance)
  local key = node_prefix .. instance
  local entries = redis.call('HGETALL', key)
  local changed = false
  for index = 2, #entries, 2 do
    local left = redis.call('HINCRBY', users_key, entries[index], -1)
    if left <= 0 then
      redis.call('HDEL', users_key, entries[index])
      changed = true
    end
  end
  redis.call('DEL', key)
  redis.call('SREM', instances_key, instance)
  return changed
end
`;

// KEYS: users, nodes, instances, version, this node's hash. ARGV: instance, ttl ms, socket, user, channel.
const CONNECT_LUA = `${LIVENESS_LUA}${ANNOUNCE_LUA}
local now = now_ms()
-- A node that registers a socket is alive: this counts as its beat.
redis.call('HSET', KEYS[2], ARGV[1], now + tonumber(ARGV[2]))
redis.call('SADD', KEYS[3], ARGV[1])
local changed = false
if redis.call('HSETNX', KEYS[5], ARGV[3], ARGV[4]) == 1 then
  changed = redis.call('HINCRBY', KEYS[1], ARGV[4], 1) == 1
end
return announce(KEYS[4], ARGV[5], KEYS[1], changed)
`;

// KEYS: users, version, this node's hash. ARGV: socket, user, channel.
const DISCONNECT_LUA = `${ANNOUNCE_LUA}
local changed = false
if redis.call('HGET', KEYS[3], ARGV[1]) == ARGV[2] then
  redis.call('HDEL', KEYS[3], ARGV[1])
  local left = redis.call('HINCRBY', KEYS[1], ARGV[2], -1)
  if left <= 0 then
    redis.call('HDEL', KEYS[1], ARGV[2])
    changed = true
  end
end
return announce(KEYS[2], ARGV[3], KEYS[1], changed)
`;

// KEYS: users, nodes, instances, version. ARGV: node hash prefix, channel, instance to drop whatever its liveness or ''.
const PURGE_LUA = `${LIVENESS_LUA}${ANNOUNCE_LUA}
local now = now_ms()
local changed = false
for _, instance in ipairs(redis.call('SMEMBERS', KEYS[3])) do
  if instance == ARGV[3] or not is_alive(KEYS[2], instance, now) then
    if drop_instance(KEYS[1], KEYS[3], ARGV[1], instance) then changed = true end
  end
end
return announce(KEYS[4], ARGV[2], KEYS[1], changed)
`;

export interface RedisPresenceOptions {
  redis: RedisContext;
  /** This node's liveness (started by the caller). */
  liveness: NodeLiveness;
  logger: Logger;
  /** How often to purge dead nodes and re-read the count (default 1 s; 0 → never, tests drive it). */
  pollMs?: number;
}

export interface RedisPresence extends Presence {
  /** Drops dead nodes' sockets now and announces the count if it changed; answers the count. */
  refresh(): Promise<number>;
}

export async function createRedisPresence(options: RedisPresenceOptions): Promise<RedisPresence> {
  const { redis, liveness, logger } = options;
  const prefix = redis.keyPrefix;
  const keys = {
    users: `${prefix}presence:users`,
    instances: `${prefix}presence:instances`,
    version: `${prefix}presence:version`,
    nodePrefix: `${prefix}presence:node:`,
    channel: `${prefix}presence:changed`,
  };
  const ownHash = `${keys.nodePrefix}${liveness.instanceId}`;
  const listeners = new Set<(onlineUsers: number) => void>();
  /** This node's sockets, to register them again if this node was counted dead for a while. */
  const local = new Map<string, string>();
  let lastVersion = -1;
  let lastCount: number | undefined;
  let closed = false;

  function announce(answer: unknown): number {
    const [version, count] = (Array.isArray(answer) ? answer : []).map(Number);
    if (!Number.isSafeInteger(version) || !Number.isSafeInteger(count)) throw new Error('Unexpected presence answer from Redis');
    if (version! <= lastVersion) return count!;
    lastVersion = version!;
    if (count !== lastCount) {
      lastCount = count;
      for (const listener of listeners) listener(count!);
    }
    return count!;
  }

  const subscriber = redis.duplicate('presence-subscriber');
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== keys.channel || closed) return;
    const match = /^(\d+):(\d+)$/.exec(message);
    if (!match) return logger.warn({ message: message.slice(0, 100) }, 'Malformed presence message ignored');
    announce([match[1], match[2]]);
  });
  await subscriber.subscribe(keys.channel);

  async function connectSocket(userId: string, connectionId: string): Promise<void> {
    announce(
      await redis.client.eval(
        CONNECT_LUA,
        5,
        keys.users,
        liveness.key,
        keys.instances,
        keys.version,
        ownHash,
        liveness.instanceId,
        String(liveness.ttlMs),
        connectionId,
        userId,
        keys.channel,
      ),
    );
  }

  async function purge(dropInstance = ''): Promise<number> {
    return announce(
      await redis.client.eval(
        PURGE_LUA,
        4,
        keys.users,
        liveness.key,
        keys.instances,
        keys.version,
        keys.nodePrefix,
        keys.channel,
        dropInstance,
      ),
    );
  }

  // Counted dead while Redis was out of reach: another node may have dropped our sockets. Register them again (idempotent).
  const stopLapseListener = liveness.onLapse(() => {
    for (const [connectionId, userId] of local) {
      connectSocket(userId, connectionId).catch((error: unknown) =>
        logger.warn({ err: error }, 'Re-registering a socket failed'),
      );
    }
  });

  const pollMs = options.pollMs ?? 1000;
  // No back-off past the poll: the online count must follow dead nodes. Redis out of reach is logged once (warn).
  const refresher =
    pollMs > 0
      ? createPeriodicTask({
          name: 'Presence refresh',
          everyMs: pollMs,
          maxBackoffMs: pollMs,
          failureLevel: 'warn',
          logger,
          run: async () => void (await purge()),
        })
      : undefined;
  refresher?.start();
  // Where the count stands now, so that the first change this node sees is announced against it.
  await purge();

  return {
    async connect(userId, connectionId) {
      if (closed) return;
      local.set(connectionId, userId);
      await connectSocket(userId, connectionId);
    },
    async disconnect(userId, connectionId) {
      if (closed) return;
      if (local.get(connectionId) === userId) local.delete(connectionId);
      announce(await redis.client.eval(DISCONNECT_LUA, 3, keys.users, keys.version, ownHash, connectionId, userId, keys.channel));
    },
    countOnlineUsers: () => purge(),
    refresh: () => purge(),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      await refresher?.stop();
      stopLapseListener();
      local.clear();
      // Leaving cleanly: this node's sockets stop counting now, not after the liveness TTL.
      await purge(liveness.instanceId);
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

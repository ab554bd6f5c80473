import { afterEach, describe, expect, it } from 'vitest';
import { createNodeLiveness, type NodeLiveness } from '../infra/redis/node-liveness';
import type { RedisContext } from '../infra/redis/redis';
import { deleteKeysOf, openTestRedis, randomKeyPrefix, silentLogger, TEST_REDIS_URL } from '../infra/redis/redis-testing';
import { describePresenceContract } from './presence.contract';
import { createRedisPresence, type RedisPresence } from './redis-presence';

/** Everything a test opened: closed, and its keys deleted, after it. */
const opened: Array<{ redis: RedisContext; liveness: NodeLiveness; presence: RedisPresence }> = [];
const prefixes = new Set<RedisContext>();
afterEach(async () => {
  for (const { redis, liveness, presence } of opened.splice(0)) {
    await presence.close();
    await liveness.stop();
    prefixes.add(redis);
  }
  // Keys are deleted once every node of a prefix is closed.
  for (const redis of prefixes) {
    await deleteKeysOf(redis);
    await redis.close();
  }
  prefixes.clear();
});

/** One node on `keyPrefix`: its own connections, liveness and presence. */
async function node(keyPrefix: string, pollMs = 0) {
  const redis = await openTestRedis({ keyPrefix });
  const liveness = createNodeLiveness({ redis, nodeId: 'node', logger: silentLogger, ttlMs: 600, intervalMs: 100 });
  await liveness.start();
  const presence = await createRedisPresence({ redis, liveness, logger: silentLogger, pollMs });
  opened.push({ redis, liveness, presence });
  const announced: number[] = [];
  presence.onChange((count) => announced.push(count));
  return { redis, liveness, presence, announced };
}

describe.skipIf(!TEST_REDIS_URL)('Redis presence', () => {
  describePresenceContract('Redis', async () => (await node(randomKeyPrefix())).presence, { propertyRuns: 20 });

  it('counts distinct users across nodes and tells every node of each change', async () => {
    const prefix = randomKeyPrefix();
    const [a, b, c] = [await node(prefix), await node(prefix), await node(prefix)];
    await a.presence.connect('ann', 'a-1');
    // The same user on another node is one user.
    await b.presence.connect('ann', 'b-1');
    await b.presence.connect('bob', 'b-2');
    for (const each of [a, b, c]) expect(await each.presence.countOnlineUsers()).toBe(2);
    await a.presence.disconnect('ann', 'a-1');
    expect(await c.presence.countOnlineUsers()).toBe(2);
    await b.presence.disconnect('ann', 'b-1');
    // Node c made no change and still hears of every one, in order.
    await expect.poll(() => c.announced, { timeout: 2000 }).toEqual([1, 2, 1]);
    await expect.poll(() => a.announced, { timeout: 2000 }).toEqual([1, 2, 1]);
    expect(b.announced).toEqual([1, 2, 1]);
  });

  it("stops counting a dead node's users once its liveness lapses, and tells the others", async () => {
    const prefix = randomKeyPrefix();
    const dying = await node(prefix);
    const survivor = await node(prefix, 100);
    await dying.presence.connect('ann', 'd-1');
    await dying.presence.connect('bob', 'd-2');
    await survivor.presence.connect('bob', 's-1');
    expect(await survivor.presence.countOnlineUsers()).toBe(2);
    // SIGKILL: no more beats, no goodbye. The node's keys stay until someone notices.
    await dying.liveness.stop();
    await dying.redis.client.hset(dying.liveness.key, dying.liveness.instanceId, '1');
    await expect.poll(() => survivor.announced.at(-1), { timeout: 3000 }).toBe(1);
    expect(await survivor.presence.countOnlineUsers()).toBe(1);
    expect(await survivor.redis.client.exists(`${prefix}presence:node:${dying.liveness.instanceId}`)).toBe(0);
  });

  it("removes a cleanly stopped node's users at once", async () => {
    const prefix = randomKeyPrefix();
    const leaving = await node(prefix);
    const staying = await node(prefix);
    await leaving.presence.connect('ann', 'l-1');
    await staying.presence.connect('bob', 's-1');
    await leaving.presence.close();
    expect(await staying.presence.countOnlineUsers()).toBe(1);
    await expect.poll(() => staying.announced.at(-1), { timeout: 2000 }).toBe(1);
    // Calls after close change nothing.
    await leaving.presence.connect('carol', 'l-2');
    expect(await staying.presence.countOnlineUsers()).toBe(1);
  });

  it('registers its sockets again after being counted dead while Redis was out of reach', async () => {
    const prefix = randomKeyPrefix();
    const lapsing = await node(prefix);
    const other = await node(prefix);
    await lapsing.presence.connect('ann', 'l-1');
    await lapsing.presence.connect('ann', 'l-2');
    // Another node saw the lapsing one dead and dropped its sockets.
    await lapsing.redis.client.hset(lapsing.liveness.key, lapsing.liveness.instanceId, '1');
    expect(await other.presence.countOnlineUsers()).toBe(0);
    // Its next beat finds the lapse and registers both sockets again.
    await expect.poll(() => other.presence.countOnlineUsers(), { timeout: 2000 }).toBe(1);
    await lapsing.presence.disconnect('ann', 'l-1');
    expect(await other.presence.countOnlineUsers()).toBe(1);
    await lapsing.presence.disconnect('ann', 'l-2');
    expect(await other.presence.countOnlineUsers()).toBe(0);
  });

  it('catches up with changes whose message it missed', async () => {
    const prefix = randomKeyPrefix();
    const writer = await node(prefix);
    const reader = await node(prefix, 100);
    // A change made behind the channel's back (as if its message were lost while Redis reconnected).
    await writer.redis.client.hset(`${prefix}presence:users`, 'ghost', '1');
    await writer.redis.client.incr(`${prefix}presence:version`);
    await expect.poll(() => reader.announced, { timeout: 2000 }).toEqual([1]);
  });
});

import type { BetAmount } from '@shifumi/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodeLiveness, type NodeLiveness } from '../../infra/redis/node-liveness';
import type { RedisContext } from '../../infra/redis/redis';
import { deleteKeysOf, openTestRedis, randomKeyPrefix, silentLogger, TEST_REDIS_URL } from '../../infra/redis/redis-testing';
import type { QueueTicket } from './match-queue';
import { describeMatchQueueContract } from './match-queue.contract';
import { createRedisMatchQueue, type RedisMatchQueue } from './redis-match-queue';

const ticket = (userId: string, betUsd: BetAmount = 5): QueueTicket => ({
  userId,
  betUsd,
  character: 'Character2',
  socketId: `socket-${userId}`,
  queuedAt: 1_750_000_000_000,
});

/** Everything a test opened, closed and its keys deleted after it. */
const opened: Array<{ redis: RedisContext; liveness: NodeLiveness; queue: RedisMatchQueue }> = [];
afterEach(async () => {
  for (const { redis, liveness, queue } of opened.splice(0)) {
    queue.stop();
    await liveness.stop();
    await deleteKeysOf(redis);
    await redis.close();
  }
});

/** One node: its own connection and liveness, on the shared `keyPrefix`. */
async function node(keyPrefix: string, dropped: QueueTicket[] = []) {
  const redis = await openTestRedis({ keyPrefix });
  const liveness = createNodeLiveness({ redis, nodeId: 'node', logger: silentLogger, ttlMs: 600, intervalMs: 100 });
  await liveness.start();
  const queue = createRedisMatchQueue({
    redis,
    liveness,
    logger: silentLogger,
    onDropped: (entry) => dropped.push(entry),
    sweepIntervalMs: 0,
  });
  opened.push({ redis, liveness, queue });
  return { redis, liveness, queue, dropped };
}

describe.skipIf(!TEST_REDIS_URL)('Redis match queue', () => {
  describeMatchQueueContract('Redis', async () => (await node(randomKeyPrefix())).queue);

  it("sends a script's text only when Redis lacks it (EVALSHA; EVAL on NOSCRIPT), issue 30", async () => {
    const { redis, queue } = await node(randomKeyPrefix());
    const evals = vi.spyOn(redis.client, 'eval');
    const evalshas = vi.spyOn(redis.client, 'evalsha');
    // A Redis that restarted has no script: the first call answers NOSCRIPT and is sent again with its text.
    evalshas.mockRejectedValueOnce(new Error('NOSCRIPT No matching script. Please use EVAL.'));
    for (let round = 0; round < 5; round += 1) {
      expect(await queue.enqueue(ticket(`a${round}`))).toBe(true);
      expect(await queue.has(`a${round}`)).toBe(true);
      expect(await queue.enqueue(ticket(`b${round}`))).toBe(true);
      expect((await queue.takePair(5))?.map((entry) => entry.userId)).toEqual([`a${round}`, `b${round}`]);
    }
    // 20 operations: one script text sent (the NOSCRIPT retry), then at most once more per script Redis has not seen.
    expect(evalshas).toHaveBeenCalledTimes(20);
    expect(evals.mock.calls.length).toBeLessThanOrEqual(4);
    expect(evals.mock.calls.length).toBeGreaterThanOrEqual(1);
  });

  it('is one queue for every node: one ticket per user, each ticket taken once', async () => {
    const prefix = randomKeyPrefix();
    const [a, b, c] = [await node(prefix), await node(prefix), await node(prefix)];
    expect(await a.queue.enqueue(ticket('ann', 5))).toBe(true);
    // The same user searching through another node, at any amount, is refused: never matched with themselves.
    expect(await b.queue.enqueue(ticket('ann', 5))).toBe(false);
    expect(await c.queue.enqueue(ticket('ann', 10))).toBe(false);
    expect(await b.queue.has('ann')).toBe(true);
    expect(await b.queue.takePair(5)).toBeUndefined();
    // Cancelled through yet another node.
    expect((await c.queue.remove('ann'))?.userId).toBe('ann');

    const users = Array.from({ length: 60 }, (_, index) => `user-${index}`);
    await Promise.all(users.map((id, index) => [a, b, c][index % 3]!.queue.enqueue(ticket(id, 5))));
    const takers = Array.from({ length: 45 }, (_, index) => [a, b, c][index % 3]!.queue.takePair(5));
    const pairs = (await Promise.all(takers)).filter((pair) => pair !== undefined);
    const taken = pairs.flat().map((entry) => entry.userId);
    expect(pairs).toHaveLength(30);
    expect(new Set(taken).size).toBe(60);
    for (const [first, second] of pairs) expect(first.userId).not.toBe(second.userId);
    expect(await a.queue.lengths()).toEqual({});
  });

  it('stamps tickets with their node instance and keeps it when another node restores them', async () => {
    const prefix = randomKeyPrefix();
    const [a, b] = [await node(prefix), await node(prefix)];
    await a.queue.enqueue(ticket('ann'));
    await b.queue.enqueue(ticket('bob'));
    const pair = await b.queue.takePair(5);
    expect(pair?.map((entry) => entry.node)).toEqual([a.liveness.instanceId, b.liveness.instanceId]);
    // Bob could not pay: node b puts ann back; her ticket still belongs to node a.
    expect(await b.queue.restore(pair![0])).toBe(true);
    await a.liveness.stop();
    expect(await b.queue.has('ann')).toBe(false);
  });

  it('drops the tickets of a dead node instead of matching them, and tells their users', async () => {
    const prefix = randomKeyPrefix();
    const dead = await node(prefix);
    const dropped: QueueTicket[] = [];
    const alive = await node(prefix, dropped);
    await dead.queue.enqueue(ticket('ghost-1'));
    await dead.queue.enqueue(ticket('ghost-2'));
    await dead.queue.enqueue(ticket('ghost-3', 10));
    await alive.queue.enqueue(ticket('carol'));
    // The node dies: it stops beating (SIGKILL) and its TTL lapses.
    dead.queue.stop();
    await dead.liveness.stop();

    expect(await alive.queue.has('ghost-1')).toBe(false);
    await alive.queue.enqueue(ticket('dave'));
    const pair = await alive.queue.takePair(5);
    expect(pair?.map((entry) => entry.userId)).toEqual(['carol', 'dave']);
    expect(dropped.map((entry) => entry.userId)).toEqual(['ghost-1', 'ghost-2']);
    expect(dropped[0]).toMatchObject(ticket('ghost-1'));

    // The sweep finds the rest; a second sweep finds nothing: each ticket is dropped once.
    expect(await alive.queue.sweep()).toBe(1);
    expect(await alive.queue.sweep()).toBe(0);
    expect(dropped.map((entry) => entry.userId)).toEqual(['ghost-1', 'ghost-2', 'ghost-3']);
    expect(await alive.queue.lengths()).toEqual({});
  });

  it('lets a user whose node died search again at once, through another node', async () => {
    const prefix = randomKeyPrefix();
    const dead = await node(prefix);
    const alive = await node(prefix);
    await dead.queue.enqueue(ticket('ann', 5));
    await dead.liveness.stop();
    expect(await alive.queue.enqueue(ticket('ann', 10))).toBe(true);
    expect(await alive.queue.lengths()).toEqual({ 10: 1 });
    expect((await alive.queue.remove('ann'))?.betUsd).toBe(10);
  });

  it('counts a node as dead once it stops beating for the TTL, not before', async () => {
    const prefix = randomKeyPrefix();
    const a = await node(prefix);
    const b = await node(prefix);
    await a.queue.enqueue(ticket('ann'));
    // Beating every 100 ms with a 600 ms TTL: alive well past one TTL.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await b.queue.has('ann')).toBe(true);
    // Killed: no more beats, and no goodbye either.
    a.queue.stop();
    await a.liveness.stop();
    expect(await b.queue.has('ann')).toBe(false);
  });

  it('sweeps on a timer when asked to', async () => {
    const prefix = randomKeyPrefix();
    const dead = await node(prefix);
    await dead.queue.enqueue(ticket('ghost'));
    await dead.liveness.stop();
    const redis = await openTestRedis({ keyPrefix: prefix });
    const liveness = createNodeLiveness({ redis, nodeId: 'sweeper', logger: silentLogger, ttlMs: 600, intervalMs: 100 });
    await liveness.start();
    const dropped: string[] = [];
    const queue = createRedisMatchQueue({
      redis,
      liveness,
      logger: silentLogger,
      onDropped: (entry) => dropped.push(entry.userId),
      sweepIntervalMs: 50,
    });
    opened.push({ redis, liveness, queue });
    await expect.poll(() => dropped, { timeout: 2000 }).toEqual(['ghost']);
  });

  it('ignores a malformed ticket written by someone else, keeping the good one', async () => {
    const prefix = randomKeyPrefix();
    const a = await node(prefix);
    await a.queue.enqueue(ticket('ann'));
    await a.redis.client.hset(
      `${prefix}queue:tickets`,
      'mallory',
      JSON.stringify({ userId: 'mallory', betUsd: 5, node: a.liveness.instanceId, socketId: 7 }),
    );
    await a.redis.client.rpush(`${prefix}queue:5`, 'mallory');
    expect(await a.queue.takePair(5)).toBeUndefined();
    expect(await a.queue.has('ann')).toBe(true);
    expect(await a.queue.lengths()).toEqual({ 5: 1 });
  });
});

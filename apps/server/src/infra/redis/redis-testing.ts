/**
 * Redis for tests: the machine's REDIS_URL (tests that need it are skipped
 * without it), one random key prefix per test so that parallel test files
 * never see each other's keys, and every key of the prefix deleted after.
 * Never FLUSHALL / FLUSHDB: the Redis is shared.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../config';
import type { Logger } from '../../shared/logger';
import { connectRedis, type RedisContext } from './redis';

/** REDIS_URL read through the app's own config parser (with a throw-away JWT secret, which it requires). */
export const TEST_REDIS_URL = loadConfig({ REDIS_URL: process.env.REDIS_URL, JWT_SECRET: 'x'.repeat(32) }).redisUrl;

export const silentLogger: Logger = { fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {} };

/** A prefix no other test uses: `shifumi-test:{<hex>}:` (the braces keep every key in one Redis Cluster slot). */
export function randomKeyPrefix(): string {
  return `shifumi-test:{${randomBytes(6).toString('hex')}}:`;
}

/** A connection to the test Redis under `keyPrefix` (a new random one by default). */
export async function openTestRedis(
  options: { keyPrefix?: string; nodeId?: string; logger?: Logger } = {},
): Promise<RedisContext> {
  if (!TEST_REDIS_URL) throw new Error('REDIS_URL is not set');
  return connectRedis(TEST_REDIS_URL, options.logger ?? silentLogger, {
    keyPrefix: options.keyPrefix ?? randomKeyPrefix(),
    nodeId: options.nodeId ?? 'test',
  });
}

/** Deletes every key under the context's prefix. */
export async function deleteKeysOf(redis: RedisContext): Promise<void> {
  // The prefix's glob characters are escaped so that only its own keys match.
  const pattern = `${redis.keyPrefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
  let cursor = '0';
  do {
    const [next, keys] = await redis.client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    if (keys.length > 0) await redis.client.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}

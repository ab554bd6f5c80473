import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { connectRedis, RedisUnavailableError } from './redis';
import { freePort } from '../../shared/free-port';

const REDIS_URL = process.env.REDIS_URL;

function recordingLogger() {
  const lines: string[] = [];
  const log = (...args: unknown[]) => lines.push(JSON.stringify(args));
  return { lines, logger: { fatal: log, error: log, warn: log, info: log, debug: log, trace: log } };
}

describe('connectRedis', () => {
  it('refuses an unreachable Redis with one clear error that hides the password', async () => {
    const port = await freePort();
    const { logger, lines } = recordingLogger();
    const attempt = connectRedis(`redis://admin:hunter2-password@127.0.0.1:${port}/0`, logger, { readyTimeoutMs: 5000 });
    await expect(attempt).rejects.toBeInstanceOf(RedisUnavailableError);
    const message = await attempt.catch((error: Error) => error.message);
    expect(message).toContain(`redis://127.0.0.1:${port}`);
    expect(message).toContain('unreachable');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('admin');
    expect(lines.join('\n')).not.toContain('hunter2');
  });

  it('times out against a server that never answers', async () => {
    // Accepts TCP connections but never speaks Redis.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const { logger } = recordingLogger();
      await expect(connectRedis(`redis://127.0.0.1:${port}`, logger, { readyTimeoutMs: 300 })).rejects.toThrow(
        `Redis at redis://127.0.0.1:${port} did not answer within 300 ms`,
      );
    } finally {
      silent.close();
    }
  });

  describe.skipIf(!REDIS_URL)('against the REDIS_URL server', () => {
    it('lets a caller drop a PUBLISH or SUBSCRIBE (the Socket.IO adapter does) without an unhandled rejection once closed; an awaited one still rejects', async () => {
      const nodeId = `test-${randomBytes(4).toString('hex')}`;
      const redis = await connectRedis(REDIS_URL!, recordingLogger().logger, { nodeId, keyPrefix: `shifumi-test:{${nodeId}}:` });
      const subscriber = redis.duplicate('subscriber');
      const unhandled: unknown[] = [];
      const record = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', record);
      try {
        await redis.close();
        void redis.client.publish(`${redis.keyPrefix}channel`, 'dropped');
        void subscriber.subscribe(`${redis.keyPrefix}channel`);
        await expect(redis.client.publish(`${redis.keyPrefix}channel`, 'awaited')).rejects.toThrow('Connection is closed');
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', record);
      }
    });

    it('names its connections, duplicates them (the adapter does too) and closes them all', async () => {
      const nodeId = `test-${randomBytes(4).toString('hex')}`;
      const { logger } = recordingLogger();
      const redis = await connectRedis(REDIS_URL!, logger, { nodeId, keyPrefix: `shifumi-test:{${nodeId}}:` });
      const names = async () =>
        String(await redis.client.client('LIST'))
          .split('\n')
          .map((line: string) => /\bname=(\S*)/.exec(line)?.[1])
          .filter((name): name is string => name !== undefined && name.startsWith(`shifumi:${nodeId}:`))
          .sort();
      const observer = await connectRedis(REDIS_URL!, logger, { nodeId: `${nodeId}-observer` });
      try {
        expect(redis.keyPrefix).toBe(`shifumi-test:{${nodeId}}:`);
        expect(redis.description).toMatch(/^rediss?:\/\/[^@]+$/);
        const blocking = redis.duplicate('blocking');
        const adapterCopy = redis.client.duplicate();
        await Promise.all([blocking.ping(), adapterCopy.ping()]);
        expect(await blocking.ping()).toBe('PONG');
        expect(await names()).toEqual([
          `shifumi:${nodeId}:blocking`,
          `shifumi:${nodeId}:commands`,
          `shifumi:${nodeId}:commands-duplicate`,
        ]);
        // A blocking read in progress does not hold close() up.
        void blocking.blpop(`${redis.keyPrefix}never`, 30).catch(() => undefined);
        const started = Date.now();
        await redis.close();
        expect(Date.now() - started).toBeLessThan(2500);
        // Redis drops a closed connection from CLIENT LIST a moment later.
        await expect
          .poll(async () => String(await observer.client.client('LIST')), { timeout: 3000 })
          .not.toContain(`shifumi:${nodeId}:`);
        expect(redis.client.status).toBe('end');
      } finally {
        await redis.close();
        await observer.close();
      }
    });
  });
});

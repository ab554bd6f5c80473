import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createInProcessLeaseStore } from './lease-store';
import { describeLeaseStoreContract } from './lease-store.contract';
import { createRedisLeaseStore, LeaseStoreUnavailableError } from './redis-lease-store';

describeLeaseStoreContract('in-process', async () => createInProcessLeaseStore());

describe.skipIf(!process.env.REDIS_URL)('Redis lease store', () => {
  const clients: Redis[] = [];
  const prefixes: string[] = [];
  afterAll(async () => {
    // Only this suite's keys, never a FLUSH: the Redis is shared.
    const [cleaner] = clients;
    for (const prefix of prefixes) {
      const keys = await cleaner!.keys(`${prefix}*`);
      if (keys.length > 0) await cleaner!.del(...keys);
    }
    for (const client of clients) client.disconnect();
  });

  describeLeaseStoreContract('redis', async () => {
    const client = new Redis(process.env.REDIS_URL!);
    clients.push(client);
    const prefix = `test:leases:${randomBytes(6).toString('hex')}:`;
    prefixes.push(prefix);
    return createRedisLeaseStore(client, { prefix });
  });

  it('rejects with LeaseStoreUnavailableError when Redis does not answer in time', async () => {
    // A client pointed at a closed port never connects; its commands wait in the offline queue.
    const client = new Redis({
      port: 1,
      host: '127.0.0.1',
      lazyConnect: false,
      retryStrategy: () => 50,
      maxRetriesPerRequest: null,
    });
    client.on('error', () => undefined);
    clients.push(client);
    const store = createRedisLeaseStore(client, { commandTimeoutMs: 100 });
    await expect(store.acquire('k', 'a', 1_000)).rejects.toBeInstanceOf(LeaseStoreUnavailableError);
  });
});

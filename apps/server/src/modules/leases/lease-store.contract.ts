/**
 * The behaviour every LeaseStore must have, run by lease-store.test.ts against
 * the in-process store and (with REDIS_URL) the Redis one. `create` must give
 * a store of its own (a unique key prefix in Redis).
 */
import { describe, expect, it } from 'vitest';
import type { LeaseStore } from './lease-store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function describeLeaseStoreContract(name: string, create: () => Promise<LeaseStore>): void {
  describe(`LeaseStore contract: ${name}`, () => {
    it('gives a free lease to one holder with a token, and refuses it to everybody while held', async () => {
      const store = await create();
      const token = await store.acquire('game:1', 'node-a', 5_000);
      expect(token).toBeTypeOf('bigint');
      expect(await store.acquire('game:1', 'node-b', 5_000)).toBeUndefined();
      // The holder itself renews; it does not acquire twice.
      expect(await store.acquire('game:1', 'node-a', 5_000)).toBeUndefined();
      expect(await store.current('game:1')).toEqual({ holder: 'node-a', token });
      expect(await store.current('game:2')).toBeUndefined();
    });

    it('hands out strictly increasing tokens for a key, across holders and releases', async () => {
      const store = await create();
      const tokens: bigint[] = [];
      for (const holder of ['a', 'b', 'a', 'c']) {
        const token = await store.acquire('k', holder, 5_000);
        expect(token).toBeDefined();
        tokens.push(token!);
        expect(await store.release('k', holder, token!)).toBe(true);
      }
      for (let index = 1; index < tokens.length; index += 1) expect(tokens[index]!).toBeGreaterThan(tokens[index - 1]!);
    });

    it('keeps tokens above the resource’s recorded one (a store that lost its counter)', async () => {
      const store = await create();
      const token = await store.acquire('k', 'a', 5_000, { above: 1_000_000n });
      expect(token).toBeGreaterThan(1_000_000n);
      await store.release('k', 'a', token!);
      // A lower floor never lowers the counter.
      const next = await store.acquire('k', 'b', 5_000, { above: 5n });
      expect(next).toBeGreaterThan(token!);
    });

    it('renews only for the holder with its token, only while held', async () => {
      const store = await create();
      const token = (await store.acquire('k', 'a', 300))!;
      expect(await store.renew('k', 'b', token, 300)).toBe(false);
      expect(await store.renew('k', 'a', token + 1n, 300)).toBe(false);
      expect(await store.renew('k', 'a', token, 600)).toBe(true);
      // Renewed past the first ttl: still held.
      await sleep(400);
      expect(await store.current('k')).toEqual({ holder: 'a', token });
      expect(await store.acquire('k', 'b', 300)).toBeUndefined();
    });

    it('expires an unrenewed lease: another holder gets it with a greater token, and the old holder can neither renew nor release it', async () => {
      const store = await create();
      const old = (await store.acquire('k', 'a', 150))!;
      await sleep(250);
      expect(await store.current('k')).toBeUndefined();
      expect(await store.renew('k', 'a', old, 150)).toBe(false);
      const taken = await store.acquire('k', 'b', 5_000);
      expect(taken).toBeGreaterThan(old);
      expect(await store.renew('k', 'a', old, 5_000)).toBe(false);
      expect(await store.release('k', 'a', old)).toBe(false);
      expect(await store.current('k')).toEqual({ holder: 'b', token: taken });
    });

    it('releases only for the holder with its token; a released lease is free at once', async () => {
      const store = await create();
      const token = (await store.acquire('k', 'a', 5_000))!;
      expect(await store.release('k', 'b', token)).toBe(false);
      expect(await store.release('k', 'a', token - 1n)).toBe(false);
      expect(await store.release('k', 'a', token)).toBe(true);
      expect(await store.release('k', 'a', token)).toBe(false);
      expect(await store.current('k')).toBeUndefined();
      expect(await store.acquire('k', 'b', 5_000)).toBeGreaterThan(token);
    });

    it('renews many leases of one holder at once, only those it holds with their tokens', async () => {
      const store = await create();
      const mine = (await store.acquire('m1', 'a', 300))!;
      const alsoMine = (await store.acquire('m2', 'a', 300))!;
      const theirs = (await store.acquire('t1', 'b', 300))!;
      const renewed = await store.renewMany(
        'a',
        [
          { key: 'm1', token: mine },
          { key: 'm2', token: alsoMine + 100n },
          { key: 't1', token: theirs },
          { key: 'free', token: 1n },
        ],
        800,
      );
      expect([...renewed]).toEqual(['m1']);
      expect((await store.renewMany('a', [], 800)).size).toBe(0);
      await sleep(450);
      expect(await store.current('m1')).toEqual({ holder: 'a', token: mine });
      expect(await store.current('m2')).toBeUndefined();
      expect(await store.current('t1')).toBeUndefined();
    });

    it('lists the held leases among many keys', async () => {
      const store = await create();
      const one = (await store.acquire('g1', 'a', 5_000))!;
      const three = (await store.acquire('g3', 'b', 5_000))!;
      const held = await store.currentMany(['g1', 'g2', 'g3']);
      expect([...held.entries()]).toEqual([
        ['g1', { holder: 'a', token: one }],
        ['g3', { holder: 'b', token: three }],
      ]);
      expect((await store.currentMany([])).size).toBe(0);
    });

    it('gives a contested lease to exactly one of many simultaneous acquirers', async () => {
      const store = await create();
      const results = await Promise.all(Array.from({ length: 20 }, (_, index) => store.acquire('hot', `node-${index}`, 5_000)));
      const winners = results.filter((token) => token !== undefined);
      expect(winners).toHaveLength(1);
      expect((await store.current('hot'))?.token).toBe(winners[0]);
    });

    it('keeps holder names with spaces and colons intact', async () => {
      const store = await create();
      const token = (await store.acquire('k', 'node 1:abc', 5_000))!;
      expect(await store.current('k')).toEqual({ holder: 'node 1:abc', token });
      expect(await store.renew('k', 'node 1:abc', token, 5_000)).toBe(true);
    });
  });
}

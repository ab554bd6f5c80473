/**
 * The behaviour every MatchQueue implementation must have. Run by
 * match-queue.test.ts for the in-process queue and by redis-match-queue.test.ts
 * for the Redis one (with REDIS_URL), so that both behave the same. `create`
 * gives a new, empty queue each time.
 */
import { describe, expect, it } from 'vitest';
import type { BetAmount } from '@shifumi/protocol';
import type { MatchQueue, QueueTicket } from './match-queue';

const ticket = (userId: string, betUsd: BetAmount = 5, queuedAt = 0): QueueTicket => ({
  userId,
  betUsd,
  character: 'Character1',
  socketId: `socket-${userId}`,
  queuedAt,
});

export function describeMatchQueueContract(name: string, create: () => Promise<MatchQueue>): void {
  describe(`MatchQueue contract: ${name}`, () => {
    it('pairs the two oldest tickets of one amount, first come first served', async () => {
      const queue = await create();
      for (const id of ['a', 'b', 'c']) expect(await queue.enqueue(ticket(id))).toBe(true);
      const pair = await queue.takePair(5);
      expect(pair?.map((entry) => entry.userId)).toEqual(['a', 'b']);
      // The tickets come back as they were queued.
      expect(pair?.[0]).toMatchObject(ticket('a'));
      expect(await queue.takePair(5)).toBeUndefined();
      expect(await queue.has('c')).toBe(true);
      expect(await queue.has('a')).toBe(false);
      expect(await queue.lengths()).toEqual({ 5: 1 });
    });

    it('keeps one ticket per user across amounts and tabs', async () => {
      const queue = await create();
      expect(await queue.enqueue(ticket('a', 5))).toBe(true);
      expect(await queue.enqueue(ticket('a', 5))).toBe(false);
      expect(await queue.enqueue(ticket('a', 10))).toBe(false);
      expect(await queue.takePair(5)).toBeUndefined();
      expect(await queue.lengths()).toEqual({ 5: 1 });
    });

    it('never pairs different amounts', async () => {
      const queue = await create();
      await queue.enqueue(ticket('a', 5));
      await queue.enqueue(ticket('b', 10));
      expect(await queue.takePair(5)).toBeUndefined();
      expect(await queue.takePair(10)).toBeUndefined();
    });

    it('removes a ticket (cancel, disconnect) and restores a taken one at the head', async () => {
      const queue = await create();
      await queue.enqueue(ticket('a'));
      await queue.enqueue(ticket('b'));
      expect((await queue.remove('a'))?.userId).toBe('a');
      expect(await queue.remove('a')).toBeUndefined();
      await queue.enqueue(ticket('c'));
      const pair = await queue.takePair(5);
      expect(pair?.map((entry) => entry.userId)).toEqual(['b', 'c']);
      await queue.enqueue(ticket('d'));
      expect(await queue.restore(pair![0])).toBe(true);
      expect((await queue.takePair(5))?.map((entry) => entry.userId)).toEqual(['b', 'd']);
      await queue.enqueue(ticket('b'));
      expect(await queue.restore(ticket('b'))).toBe(false);
    });

    it("ends a search only when the searching socket goes away, keeping the ticket's place otherwise", async () => {
      const queue = await create();
      await queue.enqueue(ticket('a'));
      await queue.enqueue(ticket('b'));
      expect(await queue.removeSocket('a', 'socket-of-another-tab')).toBeUndefined();
      expect(await queue.removeSocket('nobody', 'socket-nobody')).toBeUndefined();
      expect(await queue.has('a')).toBe(true);
      expect(await queue.lengths()).toEqual({ 5: 2 });
      await queue.enqueue(ticket('c'));
      expect((await queue.removeSocket('b', 'socket-b'))?.userId).toBe('b');
      expect(await queue.has('b')).toBe(false);
      expect((await queue.takePair(5))?.map((entry) => entry.userId)).toEqual(['a', 'c']);
      expect(await queue.lengths()).toEqual({});
    });

    it('lets exactly one of concurrent searches of one user through, whatever the amounts', async () => {
      const queue = await create();
      const amounts: BetAmount[] = [1, 5, 10, 15, 20, 50, 100, 5, 10, 1];
      const results = await Promise.all(amounts.map((amount) => queue.enqueue(ticket('solo', amount))));
      expect(results.filter(Boolean)).toHaveLength(1);
      const lengths = await queue.lengths();
      expect(Object.values(lengths)).toEqual([1]);
      for (const amount of new Set(amounts)) expect(await queue.takePair(amount)).toBeUndefined();
      await queue.enqueue(ticket('other', amounts[results.indexOf(true)]!));
      const pair = await queue.takePair(amounts[results.indexOf(true)]!);
      expect(pair?.map((entry) => entry.userId).sort()).toEqual(['other', 'solo']);
    });

    it('counts the players waiting at each of the seven amounts, zero included (issue 24)', async () => {
      const queue = await create();
      expect(await queue.waiting()).toEqual({ 1: 0, 5: 0, 10: 0, 15: 0, 20: 0, 50: 0, 100: 0 });
      await queue.enqueue(ticket('a', 5));
      await queue.enqueue(ticket('b', 100));
      await queue.enqueue(ticket('c', 100));
      await queue.enqueue(ticket('c', 5));
      expect(await queue.waiting()).toEqual({ 1: 0, 5: 1, 10: 0, 15: 0, 20: 0, 50: 0, 100: 2 });
      await queue.takePair(100);
      await queue.remove('a');
      expect(await queue.waiting()).toEqual({ 1: 0, 5: 0, 10: 0, 15: 0, 20: 0, 50: 0, 100: 0 });
      await queue.enqueue(ticket('d', 1));
      await queue.enqueue(ticket('e', 1));
      const pair = await queue.takePair(1);
      await queue.restore(pair![1]);
      expect((await queue.waiting())[1]).toBe(1);
    });

    it('hands each ticket to exactly one of many concurrent takers', async () => {
      const queue = await create();
      const users = Array.from({ length: 40 }, (_, index) => `user-${index}`);
      await Promise.all(users.map((id) => queue.enqueue(ticket(id))));
      const pairs = (await Promise.all(Array.from({ length: 30 }, () => queue.takePair(5)))).filter((pair) => pair !== undefined);
      const taken = pairs.flat().map((entry) => entry.userId);
      expect(pairs).toHaveLength(20);
      expect(new Set(taken).size).toBe(40);
      for (const [first, second] of pairs) expect(first.userId).not.toBe(second.userId);
    });

    it('issue 30: queues and takes in one step — the pair when the ticket completes one, whether more wait, a duplicate refused', async () => {
      const queue = await create();
      expect(await queue.enqueueAndTake(ticket('a'))).toEqual({ queued: true, pair: undefined, more: false });
      expect(await queue.enqueueAndTake(ticket('a', 10))).toEqual({ queued: false });
      const second = await queue.enqueueAndTake(ticket('b'));
      expect(second.queued && second.pair?.map((entry) => entry.userId)).toEqual(['a', 'b']);
      expect(second.queued && second.more).toBe(false);
      expect(await queue.has('a')).toBe(false);
      // Only the ticket's own amount is taken; tickets restored ahead of it make `more` true.
      expect(await queue.enqueueAndTake(ticket('c', 10))).toEqual({ queued: true, pair: undefined, more: false });
      await queue.restore(ticket('x'));
      await queue.restore(ticket('y'));
      await queue.restore(ticket('z'));
      const crowded = await queue.enqueueAndTake(ticket('d'));
      expect(crowded.queued && crowded.pair?.map((entry) => entry.userId)).toEqual(['z', 'y']);
      expect(crowded.queued && crowded.more).toBe(true);
      expect(await queue.takePair(5)).toSatisfy(
        (pair: QueueTicket[] | undefined) => pair?.map((entry) => entry.userId).join() === 'x,d',
      );
      expect(await queue.lengths()).toEqual({ 10: 1 });
    });

    it('issue 30: many searches queued and taken at once pair everyone exactly once', async () => {
      const queue = await create();
      const answers = await Promise.all(Array.from({ length: 41 }, (_, index) => queue.enqueueAndTake(ticket(`user-${index}`))));
      const pairs = answers.flatMap((answer) => (answer.queued && answer.pair ? [answer.pair] : []));
      const taken = pairs.flat().map((entry) => entry.userId);
      expect(pairs).toHaveLength(20);
      expect(new Set(taken).size).toBe(40);
      expect(await queue.lengths()).toEqual({ 5: 1 });
    });
  });
}

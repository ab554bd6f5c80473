/**
 * The behaviour every Presence implementation must have, on one node. Run by
 * presence.test.ts for the in-process presence and by redis-presence.test.ts
 * for the Redis one (with REDIS_URL), which adds what only several nodes show.
 * `create` gives a new presence with nobody online.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Presence } from './presence';

export interface PresenceContractOptions {
  /** Runs of the model property (each creates a presence). */
  propertyRuns: number;
}

export function describePresenceContract(name: string, create: () => Promise<Presence>, options: PresenceContractOptions): void {
  describe(`Presence contract: ${name}`, () => {
    it('counts distinct users and announces only changes, by the time the call answers', async () => {
      const presence = await create();
      const announced: number[] = [];
      presence.onChange((count) => announced.push(count));

      await presence.connect('ann', 's1');
      expect(announced).toEqual([1]);
      await presence.connect('ann', 's2');
      await presence.connect('bob', 's3');
      await presence.disconnect('ann', 's1');
      expect(await presence.countOnlineUsers()).toBe(2);
      await presence.disconnect('ann', 's2');
      await presence.disconnect('ann', 's2');
      await presence.disconnect('nobody', 'sX');
      expect(await presence.countOnlineUsers()).toBe(1);
      expect(announced).toEqual([1, 2, 1]);
    });

    it("ignores a disconnection that names another user's socket", async () => {
      const presence = await create();
      await presence.connect('ann', 's1');
      await presence.disconnect('bob', 's1');
      expect(await presence.countOnlineUsers()).toBe(1);
      await presence.disconnect('ann', 's1');
      expect(await presence.countOnlineUsers()).toBe(0);
    });

    it('stops announcing to a listener that unsubscribed', async () => {
      const presence = await create();
      const kept: number[] = [];
      const dropped: number[] = [];
      presence.onChange((count) => kept.push(count));
      const unsubscribe = presence.onChange((count) => dropped.push(count));
      await presence.connect('ann', 's1');
      unsubscribe();
      await presence.connect('bob', 's2');
      expect(kept).toEqual([1, 2]);
      expect(dropped).toEqual([1]);
    });

    it('always equals the number of users with at least one open socket', async () => {
      const event = fc.record({
        connect: fc.boolean(),
        user: fc.constantFrom('a', 'b', 'c'),
        socket: fc.constantFrom('1', '2', '3'),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(event, { maxLength: 40 }), async (events) => {
          const presence = await create();
          const open = new Map<string, Set<string>>();
          for (const { connect, user, socket } of events) {
            const id = `${user}:${socket}`;
            if (connect) {
              await presence.connect(user, id);
              open.set(user, (open.get(user) ?? new Set()).add(id));
            } else {
              await presence.disconnect(user, id);
              open.get(user)?.delete(id);
              if (open.get(user)?.size === 0) open.delete(user);
            }
            expect(await presence.countOnlineUsers()).toBe(open.size);
          }
        }),
        { numRuns: options.propertyRuns },
      );
    });
  });
}

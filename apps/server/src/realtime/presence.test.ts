import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInProcessPresence } from './presence';

describe('in-process presence', () => {
  it('counts distinct users and announces only changes', async () => {
    const presence = createInProcessPresence();
    const announced: number[] = [];
    presence.onChange((count) => announced.push(count));

    await presence.connect('ann', 's1');
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

  it('always equals the number of users with at least one open socket', async () => {
    const event = fc.record({ connect: fc.boolean(), user: fc.constantFrom('a', 'b', 'c'), socket: fc.constantFrom('1', '2', '3') });
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 40 }), async (events) => {
        const presence = createInProcessPresence();
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
    );
  });
});

import { describe, expect, it } from 'vitest';
import { closeConnectionsGradually, drainSpreadMs, type DrainableServer } from './drain-connections';

function serverWith(count: number, closed: number[], now: () => number): DrainableServer {
  const sockets = new Map(
    Array.from({ length: count }, (_, index) => [`s${index}`, { conn: { close: () => void closed.push(now()) } }] as const),
  );
  return { of: () => ({ sockets }) };
}

describe('a draining node closes its connections gradually', () => {
  it('spreads a fifth of SHUTDOWN_GRACE_MS, at most 5 s', () => {
    expect(drainSpreadMs(25_000)).toBe(5_000);
    expect(drainSpreadMs(60_000)).toBe(5_000);
    expect(drainSpreadMs(10_000)).toBe(2_000);
  });

  it('closes every connection once, in ten batches from now to the end of the spread', async () => {
    let clock = 0;
    const closed: number[] = [];
    const waits: number[] = [];
    const count = await closeConnectionsGradually(
      [serverWith(95, closed, () => clock), serverWith(5, closed, () => clock)],
      4_500,
      async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    );
    expect(count).toBe(100);
    expect(closed).toHaveLength(100);
    expect(waits).toEqual(Array.from({ length: 9 }, () => 500));
    expect(closed.filter((at) => at === 0)).toHaveLength(10);
    expect(closed.filter((at) => at === 4_500)).toHaveLength(10);
  });

  it('closes a connection shared by both servers once, and waits for nothing without connections', async () => {
    const closes: string[] = [];
    const conn = { close: () => void closes.push('x') };
    const server: DrainableServer = { of: () => ({ sockets: new Map([['a', { conn }]]) }) };
    const waits: number[] = [];
    expect(await closeConnectionsGradually([server, server], 1_000, async (ms) => void waits.push(ms))).toBe(1);
    expect(closes).toEqual(['x']);
    expect(waits).toEqual([]);
    expect(await closeConnectionsGradually([], 1_000, async (ms) => void waits.push(ms))).toBe(0);
  });
});

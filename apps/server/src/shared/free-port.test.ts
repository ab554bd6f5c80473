import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, freePorts, portIsFree } from './free-port';

/** The kernel's ephemeral range, where outgoing connections get their ports. */
function ephemeralLow(): number {
  return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
}

describe('free ports for a process started later', () => {
  it('are below the ephemeral range (where a client connection could take one first), and never handed out twice', async () => {
    const low = ephemeralLow();
    const ports = await Promise.all(Array.from({ length: 60 }, () => freePort()));
    expect(new Set(ports).size).toBe(60);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(low);
    }
  });

  it('come consecutive when asked, each of them free', async () => {
    const base = await freePorts(3);
    expect(base + 2).toBeLessThan(ephemeralLow());
    expect(await Promise.all([base, base + 1, base + 2].map(portIsFree))).toEqual([true, true, true]);
  });

  it('tell a port something listens on from a free one', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      expect(await portIsFree(port)).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await portIsFree(port)).toBe(true);
  });
});

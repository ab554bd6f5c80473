import fs from 'node:fs';
import net from 'node:net';
import { randomInt } from 'node:crypto';

/**
 * Free ports for a process started later (a test's or a bench's server node,
 * redis-server, anvil). The port is picked below the kernel's ephemeral range:
 * a port the system hands out for `listen(0)` is also one it hands out to the
 * next outgoing connection (a pooled PostgreSQL or Redis client of a test
 * running alongside), which can take it in the moment between our check and
 * the child's bind. CI saw that: `EADDRINUSE 127.0.0.1:42003`.
 */
const LOWEST = 10_000;
const DEFAULT_EPHEMERAL_LOW = 32_768;

/** The first port of the kernel's ephemeral range (Linux's setting; 32768 where it cannot be read). */
function ephemeralLow(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const value = Number(low);
    return Number.isInteger(value) && value > LOWEST + 1_000 ? value : DEFAULT_EPHEMERAL_LOW;
  } catch {
    return DEFAULT_EPHEMERAL_LOW;
  }
}

/** Ports this process has handed out already: never twice. */
const issued = new Set<number>();

/** Whether a server can listen on `port` of 127.0.0.1 right now (it is closed again at once). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `count` consecutive ports of 127.0.0.1 that nothing listens on right now, below the ephemeral range; the first is returned. */
export async function freePorts(count: number): Promise<number> {
  const high = ephemeralLow() - count;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const base = randomInt(LOWEST, high);
    const ports = Array.from({ length: count }, (_, offset) => base + offset);
    if (ports.some((port) => issued.has(port))) continue;
    const free = await Promise.all(ports.map(portIsFree));
    if (!free.every(Boolean)) continue;
    for (const port of ports) issued.add(port);
    return base;
  }
  throw new Error(`No ${count} consecutive free ports found below ${high + count} in 100 tries`);
}

/** A port of 127.0.0.1 that nothing listens on right now, below the ephemeral range. */
export function freePort(): Promise<number> {
  return freePorts(1);
}

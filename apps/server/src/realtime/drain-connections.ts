/**
 * Issue 29: a draining node's live connections are moved to the other nodes
 * as a stream, not all at once. Each connection's transport is closed
 * without a DISCONNECT packet (the client then reconnects by itself, through
 * the balancer, to a node that is not draining, with the token it holds), in
 * batches spread evenly over `spreadMs`. Closing every one at the same
 * instant made all of a node's players — hundreds — knock on the other node
 * in the same second, while it was taking over the drained node's games: its
 * database pool ran dry, handshakes timed out, and players missed their
 * reconnection grace (decision 056).
 */

/** What is used of a Socket.IO server: its sockets' connections (closing one closes its transport). */
export interface DrainableServer {
  of(namespace: '/'): { sockets: ReadonlyMap<string, { conn: { close(): void } }> };
}

const BATCHES = 10;

/** How long a drain spreads its connections' closing over: a fifth of SHUTDOWN_GRACE_MS, at most 5 s. */
export function drainSpreadMs(shutdownGraceMs: number): number {
  return Math.min(5_000, Math.floor(shutdownGraceMs / 5));
}

/** Closes every socket's connection of `servers`, in BATCHES batches over `spreadMs` (the last batch at `spreadMs`). */
export async function closeConnectionsGradually(
  servers: readonly DrainableServer[],
  spreadMs: number,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<number> {
  const connections = [
    ...new Set(servers.flatMap((server) => [...server.of('/').sockets.values()].map((socket) => socket.conn))),
  ];
  if (connections.length === 0) return 0;
  const batches = Math.min(BATCHES, connections.length);
  const size = Math.ceil(connections.length / batches);
  for (let batch = 0; batch < batches; batch += 1) {
    if (batch > 0) await sleep(spreadMs / (batches - 1 || 1));
    for (const connection of connections.slice(batch * size, (batch + 1) * size)) connection.close();
  }
  return connections.length;
}

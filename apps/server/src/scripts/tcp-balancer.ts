/**
 * A small TCP load balancer for `npm run start:cluster`: each client
 * connection goes to the next backend in turn (round robin) and is piped both
 * ways until either side closes. Being TCP, it carries HTTP, keep-alive and
 * WebSocket upgrades alike; a WebSocket stays on the node it reached, which is
 * why the app needs no sticky sessions.
 *
 * A backend whose connect fails (refused, or no answer within
 * `connectTimeoutMs`) is skipped for `downForMs`, and the client is handed to
 * the next one; the client is closed only when every backend failed. For local
 * use: in production put a real balancer in front (README, "Several nodes").
 */
import net from 'node:net';

export interface Backend {
  host: string;
  port: number;
}

export interface TcpBalancerOptions {
  backends: readonly Backend[];
  /** Port to listen on (0 → any free one). */
  port: number;
  host?: string;
  connectTimeoutMs?: number;
  /** How long a backend that failed is left out (default 2 s); then it is tried again. */
  downForMs?: number;
  /** Told when a backend goes down or comes back (for the operator's console). */
  onBackendChange?: (backend: Backend, up: boolean, reason?: string) => void;
}

export interface TcpBalancer {
  /** The port it listens on. */
  readonly port: number;
  /** Backends not currently left out. */
  healthy(): Backend[];
  /** Stops listening and closes every piped connection. */
  close(): Promise<void>;
}

export async function startTcpBalancer(options: TcpBalancerOptions): Promise<TcpBalancer> {
  if (options.backends.length === 0) throw new RangeError('a balancer needs at least one backend');
  const connectTimeoutMs = options.connectTimeoutMs ?? 2_000;
  const downForMs = options.downForMs ?? 2_000;
  const downUntil = new Map<Backend, number>();
  const open = new Set<net.Socket>();
  let nextIndex = 0;

  const isUp = (backend: Backend, now: number) => (downUntil.get(backend) ?? 0) <= now;

  function markDown(backend: Backend, reason: string): void {
    const wasUp = isUp(backend, Date.now());
    downUntil.set(backend, Date.now() + downForMs);
    if (wasUp) options.onBackendChange?.(backend, false, reason);
  }

  function markUp(backend: Backend): void {
    if (!downUntil.has(backend)) return;
    downUntil.delete(backend);
    options.onBackendChange?.(backend, true);
  }

  /** The backends to try for one client, in order: round robin over the healthy ones, the others last. */
  function candidates(): Backend[] {
    const { backends } = options;
    const start = nextIndex;
    nextIndex = (nextIndex + 1) % backends.length;
    const ordered = backends.map((_, offset) => backends[(start + offset) % backends.length]!);
    const now = Date.now();
    return [...ordered.filter((backend) => isUp(backend, now)), ...ordered.filter((backend) => !isUp(backend, now))];
  }

  function connectTo(backend: Backend): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: backend.host, port: backend.port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer within ${connectTimeoutMs} ms`));
      }, connectTimeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(socket);
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        socket.destroy();
        reject(error);
      });
    });
  }

  function track(socket: net.Socket): void {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  }

  async function handle(client: net.Socket): Promise<void> {
    track(client);
    // Until a backend is connected, the client's bytes wait in its buffer (nothing reads them yet).
    client.pause();
    client.on('error', () => client.destroy());
    for (const backend of candidates()) {
      if (client.destroyed) return;
      let upstream: net.Socket;
      try {
        upstream = await connectTo(backend);
      } catch (error) {
        markDown(backend, (error as Error).message);
        continue;
      }
      markUp(backend);
      if (client.destroyed) {
        upstream.destroy();
        return;
      }
      track(upstream);
      upstream.on('error', () => upstream.destroy());
      // Either side closing ends the pair (a half-closed WebSocket is of no use to anyone).
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
      return;
    }
    client.destroy();
  }

  const server = net.createServer((client) => {
    void handle(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    port: (server.address() as net.AddressInfo).port,
    healthy: () => options.backends.filter((backend) => isUp(backend, Date.now())),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of open) socket.destroy();
      await closed;
    },
  };
}

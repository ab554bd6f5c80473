/**
 * The two Socket.IO servers, attached to Fastify's HTTP server:
 * - `/socket.io`: signed-in players (access token in the handshake's `auth.token`);
 * - `/public`: anyone, read-only broadcasts (online users, the game feed).
 * Neither sends CORS headers; a handshake whose Origin is not the app's own
 * is refused, so other sites cannot open sockets with a visitor's browser.
 *
 * WebSocket transport only: a connection is one TCP stream that stays on the
 * node that accepted it, so several nodes behind a plain load balancer need no
 * sticky sessions (long-polling's separate requests would).
 *
 * With Redis, each server gets the Redis Streams adapter: an emit to a room
 * (`user:<id>`, a socket id, `game:…`) reaches the sockets of that room on
 * every node, and `disconnectSockets`/`socketsJoin` act on every node. The two
 * servers use separate streams and channels (both are namespace `/`).
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import {
  PUBLIC_SOCKET_PATH,
  SOCKET_PATH,
  type ClientToServerEvents,
  type PublicClientToServerEvents,
  type PublicServerToClientEvents,
  type Language,
  type ServerToClientEvents,
} from '@shifumi/protocol';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Server } from 'socket.io';
import type { RedisContext } from '../infra/redis/redis';

/** What the auth middleware stores on each signed-in socket. */
export interface SocketData {
  userId: string;
  sessionId: string;
  /** Issue 27: the language of this connection's session (fixed at connection; socket-language.ts). */
  language: Language;
  /** Issue 25: the tab speaks another `PROTOCOL_VERSION`: told to reload and closed at connection, nothing else. */
  outdated?: boolean;
}

export type InterServerEvents = Record<string, never>;
export type GameServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type PublicServer = Server<
  PublicClientToServerEvents,
  PublicServerToClientEvents,
  InterServerEvents,
  { language?: Language }
>;

/** Realtime messages are small; a bigger frame is a client error. */
const MAX_MESSAGE_BYTES = 16 * 1024;

/** The names of this machine a browser may use for a development server (issue 14). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * APP_URL's origin only; in development, when APP_URL is on this machine, the
 * other loopback names with the same scheme and port too: opening
 * http://127.0.0.1:PORT when APP_URL says http://localhost:PORT must not leave
 * the page without its live connection (issue 14).
 */
export function isAllowedOrigin(origin: string | undefined, appUrl: string, options: { development?: boolean } = {}): boolean {
  // Non-browser clients send no Origin; browsers always do on cross-origin and WebSocket requests.
  if (origin === undefined) return true;
  const app = new URL(appUrl);
  if (origin === app.origin) return true;
  if (!options.development || !LOOPBACK_HOSTS.has(app.hostname)) return false;
  try {
    const other = new URL(origin);
    return other.protocol === app.protocol && other.port === app.port && LOOPBACK_HOSTS.has(other.hostname);
  } catch {
    return false;
  }
}

function allowRequest(appUrl: string, development: boolean) {
  return (request: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void) => {
    const allowed = isAllowedOrigin(request.headers.origin, appUrl, { development });
    callback(allowed ? null : 'Origin not allowed', allowed);
  };
}

/** Where a server's adapter keeps its stream, channels and sessions in Redis. */
export function adapterKeys(keyPrefix: string, server: 'game' | 'public') {
  const base = `${keyPrefix}socket.io:${server}`;
  return { streamName: base, channelPrefix: base, sessionKeyPrefix: `${base}:session:` };
}

export interface SocketServers {
  io: GameServer;
  publicIo: PublicServer;
  /** Stops the cross-node adapters (their Redis reads); call before closing Redis. */
  closeAdapters(): Promise<void>;
}

export function createSocketServers(
  httpServer: HttpServer,
  appUrl: string,
  options: { redis?: RedisContext; development?: boolean; connectTimeoutMs?: number } = {},
): SocketServers {
  const { redis } = options;
  const common = {
    serveClient: false,
    // Issue 12: a connection that never joins its namespace is dropped (Socket.IO's default waits 45 s).
    ...(options.connectTimeoutMs === undefined ? {} : { connectTimeout: options.connectTimeoutMs }),
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    allowRequest: allowRequest(appUrl, options.development ?? false),
    transports: ['websocket' as const],
  };
  const adapter = (server: 'game' | 'public') =>
    redis ? { adapter: createAdapter(redis.client, adapterKeys(redis.keyPrefix, server)) } : {};
  const io: GameServer = new Server(httpServer, { ...common, ...adapter('game'), path: SOCKET_PATH });
  const publicIo: PublicServer = new Server(httpServer, { ...common, ...adapter('public'), path: PUBLIC_SOCKET_PATH });
  return {
    io,
    publicIo,
    async closeAdapters() {
      if (!redis) return;
      // Closing the last namespace's adapter stops the adapter's stream reader.
      await Promise.all([io, publicIo].map(async (server) => server.of('/').adapter.close()));
    },
  };
}

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

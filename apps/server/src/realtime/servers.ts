/**
 * The two Socket.IO servers, attached to Fastify's HTTP server:
 * - `/socket.io`: signed-in players (access token in the handshake's `auth.token`);
 * - `/public`: anyone, read-only broadcasts (online users, the game feed).
 * Neither sends CORS headers; a handshake whose Origin is not the app's own
 * is refused, so other sites cannot open sockets with a visitor's browser.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import {
  PUBLIC_SOCKET_PATH,
  SOCKET_PATH,
  type ClientToServerEvents,
  type PublicClientToServerEvents,
  type PublicServerToClientEvents,
  type ServerToClientEvents,
} from '@shifumi/protocol';
import { Server } from 'socket.io';

/** What the auth middleware stores on each signed-in socket. */
export interface SocketData {
  userId: string;
  sessionId: string;
}

export type InterServerEvents = Record<string, never>;
export type GameServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type PublicServer = Server<PublicClientToServerEvents, PublicServerToClientEvents, InterServerEvents, Record<string, never>>;

/** Realtime messages are small; a bigger frame is a client error. */
const MAX_MESSAGE_BYTES = 16 * 1024;

export function isAllowedOrigin(origin: string | undefined, appUrl: string): boolean {
  // Non-browser clients send no Origin; browsers always do on cross-origin and WebSocket requests.
  return origin === undefined || origin === new URL(appUrl).origin;
}

function allowRequest(appUrl: string) {
  return (request: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void) => {
    const allowed = isAllowedOrigin(request.headers.origin, appUrl);
    callback(allowed ? null : 'Origin not allowed', allowed);
  };
}

export function createSocketServers(httpServer: HttpServer, appUrl: string): { io: GameServer; publicIo: PublicServer } {
  const common = {
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    allowRequest: allowRequest(appUrl),
  };
  const io: GameServer = new Server(httpServer, { ...common, path: SOCKET_PATH });
  const publicIo: PublicServer = new Server(httpServer, { ...common, path: PUBLIC_SOCKET_PATH });
  return { io, publicIo };
}

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

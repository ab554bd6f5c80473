/**
 * The two realtime connections of the app (spec S7 "Realtime"), and nothing else
 * opens sockets.
 *
 * - The authenticated socket (/socket.io) carries the access token as its auth
 *   payload. It follows the session: it reconnects when the token is
 *   refreshed and closes when the user signs out.
 * - The public socket (/public) is anonymous; it re-emits `online_users` and
 *   `new_transaction` as window events so any component can listen, and hands
 *   `lobby` to lib/lobby.ts (issue 24).
 *
 * Both use the WebSocket transport only: with several server nodes behind a
 * load balancer, long-polling's separate HTTP requests could reach different
 * nodes, which would need sticky sessions; one WebSocket stays on one node.
 *
 * socket.io-client itself is fetched once the first paint is done (decision 011):
 * nothing on the first screen waits for it, and the first call here starts
 * loading it. Until it is there, a connection asked for is opened as soon as
 * it arrives and emits wait in order; once loaded, everything is synchronous.
 */
import type * as SocketIo from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type {
  BalanceEvent,
  ClientToServerEvents,
  PublicClientToServerEvents,
  PublicServerToClientEvents,
  ServerToClientEvents,
  TransactionFeedItem,
} from '@shifumi/protocol';
import { PROTOCOL_VERSION, PUBLIC_SOCKET_PATH, SOCKET_PATH, WINDOW_EVENTS } from '@shifumi/protocol/constants';
import { refreshAccessToken } from './api-client';
import { dispatchServerEvent, FORWARDED_EVENTS } from './game-events';
import { isTokenExpired } from './jwt';
import { loadPage } from './page-navigation';
import { afterFirstPaint } from './first-paint';
import { setRealtimeStatus, type RealtimeChannel } from './realtime-status';
import { getAccessToken, subscribeToSession } from './session-store';
import { handleDepositUpdate } from './deposit-updates';
import { reportDevice } from './device-id';
import { receiveLobby } from './lobby';
import { rememberSignedOutMessage } from './signed-out-message';

/** How long after a refusal the server asked to retry (its database restarting) the live connection is tried again. */
const RETRY_REFUSED_CONNECTION_MS = 3_000;

/** No long-polling: see the file comment. */
const REALTIME_TRANSPORTS = ['websocket'];

/** Window event carrying a `balance` socket event. */
export const BALANCE_WINDOW_EVENT = 'balanceUpdate';

export type AuthenticatedSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type PublicSocket = Socket<PublicServerToClientEvents, PublicClientToServerEvents>;

type SocketIoClient = typeof SocketIo;

let socketIo: SocketIoClient | null = null;
let socketIoLoading: Promise<SocketIoClient> | null = null;
let authenticatedSocket: AuthenticatedSocket | null = null;
let authenticatedToken: string | null = null;
let publicSocket: PublicSocket | null = null;
let publicWanted = false;
let lastOnlineUsers: number | null = null;
/** Emits made before socket.io-client arrived, in order. */
let pendingEmits: (() => void)[] = [];

/** Reports a connection's state to realtime-status.ts as it changes. */
function reportStatus(channel: RealtimeChannel, socket: Socket): void {
  const report = () => setRealtimeStatus(channel, socket.connected ? 'live' : socket.active ? 'reconnecting' : 'offline');
  socket.on('connect', report);
  socket.on('disconnect', report);
  socket.on('connect_error', report);
  report();
}

/** socket.io-client, fetched once; resolves at once when already loaded. */
export function loadRealtimeClient(): Promise<SocketIoClient> {
  socketIoLoading ??= afterFirstPaint()
    .then(() => import('socket.io-client'))
    .then(
      (module) => {
        socketIo = module;
        if (publicWanted) connectPublicSocket();
        if (authenticatedToken !== null && !authenticatedSocket) connectAuthenticatedSocket(authenticatedToken);
        return module;
      },
      (error: unknown) => {
        // Offline, or a new release replaced the chunk: the next call tries again.
        socketIoLoading = null;
        console.warn('The realtime client could not be loaded:', error);
        throw error;
      },
    );
  return socketIoLoading;
}

/** What `force_disconnect` does (spec S2): clear storage, alert the server's message, reload on /. */
export function handleForcedDisconnect(message: string): void {
  try {
    window.localStorage.clear();
  } catch {
    // Nothing to clear when storage is unavailable.
  }
  // Issue 26: said again on the page after the reload (an alert can go unseen: a blocked dialog, a tab in the background).
  rememberSignedOutMessage(message);
  window.alert(message);
  // A full navigation, not a router push: every in-memory state goes with it.
  loadPage('/');
}

/**
 * Opens (or re-opens with a new token) the authenticated connection; null
 * while socket.io-client is still loading (it opens when it arrives).
 */
export function connectAuthenticatedSocket(token: string): AuthenticatedSocket | null {
  if (!socketIo) {
    authenticatedToken = token;
    loadRealtimeClient().catch(() => undefined);
    return null;
  }
  if (authenticatedSocket && authenticatedToken === token) {
    if (!authenticatedSocket.connected && !authenticatedSocket.active) authenticatedSocket.connect();
    return authenticatedSocket;
  }
  authenticatedToken = token;
  if (authenticatedSocket) {
    authenticatedSocket.auth = { token, protocolVersion: PROTOCOL_VERSION };
    authenticatedSocket.disconnect().connect();
    return authenticatedSocket;
  }
  const socket: AuthenticatedSocket = socketIo.io({
    path: SOCKET_PATH,
    transports: REALTIME_TRANSPORTS,
    auth: { token, protocolVersion: PROTOCOL_VERSION },
    autoConnect: false,
  });
  socket.on('connect_error', (error) => {
    console.warn('Realtime connection failed:', error.message);
    // Issue 29: the server refused for a moment (its database restarting): Socket.IO does not retry a refusal by itself.
    if ((error as Error & { data?: { retry?: unknown } }).data?.retry === true) {
      setTimeout(() => {
        if (authenticatedSocket === socket && !socket.connected) socket.connect();
      }, RETRY_REFUSED_CONNECTION_MS);
    }
    // A token that expired while the page was open cannot reconnect: renew it
    // once; the session subscription below reconnects with the new one.
    const current = getAccessToken();
    if (current && current === authenticatedToken && isTokenExpired(current)) {
      refreshAccessToken().catch((refreshError: unknown) => console.warn('Session renewal failed:', refreshError));
    }
  });
  for (const event of FORWARDED_EVENTS) {
    socket.on(event, (payload: unknown) => dispatchServerEvent(event, payload as never));
  }
  // The balance changed (deposit credited, stake, payout, refund, withdrawal): whoever shows it listens.
  socket.on('balance', (payload) => {
    window.dispatchEvent(new CustomEvent<BalanceEvent>(BALANCE_WINDOW_EVENT, { detail: payload }));
  });
  // Issue 14: a withdrawal confirmed on chain or failed.
  // Issue 27: a withdrawal's outcome and its notice texts are a chunk of their own, fetched when one arrives.
  socket.on('withdrawal_update', (update) => {
    void import('./withdrawal-updates').then((module) => module.handleWithdrawalUpdate(update));
  });
  // Issue 14: a deposit seen on chain, each confirmation, then credited: a toast on any page.
  socket.on('deposit_update', handleDepositUpdate);
  // Issue 18: the browser a signed-in account uses (linked accounts are never matched).
  socket.on('connect', () => reportDevice(authenticatedToken));
  socket.on('force_disconnect', (message) => {
    disconnectAuthenticatedSocket();
    handleForcedDisconnect(message);
  });
  authenticatedSocket = socket;
  socket.connect();
  reportStatus('authenticated', socket);
  const waiting = pendingEmits;
  pendingEmits = [];
  for (const emit of waiting) emit();
  return socket;
}

export function disconnectAuthenticatedSocket(): void {
  authenticatedSocket?.disconnect();
  setRealtimeStatus('authenticated', 'offline');
  authenticatedSocket = null;
  authenticatedToken = null;
  pendingEmits = [];
}

/** The authenticated socket when one is open (the play feature sends on it). */
export function getAuthenticatedSocket(): AuthenticatedSocket | null {
  return authenticatedSocket;
}

/** Opens the public connection once for the lifetime of the page; null while socket.io-client is still loading. */
export function connectPublicSocket(): PublicSocket | null {
  if (publicSocket) return publicSocket;
  publicWanted = true;
  if (!socketIo) {
    loadRealtimeClient().catch(() => undefined);
    return null;
  }
  const socket: PublicSocket = socketIo.io({ path: PUBLIC_SOCKET_PATH, transports: REALTIME_TRANSPORTS });
  socket.on('online_users', (count) => {
    lastOnlineUsers = count;
    window.dispatchEvent(new CustomEvent<number>(WINDOW_EVENTS.onlineUsers, { detail: count }));
  });
  socket.on('new_transaction', (item) => {
    window.dispatchEvent(new CustomEvent<TransactionFeedItem>(WINDOW_EVENTS.transaction, { detail: item }));
  });
  // Issue 24: who is waiting at each stake.
  socket.on('lobby', (payload) => receiveLobby(payload));
  socket.on('connect_error', (error) => {
    console.warn('Public realtime connection failed:', error.message);
  });
  publicSocket = socket;
  reportStatus('public', socket);
  return socket;
}

/** The last online-players count received, for components mounted after it arrived. */
export function getLastOnlineUsers(): number | null {
  return lastOnlineUsers;
}

/**
 * Keeps the authenticated socket in step with the session: a refreshed token
 * reconnects it, a cleared session closes it.
 */
export function followSessionWithSocket(): () => void {
  return subscribeToSession(() => {
    const token = getAccessToken();
    if (!token) {
      disconnectAuthenticatedSocket();
      return;
    }
    // A connection opened, or waiting for socket.io-client, follows the new token.
    if (authenticatedToken !== null && token !== authenticatedToken) connectAuthenticatedSocket(token);
  });
}

/**
 * Sends a play event on the authenticated socket, opening it with the stored
 * token if needed. False when the user has no session.
 */
export function emitToServer<E extends keyof ClientToServerEvents>(
  event: E,
  ...args: Parameters<ClientToServerEvents[E]>
): boolean {
  const token = getAccessToken();
  if (!token) return false;
  const socket = authenticatedSocket ?? connectAuthenticatedSocket(token);
  if (socket) socket.emit(event, ...args);
  else pendingEmits.push(() => authenticatedSocket?.emit(event, ...args));
  return true;
}

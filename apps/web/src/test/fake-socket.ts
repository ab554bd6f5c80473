/**
 * A stand-in for socket.io-client in the play tests, so that they go through
 * the real lib/socket.ts (the forwarding of every server event, emitToServer)
 * and only the network is fake:
 *
 *   vi.mock('socket.io-client', () => import('../../../test/fake-socket'));
 *
 * `io()` returns a FakeSocket: what the app emits is recorded in `sent`, and
 * `receive()` plays the server.
 */
import { PUBLIC_SOCKET_PATH, SOCKET_PATH, type ServerToClientEvents, type PublicServerToClientEvents } from '@shifumi/protocol';

type Listener = (...args: unknown[]) => void;

export interface FakeSocketOptions {
  path?: string;
  auth?: unknown;
  autoConnect?: boolean;
}

export class FakeSocket {
  readonly options: FakeSocketOptions;
  auth: unknown;
  connected = false;
  active = false;
  /** Every event the app emitted, in order: [name, ...arguments]. */
  readonly sent: unknown[][] = [];
  private readonly listeners = new Map<string, Listener[]>();

  constructor(options: FakeSocketOptions) {
    this.options = options;
    this.auth = options.auth;
    if (options.autoConnect !== false) this.connect();
  }

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  off(event: string, listener?: Listener): this {
    this.listeners.set(event, listener ? (this.listeners.get(event) ?? []).filter((candidate) => candidate !== listener) : []);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.sent.push([event, ...args]);
    return this;
  }

  connect(): this {
    this.connected = true;
    this.active = true;
    this.receive('connect');
    return this;
  }

  /** The connection drops; socket.io-client keeps trying to reconnect. */
  drop(): void {
    this.connected = false;
    this.receive('disconnect', 'transport close');
  }

  /** The connection is back. */
  reconnect(): void {
    this.connected = true;
    this.receive('connect');
  }

  disconnect(): this {
    this.connected = false;
    this.active = false;
    this.receive('disconnect', 'io client disconnect');
    return this;
  }

  /** The server sends `event` to this socket. */
  receive(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** The payloads the app sent as `event`. */
  sentPayloads(event: string): unknown[] {
    return this.sent.filter(([name]) => name === event).map(([, payload]) => payload);
  }
}

export const createdSockets: FakeSocket[] = [];

/** The socket.io-client entry point the app calls. */
export function io(options: FakeSocketOptions = {}): FakeSocket {
  const socket = new FakeSocket(options);
  createdSockets.push(socket);
  return socket;
}

function latest(path: string): FakeSocket {
  const socket = createdSockets.findLast((candidate) => candidate.options.path === path);
  if (!socket) throw new Error(`No socket was opened on ${path}`);
  return socket;
}

/** The signed-in socket the app opened last, with typed server events. */
export function authenticatedServer() {
  const socket = latest(SOCKET_PATH);
  return {
    socket,
    send<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
      socket.receive(event, ...args);
    },
  };
}

/** The public socket (/public), with typed server events. */
export function publicServer() {
  const socket = latest(PUBLIC_SOCKET_PATH);
  return {
    socket,
    send<E extends keyof PublicServerToClientEvents>(event: E, ...args: Parameters<PublicServerToClientEvents[E]>): void {
      socket.receive(event, ...args);
    },
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION, STORAGE_KEYS, WINDOW_EVENTS } from '@shifumi/protocol';
import { installFetch, jsonResponse, makeToken } from '../test/fetch-mock';
import { signInAs } from '../test/render-app';

type Handler = (...args: unknown[]) => void;

interface FakeSocket {
  options: { path?: string; transports?: string[]; auth?: { token: string; protocolVersion?: number } };
  auth: unknown;
  connected: boolean;
  active: boolean;
  handlers: Map<string, Handler[]>;
  on: (event: string, handler: Handler) => FakeSocket;
  connect: ReturnType<typeof vi.fn>;
  disconnect: ReturnType<typeof vi.fn>;
  emitFromServer: (event: string, ...args: unknown[]) => void;
}

const sockets: FakeSocket[] = [];

// The network edge: socket.io-client is replaced by sockets we can drive.
vi.mock('socket.io-client', () => ({
  io: (options: FakeSocket['options']) => {
    const socket: FakeSocket = {
      options,
      auth: options.auth,
      connected: false,
      active: false,
      handlers: new Map(),
      on(event, handler) {
        socket.handlers.set(event, [...(socket.handlers.get(event) ?? []), handler]);
        return socket;
      },
      connect: vi.fn(() => socket),
      disconnect: vi.fn(() => socket),
      emitFromServer(event, ...args) {
        for (const handler of socket.handlers.get(event) ?? []) handler(...args);
      },
    };
    sockets.push(socket);
    return socket;
  },
}));

vi.mock('./page-navigation', () => ({ reloadPage: vi.fn(), loadPage: vi.fn() }));

const { loadPage } = await import('./page-navigation');
const { clearSession, saveSession } = await import('./session-store');
const socketModule = await import('./socket');
// socket.io-client is fetched on first use (socket-loading.test.ts tests that); here it is there from the start.
await socketModule.loadRealtimeClient();

describe('realtime connections', () => {
  afterEach(() => {
    socketModule.disconnectAuthenticatedSocket();
    sockets.length = 0;
  });

  it('opens the authenticated socket on /socket.io with the token and the protocol version (issue 25) as auth payload', () => {
    socketModule.connectAuthenticatedSocket('token-1');
    expect(sockets).toHaveLength(1);
    // WebSocket only: several server nodes need no sticky sessions.
    expect(sockets[0]?.options).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: 'token-1', protocolVersion: PROTOCOL_VERSION },
    });
    expect(sockets[0]?.connect).toHaveBeenCalledTimes(1);
  });

  it('reconnects with the new token when the session is refreshed, and closes on sign-out', () => {
    signInAs('token-1');
    const stop = socketModule.followSessionWithSocket();
    socketModule.connectAuthenticatedSocket('token-1');
    const socket = sockets[0]!;

    saveSession('token-2');

    expect(socket.auth).toEqual({ token: 'token-2', protocolVersion: PROTOCOL_VERSION });
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    expect(socket.connect).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(1);

    clearSession();
    expect(socket.disconnect).toHaveBeenCalledTimes(2);
    expect(socketModule.getAuthenticatedSocket()).toBeNull();
    stop();
  });

  it('on force_disconnect clears storage, alerts the message and reloads on /', () => {
    signInAs('token-1');
    window.localStorage.setItem(STORAGE_KEYS.selectedCharacter, 'Character2');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    socketModule.connectAuthenticatedSocket('token-1');

    sockets[0]?.emitFromServer('force_disconnect', 'Your session was ended. Please sign in again.');

    expect(window.localStorage.length).toBe(0);
    expect(alert).toHaveBeenCalledWith('Your session was ended. Please sign in again.');
    expect(loadPage).toHaveBeenCalledWith('/');
  });

  it('only logs connect_error', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    socketModule.connectAuthenticatedSocket('token-1');
    sockets[0]?.emitFromServer('connect_error', new Error('invalid token'));
    expect(warn).toHaveBeenCalled();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('tries again 3 s after a refusal the server asks to retry (its database restarting), and not after others', () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      socketModule.connectAuthenticatedSocket('token-1');
      const socket = sockets[0]!;
      const before = socket.connect.mock.calls.length;
      socket.emitFromServer('connect_error', new Error('invalid token'));
      socket.emitFromServer(
        'connect_error',
        Object.assign(new Error('The service is briefly unavailable.'), { data: { retry: true } }),
      );
      vi.advanceTimersByTime(2_900);
      expect(socket.connect.mock.calls.length).toBe(before);
      vi.advanceTimersByTime(200);
      expect(socket.connect.mock.calls.length).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renews an expired token once when the connection is refused, then reconnects with the new one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const expired = makeToken(Math.floor(Date.now() / 1000) - 60);
    const fresh = makeToken(Math.floor(Date.now() / 1000) + 900);
    signInAs(expired);
    const { requests } = installFetch(() => jsonResponse(200, { accessToken: fresh }));
    const stop = socketModule.followSessionWithSocket();
    socketModule.connectAuthenticatedSocket(expired);
    const socket = sockets[0]!;

    socket.emitFromServer('connect_error', new Error('Your session has expired. Please sign in again.'));

    await vi.waitFor(() => expect(socket.auth).toEqual({ token: fresh, protocolVersion: PROTOCOL_VERSION }));
    expect(requests.map((request) => request.url)).toEqual(['/api/auth/refresh-token']);

    // A refusal of a token that is not expired is only logged.
    socket.emitFromServer('connect_error', new Error('invalid'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests).toHaveLength(1);
    stop();
  });

  it('re-emits the public events as window events', () => {
    const socket = socketModule.connectPublicSocket();
    expect(socketModule.connectPublicSocket()).toBe(socket);
    const publicSocket = sockets.find((candidate) => candidate.options.path === '/public')!;
    expect(publicSocket.options.transports).toEqual(['websocket']);
    const online = vi.fn();
    const transaction = vi.fn();
    window.addEventListener(WINDOW_EVENTS.onlineUsers, (event) => online((event as CustomEvent).detail));
    window.addEventListener(WINDOW_EVENTS.transaction, (event) => transaction((event as CustomEvent).detail));

    publicSocket.emitFromServer('online_users', 7);
    const item = { game: 'g1', player1: 'a', player2: 'b', winner: 'a', amount: 5, date: '2025-01-01T00:00:00Z' };
    publicSocket.emitFromServer('new_transaction', item);

    expect(online).toHaveBeenCalledWith(7);
    expect(socketModule.getLastOnlineUsers()).toBe(7);
    expect(transaction).toHaveBeenCalledWith(item);
  });
});

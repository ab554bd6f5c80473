import {
  PROTOCOL_VERSION,
  PUBLIC_SOCKET_PATH,
  SERVER_TEXTS,
  SOCKET_PATH,
  SOCKET_REFUSAL_TEXTS,
  type PublicServerToClientEvents,
  type ServerToClientEvents,
  type ClientToServerEvents,
} from '@shifumi/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postJson, refresh, signIn, signUp, type SignedIn } from './support/api';
import { createTestApp, TEST_APP_URL, type TestApp } from './support/test-app';

type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type PublicSocket = Socket<PublicServerToClientEvents, Record<string, never>>;

let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.listen();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t?.close();
});

function gameSocket(auth: Record<string, unknown> | undefined, extraHeaders?: Record<string, string>): GameSocket {
  const socket: GameSocket = connect(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(auth ? { auth } : {}),
    ...(extraHeaders ? { extraHeaders } : {}),
  });
  sockets.push(socket);
  return socket;
}

function publicSocket(): PublicSocket {
  const socket: PublicSocket = connect(baseUrl, {
    path: PUBLIC_SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

function connectError(socket: Socket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected although it should not')));
    socket.once('connect_error', (error) => resolve(error));
  });
}

function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/** Collects every online_users value a public socket receives. */
function onlineUsersOf(socket: PublicSocket): number[] {
  const values: number[] = [];
  socket.on('online_users', (count) => values.push(count));
  return values;
}

async function eventually(check: () => void, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

async function newPlayer(): Promise<SignedIn> {
  return signIn(t, await signUp(t));
}

describe('signed-in Socket.IO server (/socket.io)', () => {
  it('refuses a handshake without a token with connect_error', async () => {
    const error = await connectError(gameSocket(undefined));
    expect(error.message).toBe(SERVER_TEXTS.notAuthenticated);
  });

  it('refuses a bad token with connect_error', async () => {
    const error = await connectError(gameSocket({ token: 'not.a.token' }));
    expect(error.message).toBe(SERVER_TEXTS.sessionExpired);
    expect((await connectError(gameSocket({ token: 42 }))).message).toBe(SERVER_TEXTS.notAuthenticated);
  });

  it('refuses the token of a revoked session', async () => {
    const player = await newPlayer();
    await t.app.fastify.inject({ method: 'POST', url: '/api/auth/logout-all', headers: { authorization: player.accessToken } });
    const error = await connectError(gameSocket({ token: player.accessToken }));
    expect(error.message).toBe(SERVER_TEXTS.sessionExpired);
  });

  it('accepts a valid token, with or without Bearer', async () => {
    const player = await newPlayer();
    await connected(gameSocket({ token: player.accessToken }));
    await connected(gameSocket({ token: `Bearer ${player.accessToken}` }));
  });

  it('refuses a browser handshake from another origin, accepts the app origin', async () => {
    const player = await newPlayer();
    await expect(
      connectError(gameSocket({ token: player.accessToken }, { origin: 'https://evil.example' })),
    ).resolves.toBeInstanceOf(Error);
    await connected(gameSocket({ token: player.accessToken }, { origin: TEST_APP_URL }));
  });

  describe('protocol version (issue 25, decision 036)', () => {
    it('a tab of another protocol version hears force_disconnect asking for a reload, and is disconnected', async () => {
      const player = await newPlayer();
      const socket = gameSocket({ token: player.accessToken, protocolVersion: PROTOCOL_VERSION + 1 });
      const told = new Promise<string>((resolve) => socket.once('force_disconnect', resolve));
      const gone = disconnected(socket);
      expect(await told).toBe(SOCKET_REFUSAL_TEXTS.outdated_client);
      expect(await gone).toBe('io server disconnect');
    });

    it('is told so even with a token that no longer works (it must reload first)', async () => {
      const socket = gameSocket({ token: 'not.a.token', protocolVersion: 'an old build' });
      const told = new Promise<string>((resolve) => socket.once('force_disconnect', resolve));
      const gone = disconnected(socket);
      expect(await told).toBe(SOCKET_REFUSAL_TEXTS.outdated_client);
      expect(await gone).toBe('io server disconnect');
    });

    it('takes the current version, or none at all (tools, bots), and plays on', async () => {
      const player = await newPlayer();
      for (const auth of [{ token: player.accessToken, protocolVersion: PROTOCOL_VERSION }, { token: player.accessToken }]) {
        const socket = gameSocket(auth);
        let forced = false;
        socket.on('force_disconnect', () => (forced = true));
        await connected(socket);
        // Still connected and served a moment later: an unknown event is answered with its code.
        const refused = new Promise<{ code: string; message: string }>((resolve) => socket.once('error', resolve));
        (socket as unknown as Socket).emit('no_such_event');
        expect(await refused).toEqual({ code: 'unknown_event', message: SOCKET_REFUSAL_TEXTS.unknown_event });
        expect(forced).toBe(false);
        expect(socket.connected).toBe(true);
      }
    });
  });

  it('logout-all sends force_disconnect to every socket of the user and disconnects them; other users stay', async () => {
    const player = await newPlayer();
    const otherSession = await signIn(t, { email: player.user.email ?? '', password: 'correct horse battery' });
    const stranger = await newPlayer();
    const phone = gameSocket({ token: player.accessToken });
    const laptop = gameSocket({ token: otherSession.accessToken });
    const bystander = gameSocket({ token: stranger.accessToken });
    await Promise.all([connected(phone), connected(laptop), connected(bystander)]);

    const messages: string[] = [];
    phone.on('force_disconnect', (message) => messages.push(`phone:${message}`));
    laptop.on('force_disconnect', (message) => messages.push(`laptop:${message}`));
    bystander.on('force_disconnect', (message) => messages.push(`bystander:${message}`));
    const phoneGone = disconnected(phone);
    const laptopGone = disconnected(laptop);

    const response = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { authorization: player.accessToken },
    });
    expect(response.statusCode).toBe(200);

    expect(await phoneGone).toBe('io server disconnect');
    expect(await laptopGone).toBe('io server disconnect');
    expect(messages.sort()).toEqual([`laptop:${SERVER_TEXTS.forcedDisconnect}`, `phone:${SERVER_TEXTS.forcedDisconnect}`]);
    expect(bystander.connected).toBe(true);
  });

  it('a replayed refresh token force-disconnects the sockets of that session', async () => {
    const player = await newPlayer();
    const rotated = await refresh(t, player.refreshToken);
    const socket = gameSocket({ token: rotated.json().accessToken });
    await connected(socket);
    const message = new Promise<string>((resolve) => socket.once('force_disconnect', resolve));
    const gone = disconnected(socket);

    expect((await refresh(t, player.refreshToken)).statusCode).toBe(401);
    expect(await message).toBe(SERVER_TEXTS.forcedDisconnect);
    expect(await gone).toBe('io server disconnect');
  });

  it('a plain logout closes the sockets of that session without force_disconnect', async () => {
    const player = await newPlayer();
    const socket = gameSocket({ token: player.accessToken });
    await connected(socket);
    let forced = false;
    socket.on('force_disconnect', () => {
      forced = true;
    });
    const gone = disconnected(socket);
    await t.app.fastify.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refreshToken: player.refreshToken } });
    expect(await gone).toBe('io server disconnect');
    expect(forced).toBe(false);
  });
});

describe('public Socket.IO server (/public)', () => {
  it('needs no token and counts distinct signed-in users on every change', async () => {
    const watcher = publicSocket();
    const counts = onlineUsersOf(watcher);
    await connected(watcher);
    await eventually(() => expect(counts).toEqual([0]));

    const ann = await newPlayer();
    const bob = await newPlayer();
    const annPhone = gameSocket({ token: ann.accessToken });
    await connected(annPhone);
    await eventually(() => expect(counts.at(-1)).toBe(1));

    const annLaptop = gameSocket({ token: ann.accessToken });
    await connected(annLaptop);
    const bobSocket = gameSocket({ token: bob.accessToken });
    await connected(bobSocket);
    await eventually(() => expect(counts.at(-1)).toBe(2));
    // Ann's second socket changed nothing: no 2 was announced before Bob came.
    expect(counts).toEqual([0, 1, 2]);

    // A newcomer gets the current count at once.
    const late = publicSocket();
    const lateCounts = onlineUsersOf(late);
    await connected(late);
    await eventually(() => expect(lateCounts).toEqual([2]));

    annPhone.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(counts.at(-1)).toBe(2);
    annLaptop.disconnect();
    await eventually(() => expect(counts.at(-1)).toBe(1));
    bobSocket.disconnect();
    await eventually(() => expect(counts.at(-1)).toBe(0));
    expect(counts).toEqual([0, 1, 2, 1, 0]);
  });

  it('refuses another origin', async () => {
    const socket = connect(baseUrl, {
      path: PUBLIC_SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin: 'https://evil.example' },
    });
    sockets.push(socket);
    await expect(connectError(socket)).resolves.toBeInstanceOf(Error);
  });

  it('login still works while sockets are open (HTTP and Socket.IO share the server)', async () => {
    const watcher = publicSocket();
    await connected(watcher);
    const response = await postJson(t, '/api/auth/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(response.statusCode).toBe(401);
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
  });
});

describe('shutdown', () => {
  it('closing the app disconnects open sockets and does not hang', async () => {
    const other = await createTestApp();
    const url = await other.listen();
    const player = await signIn(other, await signUp(other));
    const socket: GameSocket = connect(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: player.accessToken },
    });
    const watcher: PublicSocket = connect(url, {
      path: PUBLIC_SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket, watcher);
    await Promise.all([connected(socket), connected(watcher)]);
    const gone = Promise.all([disconnected(socket), disconnected(watcher)]);
    const started = Date.now();
    await other.close();
    await gone;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

/**
 * Two nodes in one process: two buildApp instances, each with its own Redis
 * connections, on one PostgreSQL database and one Redis key prefix — what
 * two processes behind a balancer share. Clients connect to different nodes
 * and see one system: the online count, the feed, force_disconnect, the
 * queue, balances and /metrics. (Killing nodes is the two-process test's job.)
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  PUBLIC_SOCKET_PATH,
  SOCKET_PATH,
  SERVER_TEXTS,
  SOCKET_REFUSAL_TEXTS,
  type ClientToServerEvents,
  type PublicServerToClientEvents,
  type ServerToClientEvents,
  type TransactionFeedItem,
} from '@shifumi/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import { parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RedisContext } from '../src/infra/redis/redis';
import { deleteKeysOf, openTestRedis, randomKeyPrefix, TEST_REDIS_URL } from '../src/infra/redis/redis-testing';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { transfer } from '../src/modules/ledger/ledger.service';
import { signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';

type PlayerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type PublicSocket = Socket<PublicServerToClientEvents>;

const MATCH_OPTIONS = { roundMs: 1_000, graceMs: 100, revealMs: 100, reconnectGraceMs: 1_000 };

interface Node {
  t: TestApp;
  redis: RedisContext;
  url: string;
}

let nodeA: Node;
let nodeB: Node;
const sockets: Socket[] = [];

async function startNode(name: string, keyPrefix: string, databaseUrl?: string, env: Record<string, string> = {}): Promise<Node> {
  const redis = await openTestRedis({ keyPrefix, nodeId: name });
  const t = await createTestApp({
    env: { ETH_USD_PRICE: '2000', NODE_ID: name, ...env },
    matchOptions: MATCH_OPTIONS,
    redis,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  return { t, redis, url: await t.listen() };
}

const clusterAvailable = TEST_REDIS_URL !== undefined && process.env.DATABASE_URL !== undefined;

describe.skipIf(!clusterAvailable)('two nodes on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    const prefix = randomKeyPrefix();
    nodeA = await startNode('node-a', prefix);
    nodeB = await startNode('node-b', prefix, nodeA.t.databaseUrl);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    // Node B uses node A's database, which node A drops when it closes: B first.
    for (const node of [nodeB, nodeA]) {
      if (!node) continue;
      await node.t.close();
      await deleteKeysOf(node.redis);
      await node.redis.close();
    }
  });

  function openPlayer(node: Node, token: string): PlayerSocket {
    const socket: PlayerSocket = connect(node.url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    return socket;
  }

  /** A public socket recording every online count it hears. */
  async function watcher(node: Node): Promise<{ socket: PublicSocket; counts: number[]; feed: TransactionFeedItem[] }> {
    const socket: PublicSocket = connect(node.url, {
      path: PUBLIC_SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    const counts: number[] = [];
    const feed: TransactionFeedItem[] = [];
    socket.on('online_users', (count) => counts.push(count));
    socket.on('new_transaction', (item) => feed.push(item));
    await connected(socket);
    // The count at connection (a change still on its way from an earlier test may follow).
    await expect.poll(() => counts.length).toBeGreaterThanOrEqual(1);
    return { socket, counts, feed };
  }

  async function connected(socket: Socket): Promise<void> {
    if (socket.connected) return;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }

  function next<E extends keyof ServerToClientEvents>(
    socket: PlayerSocket,
    event: E,
    timeoutMs = 8_000,
  ): Promise<Parameters<ServerToClientEvents[E]>[0]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${timeoutMs} ms`)), timeoutMs);
      (socket as unknown as Socket).once(event as string, (payload: Parameters<ServerToClientEvents[E]>[0]) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
  }

  /** A signed-up, funded user (through node A's API: both nodes share the database). */
  async function user(eth = '1') {
    const credentials = await signUp(nodeA.t, { name: `P${randomInt(1e6)}` });
    const session = await signIn(nodeA.t, credentials);
    if (eth !== '0') {
      await nodeA.t.db.transaction((tx) =>
        transfer(tx, {
          idempotencyKey: `test-fund:${session.user.id}:${randomUUID()}`,
          kind: 'deposit',
          legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(session.user.id), amount: parseEther(eth) }],
        }),
      );
    }
    return { id: session.user.id, name: credentials.name, token: session.accessToken };
  }

  it('counts distinct online users across nodes, and each public socket hears each change once', async () => {
    const onA = await watcher(nodeA);
    const onB = await watcher(nodeB);
    const start = onA.counts[0]!;
    expect(onB.counts).toEqual([start]);
    const ann = await user('0');
    const bob = await user('0');

    const annOnA = openPlayer(nodeA, ann.token);
    await connected(annOnA);
    await expect.poll(() => onB.counts).toEqual([start, start + 1]);
    // Ann's second tab, on the other node: still one user, nobody is told anything.
    const annOnB = openPlayer(nodeB, ann.token);
    await connected(annOnB);
    const bobOnB = openPlayer(nodeB, bob.token);
    await connected(bobOnB);
    await expect.poll(() => onA.counts).toEqual([start, start + 1, start + 2]);
    expect(await nodeA.t.app.presence.countOnlineUsers()).toBe(start + 2);

    annOnA.disconnect();
    annOnB.disconnect();
    await expect.poll(() => onA.counts).toEqual([start, start + 1, start + 2, start + 1]);
    await expect.poll(() => onB.counts).toEqual(onA.counts);
    bobOnB.disconnect();
    await expect.poll(() => onB.counts.at(-1)).toBe(start);
    // Once per change on each public socket, not once per node.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onA.counts).toEqual([start, start + 1, start + 2, start + 1, start]);
    expect(onB.counts).toEqual(onA.counts);
  });

  it("force_disconnect reaches the user's sockets on every node, and nobody else's", async () => {
    const ann = await user('0');
    const bystander = await user('0');
    const annOnA = openPlayer(nodeA, ann.token);
    const annOnB = openPlayer(nodeB, ann.token);
    const otherOnB = openPlayer(nodeB, bystander.token);
    await Promise.all([annOnA, annOnB, otherOnB].map(connected));
    const heard: string[] = [];
    annOnA.on('force_disconnect', (message) => heard.push(`a:${message}`));
    annOnB.on('force_disconnect', (message) => heard.push(`b:${message}`));
    otherOnB.on('force_disconnect', (message) => heard.push(`other:${message}`));
    const bClosed = new Promise<void>((resolve) => annOnB.once('disconnect', () => resolve()));

    // Signed out everywhere through node A's API: the socket on node B goes too.
    const response = await nodeA.t.app.fastify.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { authorization: ann.token },
    });
    expect(response.statusCode).toBe(200);
    await bClosed;
    await expect.poll(() => heard.sort()).toEqual([`a:${SERVER_TEXTS.forcedDisconnect}`, `b:${SERVER_TEXTS.forcedDisconnect}`]);
    expect(otherOnB.connected).toBe(true);
  });

  it('matches players of different nodes through the shared queue; the feed and balances reach every node', async () => {
    const feedOnA = await watcher(nodeA);
    const feedOnB = await watcher(nodeB);
    const ann = await user('1');
    const bob = await user('1');
    const annSocket = openPlayer(nodeA, ann.token);
    const bobSocket = openPlayer(nodeB, bob.token);
    await Promise.all([annSocket, bobSocket].map(connected));

    const foundAnn = next(annSocket, 'game_found');
    const foundBob = next(bobSocket, 'game_found');
    const bobBalance = next(bobSocket, 'balance');
    let roundStarted = next(annSocket, 'new_round');
    annSocket.emit('search_game', { character: 'Character1', amount: 10 });
    // Ann's ticket, queued on node A, is visible from node B.
    await expect.poll(() => nodeB.t.app.matchQueue.has(ann.id)).toBe(true);
    bobSocket.emit('search_game', { character: 'Character2', amount: 10 });
    const [{ room }, bobFound] = [await foundAnn, await foundBob];
    expect(bobFound).toMatchObject({ room, opponent: { id: ann.id }, amount: 10 });
    expect((await bobBalance).balanceWei).toBe((parseEther('1') - parseEther('0.005')).toString());
    expect(await nodeA.t.app.matchQueue.has(ann.id)).toBe(false);

    // Ann wins two rounds; each player acts on their own node.
    for (const [annChoice, bobChoice] of [
      ['paper', 'rock'],
      ['scissors', 'paper'],
    ] as const) {
      await roundStarted;
      roundStarted = next(annSocket, 'new_round');
      const result = next(bobSocket, 'game_result');
      annSocket.emit('make_choice', { room, choice: annChoice });
      bobSocket.emit('make_choice', { room, choice: bobChoice });
      expect(await result).toMatchObject({ winnerId: ann.id });
    }
    roundStarted.catch(() => undefined);
    await expect.poll(() => feedOnA.feed.map((item) => item.game), { timeout: 8_000 }).toEqual([room]);
    await expect.poll(() => feedOnB.feed.map((item) => item.game), { timeout: 8_000 }).toEqual([room]);
    expect(feedOnB.feed[0]).toMatchObject({ winner: ann.name, amount: 10 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Once on each public socket, whichever node settled the game.
    expect(feedOnA.feed).toHaveLength(1);
    expect(feedOnB.feed).toHaveLength(1);
  });

  it("drops a dead node's ticket instead of matching it, and tells its user on another node to search again", async () => {
    const ann = await user('1');
    const bob = await user('1');
    // Ann searched on a node that died (its instance has no liveness entry); she is back, connected to node B.
    const ticket = {
      userId: ann.id,
      betUsd: 15,
      character: 'Character1',
      socketId: 'socket-on-a-dead-node',
      queuedAt: Date.now(),
      node: 'node-dead:0000',
    };
    await nodeA.redis.client.hset(`${nodeA.redis.keyPrefix}queue:tickets`, ann.id, JSON.stringify(ticket));
    await nodeA.redis.client.rpush(`${nodeA.redis.keyPrefix}queue:15`, ann.id);
    const annSocket = openPlayer(nodeB, ann.token);
    const bobSocket = openPlayer(nodeA, bob.token);
    await Promise.all([annSocket, bobSocket].map(connected));
    const told = next(annSocket, 'error', 10_000);
    const bobFound = new Promise<boolean>((resolve) => {
      bobSocket.once('game_found', () => resolve(true));
      setTimeout(() => resolve(false), 1_500);
    });
    bobSocket.emit('search_game', { character: 'Character2', amount: 15 });
    expect(await told).toEqual({ code: 'search_interrupted', message: SOCKET_REFUSAL_TEXTS.search_interrupted });
    // Bob was not matched with a player who was not there, and waits at the head of the queue.
    expect(await bobFound).toBe(false);
    expect(await nodeB.t.app.matchQueue.has(ann.id)).toBe(false);
    expect(await nodeB.t.app.matchQueue.lengths()).toMatchObject({ 15: 1 });
    bobSocket.emit('cancel_search');
    await expect.poll(() => nodeB.t.app.matchQueue.has(bob.id)).toBe(false);
  });

  it('serves /metrics on every node, with the shared queue and each node its own sockets', async () => {
    const ann = await user('1');
    const annSocket = openPlayer(nodeA, ann.token);
    await connected(annSocket);
    annSocket.emit('search_game', { character: 'Character1', amount: 50 });
    await expect.poll(() => nodeB.t.app.matchQueue.has(ann.id)).toBe(true);
    const scrape = async (node: Node) => (await node.t.app.fastify.inject({ method: 'GET', url: '/metrics' })).body;
    const onB = await scrape(nodeB);
    expect(onB).toContain('shifumi_queue_tickets{bet_usd="50",node="node-b"} 1');
    expect(onB).toContain('shifumi_socket_connections{server="signed_in",node="node-b"} 0');
    expect(await scrape(nodeA)).toContain('shifumi_socket_connections{server="signed_in",node="node-a"} 1');
    annSocket.emit('cancel_search');
    await expect.poll(() => nodeB.t.app.matchQueue.has(ann.id)).toBe(false);
  });

  it('a node that stops closes only its own sockets, and its users stop counting at once', async () => {
    const prefix = randomKeyPrefix();
    const leaving = await startNode('node-leaving', prefix);
    const staying = await startNode('node-staying', prefix, leaving.t.databaseUrl);
    let stayingClosed = false;
    try {
      const credentials = await signUp(leaving.t, { name: 'Leaver' });
      const session = await signIn(leaving.t, credentials);
      const other = await signIn(leaving.t, await signUp(leaving.t, { name: 'Stayer' }));
      const onLeaving = openPlayer(leaving, session.accessToken);
      const onStaying = openPlayer(staying, other.accessToken);
      await Promise.all([onLeaving, onStaying].map(connected));
      const onlineWatch = await watcher(staying);
      await expect.poll(() => staying.t.app.presence.countOnlineUsers()).toBe(2);

      await leaving.t.app.close();
      expect(onStaying.connected).toBe(true);
      // Well within the liveness TTL (10 s): the node said goodbye.
      await expect.poll(() => onlineWatch.counts.at(-1), { timeout: 2000 }).toBe(1);
      await staying.t.close();
      stayingClosed = true;
    } finally {
      if (!stayingClosed) await staying.t.close();
      await leaving.t.close().catch(() => undefined);
      await deleteKeysOf(staying.redis);
      await staying.redis.close();
      await leaving.redis.close();
    }
  });

  it('counts every node against one rate limit per IP, each limiter on its own budget', async () => {
    const prefix = randomKeyPrefix();
    const limits = { RATE_LIMIT_CONTACT_PER_MINUTE: '3', RATE_LIMIT_AUTH_PER_MINUTE: '3' };
    const first = await startNode('node-limit-1', prefix, undefined, limits);
    const second = await startNode('node-limit-2', prefix, first.t.databaseUrl, limits);
    try {
      const contact = (node: Node) => node.t.app.fastify.inject({ method: 'POST', url: '/api/submit-form', payload: {} });
      // Three requests of one IP spread over both nodes use the whole budget: the fourth is refused, on either node.
      const statuses = [await contact(first), await contact(second), await contact(first)].map((response) => response.statusCode);
      expect(statuses).not.toContain(429);
      expect((await contact(second)).statusCode).toBe(429);
      expect((await contact(first)).statusCode).toBe(429);
      // The auth limiter counts apart.
      const login = await second.t.app.fastify.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'wrong password' },
      });
      expect(login.statusCode).not.toBe(429);
    } finally {
      await second.t.close();
      await first.t.close();
      await deleteKeysOf(first.redis);
      await first.redis.close();
      await second.redis.close();
    }
  });
});

/**
 * Issue 30 (decision 061, "A search's checks in one statement"): with several
 * nodes, no node knows every game, so a search's early checks ("already
 * playing?", responsible gaming, the balance) ask the database — in one read,
 * with no transaction — unless this node settled the player's last game a
 * moment ago and told their balance, when they ask nothing. Two nodes in one
 * process on one PostgreSQL and one Redis, every statement counted at the
 * driver's edge (support/statement-counter.ts).
 */
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RedisContext } from '../src/infra/redis/redis';
import { deleteKeysOf, openTestRedis, randomKeyPrefix, TEST_REDIS_URL } from '../src/infra/redis/redis-testing';
import { signIn, signUp } from './support/api';
import { connected, createSockets, fundUser, nextEvent as next, waitUntil, type PlayerSocket } from './support/sockets';
import { countStatements, type StatementCounter } from './support/statement-counter';
import { createTestApp, type TestApp } from './support/test-app';

interface Node {
  t: TestApp;
  redis: RedisContext;
  url: string;
}

/** Periodic tasks that run whatever the players do: left out of the count. */
const BACKGROUND = /^(update "mail_outbox"|select .* from "mail_outbox"|update challenges set status = 'expired')/i;
const MATCH_OPTIONS = { roundMs: 2_000, graceMs: 100, revealMs: 100, reconnectGraceMs: 2_000 };

let nodeA: Node;
let nodeB: Node;
let counter: StatementCounter | undefined;
const sockets = createSockets();
const clusterAvailable = TEST_REDIS_URL !== undefined && process.env.DATABASE_URL !== undefined;

async function startNode(name: string, keyPrefix: string, databaseUrl?: string): Promise<Node> {
  const redis = await openTestRedis({ keyPrefix, nodeId: name });
  const t = await createTestApp({
    env: { ETH_USD_PRICE: '2000', NODE_ID: name },
    matchOptions: MATCH_OPTIONS,
    redis,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  return { t, redis, url: await t.listen() };
}

async function player(node: Node): Promise<{ id: string; token: string; socket: PlayerSocket }> {
  const credentials = await signUp(nodeA.t, { name: `S${randomInt(1e6)}` });
  const session = await signIn(nodeA.t, credentials);
  await fundUser(nodeA.t.db, session.user.id, '1');
  const socket = openSocket(node, session.accessToken);
  await connected(socket);
  return { id: session.user.id, token: session.accessToken, socket };
}

const openSocket = (node: Node, token: string): PlayerSocket => sockets.open(node.url, token);

/** The statements (not the background's) sent while `search` runs until the ticket is queued. */
async function statementsOf(node: Node, userId: string, search: () => void) {
  counter!.start();
  search();
  await waitUntil(() => node.t.app.matchQueue.has(userId));
  const count = counter!.read();
  counter!.start();
  return count;
}

describe.skipIf(!clusterAvailable)("a search's checks on a node that does not know every game", () => {
  beforeAll(async () => {
    const prefix = randomKeyPrefix();
    nodeA = await startNode('search-a', prefix);
    nodeB = await startNode('search-b', prefix, nodeA.t.databaseUrl);
    counter = countStatements(new URL(nodeA.t.databaseUrl!).pathname.slice(1), BACKGROUND);
  });
  afterEach(() => {
    sockets.closeAll();
  });
  afterAll(async () => {
    counter?.restore();
    for (const node of [nodeB, nodeA]) {
      if (!node) continue;
      await node.t.close();
      await deleteKeysOf(node.redis);
      await node.redis.close();
    }
  });

  it('asks the database in one read, with no transaction; a player whose game this node just settled, nothing', async () => {
    const ann = await player(nodeB);
    const bob = await player(nodeB);
    // A player this node knows nothing of: one statement, committed on its own (no begin, no commit).
    const first = await statementsOf(nodeB, ann.id, () => ann.socket.emit('search_game', { character: 'Character1', amount: 5 }));
    expect([...first.byText.keys()]).toEqual([expect.stringMatching(/^select u\.id::text as id, u\.frozen_at is not null/)]);
    expect(first.statements).toBe(1);
    expect(first.autocommits).toHaveLength(1);
    const found = next(ann.socket, 'game_found');
    const dead = next(bob.socket, 'game_dead');
    bob.socket.emit('search_game', { character: 'Character2', amount: 5 });
    const { room } = await found;
    // Ann forfeits: node B (where Bob's search made the pair) runs the game and settles it.
    const balance = next(ann.socket, 'balance');
    ann.socket.emit('leave_game', { room });
    await dead;
    await balance;
    await waitUntil(async () => !(await nodeB.t.app.games.isPlaying(ann.id)));
    // Node B settled Ann's game and told her balance a moment ago: her next search asks the database nothing.
    const again = await statementsOf(nodeB, ann.id, () => ann.socket.emit('search_game', { character: 'Character1', amount: 5 }));
    expect([...again.byText.keys()]).toEqual([]);
    ann.socket.emit('cancel_search');
    await waitUntil(async () => !(await nodeB.t.app.matchQueue.has(ann.id)));
  });

  it('refuses a search on this node from a player whose game runs on the other one, and queues nothing', async () => {
    const ann = await player(nodeA);
    const bob = await player(nodeB);
    const found = next(ann.socket, 'game_found');
    ann.socket.emit('search_game', { character: 'Character1', amount: 10 });
    await waitUntil(() => nodeB.t.app.matchQueue.has(ann.id));
    bob.socket.emit('search_game', { character: 'Character2', amount: 10 });
    const { room } = await found;
    // The game runs on node B (Bob's search made the pair); Ann's second tab is on node A.
    expect(nodeB.t.app.games.gameOf(ann.id)).toBe(room);
    expect(nodeA.t.app.games.gameOf(ann.id)).toBeUndefined();
    const secondTab = openSocket(nodeA, ann.token);
    await connected(secondTab);
    const refused = next(secondTab, 'error');
    secondTab.emit('search_game', { character: 'Character1', amount: 20 });
    expect(await refused).toEqual({ code: 'already_playing', message: 'You are already in a game.' });
    expect(await nodeA.t.app.matchQueue.has(ann.id)).toBe(false);
    const dead = next(bob.socket, 'game_dead');
    ann.socket.emit('leave_game', { room });
    await dead;
  });
});

/**
 * Game ownership across nodes (decision 007), with two or three real apps in
 * this process on one PostgreSQL database and one Redis: a player on another
 * node plays a game its owner runs, a stale owner is fenced out, a stopping
 * owner hands its games over; and, without Redis, a restarted server resumes
 * the games in play.
 */
import { Writable } from 'node:stream';
import { parseEther } from 'viem';
import { and, eq } from 'drizzle-orm';
import { createScratchDatabase } from '../src/infra/db/scratch-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '../src/composition';
import { nodeLeaseKey } from '../src/modules/games/game-scan';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/infra/db/database';
import { ledgerTransfers } from '../src/infra/db/schema/index';
import { createLogger } from '../src/infra/logger';
import { createLogMailer } from '../src/infra/mailer/log-mailer';
import { gameLeaseKey, gameRow } from '../src/modules/games/game.service';
import { endGame, reclaimGame, saveState } from '../src/modules/games/games.repo';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { createInProcessMatchQueue } from '../src/modules/matchmaking/match-queue';
import { stakeFor } from '../src/modules/matchmaking/matchmaking.service';
import type { MatchState } from '@shifumi/game';
import { createCluster, nextEvent, waitUntil, type Cluster, type ClusterNode, type PlayerSocket } from './support/cluster-apps';
import { TEST_APP_URL, TEST_JWT_SECRET } from './support/test-app';
import { expectLedgerConsistent } from './support/test-chain';
import { createAccessTokens } from '../src/modules/auth/access-tokens';
import { sessions, users } from '../src/infra/db/schema/index';
import { generateReferralCode } from '../src/modules/auth/referral-codes';
import { transfer } from '../src/modules/ledger/ledger.service';
import { io as connect } from 'socket.io-client';
import { SOCKET_PATH, SOCKET_REFUSAL_TEXTS } from '@shifumi/protocol';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { openedCommitment } from '../src/modules/games/sealed-choices';

const MATCH_OPTIONS = { roundMs: 1_000, graceMs: 100, revealMs: 100, reconnectGraceMs: 1_500 };
const LEASE_TIMING = { gameLeaseTtlMs: 1_500, takeoverScanMs: 200 };
/** The fixed price of the cluster apps: 2000 USD per ETH. */
const MICRO_USD_PER_ETH = 2_000_000_000n;

interface Seat {
  id: string;
  token: string;
  socket: PlayerSocket;
  node: ClusterNode;
}

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('games across nodes', () => {
  let cluster: Cluster;
  // One queue object for both apps: matchmaking across nodes is the queue's business (its own suite); this file is about games.
  const queue = createInProcessMatchQueue();

  beforeAll(async () => {
    cluster = await createCluster(2, { matchOptions: MATCH_OPTIONS, leaseTiming: LEASE_TIMING, matchQueue: queue });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  async function seat(node: ClusterNode): Promise<Seat> {
    const player = await cluster.player('1');
    return { ...player, socket: await cluster.socket(node, player.token), node };
  }

  /** `waiting` searches first, then `matcher`: the game is made, and owned, on the matcher's node. */
  async function match(matcher: Seat, waiting: Seat, amount: 1 | 5 | 10 = 10) {
    const foundMatcher = nextEvent(matcher.socket, 'game_found');
    const foundWaiting = nextEvent(waiting.socket, 'game_found');
    const firstRound = nextEvent(waiting.socket, 'new_round');
    waiting.socket.emit('search_game', { character: 'Character1', amount });
    await waitUntil(() => queue.has(waiting.id), 5_000, 'queued');
    matcher.socket.emit('search_game', { character: 'Character2', amount });
    const [found] = await Promise.all([foundMatcher, foundWaiting]);
    await firstRound;
    return found.room;
  }

  /** Both choose (`first` then `second`) and both see the result. */
  async function playRound(
    first: Seat,
    second: Seat,
    room: string,
    firstChoice: 'rock' | 'paper' | 'scissors',
    secondChoice: 'rock' | 'paper' | 'scissors',
  ) {
    const results = [nextEvent(first.socket, 'game_result'), nextEvent(second.socket, 'game_result')];
    const ends = [nextEvent(first.socket, 'round_end'), nextEvent(second.socket, 'round_end')];
    const locked = nextEvent(second.socket, 'opponent_choice_locked');
    first.socket.emit('make_choice', { room, choice: firstChoice });
    await locked;
    second.socket.emit('make_choice', { room, choice: secondChoice });
    const [result] = await Promise.all(results);
    const [end] = await Promise.all(ends);
    return { result: result!, end: end! };
  }

  const balance = (userId: string) => balanceOf(cluster.db, LedgerAccounts.user(userId));
  const settlements = async (room: string) =>
    (
      await cluster.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, `game-settle:${room}`))
    ).length;

  it('matches players on different nodes; the player on the other node plays the game its owner runs, to the payout', async () => {
    const [node1, node2] = cluster.nodes as [ClusterNode, ClusterNode];
    const a = await seat(node1);
    const b = await seat(node2);
    const room = await match(a, b);
    expect((await gameRow(cluster.db, room))!.ownerNode).toBe(node1.app.games.holder);
    expect(node1.app.games.liveCount()).toBe(1);
    expect(node2.app.games.liveCount()).toBe(0);

    // B (node 2) chooses first: its choice is forwarded to node 1, which tells A.
    const one = await playRound(b, a, room, 'paper', 'rock');
    // B searched first: B is player 1.
    expect(one.result).toMatchObject({
      player1Id: b.id,
      player2Id: a.id,
      player1Choice: 'paper',
      player2Choice: 'rock',
      winnerId: b.id,
    });
    await nextEvent(b.socket, 'new_round');

    // Reactions both ways: from the owner's node and from the other one.
    const toB = nextEvent(b.socket, 'reaction_received');
    a.socket.emit('send_reaction', { room, content: 'gg' });
    expect(await toB).toEqual({ content: 'gg' });
    const toA = nextEvent(a.socket, 'reaction_received');
    b.socket.emit('send_reaction', { room, content: 'wp' });
    expect(await toA).toEqual({ content: 'wp' });

    // A refused action from node 2 comes back with the owner's refusal text.
    await new Promise((resolve) => setTimeout(resolve, 50));
    b.socket.emit('make_choice', { room, choice: 'scissors' });
    const twice = nextEvent(b.socket, 'error');
    b.socket.emit('make_choice', { room, choice: 'rock' });
    expect((await twice).message).toBe('Your choice for this round is already locked.');
    const results = [nextEvent(a.socket, 'game_result'), nextEvent(b.socket, 'game_result')];
    const over = nextEvent(b.socket, 'round_end');
    a.socket.emit('make_choice', { room, choice: 'paper' });
    await Promise.all(results);
    expect(await over).toMatchObject({ gameOver: true, winnerId: b.id });

    await waitUntil(async () => (await gameRow(cluster.db, room))!.status !== 'playing', 5_000, 'settled');
    expect(await gameRow(cluster.db, room)).toMatchObject({ status: 'finished', winnerId: b.id, endReason: 'wins' });
    const stake = stakeFor(10, MICRO_USD_PER_ETH);
    expect(await balance(b.id)).toBe(parseEther('1') + stake);
    expect(await balance(a.id)).toBe(parseEther('1') - stake);
    expect(await settlements(room)).toBe(1);
    await waitUntil(() => node1.app.games.liveCount() === 0, 2_000, 'game let go');
    await expectLedgerConsistent(cluster.db, undefined);
  });

  it('fences out a stale owner: once another node has claimed the game, the old owner can neither save nor settle, and tells nobody', async () => {
    const [node1, node2] = cluster.nodes as [ClusterNode, ClusterNode];
    const a = await seat(node1);
    const b = await seat(node2);
    const room = await match(a, b, 5);
    const before = (await gameRow(cluster.db, room))!;
    expect(before.ownerNode).toBe(node1.app.games.holder);

    // Node 1's lease vanishes (as if it had expired while node 1 was paused); node 1 does not know yet. A pause lets
    // node 1's node lease lapse too, no later than its game leases (game-scan.ts): the other nodes look at its games.
    // Node 1 renews both every few hundred milliseconds: on a busy machine a renewal can land between the deletion
    // and node 2's scan (node 1 is not really paused), so the lapse is made again until node 2 holds the game — by
    // this scan, or by node 2's own periodic scan when it runs first (this one then finds the game already known).
    const ownedByNode2 = async () => (await gameRow(cluster.db, room))!.ownerNode === node2.app.games.holder;
    for (let attempt = 0; attempt < 10 && !(await ownedByNode2()); attempt += 1) {
      await node1.redis.client.del(
        `${cluster.keyPrefix}lease:${gameLeaseKey(room)}`,
        `${cluster.keyPrefix}lease:${nodeLeaseKey(node1.app.games.holder)}`,
      );
      await node2.app.games.scan();
      await waitUntil(ownedByNode2, 500, 'claimed by node 2').catch(() => undefined);
    }
    const claimed = (await gameRow(cluster.db, room))!;
    expect(claimed.ownerNode).toBe(node2.app.games.holder);
    expect(claimed.ownerToken).toBeGreaterThan(before.ownerToken);
    // Both players have a socket in the game (on some node): both stay connected.
    expect((claimed.state as MatchState).players.map((player) => player.connected)).toEqual([true, true]);

    // The old token is refused by the database itself, and cannot move itself to a new one either.
    expect(await saveState(cluster.db, room, before.ownerToken, claimed.state as MatchState, null)).toBe(false);
    expect(await reclaimGame(cluster.db, room, before.ownerToken, claimed.ownerToken + 100n, node1.app.games.holder)).toBe(false);
    expect(
      await cluster.db.transaction((tx) =>
        endGame(tx, room, before.ownerToken, {
          status: 'refunded',
          winnerId: null,
          endReason: 'max-rounds',
          state: claimed.state as MatchState,
          endedAt: new Date(),
        }),
      ),
    ).toBe(false);

    // A's choice reaches node 1 first. If node 1 still runs the game, its lease check fails: it tells nobody, lets
    // the game go and refuses the choice ('moving'). Node 1 renews its leases every few hundred milliseconds, and on a
    // busy machine a renewal can come between the claim and this choice: then node 1 has let the game go already
    // (logged) and relays the choice to node 2, which locks it. Both orders are the product's; the stale owner's
    // refusal itself is proven step by step in game-room.test.ts ('with other nodes, confirms the lease…').
    let lockedSeen = false;
    b.socket.on('opponent_choice_locked', () => {
      lockedSeen = true;
    });
    const firstAnswer = Promise.race([
      nextEvent(a.socket, 'error').then((error) => ({ refused: error })),
      nextEvent(b.socket, 'opponent_choice_locked').then(() => ({ locked: true as const })),
    ]);
    a.socket.emit('make_choice', { room, choice: 'rock' });
    const answer = await firstAnswer;
    if ('refused' in answer) {
      expect(answer.refused).toEqual({ code: 'moving', message: SOCKET_REFUSAL_TEXTS.moving });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lockedSeen).toBe(false);
      expect(node1.app.games.liveCount()).toBe(0);
      expect(((await gameRow(cluster.db, room))!.state as MatchState).players.map((player) => player.choice)).toEqual([
        null,
        null,
      ]);
      // Tried again, the choice goes to node 2, the owner now.
      const locked = nextEvent(b.socket, 'opponent_choice_locked');
      a.socket.emit('make_choice', { room, choice: 'rock' });
      await locked;
    } else {
      expect(node1.app.games.liveCount()).toBe(0);
      expect(node1.logs).toContainEqual(expect.objectContaining({ msg: 'This node no longer runs the game', gameId: room }));
    }
    const dead = nextEvent(b.socket, 'game_dead');
    a.socket.emit('leave_game', { room });
    expect(await dead).toEqual({ room });
    await waitUntil(async () => (await gameRow(cluster.db, room))!.status !== 'playing', 5_000, 'settled');
    expect(await gameRow(cluster.db, room)).toMatchObject({ status: 'finished', winnerId: b.id, endReason: 'forfeit-leave' });
    expect(await settlements(room)).toBe(1);
    await expectLedgerConsistent(cluster.db, undefined);
  });

  it('a stopping owner hands its games over: another node takes them over, and the player who was on it comes back there and plays on', async () => {
    const node2 = cluster.nodes[1]!;
    const node3 = await cluster.addNode('node-3');
    const a = await seat(node3);
    const b = await seat(node2);
    const room = await match(a, b, 1);
    expect((await gameRow(cluster.db, room))!.ownerNode).toBe(node3.app.games.holder);

    const gone = nextEvent(b.socket, 'opponent_connection', 5_000);
    await node3.close();
    // The lease was released: a node takes the game over at its next scan; A has no socket left anywhere.
    expect(await gone).toEqual({ room, connected: false });
    const survivors = cluster.nodes.filter((node) => !node.closed).map((node) => node.app.games.holder);
    expect(survivors).toContain((await gameRow(cluster.db, room))!.ownerNode);

    let state: Promise<unknown> = Promise.resolve();
    const back = await cluster.socket(node2, a.token, (socket) => {
      state = nextEvent(socket, 'game_state');
    });
    expect(await state).toMatchObject({ room, opponent: { id: b.id } });
    const again = { ...a, socket: back, node: node2 };
    await waitUntil(
      async () => ((await gameRow(cluster.db, room))!.state as MatchState).players[0].connected,
      3_000,
      'counted back',
    );
    const dead = nextEvent(b.socket, 'game_dead');
    again.socket.emit('leave_game', { room });
    await dead;
    await waitUntil(async () => (await gameRow(cluster.db, room))!.status !== 'playing', 5_000, 'settled');
    expect(await settlements(room)).toBe(1);
    await expectLedgerConsistent(cluster.db, undefined);
  });

  it('issues 17 and 30: the reveal request is kept in memory; a node stopping during the reveal stores the round, and the new owner asks again only for the reveal it does not hold', async () => {
    const node2 = cluster.nodes[1]!;
    const node3 = await cluster.addNode('node-3b');
    const a = await seat(node3);
    const b = await seat(node2);
    const room = await match(a, b, 1);
    const salt = randomBytes(32).toString('hex');
    const commitment = (userId: string, choice: 'rock' | 'paper') => openedCommitment({ room, round: 1, userId, choice, salt });
    // B answers every reveal request (its browser keeps the salt); A only once it comes back.
    let bRequests = 0;
    b.socket.on('reveal_request', (request) => {
      bRequests += 1;
      b.socket.emit('reveal_choice', { room, round: request.round, choice: 'paper', salt });
    });
    const locked = nextEvent(b.socket, 'opponent_choice_locked');
    a.socket.emit('commit_choice', { room, round: 1, commitment: commitment(a.id, 'rock') });
    await locked;
    b.socket.emit('commit_choice', { room, round: 1, commitment: commitment(b.id, 'paper') });
    await waitUntil(async () => bRequests >= 1, 3_000, 'reveal requested');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Issue 30: neither the request nor B's reveal is written; the round's result will write them with A's.
    const before = (await gameRow(cluster.db, room))!.state as MatchState;
    expect(before.phase).toBe('choosing');
    expect(before.players.map((player) => player.commitment)).toEqual([null, null]);

    // The owner stops before A reveals: it stores the round as it stands (both commitments, B's reveal).
    const result = nextEvent(b.socket, 'game_result', 8_000);
    await node3.close();
    const stored = (await gameRow(cluster.db, room))!.state as MatchState;
    expect(stored.phase).toBe('revealing');
    expect(stored.players.map((player) => player.commitment).sort()).toEqual(
      [commitment(a.id, 'rock'), commitment(b.id, 'paper')].sort(),
    );
    // The new owner asks A (back on node 2) for the reveal it does not hold; B's, stored, is not asked for again.
    let request: Promise<unknown> = Promise.resolve();
    let state: Promise<unknown> = Promise.resolve();
    const back = await cluster.socket(node2, a.token, (socket) => {
      request = nextEvent(socket, 'reveal_request', 5_000);
      state = nextEvent(socket, 'game_state', 5_000);
    });
    expect(await state).toMatchObject({ room, round: 1, choiceLocked: true, opponentChoiceLocked: true, revealPending: true });
    expect(await request).toEqual({ room, round: 1 });
    back.emit('reveal_choice', { room, round: 1, choice: 'rock', salt });
    const resolved = await result;
    expect(bRequests).toBe(1);
    expect(resolved).toMatchObject({ player1Mode: 'sealed', player2Mode: 'sealed', winnerId: b.id });
    expect(
      resolved.player1Id === a.id
        ? [resolved.player1Choice, resolved.player2Choice]
        : [resolved.player2Choice, resolved.player1Choice],
    ).toEqual(['rock', 'paper']);
    const dead = nextEvent(b.socket, 'game_dead');
    back.emit('leave_game', { room });
    await dead;
    await waitUntil(async () => (await gameRow(cluster.db, room))!.status !== 'playing', 5_000, 'settled');
    await expectLedgerConsistent(cluster.db, undefined);
  });

  it('a player whose socket is on a node that does not run the game is counted disconnected when it closes, and loses after the grace', async () => {
    const [node1, node2] = cluster.nodes as [ClusterNode, ClusterNode];
    const a = await seat(node1);
    const b = await seat(node2);
    const room = await match(a, b, 1);
    const gone = nextEvent(a.socket, 'opponent_connection');
    b.socket.disconnect();
    expect(await gone).toEqual({ room, connected: false });
    await nextEvent(a.socket, 'game_dead', 5_000);
    await waitUntil(async () => (await gameRow(cluster.db, room))!.status !== 'playing', 5_000, 'settled');
    expect(await gameRow(cluster.db, room)).toMatchObject({
      status: 'finished',
      winnerId: a.id,
      endReason: 'forfeit-disconnect',
    });
    await expectLedgerConsistent(cluster.db, undefined);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('one node without Redis', () => {
  it('a restarted server resumes every game in play: the player who comes back plays on, the other loses after the grace', async () => {
    const serverUrl = process.env.DATABASE_URL!;
    const scratch = await createScratchDatabase(serverUrl);
    const database = await openDatabase({ kind: 'postgres', url: scratch.url });
    await database.migrate();
    const logger = createLogger({
      level: 'silent',
      destination: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
    });
    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        APP_URL: TEST_APP_URL,
        ETH_USD_PRICE: '2000',
        WEB_DIST_DIR: '/nonexistent',
        DATA_DIR: '/nonexistent',
        JWT_SECRET: TEST_JWT_SECRET,
      }),
      jwtSecret: TEST_JWT_SECRET,
    };
    const start = async () => {
      const app = await composeApp({
        config,
        db: database.db,
        mailer: createLogMailer({ logger, from: config.mailFrom }),
        logger,
        matchOptions: MATCH_OPTIONS,
      });
      await app.fastify.listen({ port: 0, host: '127.0.0.1' });
      return { app, url: `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}` };
    };
    const tokens = createAccessTokens({ secret: TEST_JWT_SECRET, clock: () => new Date() });
    const player = async () => {
      const [user] = await database.db
        .insert(users)
        .values({ name: 'R', referralCode: generateReferralCode() })
        .returning({ id: users.id });
      const [session] = await database.db.insert(sessions).values({ userId: user!.id }).returning({ id: sessions.id });
      await database.db.transaction((tx) =>
        transfer(tx, {
          idempotencyKey: `fund:${user!.id}`,
          kind: 'deposit',
          legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(user!.id), amount: parseEther('1') }],
        }),
      );
      return { id: user!.id, token: await tokens.issue({ userId: user!.id, sessionId: session!.id }) };
    };
    const open = async (base: string, token: string, listen?: (socket: PlayerSocket) => void) => {
      const socket: PlayerSocket = connect(base, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token },
      });
      listen?.(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };
    let first = await start();
    try {
      const a = await player();
      const b = await player();
      const socketA = await open(first.url, a.token);
      const socketB = await open(first.url, b.token);
      const found = nextEvent(socketA, 'game_found');
      socketA.emit('search_game', { character: 'Character1', amount: 1 });
      await waitUntil(() => first.app.matchQueue.has(a.id));
      socketB.emit('search_game', { character: 'Character1', amount: 1 });
      const { room } = await found;
      const token = (await gameRow(database.db, room))!.ownerToken;
      await first.app.close();
      socketA.disconnect();
      socketB.disconnect();

      first = await start();
      expect(first.app.games.liveCount()).toBe(1);
      const resumed = (await gameRow(database.db, room))!;
      // Claimed again above the token of the process that stopped: its writes would now be refused.
      expect(resumed.ownerToken).toBeGreaterThan(token);
      expect((resumed.state as MatchState).players.map((entry) => entry.connected)).toEqual([false, false]);
      let state: Promise<unknown> = Promise.resolve();
      const back = await open(first.url, a.token, (socket) => {
        state = nextEvent(socket, 'game_state');
      });
      expect(await state).toMatchObject({ room });
      await waitUntil(async () => (await gameRow(database.db, room))!.status !== 'playing', 5_000, 'settled');
      expect(await gameRow(database.db, room)).toMatchObject({
        status: 'finished',
        winnerId: a.id,
        endReason: 'forfeit-disconnect',
      });
      expect(
        await database.db
          .select()
          .from(ledgerTransfers)
          .where(and(eq(ledgerTransfers.idempotencyKey, `game-settle:${room}`))),
      ).toHaveLength(1);
      back.disconnect();
      await expectLedgerConsistent(database.db, undefined);
    } finally {
      await first.app.close();
      await database.close();
      await scratch.drop();
    }
  });
});

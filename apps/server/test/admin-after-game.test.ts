/**
 * Issue 18: the collusion rules run after every settled game, for its two
 * players (no scan called, the schedule not running in tests), and a game's
 * console page shows every round with both choices, its winner and its times.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { SOCKET_PATH, type GamePage } from '@shifumi/protocol';
import { and, eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flags, games } from '../src/infra/db/schema/index';
import { CLI_ACTOR } from '../src/modules/admin/audit-log';
import { grantRole } from '../src/modules/admin/staff.repo';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { transfer } from '../src/modules/ledger/ledger.service';
import { signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { createSockets, nextEvent, waitUntil, type PlayerSocket } from './support/sockets';

/** Events of a whole game wait a little longer here (the rules run after the settlement). */
const next: typeof nextEvent = (socket, event, timeoutMs = 8_000) => nextEvent(socket, event, timeoutMs);

let t: TestApp;
let baseUrl: string;
const sockets = createSockets();

beforeAll(async () => {
  t = await createTestApp({
    env: { ETH_USD_PRICE: '2000' },
    matchOptions: { roundMs: 5_000, graceMs: 100, revealMs: 100, reconnectGraceMs: 5_000 },
  });
  baseUrl = await t.listen();
});
afterEach(() => {
  sockets.closeAll();
});
afterAll(async () => {
  await t?.close();
});

interface Player {
  id: string;
  email: string;
  token: string;
  socket: PlayerSocket;
}

async function player(): Promise<Player> {
  const credentials = await signUp(t, { name: `G${randomInt(1e6)}` });
  const session = await signIn(t, credentials);
  await t.db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-fund:${randomUUID()}`,
      kind: 'deposit',
      legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(session.user.id), amount: parseEther('1') }],
    }),
  );
  const socket: PlayerSocket = connect(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: session.accessToken },
  });
  sockets.track(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { id: session.user.id, email: credentials.email, token: session.accessToken, socket };
}

/** a (player 1) and b play one game; a wins every round with paper against rock. Returns the game id. */
async function playGame(a: Player, b: Player, rounds: number): Promise<string> {
  const found = next(a.socket, 'game_found');
  let newRound = next(a.socket, 'new_round');
  a.socket.emit('search_game', { character: 'Character2', amount: 1 });
  await waitUntil(() => t.app.matchQueue.has(a.id));
  b.socket.emit('search_game', { character: 'Character3', amount: 1 });
  const { room } = await found;
  await newRound;
  for (let i = 0; i < rounds; i += 1) {
    const end = next(a.socket, 'round_end');
    if (i < rounds - 1) newRound = next(a.socket, 'new_round');
    const locked = next(b.socket, 'opponent_choice_locked');
    a.socket.emit('make_choice', { room, choice: 'paper' });
    await locked;
    b.socket.emit('make_choice', { room, choice: 'rock' });
    await end;
    if (i < rounds - 1) await newRound;
  }
  await waitUntil(
    async () => (await t.db.select({ status: games.status }).from(games).where(eq(games.id, room)))[0]?.status === 'finished',
  );
  return room;
}

/** A finished game stored as older games were (no rounds): the winner took `score` rounds to 0. */
async function craftedCleanWin(winner: string, loser: string, score: number, minutesAgo: number): Promise<string> {
  const id = randomUUID();
  await t.db.insert(games).values({
    id,
    player1Id: winner,
    player2Id: loser,
    player1Character: 'Character1',
    player2Character: 'Character2',
    betUsd: 1,
    stakeWei: 1n,
    priceMicroUsd: 1n,
    status: 'finished',
    winnerId: winner,
    endReason: 'wins',
    state: {
      round: score,
      players: [
        { id: winner, score },
        { id: loser, score: 0 },
      ],
    },
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
    endedAt: new Date(Date.now() - minutesAgo * 60_000),
  });
  return id;
}

const streakFlags = (winner: string, loser: string) =>
  t.db
    .select()
    .from(flags)
    .where(and(eq(flags.rule, 'round_streak'), eq(flags.userId, winner), eq(flags.otherUserId, loser)));

describe('collusion rules after every game', () => {
  it('a crafted sequence flags right after the settling game, without a scan', async () => {
    const a = await player();
    const b = await player();
    // 6 rounds won one way in older games (stored without rounds): no flag yet, nothing ran.
    await craftedCleanWin(a.id, b.id, 3, 10);
    await craftedCleanWin(a.id, b.id, 3, 5);
    expect(await streakFlags(a.id, b.id)).toHaveLength(0);
    // The settling game adds 2 rounds won by a: 8 in a row, flagged once its settlement committed.
    const gameId = await playGame(a, b, 2);
    await waitUntil(async () => (await streakFlags(a.id, b.id)).length > 0);
    const [flag] = await streakFlags(a.id, b.id);
    expect(flag).toMatchObject({ status: 'open', evidence: { rounds: 8 } });
    expect((flag!.evidence as { games: string[] }).games).toContain(gameId);
    // The game itself settled as usual.
    const [row] = await t.db.select().from(games).where(eq(games.id, gameId));
    expect(row).toMatchObject({ status: 'finished', winnerId: a.id });
  });
});

describe("a game's console page", () => {
  it('shows every stored round with both choices, its winner and its times; an older game without rounds shows its state', async () => {
    const a = await player();
    const b = await player();
    const support = await player();
    await grantRole(t.db, support.email, 'support', { actor: CLI_ACTOR, role: null, now: new Date() });
    const before = Date.now();
    const gameId = await playGame(a, b, 2);
    const answer = await t.app.fastify.inject({
      method: 'GET',
      url: `/api/admin/games/${gameId}`,
      headers: { authorization: support.token },
    });
    expect(answer.statusCode).toBe(200);
    const page = answer.json() as GamePage;
    expect(
      page.rounds.map((round) => [round.round, round.winnerId, round.plays.map((play) => [play.userId, play.choice, play.mode])]),
    ).toEqual([
      [
        1,
        a.id,
        [
          [a.id, 'paper', 'plain'],
          [b.id, 'rock', 'plain'],
        ],
      ],
      [
        2,
        a.id,
        [
          [a.id, 'paper', 'plain'],
          [b.id, 'rock', 'plain'],
        ],
      ],
    ]);
    for (const round of page.rounds) {
      expect(Date.parse(round.startedAt!)).toBeGreaterThanOrEqual(before - 1_000);
      expect(Date.parse(round.deadline!)).toBeGreaterThan(Date.parse(round.startedAt!));
      for (const play of round.plays) expect(Date.parse(play.lockedAt!)).toBeGreaterThanOrEqual(Date.parse(round.startedAt!));
    }
    expect(page.state).toMatchObject({
      players: [
        { id: a.id, score: 2 },
        { id: b.id, score: 0 },
      ],
    });
    // Its signed transcript, as its players get it; the same bytes for staff.
    const staffTranscript = await t.app.fastify.inject({
      method: 'GET',
      url: `/api/admin/games/${gameId}/transcript`,
      headers: { authorization: support.token },
    });
    const playerTranscript = await t.app.fastify.inject({
      method: 'GET',
      url: `/api/games/${gameId}/transcript`,
      headers: { authorization: a.token },
    });
    expect(staffTranscript.statusCode).toBe(200);
    expect(staffTranscript.json()).toEqual(playerTranscript.json());
    expect(
      (
        await t.app.fastify.inject({
          method: 'GET',
          url: `/api/admin/games/${gameId}/transcript`,
          headers: { authorization: a.token },
        })
      ).statusCode,
    ).toBe(403);

    const older = await craftedCleanWin(a.id, b.id, 3, 60);
    const olderPage = (
      await t.app.fastify.inject({ method: 'GET', url: `/api/admin/games/${older}`, headers: { authorization: support.token } })
    ).json() as GamePage;
    expect(olderPage.rounds).toEqual([]);
    expect(olderPage.state).toMatchObject({ round: 3 });
  });
});

/**
 * Issue 14: GET /api/games/{id}, a game round by round for its two players
 * only (anyone else: 404, as for a game that does not exist), and the account
 * history's link to it (each item carries the game's id).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { gameDetailResponseSchema, SOCKET_PATH } from '@shifumi/protocol';
import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { games, users } from '../src/infra/db/schema/index';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { transfer } from '../src/modules/ledger/ledger.service';
import { getAccount, signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { expectLedgerConsistent } from './support/test-chain';
import { createSockets, nextEvent as next, waitUntil, type PlayerSocket } from './support/sockets';

let t: TestApp;
let baseUrl: string;
const sockets = createSockets();

beforeAll(async () => {
  t = await createTestApp({
    env: { ETH_USD_PRICE: '2000' },
    matchOptions: { roundMs: 1_000, graceMs: 100, revealMs: 100, reconnectGraceMs: 1_000 },
  });
  baseUrl = await t.listen();
});
afterEach(async () => {
  sockets.closeAll();
  await expectLedgerConsistent(t.db, undefined);
});
afterAll(async () => {
  await t?.close();
});

interface Player {
  id: string;
  name: string;
  token: string;
  socket: PlayerSocket;
}

async function player(): Promise<Player> {
  const credentials = await signUp(t, { name: `P${randomInt(1e6)}` });
  const session = await signIn(t, credentials);
  await t.db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-fund:${session.user.id}:${randomUUID()}`,
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
  return { id: session.user.id, name: credentials.name, token: session.accessToken, socket };
}

async function playRound(
  a: Player,
  b: Player,
  room: string,
  choiceA: 'rock' | 'paper' | 'scissors',
  choiceB: 'rock' | 'paper' | 'scissors',
) {
  const end = next(a.socket, 'round_end');
  const locked = next(b.socket, 'opponent_choice_locked');
  a.socket.emit('make_choice', { room, choice: choiceA });
  await locked;
  b.socket.emit('make_choice', { room, choice: choiceB });
  return end;
}

/** a (player 1, Character2) beats b (Character3) 2–0 at $10, with a draw between. */
async function playGame(a: Player, b: Player): Promise<string> {
  const found = next(a.socket, 'game_found');
  const firstRound = next(a.socket, 'new_round');
  a.socket.emit('search_game', { character: 'Character2', amount: 10 });
  await waitUntil(() => t.app.matchQueue.has(a.id));
  b.socket.emit('search_game', { character: 'Character3', amount: 10 });
  const { room } = await found;
  await firstRound;
  await playRound(a, b, room, 'paper', 'rock');
  await next(a.socket, 'new_round');
  await playRound(a, b, room, 'rock', 'rock');
  await next(a.socket, 'new_round');
  expect(await playRound(a, b, room, 'scissors', 'paper')).toMatchObject({ gameOver: true, winnerId: a.id });
  return room;
}

const detailOf = (id: string, token: string | undefined) =>
  t.app.fastify.inject({ method: 'GET', url: `/api/games/${id}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/games/{id}', () => {
  it('answers each of the two players their side of the game, and nobody else', async () => {
    const a = await player();
    const b = await player();
    const room = await playGame(a, b);

    const forA = detailOf(room, a.token);
    const answerA = gameDetailResponseSchema.parse((await forA).json());
    expect(answerA).toMatchObject({
      id: room,
      status: 'finished',
      result: 'Victory',
      endReason: 'wins',
      forfeitedByYou: false,
      you: { name: a.name, character: 'Character2', score: 2 },
      opponent: { name: b.name, character: 'Character3', score: 0 },
      betUsd: 10,
      // $10 at $2000: 0.005 ETH each; the winner gets the pot.
      stakeEth: '0.005',
      payoutEth: '0.01',
    });
    expect(answerA.endedAt).not.toBeNull();
    // The rounds as played, from the engine's stored record.
    expect(answerA.rounds).toEqual([
      { round: 1, yourChoice: 'paper', opponentChoice: 'rock', outcome: 'won' },
      { round: 2, yourChoice: 'rock', opponentChoice: 'rock', outcome: 'draw' },
      { round: 3, yourChoice: 'scissors', opponentChoice: 'paper', outcome: 'won' },
    ]);
    const answerB = gameDetailResponseSchema.parse((await detailOf(room, b.token)).json());
    expect(answerB).toMatchObject({
      result: 'Defeat',
      you: { name: b.name, character: 'Character3', score: 0 },
      opponent: { name: a.name, score: 2 },
      payoutEth: '0',
    });

    // The history item opens it.
    expect((await getAccount(t, a.token)).json().gameHistory[0]).toMatchObject({ id: room, result: 'Victory' });

    const stranger = await player();
    for (const response of [
      await detailOf(room, stranger.token),
      await detailOf(randomUUID(), a.token),
      await detailOf('not-a-game', a.token),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: 'Not found.' });
    }
    // Signed out: the access-token refusal.
    expect((await detailOf(room, undefined)).statusCode).toBe(403);
  });

  it('tells the rounds from the stored state, from each player side (both choices, each outcome)', async () => {
    const a = await player();
    const b = await player();
    const room = await playGame(a, b);
    // The engine's record of resolved rounds (issue 17's `state.rounds`, player 1's play first).
    const [row] = await t.db.select({ state: games.state }).from(games).where(eq(games.id, room));
    const plays = (choiceA: string | null, choiceB: string | null) => [
      { mode: 'plain', choice: choiceA, lockedAt: 1 },
      { mode: 'plain', choice: choiceB, lockedAt: 2 },
    ];
    const rounds = [
      { round: 1, startedAt: 0, deadline: 1, plays: plays('paper', 'rock'), winnerId: a.id },
      { round: 2, startedAt: 0, deadline: 1, plays: plays('rock', 'rock'), winnerId: 'draw' },
      { round: 3, startedAt: 0, deadline: 1, plays: plays('scissors', null), winnerId: a.id },
    ];
    await t.db
      .update(games)
      .set({ state: { ...(row!.state as object), rounds } })
      .where(eq(games.id, room));

    expect(gameDetailResponseSchema.parse((await detailOf(room, a.token)).json()).rounds).toEqual([
      { round: 1, yourChoice: 'paper', opponentChoice: 'rock', outcome: 'won' },
      { round: 2, yourChoice: 'rock', opponentChoice: 'rock', outcome: 'draw' },
      { round: 3, yourChoice: 'scissors', opponentChoice: null, outcome: 'won' },
    ]);
    expect(gameDetailResponseSchema.parse((await detailOf(room, b.token)).json()).rounds).toEqual([
      { round: 1, yourChoice: 'rock', opponentChoice: 'paper', outcome: 'lost' },
      { round: 2, yourChoice: 'rock', opponentChoice: 'rock', outcome: 'draw' },
      { round: 3, yourChoice: null, opponentChoice: 'scissors', outcome: 'lost' },
    ]);
  });
});

describe('issue 23: an opponent learns only what the screen shows of an address', () => {
  it('carries the first 5 characters of the deposit address in game_found, the history, the detail and the public feed; the full one only to its owner', async () => {
    const a = await player();
    const b = await player();
    const addressOf = async (id: string) =>
      (await t.db.select({ walletAddress: users.walletAddress }).from(users).where(eq(users.id, id)))[0]!.walletAddress!;
    const [fullA, fullB] = [await addressOf(a.id), await addressOf(b.id)];
    const foundByB = next(b.socket, 'game_found');
    const foundByA = next(a.socket, 'game_found');
    const room = await playGame(a, b);
    expect((await foundByA).opponent.walletAddress).toBe(fullB.slice(0, 5));
    expect((await foundByB).opponent.walletAddress).toBe(fullA.slice(0, 5));

    const historyOfA = (await getAccount(t, a.token)).json();
    expect(historyOfA.gameHistory[0]).toMatchObject({ id: room, oppUserId: { id: b.id, walletAddress: fullB.slice(0, 5) } });
    // The player's own address, in full, to the player.
    expect(historyOfA.user.walletAddress).toBe(fullA);
    const detailForA = (await detailOf(room, a.token)).json();
    expect(detailForA.opponent.walletAddress).toBe(fullB.slice(0, 5));

    const everythingASees = JSON.stringify([await foundByA, historyOfA.gameHistory, detailForA]).toLowerCase();
    expect(everythingASees).not.toContain(fullB.toLowerCase());
    const feed = (await t.app.fastify.inject({ method: 'GET', url: '/api/transactions' })).body.toLowerCase();
    for (const full of [fullA, fullB]) expect(feed).not.toContain(full.toLowerCase());
  });
});

/**
 * Issue 24: rematch after an ended game, through the real app. A request is
 * offered to the opponent; accepted (or asked by both at once) it starts one
 * new game at the same stake, each with their character; declined, unanswered
 * (a short timeout here), the opponent gone or busy, the requester hears
 * `rematch_declined` with the reason. An accept after the timeout starts
 * nothing; none after a game a player left. The ledger is checked after each.
 */
import { randomInt } from 'node:crypto';
import { LOBBY_TEXTS, type GameFoundEvent, type RematchDeclinedEvent } from '@shifumi/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { stakeFor } from '../src/modules/matchmaking/matchmaking.service';
import { signIn, signUp } from './support/api';
import { connected, createSockets, fundUser, nextEvent as next, waitUntil, type PlayerSocket } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';
import { expectLedgerConsistent } from './support/test-chain';

const MATCH_OPTIONS = { roundMs: 1_000, graceMs: 100, revealMs: 100, reconnectGraceMs: 1_000 };
const REMATCH_TIMEOUT_MS = 800;
const MICRO_USD_PER_ETH = 2_000_000_000n;

let t: TestApp;
let baseUrl: string;
const sockets = createSockets();

beforeAll(async () => {
  t = await createTestApp({ env: { ETH_USD_PRICE: '2000' }, matchOptions: MATCH_OPTIONS, rematchTimeoutMs: REMATCH_TIMEOUT_MS });
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

async function player(eth = '1'): Promise<Player> {
  const credentials = await signUp(t, { name: `P${randomInt(1e6)}` });
  const session = await signIn(t, credentials);
  await fundUser(t.db, session.user.id, eth);
  const socket = sockets.open(baseUrl, session.accessToken);
  await connected(socket);
  return { id: session.user.id, name: credentials.name, token: session.accessToken, socket };
}

const balance = (userId: string) => balanceOf(t.db, LedgerAccounts.user(userId));
const gamesOf = async (userId: string) =>
  Number(
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from games where player1_id = ${userId} or player2_id = ${userId}`,
      )
    ).rows[0]!.n,
  );

/** A matched game that A wins 2–0, ended. */
async function endedGame(amount: 5 | 10 = 10): Promise<{ a: Player; b: Player; room: string }> {
  const a = await player();
  const b = await player();
  const foundA = next(a.socket, 'game_found');
  const firstRound = next(a.socket, 'new_round');
  a.socket.emit('search_game', { character: 'Character2', amount });
  await waitUntil(() => t.app.matchQueue.has(a.id));
  b.socket.emit('search_game', { character: 'Character3', amount });
  const { room } = await foundA;
  await firstRound;
  for (let roundIndex = 0; roundIndex < 2; roundIndex += 1) {
    const end = next(a.socket, 'round_end');
    const locked = next(b.socket, 'opponent_choice_locked');
    a.socket.emit('make_choice', { room, choice: 'paper' });
    await locked;
    b.socket.emit('make_choice', { room, choice: 'rock' });
    const ended = await end;
    if (!ended.gameOver) await next(a.socket, 'new_round');
  }
  await waitUntil(
    async () => !(await t.app.games.isPlaying(a.id)) && !(await t.app.games.isPlaying(b.id)),
    5_000,
    'the game settled',
  );
  return { a, b, room };
}

describe('rematch', () => {
  it('offers the rematch to the opponent; accepted, one new game at the same stake with the same characters', async () => {
    const { a, b, room } = await endedGame(10);
    const offered = next(b.socket, 'rematch_offered');
    a.socket.emit('rematch_request', { room });
    expect(await offered).toEqual({ room, from: { id: a.id, name: a.name } });
    const [before, gamesBefore] = [await balance(a.id), await gamesOf(a.id)];
    const foundA = next(a.socket, 'game_found');
    const foundB = next(b.socket, 'game_found');
    b.socket.emit('rematch_answer', { room, accept: true });
    const [fa, fb] = (await Promise.all([foundA, foundB])) as [GameFoundEvent, GameFoundEvent];
    expect(fa.room).toBe(fb.room);
    expect(fa.room).not.toBe(room);
    expect(fa).toMatchObject({ amount: 10, opponent: { id: b.id }, opponentCharacter: 'Character3' });
    expect(fb).toMatchObject({ amount: 10, opponent: { id: a.id }, opponentCharacter: 'Character2' });
    expect(fa.challenge).toBeUndefined();
    const stake = stakeFor(10, MICRO_USD_PER_ETH);
    expect(await balance(a.id)).toBe(before - stake);
    expect(await gamesOf(a.id)).toBe(gamesBefore + 1);
    expect(await balanceOf(t.db, LedgerAccounts.escrow(fa.room))).toBe(2n * stake);

    // Asked again about the same game: it has had its rematch.
    const refused = next(a.socket, 'error');
    a.socket.emit('rematch_request', { room });
    expect(await refused).toEqual({ code: 'rematch_unknown_game', message: LOBBY_TEXTS.rematchUnknownGame });
  });

  it('declined: the requester hears why, nothing moves', async () => {
    const { a, b, room } = await endedGame(5);
    const offered = next(b.socket, 'rematch_offered');
    a.socket.emit('rematch_request', { room });
    await offered;
    const declined = next(a.socket, 'rematch_declined');
    const before = [await balance(a.id), await balance(b.id), await gamesOf(a.id)];
    b.socket.emit('rematch_answer', { room, accept: false });
    expect(await declined).toEqual({ room, reason: 'declined' } satisfies RematchDeclinedEvent);
    expect([await balance(a.id), await balance(b.id), await gamesOf(a.id)]).toEqual(before);
  });

  it('both ask at once: exactly one new game, one escrow', async () => {
    const { a, b, room } = await endedGame(5);
    const foundA = next(a.socket, 'game_found');
    const foundB = next(b.socket, 'game_found');
    const gamesBefore = await gamesOf(a.id);
    a.socket.emit('rematch_request', { room });
    b.socket.emit('rematch_request', { room });
    const [fa, fb] = await Promise.all([foundA, foundB]);
    expect(fa.room).toBe(fb.room);
    await new Promise((resolve) => setTimeout(resolve, REMATCH_TIMEOUT_MS + 300));
    expect(await gamesOf(a.id)).toBe(gamesBefore + 1);
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from rematches where game_id = ${room}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('unanswered: timeout for the requester; an accept after it starts nothing', async () => {
    const { a, b, room } = await endedGame(5);
    const offered = next(b.socket, 'rematch_offered');
    const declined = next(a.socket, 'rematch_declined', REMATCH_TIMEOUT_MS + 3_000);
    a.socket.emit('rematch_request', { room });
    await offered;
    expect(await declined).toEqual({ room, reason: 'timeout' });
    const before = [await balance(a.id), await balance(b.id), await gamesOf(a.id)];
    let found = false;
    a.socket.on('game_found', () => {
      found = true;
    });
    const refused = next(b.socket, 'error');
    b.socket.emit('rematch_answer', { room, accept: true });
    expect(await refused).toEqual({ code: 'rematch_expired', message: LOBBY_TEXTS.rematchExpired });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(found).toBe(false);
    expect([await balance(a.id), await balance(b.id), await gamesOf(a.id)]).toEqual(before);
  });

  it('the opponent gone (left) or searching (unable); never after a game a player left', async () => {
    const first = await endedGame(5);
    // B searches: unable.
    first.b.socket.emit('search_game', { character: 'Character1', amount: 50 });
    await waitUntil(() => t.app.matchQueue.has(first.b.id));
    const unable = next(first.a.socket, 'rematch_declined');
    first.a.socket.emit('rematch_request', { room: first.room });
    expect(await unable).toEqual({ room: first.room, reason: 'unable' });
    first.b.socket.emit('cancel_search');
    await waitUntil(async () => !(await t.app.matchQueue.has(first.b.id)));
    // B gone: left.
    first.b.socket.disconnect();
    await waitUntil(async () => (await t.app.io.in(`user:${first.b.id}`).fetchSockets()).length === 0);
    const left = next(first.a.socket, 'rematch_declined');
    first.a.socket.emit('rematch_request', { room: first.room });
    expect(await left).toEqual({ room: first.room, reason: 'left' });

    // A game ended by a player leaving: no rematch.
    const c = await player();
    const d = await player();
    const foundC = next(c.socket, 'game_found');
    c.socket.emit('search_game', { character: 'Character1', amount: 5 });
    await waitUntil(() => t.app.matchQueue.has(c.id));
    d.socket.emit('search_game', { character: 'Character1', amount: 5 });
    const { room } = await foundC;
    d.socket.emit('leave_game', { room });
    await waitUntil(async () => !(await t.app.games.isPlaying(c.id)), 5_000, 'the game ended by leaving');
    const refused = next(c.socket, 'error');
    c.socket.emit('rematch_request', { room });
    expect(await refused).toEqual({ code: 'rematch_not_after_leave', message: LOBBY_TEXTS.rematchNotAfterLeave });
    // A stranger to the game, or a malformed payload.
    const strangerRefused = next(first.a.socket, 'error');
    first.a.socket.emit('rematch_request', { room });
    expect(await strangerRefused).toMatchObject({
      code: 'not_in_game',
      message: expect.stringMatching(/not in this game/i) as unknown,
    });
    const malformed = next(c.socket, 'error');
    c.socket.emit('rematch_answer', { room, accept: 'yes' } as never);
    expect(await malformed).toEqual({ code: 'invalid_payload', message: 'Answer yes or no.' });
  });
});

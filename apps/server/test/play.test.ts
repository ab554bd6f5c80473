/**
 * Play end to end: socket.io-client players against the real server on a
 * real database (PGlite, or PostgreSQL with DATABASE_URL). Timers are short
 * (rounds of 1 s) so that timeouts and graces run for real.
 */
import { randomInt } from 'node:crypto';
import {
  PUBLIC_SOCKET_PATH,
  SOCKET_PATH,
  TEXTS,
  socketRefusalText,
  type GameFoundEvent,
  type PublicServerToClientEvents,
  type TransactionFeedItem,
} from '@shifumi/protocol';
import { parseEther } from 'viem';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameRow } from '../src/modules/games/game.service';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf, transfer } from '../src/modules/ledger/ledger.service';
import { stakeFor } from '../src/modules/matchmaking/matchmaking.service';
import { getAccount, signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { expectLedgerConsistent } from './support/test-chain';
import { createSockets, connected, nextEvent as next, waitUntil, fundUser, type PlayerSocket } from './support/sockets';

const ROUND_MS = 1_000;
const MATCH_OPTIONS = { roundMs: ROUND_MS, graceMs: 100, revealMs: 100, reconnectGraceMs: ROUND_MS };
/** The fixed test price: 2000 USD per ETH. */
const MICRO_USD_PER_ETH = 2_000_000_000n;

let t: TestApp;
let baseUrl: string;
const sockets = createSockets();

beforeAll(async () => {
  t = await createTestApp({ env: { ETH_USD_PRICE: '2000' }, matchOptions: MATCH_OPTIONS });
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

const fund = (userId: string, eth: string) => fundUser(t.db, userId, eth);

function openSocket(token: string): PlayerSocket {
  return sockets.open(baseUrl, token);
}

async function player(eth = '1'): Promise<Player> {
  const credentials = await signUp(t, { name: `P${randomInt(1e6)}` });
  const session = await signIn(t, credentials);
  if (eth !== '0') await fund(session.user.id, eth);
  const socket = openSocket(session.accessToken);
  await connected(socket);
  return { id: session.user.id, name: credentials.name, token: session.accessToken, socket };
}

const balance = (userId: string) => balanceOf(t.db, LedgerAccounts.user(userId));

/** Two players search the same amount and are matched. */
async function match(a: Player, b: Player, amount = 10): Promise<{ room: string; found: [GameFoundEvent, GameFoundEvent] }> {
  const foundA = next(a.socket, 'game_found');
  const foundB = next(b.socket, 'game_found');
  const firstRound = next(a.socket, 'new_round');
  // One after the other, so that a is player 1.
  a.socket.emit('search_game', { character: 'Character2', amount: amount as 10 });
  await waitUntil(() => t.app.matchQueue.has(a.id));
  b.socket.emit('search_game', { character: 'Character3', amount: amount as 10 });
  const found: [GameFoundEvent, GameFoundEvent] = [await foundA, await foundB];
  await firstRound;
  return { room: found[0].room, found };
}

/** Plays one round with the given choices and returns the result both see. */
async function round(
  a: Player,
  b: Player,
  room: string,
  choiceA: 'rock' | 'paper' | 'scissors',
  choiceB: 'rock' | 'paper' | 'scissors',
) {
  const resultA = next(a.socket, 'game_result');
  const endA = next(a.socket, 'round_end');
  const lockedSeenByB = next(b.socket, 'opponent_choice_locked');
  a.socket.emit('make_choice', { room, choice: choiceA });
  await lockedSeenByB;
  b.socket.emit('make_choice', { room, choice: choiceB });
  return { result: await resultA, end: await endA };
}

describe('a whole game', () => {
  it('matches two players, escrows both stakes, plays to 2 wins, pays the pot once, and records it everywhere', async () => {
    const a = await player('1');
    const b = await player('1');
    const publicSocket: Socket<PublicServerToClientEvents> = connect(baseUrl, {
      path: PUBLIC_SOCKET_PATH,
      transports: ['websocket'],
      forceNew: true,
    });
    sockets.track(publicSocket);
    await connected(publicSocket);
    const feed = new Promise<TransactionFeedItem>((resolve) => publicSocket.once('new_transaction', resolve));

    const { room, found } = await match(a, b, 10);
    const stake = stakeFor(10, MICRO_USD_PER_ETH);
    expect(found[0]).toMatchObject({
      room,
      opponentCharacter: 'Character3',
      opponent: { id: b.id, name: b.name },
      amount: 10,
      stakeEth: '0.005',
    });
    expect(found[1]).toMatchObject({ opponentCharacter: 'Character2', opponent: { id: a.id } });
    expect(await balance(a.id)).toBe(parseEther('1') - stake);
    expect(await balanceOf(t.db, LedgerAccounts.escrow(room))).toBe(2n * stake);

    const first = await round(a, b, room, 'paper', 'rock');
    expect(first.result).toEqual({
      player1Id: a.id,
      player2Id: b.id,
      player1Choice: 'paper',
      player2Choice: 'rock',
      winnerId: a.id,
      player1Seal: null,
      player2Seal: null,
      player1Mode: 'plain',
      player2Mode: 'plain',
    });
    expect(first.end).toEqual({ scores: { [a.id]: 1, [b.id]: 0 }, gameOver: false });
    const draw = await (async () => {
      await next(a.socket, 'new_round');
      return round(a, b, room, 'rock', 'rock');
    })();
    expect(draw.end.scores).toEqual({ [a.id]: 1, [b.id]: 0 });
    await next(a.socket, 'new_round');
    const balanceEvent = next(a.socket, 'balance');
    const last = await round(a, b, room, 'scissors', 'paper');
    expect(last.end).toEqual({ scores: { [a.id]: 2, [b.id]: 0 }, gameOver: true, winnerId: a.id });

    expect(await balanceEvent).toEqual({ balance: expect.any(Number), balanceWei: (parseEther('1') + stake).toString() });
    expect(await balance(a.id)).toBe(parseEther('1') + stake);
    expect(await balance(b.id)).toBe(parseEther('1') - stake);
    expect(await balanceOf(t.db, LedgerAccounts.escrow(room))).toBe(0n);
    expect(await gameRow(t.db, room)).toMatchObject({ status: 'finished', winnerId: a.id, endReason: 'wins' });
    expect(await feed).toMatchObject({ game: room, player1: a.name, player2: b.name, winner: a.name, amount: 10 });

    const transactions = await t.app.fastify.inject({ method: 'GET', url: '/api/transactions' });
    expect(transactions.json()[0]).toMatchObject({ game: room, winner: a.name, amount: 10 });
    const history = (await getAccount(t, a.token)).json().gameHistory;
    expect(history[0]).toMatchObject({ result: 'Victory', oppUserId: { id: b.id, name: b.name }, amount: 10 });
    expect((await getAccount(t, b.token)).json().gameHistory[0]).toMatchObject({ result: 'Defeat', oppUserId: { id: a.id } });

    // The game is over: choices are refused, nothing moves.
    const refused = next(a.socket, 'error');
    a.socket.emit('make_choice', { room, choice: 'rock' });
    expect((await refused).message).toMatch(/not in this game|over/);
  });

  it('plays rock for a player who does not choose before the deadline', async () => {
    const a = await player();
    const b = await player();
    const { room } = await match(a, b, 1);
    const result = next(a.socket, 'game_result', 3_000);
    b.socket.emit('make_choice', { room, choice: 'paper' });
    expect(await result).toMatchObject({ player1Choice: 'rock', player2Choice: 'paper', winnerId: b.id });
    // A choice after the deadline (the round is over) is refused and changes nothing.
    const late = next(a.socket, 'error');
    a.socket.emit('make_choice', { room, choice: 'scissors' });
    expect((await late).message).toMatch(/Too late|next round has not started/);
    expect((await gameRow(t.db, room))!.state).toMatchObject({ players: [{ score: 0 }, { score: 1 }] });
    a.socket.emit('leave_game', { room });
    await next(b.socket, 'game_dead');
  });
});

describe('the round cap', () => {
  it('refunds both stakes when two idle players reach it', async () => {
    const fast = await createTestApp({
      env: { ETH_USD_PRICE: '2000' },
      matchOptions: { roundMs: 150, graceMs: 20, revealMs: 20, reconnectGraceMs: 5_000 },
    });
    try {
      const url = await fast.listen();
      const seats = [];
      for (const name of ['Idle1', 'Idle2']) {
        const session = await signIn(fast, await signUp(fast, { name }));
        await fast.db.transaction((tx) =>
          transfer(tx, {
            idempotencyKey: `fund:${session.user.id}`,
            kind: 'deposit',
            legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(session.user.id), amount: parseEther('1') }],
          }),
        );
        const socket: PlayerSocket = connect(url, {
          path: SOCKET_PATH,
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token: session.accessToken },
        });
        sockets.track(socket);
        await connected(socket);
        seats.push({ id: session.user.id, socket });
      }
      const [a, b] = seats as [{ id: string; socket: PlayerSocket }, { id: string; socket: PlayerSocket }];
      const found = next(a.socket, 'game_found');
      const ended = new Promise<void>((resolve) => {
        a.socket.on('round_end', (event) => {
          if (event.gameOver) resolve();
        });
      });
      a.socket.emit('search_game', { character: 'Character1', amount: 5 });
      await waitUntil(() => fast.app.matchQueue.has(a.id));
      b.socket.emit('search_game', { character: 'Character1', amount: 5 });
      const { room } = await found;
      await ended;
      expect(await gameRow(fast.db, room)).toMatchObject({ status: 'refunded', winnerId: null, endReason: 'max-rounds' });
      expect(await balanceOf(fast.db, LedgerAccounts.user(a.id))).toBe(parseEther('1'));
      expect(await balanceOf(fast.db, LedgerAccounts.user(b.id))).toBe(parseEther('1'));
      const [feedItem] = (
        await fast.app.fastify.inject({ method: 'GET', url: '/api/transactions' })
      ).json() as TransactionFeedItem[];
      expect(feedItem).toMatchObject({ game: room, winner: 'draw' });
      await expectLedgerConsistent(fast.db, undefined);
    } finally {
      sockets.closeAll();
      await fast.close();
    }
  });
});

describe('connections during a game', () => {
  it('a player who returns within the grace gets the state and plays on', async () => {
    const a = await player();
    const b = await player();
    const { room } = await match(a, b, 1);
    const locked = next(b.socket, 'opponent_choice_locked');
    a.socket.emit('make_choice', { room, choice: 'paper' });
    await locked;
    const gone = next(b.socket, 'opponent_connection');
    a.socket.disconnect();
    expect(await gone).toEqual({ room, connected: false });

    const back = openSocket(a.token);
    const state = next(back, 'game_state');
    const seenBack = next(b.socket, 'opponent_connection');
    await connected(back);
    expect(await state).toMatchObject({
      room,
      round: 1,
      choiceLocked: true,
      opponent: { id: b.id },
      scores: { [a.id]: 0, [b.id]: 0 },
    });
    expect(await seenBack).toEqual({ room, connected: true });
    const result = next(back, 'game_result');
    b.socket.emit('make_choice', { room, choice: 'rock' });
    expect(await result).toMatchObject({ player1Id: a.id, player1Choice: 'paper', player2Choice: 'rock', winnerId: a.id });
    back.emit('leave_game', { room });
    await next(b.socket, 'game_dead');
  });

  it('a player who does not return loses: the opponent gets game_dead and the pot', async () => {
    const a = await player();
    const b = await player();
    const { room } = await match(a, b, 20);
    const stake = stakeFor(20, MICRO_USD_PER_ETH);
    const dead = next(b.socket, 'game_dead', 5_000);
    a.socket.disconnect();
    expect(await dead).toEqual({ room });
    expect(await gameRow(t.db, room)).toMatchObject({ status: 'finished', winnerId: b.id, endReason: 'forfeit-disconnect' });
    expect(await balance(b.id)).toBe(parseEther('1') + stake);
    expect(await balance(a.id)).toBe(parseEther('1') - stake);
  });
});

describe('matchmaking refusals', () => {
  it('cancel_search leaves the queue, and a later player is not matched with the one who left', async () => {
    const a = await player();
    a.socket.emit('search_game', { character: 'Character1', amount: 50 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await t.app.matchQueue.has(a.id)).toBe(true);
    a.socket.emit('cancel_search');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await t.app.matchQueue.has(a.id)).toBe(false);
    const b = await player();
    b.socket.emit('search_game', { character: 'Character1', amount: 50 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await t.app.matchQueue.has(b.id)).toBe(true);
    b.socket.emit('cancel_search');
  });

  it('refuses a search the balance does not cover, with the stake in ETH', async () => {
    const poor = await player('0.001');
    const error = next(poor.socket, 'error');
    poor.socket.emit('search_game', { character: 'Character1', amount: 100 });
    // Issue 25: the refusal carries its code beside the spec's text.
    expect(await error).toEqual({
      code: 'insufficient_balance',
      message: socketRefusalText({ code: 'insufficient_balance', params: { stakeWei: stakeFor(100, MICRO_USD_PER_ETH) } }),
    });
    expect((await error).message).toBe(TEXTS.insufficientBalance('0.050000'));
    expect(await t.app.matchQueue.has(poor.id)).toBe(false);
  });

  it('refuses a second search from another tab, and a search while playing', async () => {
    const a = await player();
    const secondTab = openSocket(a.token);
    await connected(secondTab);
    a.socket.emit('search_game', { character: 'Character1', amount: 15 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const error = next(secondTab, 'error');
    secondTab.emit('search_game', { character: 'Character1', amount: 20 });
    expect(await error).toEqual({ code: 'already_searching', message: 'You are already looking for a game.' });
    const b = await player();
    const found = next(a.socket, 'game_found');
    b.socket.emit('search_game', { character: 'Character4', amount: 15 });
    const { room } = await found;
    const playing = next(secondTab, 'error');
    secondTab.emit('search_game', { character: 'Character1', amount: 20 });
    expect(await playing).toEqual({ code: 'already_playing', message: 'You are already in a game.' });
    a.socket.emit('leave_game', { room });
    await next(b.socket, 'game_dead');
  });

  it('when one player cannot pay at match time, nobody is charged and the other stays queued', async () => {
    const poor = await player('0.001');
    const a = await player('1');
    // The poor player's ticket got in (its balance dropped after the check, say).
    await t.app.matchQueue.enqueue({
      userId: poor.id,
      betUsd: 100,
      character: 'Character1',
      socketId: poor.socket.id!,
      queuedAt: Date.now(),
    });
    const refused = next(poor.socket, 'error');
    a.socket.emit('search_game', { character: 'Character2', amount: 100 });
    expect((await refused).message).toBe(TEXTS.insufficientBalance('0.050000'));
    expect(await balance(a.id)).toBe(parseEther('1'));
    expect(await balance(poor.id)).toBe(parseEther('0.001'));
    expect(await t.app.matchQueue.has(a.id)).toBe(true);
    expect(await t.app.matchQueue.has(poor.id)).toBe(false);

    const c = await player('1');
    const found = next(a.socket, 'game_found');
    c.socket.emit('search_game', { character: 'Character3', amount: 100 });
    const { room, opponent } = await found;
    expect(opponent.id).toBe(c.id);
    c.socket.emit('leave_game', { room });
    await next(a.socket, 'game_dead');
  });
});

describe('a search answered from what this node knows (issue 16, decision 028)', () => {
  it('skips the early query for a player it just told a balance, and a balance spent behind its back is still refused at match time, nobody charged', async () => {
    const a = await player('1');
    const b = await player('1');
    const { room } = await match(a, b, 1);
    const over = next(a.socket, 'game_dead');
    b.socket.emit('leave_game', { room });
    await over;
    await waitUntil(async () => (await gameRow(t.db, room))?.status === 'finished');
    // The balance drops without this node telling it (as a withdrawal on another node would).
    const spent = (await balance(a.id)) - parseEther('0.001');
    await t.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `test-spend:${a.id}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.user(a.id), to: LedgerAccounts.deposits, amount: spent }],
      }),
    );
    // Accepted from what the node knows: queued, no early refusal.
    a.socket.emit('search_game', { character: 'Character1', amount: 100 });
    await waitUntil(() => t.app.matchQueue.has(a.id));
    // A player this node knows nothing of, with the same balance, is refused at once.
    const stranger = await player('0.001');
    const early = next(stranger.socket, 'error');
    stranger.socket.emit('search_game', { character: 'Character1', amount: 100 });
    expect((await early).message).toBe(TEXTS.insufficientBalance('0.050000'));
    // The escrow transaction refuses a at match time, with the same text; the opponent keeps its place.
    const c = await player('1');
    const refused = next(a.socket, 'error');
    c.socket.emit('search_game', { character: 'Character3', amount: 100 });
    expect((await refused).message).toBe(TEXTS.insufficientBalance('0.050000'));
    expect(await balance(a.id)).toBe(parseEther('0.001'));
    expect(await balance(c.id)).toBe(parseEther('1'));
    expect(await t.app.matchQueue.has(c.id)).toBe(true);
    c.socket.emit('cancel_search');
    await waitUntil(async () => !(await t.app.matchQueue.has(c.id)));
  });
});

describe('malformed and foreign input', () => {
  it('refuses malformed payloads, unknown events, another room and a double choice, changing nothing', async () => {
    const a = await player();
    const b = await player();
    const { room } = await match(a, b, 1);
    const before = await balance(a.id);
    const bad: Array<[string, unknown]> = [
      ['search_game', { character: 'Nobody', amount: 10 }],
      ['search_game', { character: 'Character1', amount: 3 }],
      ['search_game', 'garbage'],
      ['make_choice', { room, choice: 'lizard' }],
      ['make_choice', { room: 'another-room', choice: 'rock' }],
      ['make_choice', null],
      ['send_reaction', { room, content: '   ' }],
      ['send_reaction', { room, content: 'x'.repeat(51) }],
      ['leave_game', { room: 42 }],
      ['hack_the_planet', { room }],
    ];
    for (const [event, payload] of bad) {
      const error = next(a.socket, 'error');
      (a.socket as unknown as Socket).emit(event, payload);
      expect((await error).message, event).toEqual(expect.any(String));
    }
    a.socket.emit('make_choice', { room, choice: 'rock' });
    const twice = next(a.socket, 'error');
    a.socket.emit('make_choice', { room, choice: 'paper' });
    expect(await twice).toEqual({ code: 'already-chosen', message: 'Your choice for this round is already locked.' });
    expect(await balance(a.id)).toBe(before);
    expect(await gameRow(t.db, room)).toMatchObject({ status: 'playing' });

    // Reactions reach only the opponent, as text, at most one per second.
    const reaction = next(b.socket, 'reaction_received');
    a.socket.emit('send_reaction', { room, content: ' <b>gg</b> ' });
    expect(await reaction).toEqual({ content: '<b>gg</b>' });
    const tooFast = next(a.socket, 'error');
    a.socket.emit('send_reaction', { room, content: '😀' });
    expect(await tooFast).toEqual({ code: 'reaction_too_soon', message: 'One reaction per second, please.' });
    // Issue 14: a sender that asks for an answer hears it (and no error event): refused and why, or sent.
    const refused = await new Promise((resolve) => a.socket.emit('send_reaction', { room, content: '😀' }, resolve));
    expect(refused).toEqual({ ok: false, code: 'reaction_too_soon', message: 'One reaction per second, please.' });
    const invalid = await new Promise((resolve) => a.socket.emit('send_reaction', { room, content: 'x'.repeat(51) }, resolve));
    expect(invalid).toEqual({ ok: false, code: 'invalid_payload', message: 'A message has at most 50 characters.' });
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    const delivered = next(b.socket, 'reaction_received');
    const accepted = await new Promise((resolve) => a.socket.emit('send_reaction', { room, content: 'gg' }, resolve));
    expect(accepted).toEqual({ ok: true });
    expect(await delivered).toEqual({ content: 'gg' });
    // Issue 26: reactions and quick messages keep separate budgets — an emoji then a message within a second both go.
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    const emoji = await new Promise((resolve) =>
      a.socket.emit('send_reaction', { room, content: '🔥', kind: 'reaction' }, resolve),
    );
    expect(emoji).toEqual({ ok: true });
    const message = await new Promise((resolve) =>
      a.socket.emit('send_reaction', { room, content: 'good luck', kind: 'message' }, resolve),
    );
    expect(message).toEqual({ ok: true });
    const secondMessage = await new Promise((resolve) =>
      a.socket.emit('send_reaction', { room, content: 'again', kind: 'message' }, resolve),
    );
    expect(secondMessage).toEqual({ ok: false, code: 'message_too_soon', message: 'One message per second, please.' });
    const secondEmoji = await new Promise((resolve) =>
      a.socket.emit('send_reaction', { room, content: '👍', kind: 'reaction' }, resolve),
    );
    expect(secondEmoji).toEqual({ ok: false, code: 'reaction_too_soon', message: 'One reaction per second, please.' });
    a.socket.emit('leave_game', { room });
    await next(b.socket, 'game_dead');
  });
});

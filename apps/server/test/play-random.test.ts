/**
 * 200 games between bots that choose at random, let the clock run out,
 * leave, or drop their connection and come back (or not): whatever happens,
 * no wei is created or lost — the players' balances plus every escrow add up
 * to what was deposited — and the ledger check passes.
 */
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@shifumi/protocol';
import { sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { transfer } from '../src/modules/ledger/ledger.service';
import { signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { expectLedgerConsistent } from './support/test-chain';

type PlayerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const BOTS = 24;
const GAMES = 200;
const CHOICES = ['rock', 'paper', 'scissors'] as const;

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { ETH_USD_PRICE: '2000' },
    matchOptions: { roundMs: 150, graceMs: 20, revealMs: 10, reconnectGraceMs: 150 },
  });
  baseUrl = await t.listen();
});
afterAll(async () => {
  await t?.close();
});

/** A small deterministic generator (mulberry32), so a failing run can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function endedGames(): Promise<number> {
  const result = await t.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM games WHERE status <> 'playing'`);
  return Number(result.rows[0]!.count);
}

async function totalHeld(): Promise<bigint> {
  const result = await t.db.execute<{ total: string }>(
    sql`SELECT COALESCE(SUM(balance), 0)::text AS total FROM ledger_accounts WHERE kind IN ('user', 'escrow')`,
  );
  return BigInt(result.rows[0]!.total);
}

it(`${GAMES} random games never create or lose a wei`, async () => {
  const rng = random(20261123);
  const bots: Array<{ id: string; token: string }> = [];
  for (let index = 0; index < BOTS; index += 1) {
    const session = await signIn(t, await signUp(t, { name: `Bot${index}` }));
    await t.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `bot-fund:${session.user.id}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(session.user.id), amount: parseEther('1') }],
      }),
    );
    bots.push({ id: session.user.id, token: session.accessToken });
  }
  const initial = await totalHeld();
  expect(initial).toBe(parseEther(String(BOTS)));

  let stop = false;
  const sockets = new Set<PlayerSocket>();

  async function runBot(bot: { id: string; token: string }): Promise<void> {
    let socket: PlayerSocket;
    let room: string | undefined;
    const open = () => {
      socket = connect(baseUrl, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token: bot.token },
      });
      sockets.add(socket);
      socket.on('game_found', (event) => {
        room = event.room;
      });
      socket.on('new_round', () => {
        const roll = rng();
        const target = room;
        if (!target) return;
        if (roll < 0.75) {
          const choice = CHOICES[Math.floor(rng() * 3)]!;
          setTimeout(() => socket.emit('make_choice', { room: target, choice }), Math.floor(rng() * 100));
        } else if (roll < 0.87) {
          // Let the clock run out: rock is played.
        } else if (roll < 0.92) {
          socket.emit('leave_game', { room: target });
        } else {
          const away = Math.floor(rng() * 300);
          socket.disconnect();
          sockets.delete(socket);
          setTimeout(open, away);
        }
      });
    };
    open();
    while (!stop) {
      await sleep(5);
      if (!socket!.connected) continue;
      room = undefined;
      socket!.emit('search_game', { character: 'Character1', amount: rng() < 0.5 ? 1 : 5 });
      const deadline = Date.now() + 2_000;
      while (!room && Date.now() < deadline && !stop) await sleep(10);
      if (!room) {
        socket!.emit('cancel_search');
        continue;
      }
      while (t.app.games.gameOf(bot.id) !== undefined && !stop) await sleep(20);
    }
  }

  const running = bots.map((bot) => runBot(bot));
  const deadline = Date.now() + 120_000;
  while ((await endedGames()) < GAMES && Date.now() < deadline) await sleep(200);
  stop = true;
  await Promise.all(running);
  for (const socket of sockets) socket.disconnect();
  // Every game still running ends (disconnect forfeits or the round cap) without anyone.
  const settleBy = Date.now() + 30_000;
  while (t.app.games.liveCount() > 0 && Date.now() < settleBy) await sleep(100);

  expect(await endedGames()).toBeGreaterThanOrEqual(GAMES);
  expect(t.app.games.liveCount()).toBe(0);
  expect(await totalHeld()).toBe(initial);
  const escrow = await t.db.execute<{ total: string }>(
    sql`SELECT COALESCE(SUM(balance), 0)::text AS total FROM ledger_accounts WHERE kind = 'escrow'`,
  );
  expect(BigInt(escrow.rows[0]!.total)).toBe(0n);
  await expectLedgerConsistent(t.db, undefined);
}, 200_000);

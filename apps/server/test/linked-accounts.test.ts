/**
 * Issue 18: linked accounts are never matched against each other — one
 * browser (the device id the web app reports) signed into both, or one
 * withdrawing to an address the other deposited from — and the collusion
 * scan flags them. Unlinked players still meet them, oldest first.
 */
import { SOCKET_PATH, type ClientToServerEvents, type GameFoundEvent, type ServerToClientEvents } from '@shifumi/protocol';
import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { deposits, flags, users, withdrawals } from '../src/infra/db/schema/index';
import { linkBetween } from '../src/modules/admin/linked-accounts';
import { createCollusionRules } from '../src/modules/admin/collusion';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { transfer } from '../src/modules/ledger/ledger.service';
import { postJson, signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';

type PlayerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { ETH_USD_PRICE: '2000' },
    matchOptions: { roundMs: 60_000, graceMs: 100, revealMs: 100, reconnectGraceMs: 60_000 },
  });
  baseUrl = await t.listen();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t?.close();
});

async function player() {
  const credentials = await signUp(t, { name: `L${randomInt(1e6)}` });
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
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { id: session.user.id, token: session.accessToken, socket };
}

function found(socket: PlayerSocket): Promise<GameFoundEvent> {
  return new Promise((resolve) => socket.once('game_found', resolve));
}

async function queued(userId: string): Promise<void> {
  for (let i = 0; i < 200 && !(await t.app.matchQueue.has(userId)); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(await t.app.matchQueue.has(userId)).toBe(true);
}

const report = (token: string, deviceId: string) => postJson(t, '/api/account/device', { deviceId }, { authorization: token });

describe('linked accounts', () => {
  it('POST /api/account/device records the browser; a bad id is refused with 400, no token with 403', async () => {
    const p = await player();
    expect((await report(p.token, 'short')).statusCode).toBe(400);
    expect((await postJson(t, '/api/account/device', { deviceId: 'x'.repeat(22) })).statusCode).toBe(403);
    expect((await report(p.token, 'A'.repeat(22))).statusCode).toBe(204);
  });

  it('two accounts signed in from one browser never meet; a third player meets the older one; the scan flags them', async () => {
    const device = randomUUID().replace(/-/g, '');
    const first = await player();
    const second = await player();
    expect((await report(first.token, device)).statusCode).toBe(204);
    expect((await report(second.token, device)).statusCode).toBe(204);
    expect(await linkBetween(t.db, first.id, second.id)).toBe('device');

    let secondFound = false;
    second.socket.on('game_found', () => {
      secondFound = true;
    });
    const firstGame = found(first.socket);
    first.socket.emit('search_game', { character: 'Character1', amount: 5 });
    await queued(first.id);
    second.socket.emit('search_game', { character: 'Character2', amount: 5 });
    await queued(second.id);
    // Both wait, unmatched.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondFound).toBe(false);
    expect(await t.app.matchQueue.has(first.id)).toBe(true);

    const stranger = await player();
    const strangerGame = found(stranger.socket);
    stranger.socket.emit('search_game', { character: 'Character3', amount: 5 });
    const [a, b] = await Promise.all([firstGame, strangerGame]);
    expect(a.room).toBe(b.room);
    expect(secondFound).toBe(false);
    expect(await t.app.matchQueue.has(second.id)).toBe(true);
    second.socket.emit('cancel_search');

    await createCollusionRules({ db: t.db, clock: () => new Date() }).scan();
    const flagged = await t.db.select().from(flags).where(eq(flags.rule, 'linked_accounts'));
    expect(flagged.map((flag) => [flag.userId, flag.otherUserId].sort())).toContainEqual([first.id, second.id].sort());
  });

  it('the schedule after its first pass reads only what changed: a link seen before the pass it starts from is not read again, one seen after is flagged', async () => {
    const rules = createCollusionRules({ db: t.db, clock: () => new Date() });
    const device = randomUUID().replace(/-/g, '');
    const first = await player();
    const second = await player();
    expect((await report(first.token, device)).statusCode).toBe(204);
    expect((await report(second.token, device)).statusCode).toBe(204);
    const pairFlags = async () =>
      (await t.db.select().from(flags).where(eq(flags.rule, 'linked_accounts'))).filter(
        (flag) => [flag.userId, flag.otherUserId].sort().join() === [first.id, second.id].sort().join(),
      );
    // Nothing of theirs changed after an hour from now: they are not read, not flagged.
    expect(await rules.scanChangedSince(new Date(Date.now() + 3_600_000))).toBe(0);
    expect(await pairFlags()).toEqual([]);
    // Their browser was seen after a minute ago: read, flagged once.
    expect(await rules.scanChangedSince(new Date(Date.now() - 60_000))).toBeGreaterThanOrEqual(1);
    expect(await pairFlags()).toHaveLength(1);
  });

  it('one withdrawing to an address the other deposited from: linked', async () => {
    const a = await player();
    const b = await player();
    const address = `0x${randomUUID().replace(/-/g, '').padEnd(40, '1')}`;
    const [bUser] = await t.db.select().from(users).where(eq(users.id, b.id));
    await t.db.insert(deposits).values({
      chainId: DEV_CHAIN_ID,
      kind: 'transfer',
      txHash: `0x${randomUUID().replace(/-/g, '').padEnd(64, '2')}`,
      address: bUser!.walletAddress!.toLowerCase(),
      fromAddress: address,
      userId: b.id,
      amount: 1n,
      blockNumber: 1n,
    });
    expect(await linkBetween(t.db, a.id, b.id)).toBeUndefined();
    await t.db.transaction(async (tx) => {
      const id = randomUUID();
      await transfer(tx, {
        idempotencyKey: `withdrawal:${id}`,
        kind: 'withdrawal',
        legs: [{ from: LedgerAccounts.user(a.id), to: LedgerAccounts.withdrawalsInFlight, amount: 1n }],
      });
      await tx.insert(withdrawals).values({
        id,
        userId: a.id,
        chainId: DEV_CHAIN_ID,
        amount: 1n,
        recipientAddress: address,
        balanceAfter: 0n,
        status: 'review',
        reviewReason: 'test',
      });
    });
    expect(await linkBetween(t.db, a.id, b.id)).toBe('address');
    expect(await linkBetween(t.db, b.id, a.id)).toBe('address');
  });
});

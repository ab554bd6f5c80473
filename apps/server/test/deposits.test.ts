/**
 * Deposits end to end on a real anvil and a real database (PGlite, or PostgreSQL when
 * DATABASE_URL is set): pending with k/N then credited after N confirmations, exactly once
 * whatever happens (rescans, a crash in the middle of a scan, downtime). Reorganisations
 * and the genesis guard are in deposits-reorgs.test.ts, reconciliation and sweeps in
 * deposits-reconciliation-and-sweeps.test.ts (separate files run in parallel).
 */
import {
  accountResponseSchema,
  SOCKET_PATH,
  type BalanceEvent,
  type ClientToServerEvents,
  type DepositUpdateEvent,
  type ServerToClientEvents,
} from '@shifumi/protocol';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { type Hex, parseEther } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { pollUntil } from '../src/infra/chain/anvil-testing';
import { DEV_CHAIN_ID, DEV_MNEMONIC } from '../src/infra/chain/hd-wallet';
import { createViemBlockSource } from '../src/infra/chain/viem-block-source';
import { chainBlocks, users } from '../src/infra/db/schema/index';
import type { BlockSource, ScannerStore } from '../src/modules/deposits/block-scanner';
import { createDatabaseScannerStore } from '../src/modules/deposits/deposits.repo';
import { getAccount } from './support/api';
import { useDepositWorld } from './support/deposit-world';
import { sendEth } from './support/test-chain';

const world = useDepositWorld();
const { setUp, mine, watcher, balance, newPlayer, depositRows, anotherWatcher, depositCredits } = world;

/** The remembered block numbers must be contiguous: a gap would be a block never scanned. */
async function expectNoGapInCursor(): Promise<void> {
  const numbers = (await world.t.db.select({ number: chainBlocks.number }).from(chainBlocks))
    .map((row) => row.number)
    .sort((a, b) => (a < b ? -1 : 1));
  expect(numbers.length).toBeGreaterThan(0);
  numbers.forEach((number, index) => expect(number).toBe(numbers[0]! + BigInt(index)));
}

describe('deposits', () => {
  beforeEach(async () => {
    await setUp();
  });

  it('is pending with k/N, then credited exactly once after N confirmations', async () => {
    const player = await newPlayer();
    const hash = await sendEth(world.anvil, player.address, '0.25');
    await watcher().tick();

    let account = accountResponseSchema.parse((await getAccount(world.t, player.token)).json());
    expect(account.deposits).toEqual([
      expect.objectContaining({ txHash: hash, amount: '0.25', status: 'pending', confirmations: 1, requiredConfirmations: 3 }),
    ]);
    expect(await balance(player.id)).toBe(0n);

    await mine(1);
    await watcher().tick();
    account = accountResponseSchema.parse((await getAccount(world.t, player.token)).json());
    expect(account.deposits[0]).toMatchObject({ status: 'pending', confirmations: 2 });
    expect(await balance(player.id)).toBe(0n);

    await mine(1);
    await watcher().tick();
    account = accountResponseSchema.parse((await getAccount(world.t, player.token)).json());
    expect(account.deposits[0]).toMatchObject({ status: 'credited', confirmations: 3 });
    expect(account.balanceWei).toBe(parseEther('0.25').toString());

    // More passes, more blocks, and a rescan of the same range: still once.
    await mine(5);
    await watcher().tick();
    await watcher().tick();
    await world.t.db.delete(chainBlocks);
    await watcher().tick();
    expect(await balance(player.id)).toBe(parseEther('0.25'));
    expect(await depositRows(player.address)).toHaveLength(1);
    expect(await depositCredits()).toBe(1);

    // Logged once at info with what a human needs; never a secret.
    const credits = world.t.logs.filter((line) => line.msg === 'Deposit credited');
    expect(credits).toEqual([
      expect.objectContaining({ level: 30, txHash: hash, userId: player.id, wei: parseEther('0.25').toString() }),
    ]);
    expect(JSON.stringify(world.t.logs)).not.toContain(DEV_MNEMONIC.split(' ').slice(0, 3).join(' '));
  });

  it('watches an address given after a pass (an older account, below the look-ahead) from the next pass (issue 30)', async () => {
    // The watcher reads every assigned address again only when the users' fingerprint (how many have one, the
    // highest index) changed: an account from before deposits existed gets its address on first need, below the
    // look-ahead, and must be watched from the next pass all the same.
    const older = await newPlayer();
    await newPlayer(); // a later index, so that the older one's is not in the look-ahead
    await world.t.db.update(users).set({ walletAddress: null }).where(eq(users.id, older.id));
    await watcher().tick(); // a pass without the older account's address
    await watcher().tick(); // and one that, the fingerprint unchanged, reads no list
    await world.t.db.update(users).set({ walletAddress: older.address }).where(eq(users.id, older.id));
    const hash = await sendEth(world.anvil, older.address, '0.5');
    await watcher().tick();
    const account = accountResponseSchema.parse((await getAccount(world.t, older.token)).json());
    expect(account.deposits).toEqual([expect.objectContaining({ txHash: hash, amount: '0.5', status: 'pending' })]);
  });

  it('tells the open sockets of the player the new balance when a deposit is credited', async () => {
    const player = await newPlayer();
    const baseUrl = await world.t.listen();
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: player.token },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const received = new Promise<BalanceEvent>((resolve) => socket.once('balance', resolve));
      await sendEth(world.anvil, player.address, '0.125');
      await mine(2);
      await watcher().tick();
      expect(await received).toEqual({ balance: 0.125, balanceWei: parseEther('0.125').toString() });
    } finally {
      socket.disconnect();
    }
  });

  it('tells the player each confirmation of a deposit seen on chain, then that it is credited (issue 14)', async () => {
    const player = await newPlayer();
    const baseUrl = await world.t.listen();
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: player.token },
    });
    const updates: DepositUpdateEvent[] = [];
    socket.on('deposit_update', (update) => updates.push(update));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const hash = await sendEth(world.anvil, player.address, '0.5');
      await watcher().tick();
      // The same head again: nothing new to tell.
      await watcher().tick();
      await mine(1);
      await watcher().tick();
      await mine(1);
      await watcher().tick();
      await mine(1);
      await watcher().tick();
      await pollUntil(async () => (updates.length >= 3 ? true : undefined), 5_000, 'three deposit updates');
      const common = { txHash: hash, amount: '0.5', requiredConfirmations: 3 };
      expect(updates).toEqual([
        { ...common, id: expect.any(String), confirmations: 1, status: 'pending' },
        { ...common, id: expect.any(String), confirmations: 2, status: 'pending' },
        { ...common, id: expect.any(String), confirmations: 3, status: 'credited' },
      ]);
      expect(new Set(updates.map((update) => update.id)).size).toBe(1);
    } finally {
      socket.disconnect();
    }
  });

  it('catches up after a crash mid-scan: no gap, no double credit', async () => {
    const player = await newPlayer();
    const hashes: Hex[] = [];
    for (let index = 0; index < 6; index += 1) hashes.push(await sendEth(world.anvil, player.address, `0.0${index + 1}`));
    await mine(3);
    // A chain that fails after a few blocks, as if the process died in the middle of a scan.
    const real = createViemBlockSource(world.t.chain!.publicClient);
    let served = 0;
    const failing: BlockSource = {
      ...real,
      async getBlock(number) {
        served += 1;
        if (served > 4) throw new Error('connection lost');
        return real.getBlock(number);
      },
    };
    const crashing = anotherWatcher({ blockSource: failing });
    await expect(crashing.tick()).rejects.toThrow('connection lost');
    const beforeRestart = (await depositRows(player.address)).length;
    expect(beforeRestart).toBeGreaterThan(0);
    expect(beforeRestart).toBeLessThan(6);

    // The server comes back: the app's own watcher continues from the durable cursor.
    await watcher().tick();
    await watcher().tick();
    const rows = await depositRows(player.address);
    expect(rows.map((row) => row.txHash).sort()).toEqual([...hashes].sort());
    expect(rows.every((row) => row.status === 'credited')).toBe(true);
    expect(await balance(player.id)).toBe(parseEther('0.21'));
    expect(await depositCredits()).toBe(6);
    await expectNoGapInCursor();
  });

  it('catches up after a crash right after a block was committed: no gap, no double credit', async () => {
    const player = await newPlayer();
    const hashes: Hex[] = [];
    for (let index = 0; index < 5; index += 1) hashes.push(await sendEth(world.anvil, player.address, `0.00${index + 1}`));
    await mine(3);
    // The process dies after the third block's transaction committed, before the scanner learns it did.
    const real = createDatabaseScannerStore(world.t.db, DEV_CHAIN_ID, world.t.app.fastify.log);
    let commits = 0;
    const dying: ScannerStore = {
      ...real,
      async commitBlock(commit) {
        await real.commitBlock(commit);
        commits += 1;
        if (commits === 3) throw new Error('killed');
      },
    };
    await expect(anotherWatcher({ scannerStore: dying }).tick()).rejects.toThrow('killed');
    expect((await depositRows(player.address)).length).toBeGreaterThan(0);
    expect(await balance(player.id)).toBe(0n);

    // A new process on the same database: it goes on from the committed block.
    const restarted = anotherWatcher();
    await restarted.tick();
    await restarted.tick();
    await watcher().tick();
    const rows = await depositRows(player.address);
    expect(rows.map((row) => row.txHash).sort()).toEqual([...hashes].sort());
    expect(rows.every((row) => row.status === 'credited')).toBe(true);
    expect(await balance(player.id)).toBe(parseEther('0.015'));
    expect(await depositCredits()).toBe(5);
    await expectNoGapInCursor();
  });

  it('catches up from the durable cursor after downtime: a stopped watcher, deposits meanwhile, a new watcher started', async () => {
    const player = await newPlayer();
    await sendEth(world.anvil, player.address, '0.5');
    await mine(2);
    const before = anotherWatcher();
    await before.tick();
    expect(await balance(player.id)).toBe(parseEther('0.5'));
    await before.stop();

    // While no watcher runs: more deposits and many blocks.
    await sendEth(world.anvil, player.address, '0.25');
    await sendEth(world.anvil, player.address, '0.125', 2);
    await mine(40);

    const after = anotherWatcher();
    after.start();
    after.start(); // idempotent: one timer
    try {
      await pollUntil(
        async () => ((await balance(player.id)) === parseEther('0.875') ? true : undefined),
        10_000,
        'the deposits made during the downtime',
      );
    } finally {
      await after.stop();
    }
    await before.tick(); // the old watcher again: nothing twice
    expect(await balance(player.id)).toBe(parseEther('0.875'));
    expect(await depositRows(player.address)).toHaveLength(3);
    expect(await depositCredits()).toBe(3);
    await expectNoGapInCursor();
  });
});

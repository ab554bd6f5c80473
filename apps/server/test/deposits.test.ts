/**
 * Deposits end to end on a real anvil and a real database (PGlite, or
 * PostgreSQL when DATABASE_URL is set): crediting after N confirmations,
 * exactly once whatever happens (rescans, reorganisations, restarts), the
 * genesis guard, reconciliation of ETH sent by a contract, and sweeps.
 */
import {
  accountResponseSchema,
  SOCKET_PATH,
  type BalanceEvent,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@shifumi/protocol';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { eq, sql } from 'drizzle-orm';
import { type Address, type Hex, parseEther, padHex } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pollUntil, rpc } from '../src/infra/chain/anvil-testing';
import { createChainWalletClient } from '../src/infra/chain/chain-client';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { createViemBlockSource } from '../src/infra/chain/viem-block-source';
import { chainBlocks, deposits, sweeps } from '../src/infra/db/schema/index';
import type { BlockSource } from '../src/modules/deposits/block-scanner';
import { createDepositWatcher } from '../src/modules/deposits/deposit-watcher';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { noBalanceEvents } from '../src/realtime/balance-events';
import { getAccount, signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, expectLedgerConsistent, payerAccount, sendEth, startTestAnvil, type TestAnvil } from './support/test-chain';

let anvil: TestAnvil;
let t: TestApp;

async function setUp(env: Record<string, string> = {}): Promise<void> {
  anvil = await startTestAnvil();
  t = await createTestApp({ chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '3', RECONCILE_INTERVAL_MS: '3600000', ...env }) });
}

afterEach(async () => {
  await expectLedgerConsistent(t.db, t.chain);
  await t.close();
  await anvil.dispose();
});

const call = <T = unknown>(method: string, params: unknown[] = []) => rpc<T>(anvil.rpcUrl, method, params);
const mine = async (blocks: number) => {
  if (blocks > 0) await call('anvil_mine', [`0x${blocks.toString(16)}`]);
};
const watcher = () => t.app.depositWatcher!;
const balance = (userId: string) => balanceOf(t.db, LedgerAccounts.user(userId));

async function newPlayer() {
  const session = await signIn(t, await signUp(t));
  return { id: session.user.id, token: session.accessToken, address: session.user.walletAddress as Address };
}

async function depositRows(address: Address) {
  return t.db.select().from(deposits).where(eq(deposits.address, address));
}

describe('deposits', () => {
  beforeEach(async () => {
    await setUp();
  });

  it('is pending with k/N, then credited exactly once after N confirmations', async () => {
    const player = await newPlayer();
    const hash = await sendEth(anvil, player.address, '0.25');
    await watcher().tick();

    let account = accountResponseSchema.parse((await getAccount(t, player.token)).json());
    expect(account.deposits).toEqual([
      expect.objectContaining({ txHash: hash, amount: '0.25', status: 'pending', confirmations: 1, requiredConfirmations: 3 }),
    ]);
    expect(await balance(player.id)).toBe(0n);

    await mine(1);
    await watcher().tick();
    account = accountResponseSchema.parse((await getAccount(t, player.token)).json());
    expect(account.deposits[0]).toMatchObject({ status: 'pending', confirmations: 2 });
    expect(await balance(player.id)).toBe(0n);

    await mine(1);
    await watcher().tick();
    account = accountResponseSchema.parse((await getAccount(t, player.token)).json());
    expect(account.deposits[0]).toMatchObject({ status: 'credited', confirmations: 3 });
    expect(account.balanceWei).toBe(parseEther('0.25').toString());

    // More passes, more blocks, and a rescan of the same range: still once.
    await mine(5);
    await watcher().tick();
    await watcher().tick();
    await t.db.delete(chainBlocks);
    await watcher().tick();
    expect(await balance(player.id)).toBe(parseEther('0.25'));
    expect(await depositRows(player.address)).toHaveLength(1);
  });

  it('tells the open sockets of the player the new balance when a deposit is credited', async () => {
    const player = await newPlayer();
    const baseUrl = await t.listen();
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
      await sendEth(anvil, player.address, '0.125');
      await mine(2);
      await watcher().tick();
      expect(await received).toEqual({ balance: 0.125, balanceWei: parseEther('0.125').toString() });
    } finally {
      socket.disconnect();
    }
  });

  it('catches up after a crash mid-scan: no gap, no double credit', async () => {
    const player = await newPlayer();
    const hashes: Hex[] = [];
    for (let index = 0; index < 6; index += 1) hashes.push(await sendEth(anvil, player.address, `0.0${index + 1}`));
    await mine(3);
    // A chain that fails after a few blocks, as if the process died in the middle of a scan.
    const real = createViemBlockSource(t.chain!.publicClient);
    let served = 0;
    const failing: BlockSource = {
      ...real,
      async getBlock(number) {
        served += 1;
        if (served > 4) throw new Error('connection lost');
        return real.getBlock(number);
      },
    };
    const crashing = createDepositWatcher({
      db: t.db,
      chain: t.chain!,
      depositAddresses: t.app.depositAddresses,
      balanceEvents: noBalanceEvents,
      logger: t.app.fastify.log,
      clock: t.clock,
      blockSource: failing,
    });
    await expect(crashing.tick()).rejects.toThrow('connection lost');
    expect((await depositRows(player.address)).length).toBeLessThan(6);

    // The server comes back: the app's own watcher continues from the durable cursor.
    await watcher().tick();
    await watcher().tick();
    const rows = await depositRows(player.address);
    expect(rows.map((row) => row.txHash).sort()).toEqual([...hashes].sort());
    expect(rows.every((row) => row.status === 'credited')).toBe(true);
    expect(await balance(player.id)).toBe(parseEther('0.21'));
  });

  it('finds ETH sent by a contract (an internal transfer) by reconciliation, exactly once', async () => {
    const player = await newPlayer();
    await watcher().tick();
    // A forwarder: CALL(gas, calldataload(0), callvalue, 0, 0, 0, 0).
    const payer = createChainWalletClient({ rpcUrl: anvil.rpcUrl, chainId: DEV_CHAIN_ID, account: payerAccount(3) });
    const deployHash = await payer.sendTransaction({ data: '0x6010600c60003960106000f3600060006000600034600035' + '5af15000' as Hex });
    const deployed = await pollUntil(async () => (await t.chain!.publicClient.getTransactionReceipt({ hash: deployHash }).catch(() => undefined))?.contractAddress ?? undefined);
    const viaContract = await payer.sendTransaction({ to: deployed as Address, value: parseEther('0.3'), data: padHex(player.address, { size: 32 }) });
    await pollUntil(async () => (await t.chain!.publicClient.getTransactionReceipt({ hash: viaContract }).catch(() => undefined)) ?? undefined);
    expect(await t.chain!.publicClient.getBalance({ address: player.address })).toBe(parseEther('0.3'));
    await mine(3);

    // The scanner alone sees no transfer to the address.
    await watcher().tick();
    expect(await depositRows(player.address)).toHaveLength(0);

    await watcher().reconcile();
    await watcher().reconcile();
    await mine(2);
    await watcher().reconcile();
    const rows = await depositRows(player.address);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'internal', txHash: null, status: 'credited', amount: parseEther('0.3') });
    expect(await balance(player.id)).toBe(parseEther('0.3'));
  });
});

describe('reorganisations before crediting (8 confirmations)', () => {
  beforeEach(async () => {
    await setUp({ DEPOSIT_CONFIRMATIONS: '8' });
  });

  it('never credits a deposit whose block is reorganised away, and credits a moved one once', async () => {
    for (const depth of [1, 2, 3, 4, 5]) {
      const player = await newPlayer();
      // Dropped: the transaction's block is rolled back and the transaction never comes back.
      const dropped = await sendEth(anvil, player.address, '0.1');
      await watcher().tick();
      expect((await depositRows(player.address))[0]).toMatchObject({ txHash: dropped, status: 'pending' });
      await mine(depth - 1);
      await call('anvil_rollback', [depth]);
      await call('anvil_dropAllTransactions');
      await mine(depth + 3);
      await watcher().tick();
      expect((await depositRows(player.address))[0]).toMatchObject({ status: 'orphaned' });
      expect(await balance(player.id)).toBe(0n);

      // Moved: a reorganisation of the same depth puts the same transaction into another block.
      const raw = await payerAccount(2).signTransaction({
        chainId: DEV_CHAIN_ID,
        type: 'eip1559',
        to: player.address,
        value: parseEther('0.2'),
        nonce: Number(await call<string>('eth_getTransactionCount', [payerAccount(2).address, 'pending'])),
        gas: 21_000n,
        maxFeePerGas: 10n ** 10n,
        maxPriorityFeePerGas: 10n ** 9n,
      });
      const moved = await call<Hex>('eth_sendRawTransaction', [raw]);
      await mine(depth - 1);
      await watcher().tick();
      const [seen] = (await depositRows(player.address)).filter((row) => row.txHash === moved);
      expect(seen).toMatchObject({ status: 'pending' });
      // Same transaction, into the last of the `depth` new blocks (another block, another hash).
      await call('anvil_reorg', [depth, [[raw, depth - 1]]]);
      await watcher().tick();
      expect(await balance(player.id)).toBe(0n);
      await mine(8);
      await watcher().tick();
      const rows = (await depositRows(player.address)).filter((row) => row.txHash === moved);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'credited' });
      expect(rows[0]!.blockHash).not.toBe(seen!.blockHash);
      expect(rows[0]!.blockNumber).toBe(seen!.blockNumber + BigInt(depth - 1));
      expect(await balance(player.id)).toBe(parseEther('0.2'));
    }
  });

});

describe('the genesis guard', () => {
  it('stops the watcher with a clear error when the node serves another chain, crediting nothing', async () => {
    await setUp();
    await watcher().tick();
    const player = await newPlayer();
    // Other funded accounts give another genesis block (two anvils started in the same second
    // with the same accounts would share one).
    const other = await startTestAnvil({ mnemonic: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about' });
    try {
      await rpc(other.rpcUrl, 'anvil_setBalance', [payerAccount(1).address, '0x56bc75e2d63100000']);
      // Another chain with the same id (a development chain started afresh) behind the same database.
      const otherWatcher = createDepositWatcher({
        db: t.db,
        chain: await chainFor(other, { DEPOSIT_CONFIRMATIONS: '1' })(t.config),
        depositAddresses: t.app.depositAddresses,
        balanceEvents: noBalanceEvents,
        logger: t.app.fastify.log,
        clock: t.clock,
      });
      await rpc(other.rpcUrl, 'anvil_mine', ['0x5']);
      await createChainWalletClient({ rpcUrl: other.rpcUrl, chainId: DEV_CHAIN_ID, account: payerAccount(1) }).sendTransaction({
        to: player.address,
        value: parseEther('1'),
      });
      expect(await rpc<{ hash: string }>(other.rpcUrl, 'eth_getBlockByNumber', ['0x0', false])).not.toEqual(
        await call<{ hash: string }>('eth_getBlockByNumber', ['0x0', false]),
      );
      await expect(otherWatcher.tick()).rejects.toThrow(/genesis .* but this database recorded genesis/);
      await expect(otherWatcher.tick()).rejects.toThrow(/another chain/);
      expect(await depositRows(player.address)).toHaveLength(0);
      expect(await balance(player.id)).toBe(0n);
    } finally {
      await other.dispose();
    }
  });
});

describe('sweeps', () => {
  it('moves credited ETH to the hot wallet, records the fee in the ledger, and leaves dust alone', async () => {
    await setUp({ DEPOSIT_CONFIRMATIONS: '1' });
    const rich = await newPlayer();
    const poor = await newPlayer();
    await sendEth(anvil, rich.address, '1');
    await sendEth(anvil, poor.address, '0.000000001'); // 1 gwei: far below the gas of a sweep
    const hotBefore = await t.chain!.publicClient.getBalance({ address: t.chain!.hotWalletAddress });

    await watcher().tick(); // credits, then sends the sweep
    await mine(1);
    await watcher().tick(); // settles it
    const [sweep] = await t.db.select().from(sweeps).where(eq(sweeps.address, rich.address));
    expect(sweep).toMatchObject({ status: 'confirmed' });
    expect(sweep!.fee).toBeGreaterThan(0n);
    expect(sweep!.value + sweep!.fee! + (await t.chain!.publicClient.getBalance({ address: rich.address }))).toBe(parseEther('1'));
    expect(await t.chain!.publicClient.getBalance({ address: t.chain!.hotWalletAddress })).toBe(hotBefore + sweep!.value);
    expect(await balanceOf(t.db, LedgerAccounts.networkFees)).toBe(sweep!.fee);
    expect(await balance(rich.id)).toBe(parseEther('1'));

    expect(await t.db.select().from(sweeps).where(eq(sweeps.address, poor.address))).toHaveLength(0);
    expect(await t.chain!.publicClient.getBalance({ address: poor.address })).toBe(10n ** 9n);

    // Reconciliation after the sweep finds nothing new (the leftover is accounted for).
    await watcher().reconcile();
    const count = await t.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM deposits WHERE kind = 'internal'`);
    expect(count.rows[0]!.count).toBe(0);
  });
});

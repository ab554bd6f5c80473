/**
 * Reconciliation and sweeps on a real anvil and a real database: ETH a contract sent by an
 * internal call is found and credited once, never while the scan lags behind; credited ETH
 * is swept to the hot wallet with its fee in the ledger, dust stays, and a sweep that never
 * reached the node is given up and redone with the same nonce.
 */
import { eq, sql } from 'drizzle-orm';
import { type Address, type Hex, parseEther, padHex } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { pollUntil } from '../src/infra/chain/anvil-testing';
import { createChainWalletClient } from '../src/infra/chain/chain-client';
import type { ChainContext } from '../src/infra/chain/chain-runtime';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { createViemBlockSource } from '../src/infra/chain/viem-block-source';
import { ledgerTransfers, sweeps } from '../src/infra/db/schema/index';
import type { BlockSource } from '../src/modules/deposits/block-scanner';
import { SWEEP_LOST_AFTER_MS } from '../src/modules/deposits/sweeper';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { useDepositWorld } from './support/deposit-world';
import { payerAccount, sendEth } from './support/test-chain';

const world = useDepositWorld();
const { setUp, call, mine, watcher, balance, newPlayer, depositRows, anotherWatcher, depositCredits } = world;

/** Another watcher whose chain records every address whose balance it reads (the reconciliation's and the sweeps'). */
function watcherCountingBalanceReads() {
  const chain = world.t.chain!;
  const looked: string[] = [];
  const counting: ChainContext = {
    ...chain,
    publicClient: {
      ...chain.publicClient,
      getBalance: (args: Parameters<typeof chain.publicClient.getBalance>[0]) => {
        looked.push(args.address.toLowerCase());
        return chain.publicClient.getBalance(args);
      },
    },
  };
  return { looked, counted: anotherWatcher({ chain: counting }) };
}

describe('reconciliation', () => {
  beforeEach(async () => {
    await setUp();
  });

  it('does not reconcile while the scan lags behind the confirmed block (a transfer not recorded yet is not new ETH)', async () => {
    const player = await newPlayer();
    await mine(3);
    const real = createViemBlockSource(world.t.chain!.publicClient);
    // A node that serves its head number but not yet the latest blocks themselves.
    let visibleUpTo = BigInt(await call<Hex>('eth_blockNumber'));
    const lagging: BlockSource = { ...real, getBlock: async (number) => (number > visibleUpTo ? null : real.getBlock(number)) };
    const behind = anotherWatcher({ blockSource: lagging });
    await sendEth(world.anvil, player.address, '0.7');
    await mine(4);
    await behind.reconcile();
    expect(await depositRows(player.address)).toEqual([]);
    expect(world.t.logs.some((line) => line.msg === 'Reconciliation deferred: the scan is catching up')).toBe(true);

    visibleUpTo = 1n << 62n;
    await behind.reconcile();
    await behind.reconcile();
    expect(await depositRows(player.address)).toEqual([expect.objectContaining({ kind: 'transfer', status: 'credited' })]);
    expect(await balance(player.id)).toBe(parseEther('0.7'));
    expect(await depositCredits()).toBe(1);
  });

  it('finds ETH sent by a contract (an internal transfer) by reconciliation, exactly once', async () => {
    const player = await newPlayer();
    await mine(3);
    await watcher().tick(); // the first pass with confirmed blocks reconciles; the next one is not due for an hour
    // A forwarder: CALL(gas, calldataload(0), callvalue, 0, 0, 0, 0).
    const payer = createChainWalletClient({ rpcUrl: world.anvil.rpcUrl, chainId: DEV_CHAIN_ID, account: payerAccount(3) });
    const deployHash = await payer.sendTransaction({
      data: ('0x6010600c60003960106000f3600060006000600034600035' + '5af15000') as Hex,
    });
    const deployed = await pollUntil(
      async () =>
        (await world.t.chain!.publicClient.getTransactionReceipt({ hash: deployHash }).catch(() => undefined))?.contractAddress ??
        undefined,
    );
    const viaContract = await payer.sendTransaction({
      to: deployed as Address,
      value: parseEther('0.3'),
      data: padHex(player.address, { size: 32 }),
    });
    await pollUntil(
      async () =>
        (await world.t.chain!.publicClient.getTransactionReceipt({ hash: viaContract }).catch(() => undefined)) ?? undefined,
    );
    expect(await world.t.chain!.publicClient.getBalance({ address: player.address })).toBe(parseEther('0.3'));
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
    const credits = await world.t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'deposit'));
    expect(credits.map((credit) => credit.idempotencyKey)).toEqual([
      `deposit-internal:${DEV_CHAIN_ID}:${player.address}:${rows[0]!.blockNumber}`,
    ]);
  });
});

describe('sweeps', () => {
  it('moves credited ETH to the hot wallet, records the fee in the ledger, and leaves dust alone', async () => {
    await setUp({ DEPOSIT_CONFIRMATIONS: '1' });
    const rich = await newPlayer();
    const poor = await newPlayer();
    await sendEth(world.anvil, rich.address, '1');
    await sendEth(world.anvil, poor.address, '0.000000001'); // 1 gwei: far below the gas of a sweep
    const hotBefore = await world.t.chain!.publicClient.getBalance({ address: world.t.chain!.hotWalletAddress });

    await watcher().tick(); // credits, then sends the sweep
    await mine(1);
    await watcher().tick(); // settles it
    const [sweep] = await world.t.db.select().from(sweeps).where(eq(sweeps.address, rich.address));
    expect(sweep).toMatchObject({ status: 'confirmed' });
    expect(sweep!.fee).toBeGreaterThan(0n);
    expect(sweep!.value + sweep!.fee! + (await world.t.chain!.publicClient.getBalance({ address: rich.address }))).toBe(
      parseEther('1'),
    );
    expect(await world.t.chain!.publicClient.getBalance({ address: world.t.chain!.hotWalletAddress })).toBe(
      hotBefore + sweep!.value,
    );
    expect(await balanceOf(world.t.db, LedgerAccounts.networkFees)).toBe(sweep!.fee);
    expect(await balance(rich.id)).toBe(parseEther('1'));

    expect(await world.t.db.select().from(sweeps).where(eq(sweeps.address, poor.address))).toHaveLength(0);
    expect(await world.t.chain!.publicClient.getBalance({ address: poor.address })).toBe(10n ** 9n);

    // Reconciliation after the sweep finds nothing new (the leftover is accounted for).
    await watcher().reconcile();
    const count = await world.t.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM deposits WHERE kind = 'internal'`,
    );
    expect(count.rows[0]!.count).toBe(0);
  });
  it('looks at a deposit address again when it is credited, or once a reconciliation interval, not on every pass (issue 30)', async () => {
    await setUp({ DEPOSIT_CONFIRMATIONS: '1' });
    const poor = await newPlayer();
    const { looked, counted } = watcherCountingBalanceReads();
    await sendEth(world.anvil, poor.address, '0.000000001'); // dust: never worth a sweep
    await counted.tick(); // credits it; the first pass reconciles and looks at every address
    expect(await depositCredits()).toBe(1);
    expect(looked).toContain(poor.address);

    looked.length = 0;
    await mine(2);
    await counted.tick(); // nothing new: no balance read at all
    await counted.tick();
    expect(looked).toEqual([]);

    await sendEth(world.anvil, poor.address, '0.000000001');
    await counted.tick(); // credited again: its address is looked at once, and it is still dust
    expect(await depositCredits()).toBe(2);
    expect(looked.filter((address) => address === poor.address)).toHaveLength(2); // the confirmed balance and the latest
    looked.length = 0;
    await mine(1);
    await counted.tick();
    expect(looked).toEqual([]);

    world.t.clock.advance(3_600_000); // a reconciliation interval later (the world's RECONCILE_INTERVAL_MS): every address once more
    await mine(1);
    await counted.tick();
    expect(looked).toContain(poor.address);
    expect(await world.t.db.select().from(sweeps)).toEqual([]);
  });
  it('looks at an address the console credited ("credit now") in the next sweep', async () => {
    await setUp({ DEPOSIT_CONFIRMATIONS: '2' });
    const poor = await newPlayer();
    const { looked, counted } = watcherCountingBalanceReads();
    await mine(2);
    await counted.reconcile(); // the first pass and a reconciliation: every address looked at once
    await sendEth(world.anvil, poor.address, '0.000000001');
    await counted.tick(); // seen, one confirmation of two
    const [seen] = await depositRows(poor.address);
    expect(seen).toMatchObject({ status: 'pending' });
    await mine(1);
    expect(await counted.creditNow(seen!.id)).toBe('credited');
    looked.length = 0;
    await counted.tick(); // nothing pending any more; the credited address is looked at all the same
    expect(looked.filter((address) => address === poor.address)).toHaveLength(2);
  });

  it('fails a sweep that never reached the node, then sweeps again with the same nonce, once', async () => {
    await setUp({ DEPOSIT_CONFIRMATIONS: '2' });
    const player = await newPlayer();
    await sendEth(world.anvil, player.address, '0.5');
    await watcher().tick();
    expect(await world.t.db.select().from(sweeps)).toEqual([]); // pending deposits are not swept

    // The broadcast is lost (e.g. the connection drops): the sweep is recorded, never sent.
    const chain = world.t.chain!;
    const unreachable: ChainContext = {
      ...chain,
      publicClient: {
        ...chain.publicClient,
        sendRawTransaction: () => Promise.reject(new Error('connection reset')),
      },
    };
    await mine(1);
    await anotherWatcher({ chain: unreachable }).tick();
    const [lost] = await world.t.db.select().from(sweeps);
    expect(lost).toMatchObject({ status: 'sent', address: player.address, nonce: 0 });
    expect(await chain.publicClient.getBalance({ address: player.address })).toBe(parseEther('0.5'));

    // Not given up at once (it could still be mined); no second sweep while it is open.
    await watcher().tick();
    expect(await world.t.db.select().from(sweeps)).toEqual([expect.objectContaining({ id: lost!.id, status: 'sent' })]);

    world.t.clock.advance(SWEEP_LOST_AFTER_MS + 1);
    await watcher().tick(); // marks it failed and sends it again, same nonce
    await mine(1);
    await watcher().tick(); // settles it
    const rows = await world.t.db.select().from(sweeps);
    expect(rows).toEqual([expect.objectContaining({ id: lost!.id, status: 'confirmed', nonce: 0 })]);
    expect(world.t.logs.some((line) => line.msg === 'Sweep lost (never mined): marked failed')).toBe(true);
    const [sweep] = rows;
    expect(sweep!.value + sweep!.fee! + (await chain.publicClient.getBalance({ address: player.address }))).toBe(
      parseEther('0.5'),
    );
    expect(await balanceOf(world.t.db, LedgerAccounts.networkFees)).toBe(sweep!.fee);
    expect(await balance(player.id)).toBe(parseEther('0.5'));
  });
});

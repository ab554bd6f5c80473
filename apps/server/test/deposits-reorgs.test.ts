/**
 * Deposits and chain reorganisations on a real anvil (anvil_reorg, anvil_rollback) and a
 * real database: a dropped deposit is never credited, a moved one once; one reorganised
 * away after crediting (deeper than the confirmations) is flagged, never debited, never
 * credited twice; a node serving another chain stops the watcher.
 */
import { eq } from 'drizzle-orm';
import { type Address, type Hex, parseEther } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { pollUntil, rpc } from '../src/infra/chain/anvil-testing';
import { createChainWalletClient } from '../src/infra/chain/chain-client';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { sweeps } from '../src/infra/db/schema/index';
import { SWEEP_LOST_AFTER_MS } from '../src/modules/deposits/sweeper';
import { useDepositWorld } from './support/deposit-world';
import { chainFor, payerAccount, sendEth, startTestAnvil } from './support/test-chain';

const world = useDepositWorld();
const {
  setUp,
  call,
  mine,
  rollbackAndDrop,
  watcher,
  balance,
  newPlayer,
  depositRows,
  anotherWatcher,
  depositCredits,
  errorLogs,
} = world;

describe('reorganisations before crediting (8 confirmations)', () => {
  beforeEach(async () => {
    await setUp({ DEPOSIT_CONFIRMATIONS: '8' });
  });

  it('never credits a deposit whose block is reorganised away, and credits a moved one once', async () => {
    for (const depth of [1, 2, 3, 4, 5]) {
      const player = await newPlayer();
      // Dropped: the transaction's block is rolled back and the transaction never comes back.
      const dropped = await sendEth(world.anvil, player.address, '0.1');
      await watcher().tick();
      expect((await depositRows(player.address))[0]).toMatchObject({ txHash: dropped, status: 'pending' });
      await mine(depth - 1);
      await rollbackAndDrop(depth);
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
      expect(await depositCredits()).toBe(depth);
    }
  });
});

describe('reorganisations deeper than the confirmations (2 confirmations)', () => {
  beforeEach(async () => {
    await setUp({ DEPOSIT_CONFIRMATIONS: '2' });
  });

  /** A deposit signed here, so that a reorganisation can put the same transaction into another block. */
  async function signedDeposit(to: Address, eth: string): Promise<{ raw: Hex; hash: Hex }> {
    const raw = await payerAccount(2).signTransaction({
      chainId: DEV_CHAIN_ID,
      type: 'eip1559',
      to,
      value: parseEther(eth),
      nonce: Number(await call<string>('eth_getTransactionCount', [payerAccount(2).address, 'pending'])),
      gas: 21_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 10n ** 9n,
    });
    return { raw, hash: await call<Hex>('eth_sendRawTransaction', [raw]) };
  }

  it('flags a credited deposit that is reorganised away, never debits it, and never credits it twice when it comes back', async () => {
    const moved = await newPlayer();
    const dropped = await newPlayer();
    const head = async () => BigInt(await call<Hex>('eth_blockNumber'));
    await mine(3);
    const { raw } = await signedDeposit(moved.address, '0.4');
    await mine(1);
    await watcher().tick(); // credits it (and sweeps it to the hot wallet)
    expect(await balance(moved.id)).toBe(parseEther('0.4'));
    const [before] = await depositRows(moved.address);

    // Every block from the one below the deposit's is replaced; the credited transaction lands in the last new one.
    const errorsBefore = errorLogs().length;
    const depth = Number((await head()) - before!.blockNumber) + 2;
    await call('anvil_reorg', [depth, [[raw, depth - 1]]]);
    await watcher().tick();
    expect(errorLogs().slice(errorsBefore)).toEqual([
      expect.objectContaining({ depositId: before!.id, msg: expect.stringMatching(/reorganised away/) }),
    ]);
    const [after] = await depositRows(moved.address);
    expect(after).toMatchObject({ id: before!.id, status: 'credited' });
    expect(after!.blockNumber).not.toBe(before!.blockNumber);

    // Dropped for good after crediting: flagged for a human, the player keeps the credit.
    await sendEth(world.anvil, dropped.address, '0.6');
    await mine(1);
    await watcher().tick();
    expect(await balance(dropped.id)).toBe(parseEther('0.6'));
    const [credited] = await depositRows(dropped.address);
    await rollbackAndDrop(Number((await head()) - credited!.blockNumber) + 1);
    await mine(3);
    await watcher().tick();
    expect(await depositRows(dropped.address)).toEqual([
      expect.objectContaining({ id: credited!.id, status: 'reorged_after_credit' }),
    ]);
    expect(await world.t.chain!.publicClient.getBalance({ address: dropped.address })).toBe(0n);

    // Sweeps lost in the reorganisations are given up and redone; then reconciliation, over
    // both addresses, finds neither new ETH to credit nor missing ETH to debit.
    world.t.clock.advance(SWEEP_LOST_AFTER_MS + 1);
    await watcher().tick();
    await mine(2);
    await watcher().tick();
    expect(await world.t.db.select().from(sweeps).where(eq(sweeps.status, 'sent'))).toEqual([]);
    await watcher().reconcile();
    expect(await balance(moved.id)).toBe(parseEther('0.4'));
    expect(await balance(dropped.id)).toBe(parseEther('0.6'));
    expect(await depositRows(moved.address)).toHaveLength(1);
    expect(await depositRows(dropped.address)).toHaveLength(1);
    expect(await depositCredits()).toBe(2);
    expect(
      errorLogs().filter((line) => line.msg !== undefined && String(line.msg).startsWith('Deposit address holds less')),
    ).toEqual([]);
  });
});

describe('the genesis guard', () => {
  it('stops the watcher with a clear error when the node serves another chain, crediting nothing', async () => {
    await setUp();
    await watcher().tick();
    const player = await newPlayer();
    // Anvil's genesis hash depends on its start time only (the funded accounts are not in its
    // state root): a chain started in a later second has another genesis.
    const genesisTime = BigInt((await call<{ timestamp: Hex }>('eth_getBlockByNumber', ['0x0', false])).timestamp);
    await pollUntil(
      async () => (BigInt(Math.floor(Date.now() / 1000)) > genesisTime ? true : undefined),
      5_000,
      'the next second',
    );
    const other = await startTestAnvil();
    try {
      // Another chain with the same id (a development chain started afresh) behind the same database.
      const otherWatcher = anotherWatcher({ chain: await chainFor(other, { DEPOSIT_CONFIRMATIONS: '1' })(world.t.config) });
      await rpc(other.rpcUrl, 'anvil_mine', ['0x5']);
      await createChainWalletClient({ rpcUrl: other.rpcUrl, chainId: DEV_CHAIN_ID, account: payerAccount(1) }).sendTransaction({
        to: player.address,
        value: parseEther('1'),
      });
      const genesisHash = async (url: string) => (await rpc<{ hash: Hex }>(url, 'eth_getBlockByNumber', ['0x0', false])).hash;
      expect(await genesisHash(other.rpcUrl)).not.toBe(await genesisHash(world.anvil.rpcUrl));
      const errorsBefore = errorLogs().length;
      await expect(otherWatcher.tick()).rejects.toThrow(/genesis .* but this database recorded genesis/);
      await expect(otherWatcher.tick()).rejects.toThrow(/another chain/);
      await expect(otherWatcher.reconcile()).rejects.toThrow(/another chain/);
      expect(errorLogs().slice(errorsBefore)).toEqual([
        expect.objectContaining({
          msg: 'Deposit watcher stopped: wrong chain',
          err: expect.objectContaining({ type: 'GenesisMismatchError' }),
        }),
      ]);
      expect(await depositRows(player.address)).toHaveLength(0);
      expect(await balance(player.id)).toBe(0n);
      expect(await depositCredits()).toBe(0);
    } finally {
      await other.dispose();
    }
  });
});

/**
 * The block scanner against a real anvil (automine: one block per transaction, blocks
 * mined explicitly otherwise), with the reorganisations anvil can produce: anvil_reorg
 * (same height, optionally moving transactions), anvil_rollback (lower height) and
 * evm_snapshot / evm_revert.
 */
import type { Address, Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestAnvil, pollUntil, rpc, startTestAnvil } from '../../infra/chain/anvil-testing';
import { createChainPublicClient, createChainWalletClient } from '../../infra/chain/chain-client';
import { DEV_MNEMONIC, HdWallet } from '../../infra/chain/hd-wallet';
import { createViemBlockSource } from '../../infra/chain/viem-block-source';
import { BlockScanner, type BlockScannerOptions, confirmations } from './block-scanner';
import { InMemoryScannerStore } from './in-memory-scanner-store';

const wallet = new HdWallet(DEV_MNEMONIC);
const [W0, W1] = [0, 1].map((index) => wallet.depositAccount(index).address.toLowerCase() as Address) as [Address, Address];
const WATCHED = new Set<Address>([W0, W1]);
const UNWATCHED = '0x000000000000000000000000000000000000beef';
/** Funded development account #0, unlocked in anvil (eth_sendTransaction). */
const FUNDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** Funded development account #1, signing locally (raw transactions that can be replayed or moved). */
const SIGNER = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 1 });
const ONE_ETH = 10n ** 18n;
/** Bytecode that reverts on any call: PUSH1 0 PUSH1 0 REVERT. */
const ALWAYS_REVERT = '0x60006000fd';

let anvil: TestAnvil;
beforeEach(async () => {
  anvil = await startTestAnvil();
});
afterEach(async () => {
  await anvil.dispose();
});

const hex = (value: bigint | number) => `0x${value.toString(16)}`;
const call = <T = unknown>(method: string, params: unknown[] = []) => rpc<T>(anvil.rpcUrl, method, params);
const head = async () => BigInt(await call<string>('eth_blockNumber'));
const mine = (blocks: number) => call('anvil_mine', [hex(blocks)]);

interface RpcReceipt {
  status: Hex;
  blockNumber: Hex;
  blockHash: Hex;
}
const receiptOf = (hash: Hex) => call<RpcReceipt | null>('eth_getTransactionReceipt', [hash]);
const minedReceipt = (hash: Hex) => pollUntil(async () => (await receiptOf(hash)) ?? undefined, 10_000, `receipt of ${hash}`);

async function fund(to: string, value: bigint, extra: Record<string, string> = {}): Promise<Hex> {
  const hash = await call<Hex>('eth_sendTransaction', [{ from: FUNDER, to, value: hex(value), ...extra }]);
  await minedReceipt(hash);
  return hash;
}

/** A transfer signed by SIGNER with its next nonce, not sent. */
async function signTransfer(to: Address, value: bigint): Promise<Hex> {
  const client = createChainWalletClient({ rpcUrl: anvil.rpcUrl, chainId: 31337, account: SIGNER });
  const request = await client.prepareTransactionRequest({ to, value, chain: client.chain, account: SIGNER });
  return client.signTransaction(request);
}

async function sendRaw(raw: Hex): Promise<{ hash: Hex; receipt: RpcReceipt }> {
  const hash = await call<Hex>('eth_sendRawTransaction', [raw]);
  return { hash, receipt: await minedReceipt(hash) };
}

function createScanner(
  store: InMemoryScannerStore,
  options: Partial<BlockScannerOptions> = {},
  rpcUrl = anvil.rpcUrl,
): BlockScanner {
  const client = createChainPublicClient({ rpcUrl, chainId: 31337 });
  return new BlockScanner({
    source: createViemBlockSource(client),
    store,
    isWatchedAddress: (address) => WATCHED.has(address),
    startBlock: 1n,
    ...options,
  });
}

describe('BlockScanner against anvil', () => {
  it('observes a deposit to a watched address exactly once, however often it scans, across a scanner restart', async () => {
    const store = new InMemoryScannerStore();
    const scanner = createScanner(store);
    const deposit = await fund(W0, ONE_ETH);
    await fund(UNWATCHED, ONE_ETH);
    await mine(3);
    const first = await scanner.scan();
    expect(first.caughtUp).toBe(true);
    await scanner.scan();
    await createScanner(store).scan();
    const receipt = await minedReceipt(deposit);
    expect(store.transfers()).toEqual([
      {
        txHash: deposit,
        from: FUNDER.toLowerCase(),
        to: W0,
        value: ONE_ETH,
        blockNumber: BigInt(receipt.blockNumber),
        blockHash: receipt.blockHash,
      },
    ]);
    expect(confirmations(BigInt(receipt.blockNumber), await head())).toBe(5n); // its block, the unwatched transfer's, 3 mined
  });

  it('ignores a transfer whose transaction reverted', async () => {
    await call('anvil_setCode', [W1, ALWAYS_REVERT]);
    const store = new InMemoryScannerStore();
    const reverted = await fund(W1, ONE_ETH, { gas: hex(100_000) });
    expect((await minedReceipt(reverted)).status).toBe('0x0');
    const succeeded = await fund(W0, 2n * ONE_ETH);
    await createScanner(store).scan();
    expect(store.transfers().map((t) => t.txHash)).toEqual([succeeded]);
  });

  it.each([1, 2, 3, 4, 5])(
    'drops the deposit when anvil_reorg of depth %i replaces its block at the same height',
    async (depth) => {
      const store = new InMemoryScannerStore();
      const scanner = createScanner(store);
      await mine(2);
      const deposit = await fund(W0, ONE_ETH);
      await mine(depth - 1); // the deposit's block is the oldest of the last `depth`
      await scanner.scan();
      expect(store.transfers().map((t) => t.txHash)).toEqual([deposit]);
      const height = await head();

      await call('anvil_reorg', [depth, []]);
      expect(await head()).toBe(height);
      expect(await receiptOf(deposit)).toBeNull();
      const result = await scanner.scan();
      expect(result.reorgs).toHaveLength(1);
      expect(result.reorgs[0]).toMatchObject({ forkPoint: height - BigInt(depth), orphanedTo: height });
      expect(result.reorgs[0]?.droppedTransfers.map((t) => t.txHash)).toEqual([deposit]);
      expect(store.transfers()).toEqual([]);

      await mine(3);
      const later = await scanner.scan();
      expect(later.reorgs).toEqual([]);
      expect(store.transfers()).toEqual([]);
    },
  );

  it.each([1, 2, 3, 4, 5])('re-observes once, at its new block, a deposit that anvil_reorg of depth %i moves', async (depth) => {
    const store = new InMemoryScannerStore();
    const scanner = createScanner(store);
    await mine(2);
    const raw = await signTransfer(W0, ONE_ETH);
    const { hash: deposit, receipt: before } = await sendRaw(raw);
    await mine(depth - 1);
    await scanner.scan();
    expect(store.transfers().map((t) => t.blockHash)).toEqual([before.blockHash]);

    // The same signed transaction lands in the last new block, after an unrelated transfer in the first.
    const filler = { from: FUNDER, to: UNWATCHED, value: hex(1) };
    await call('anvil_reorg', [
      depth,
      [
        [filler, 0],
        [raw, depth - 1],
      ],
    ]);
    const after = await minedReceipt(deposit);
    expect(BigInt(after.blockNumber)).toBe(BigInt(before.blockNumber) + BigInt(depth - 1));
    expect(after.blockHash).not.toBe(before.blockHash);

    const result = await scanner.scan();
    expect(result.reorgs).toHaveLength(1);
    expect(result.reorgs[0]?.droppedTransfers.map((t) => t.blockHash)).toEqual([before.blockHash]);
    expect(result.observed.map((t) => t.txHash)).toEqual([deposit]);
    expect(store.transfers()).toEqual([
      expect.objectContaining({ txHash: deposit, blockHash: after.blockHash, blockNumber: BigInt(after.blockNumber) }),
    ]);
    await scanner.scan();
    expect(store.transfers()).toHaveLength(1);
  });

  it.each([1, 2, 3, 4, 5])('drops the deposit when anvil_rollback of depth %i removes its block', async (depth) => {
    const store = new InMemoryScannerStore();
    const scanner = createScanner(store);
    await mine(2);
    const deposit = await fund(W0, ONE_ETH);
    await mine(depth - 1);
    await scanner.scan();
    const height = await head();

    await call('anvil_rollback', [depth]);
    expect(await head()).toBe(height - BigInt(depth));
    const result = await scanner.scan();
    expect(result.reorgs).toMatchObject([{ forkPoint: height - BigInt(depth), orphanedTo: height }]);
    expect(result.reorgs[0]?.droppedTransfers.map((t) => t.txHash)).toEqual([deposit]);
    expect(store.transfers()).toEqual([]);

    await mine(depth + 2);
    const later = await scanner.scan();
    expect(later).toMatchObject({ reorgs: [], observed: [], caughtUp: true });
    expect(store.transfers()).toEqual([]);
  });

  it('after evm_revert to a snapshot, drops the deposit and observes it again once it is mined in another block', async () => {
    const store = new InMemoryScannerStore();
    const scanner = createScanner(store);
    await mine(2);
    const snapshot = await call<Hex>('evm_snapshot');
    const raw = await signTransfer(W0, ONE_ETH);
    const { hash: deposit, receipt: before } = await sendRaw(raw);
    await mine(2);
    await scanner.scan();

    await call('evm_revert', [snapshot]);
    await mine(3);
    const { receipt: after } = await sendRaw(raw);
    expect(after.blockHash).not.toBe(before.blockHash);
    const result = await scanner.scan();
    expect(result.reorgs).toHaveLength(1);
    expect(result.reorgs[0]?.droppedTransfers.map((t) => t.blockHash)).toEqual([before.blockHash]);
    expect(store.transfers()).toEqual([expect.objectContaining({ txHash: deposit, blockHash: after.blockHash })]);
  });

  it('catches up from the cursor after downtime, in steps, with every deposit once', async () => {
    const store = new InMemoryScannerStore();
    await createScanner(store).scan();
    const deposits: Hex[] = [];
    for (let i = 0; i < 8; i += 1) {
      deposits.push(await fund(i % 2 === 0 ? W0 : W1, BigInt(i + 1)));
      await mine(1);
    }
    const scanner = createScanner(store, { maxBlocksPerScan: 3 });
    let scans = 0;
    while (!(await scanner.scan()).caughtUp) scans += 1;
    expect(scans).toBeGreaterThan(3);
    expect(
      store
        .transfers()
        .map((t) => t.txHash)
        .sort(),
    ).toEqual([...deposits].sort());
  });

  it('stays consistent across an anvil restart from its state file', async () => {
    const store = new InMemoryScannerStore();
    const before = await fund(W0, ONE_ETH);
    await createScanner(store).scan();
    await anvil.stop();
    const restarted = await startTestAnvil({ dataDir: anvil.dataDir });
    try {
      const after = await rpc<Hex>(restarted.rpcUrl, 'eth_sendTransaction', [{ from: FUNDER, to: W1, value: hex(ONE_ETH) }]);
      await pollUntil(
        async () => (await rpc(restarted.rpcUrl, 'eth_getTransactionReceipt', [after])) ?? undefined,
        10_000,
        'a receipt',
      );
      const result = await createScanner(store, {}, restarted.rpcUrl).scan();
      expect(result.reorgs).toEqual([]);
      expect(result.observed.map((t) => t.txHash)).toEqual([after]);
      expect(store.transfers().map((t) => t.txHash)).toEqual([before, after]);
    } finally {
      await restarted.stop();
    }
  });
});

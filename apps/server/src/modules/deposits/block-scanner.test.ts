import fc from 'fast-check';
import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  type BlockSource,
  BlockScanner,
  type ChainBlock,
  type ChainReceipt,
  DeepReorgError,
  type ObservedTransfer,
  confirmations,
} from './block-scanner';
import { InMemoryScannerStore } from './in-memory-scanner-store';

/** Addresses 0-2 are watched, 3-5 are not. */
const ADDRESSES = Array.from({ length: 6 }, (_, index) => `0x${'a'.repeat(39)}${index}` as Address);
const WATCHED = new Set(ADDRESSES.slice(0, 3));
const SENDER = `0x${'5'.repeat(40)}` as Address;

interface FakeTransfer {
  hash?: Hex;
  to: Address | null;
  value: bigint;
  success?: boolean;
}

/** An in-memory chain with reorganisations and rollbacks, as a BlockSource. */
class FakeChain implements BlockSource {
  readonly blocks: ChainBlock[] = [];
  readonly receipts = new Map<Hex, ChainReceipt>();
  readonly failed = new Set<Hex>();
  /** Called before every read: lets a test change the chain in the middle of a scan. */
  beforeRead: (() => void) | undefined;
  #counter = 0;

  constructor() {
    this.mine([]);
  }

  get head(): bigint {
    return BigInt(this.blocks.length - 1);
  }

  nextHash(): Hex {
    this.#counter += 1;
    return `0x${this.#counter.toString(16).padStart(64, '0')}`;
  }

  mine(transfers: readonly FakeTransfer[]): ChainBlock {
    const parent = this.blocks.at(-1);
    const block: ChainBlock = {
      number: BigInt(this.blocks.length),
      hash: this.nextHash(),
      parentHash: parent?.hash ?? `0x${'0'.repeat(64)}`,
      transactions: transfers.map((transfer) => ({
        hash: transfer.hash ?? this.nextHash(),
        from: SENDER,
        to: transfer.to,
        value: transfer.value,
      })),
    };
    transfers.forEach((transfer, index) => {
      const hash = block.transactions[index]?.hash;
      if (hash === undefined) return;
      if (transfer.success === false) this.failed.add(hash);
      this.receipts.set(hash, { status: this.failed.has(hash) ? 'reverted' : 'success', blockHash: block.hash });
    });
    this.blocks.push(block);
    return block;
  }

  /** Removes the last `depth` blocks (never the genesis) and their receipts; returns their transactions. */
  rollback(depth: number): ChainBlock['transactions'][number][] {
    const removed = this.blocks.splice(Math.max(1, this.blocks.length - depth));
    const transactions = removed.flatMap((block) => [...block.transactions]);
    for (const transaction of transactions) this.receipts.delete(transaction.hash);
    return transactions;
  }

  /** Replaces the last `depth` blocks with the given ones (same height when as many). */
  reorg(depth: number, replacements: readonly (readonly FakeTransfer[])[]): void {
    this.rollback(depth);
    for (const transfers of replacements) this.mine(transfers);
  }

  async getBlockNumber(): Promise<bigint> {
    this.beforeRead?.();
    return this.head;
  }

  async getBlock(number: bigint): Promise<ChainBlock | null> {
    this.beforeRead?.();
    return this.blocks[Number(number)] ?? null;
  }

  async getReceipt(txHash: Hex): Promise<ChainReceipt | null> {
    this.beforeRead?.();
    return this.receipts.get(txHash) ?? null;
  }

  /** Runs `change` just before the `reads`-th read from now (once). */
  changeAfterReads(reads: number, change: () => void): void {
    let remaining = reads;
    this.beforeRead = () => {
      if (remaining-- > 0) return;
      this.beforeRead = undefined;
      change();
    };
  }

  /** What a correct scanner must hold: successful positive transfers to watched addresses from `from` to the head. */
  expectedTransfers(from = 0n): Pick<ObservedTransfer, 'txHash' | 'to' | 'value' | 'blockNumber' | 'blockHash'>[] {
    return this.blocks
      .filter((block) => block.number >= from)
      .flatMap((block) =>
        block.transactions
          .filter((tx) => tx.to !== null && WATCHED.has(tx.to) && tx.value > 0n && !this.failed.has(tx.hash))
          .map((tx) => ({ txHash: tx.hash, to: tx.to as Address, value: tx.value, blockNumber: block.number, blockHash: block.hash }))
          // The order of InMemoryScannerStore.transfers(): by block, then transaction hash.
          .sort((a, b) => a.txHash.localeCompare(b.txHash)),
      );
  }
}

function setup(options: { startBlock?: bigint; maxBlocksPerScan?: number; recentBlocksKept?: number } = {}) {
  const chain = new FakeChain();
  const store = new InMemoryScannerStore();
  const scanner = new BlockScanner({
    source: chain,
    store,
    isWatchedAddress: (address) => WATCHED.has(address),
    startBlock: options.startBlock ?? 0n,
    ...(options.maxBlocksPerScan === undefined ? {} : { maxBlocksPerScan: options.maxBlocksPerScan }),
    ...(options.recentBlocksKept === undefined ? {} : { recentBlocksKept: options.recentBlocksKept }),
  });
  const held = () => store.transfers().map(({ txHash, to, value, blockNumber, blockHash }) => ({ txHash, to, value, blockNumber, blockHash }));
  return { chain, store, scanner, held };
}

const [W0, W1, W2, U3] = ADDRESSES as [Address, Address, Address, Address];

describe('BlockScanner on a fake chain', () => {
  it('records successful positive transfers to watched addresses, and nothing else', async () => {
    const { chain, scanner, store } = setup();
    const block = chain.mine([
      { to: W0, value: 5n },
      { to: U3, value: 7n },
      { to: W1, value: 9n, success: false },
      { to: W2, value: 0n },
      { to: null, value: 3n },
    ]);
    const result = await scanner.scan();
    expect(result).toMatchObject({ head: 1n, cursor: 1n, scannedBlocks: 2, caughtUp: true, reorgs: [] });
    expect(store.transfers()).toEqual([
      { txHash: block.transactions[0]?.hash, from: SENDER, to: W0, value: 5n, blockNumber: 1n, blockHash: block.hash },
    ]);
    expect(result.observed).toEqual(store.transfers());
  });

  it('scanning again records nothing twice, also with a new scanner on the same store (a restart)', async () => {
    const { chain, scanner, store } = setup();
    chain.mine([{ to: W0, value: 1n }]);
    await scanner.scan();
    expect((await scanner.scan()).scannedBlocks).toBe(0);
    const restarted = new BlockScanner({ source: chain, store, isWatchedAddress: (a) => WATCHED.has(a), startBlock: 0n });
    chain.mine([{ to: W1, value: 2n }]);
    const result = await restarted.scan();
    expect(result.scannedBlocks).toBe(1);
    expect(result.observed.map((t) => t.to)).toEqual([W1]);
    expect(store.transfers()).toHaveLength(2);
  });

  it('detects a reorganisation that keeps the same height and drops the orphaned deposit', async () => {
    const { chain, scanner, store } = setup();
    chain.mine([]);
    const orphan = chain.mine([{ to: W0, value: 1n }]);
    await scanner.scan();
    chain.reorg(1, [[{ to: U3, value: 1n }]]);
    expect(chain.head).toBe(2n);
    const result = await scanner.scan();
    expect(result.reorgs).toEqual([
      { forkPoint: 1n, orphanedFrom: 2n, orphanedTo: 2n, droppedTransfers: [expect.objectContaining({ blockHash: orphan.hash })] },
    ]);
    expect(store.transfers()).toEqual([]);
    expect(result.cursor).toBe(2n);
  });

  it('detects a rollback to a lower height and, once the chain grows again, does not re-observe the dropped deposit', async () => {
    const { chain, scanner, store } = setup();
    chain.mine([{ to: W0, value: 1n }]);
    chain.mine([]);
    await scanner.scan();
    chain.rollback(2);
    const afterRollback = await scanner.scan();
    expect(afterRollback.reorgs).toMatchObject([{ forkPoint: 0n, orphanedFrom: 1n, orphanedTo: 2n }]);
    expect(afterRollback.cursor).toBe(0n);
    expect(store.transfers()).toEqual([]);
    chain.mine([]);
    chain.mine([]);
    chain.mine([]);
    const later = await scanner.scan();
    expect(later).toMatchObject({ reorgs: [], cursor: 3n, observed: [] });
  });

  it('re-observes a transaction moved to another block, exactly once, at its new block', async () => {
    const { chain, scanner, held } = setup();
    const original = chain.mine([{ to: W0, value: 4n }]);
    chain.mine([]);
    await scanner.scan();
    const moved = original.transactions[0]?.hash;
    chain.reorg(2, [[], [], [{ hash: moved, to: W0, value: 4n }]]);
    const result = await scanner.scan();
    expect(result.reorgs).toHaveLength(1);
    expect(result.reorgs[0]?.droppedTransfers.map((t) => t.blockNumber)).toEqual([1n]);
    expect(result.observed.map((t) => [t.txHash, t.blockNumber])).toEqual([[moved, 3n]]);
    expect(held()).toEqual(chain.expectedTransfers());
  });

  it('notices by the parent hash a reorganisation that happens in the middle of a scan', async () => {
    const { chain, scanner, held } = setup();
    chain.mine([]);
    await scanner.scan();
    const orphan = chain.mine([{ to: W0, value: 1n }]);
    chain.mine([]);
    chain.mine([]);
    // Reads: head, tip check (1), block 2 and its receipt, block 3 → the reorg lands before block 3 is read.
    chain.changeAfterReads(4, () => chain.reorg(3, [[], [{ to: W1, value: 2n }], []]));
    const result = await scanner.scan();
    expect(result.reorgs).toMatchObject([{ forkPoint: 1n, orphanedFrom: 2n, orphanedTo: 2n }]);
    expect(result.reorgs[0]?.droppedTransfers.map((t) => t.blockHash)).toEqual([orphan.hash]);
    expect(held()).toEqual(chain.expectedTransfers());
    expect(held().map((t) => t.to)).toEqual([W1]);
  });

  it('catches up in steps after downtime, from the cursor, with no gap', async () => {
    const { chain, scanner, held } = setup({ maxBlocksPerScan: 4 });
    for (let i = 0; i < 15; i += 1) chain.mine([{ to: ADDRESSES[i % 6] ?? null, value: BigInt(i + 1) }]);
    const steps: number[] = [];
    for (;;) {
      const result = await scanner.scan();
      steps.push(result.scannedBlocks);
      if (result.caughtUp) break;
    }
    expect(steps).toEqual([4, 4, 4, 4]);
    expect(held()).toEqual(chain.expectedTransfers());
  });

  it('starts at startBlock, remembering its parent to detect a reorganisation of the first scanned block', async () => {
    const { chain, scanner, held } = setup({ startBlock: 3n });
    chain.mine([{ to: W0, value: 1n }]);
    chain.mine([{ to: W0, value: 2n }]);
    expect((await scanner.scan()).cursor).toBe(2n); // only the anchor: block 3 does not exist yet
    chain.mine([{ to: W0, value: 3n }]);
    await scanner.scan();
    expect(held().map((t) => t.value)).toEqual([3n]);
    chain.reorg(1, [[{ to: W1, value: 4n }]]);
    const result = await scanner.scan();
    expect(result.reorgs).toMatchObject([{ forkPoint: 2n }]);
    expect(held()).toEqual(chain.expectedTransfers(3n));
  });

  it('keeps only the last K block hashes, and stops with a clear error on a deeper reorganisation', async () => {
    const { chain, scanner, store } = setup({ recentBlocksKept: 64 });
    for (let i = 0; i < 100; i += 1) chain.mine([]);
    await scanner.scan();
    expect(store.rememberedBlocks()).toBe(64);
    chain.reorg(64, Array.from({ length: 64 }, () => []));
    await expect(scanner.scan()).rejects.toThrow(DeepReorgError);
    await expect(scanner.scan()).rejects.toThrow(/deeper than the 64 remembered blocks/);
    expect(store.cursor()).toBe(100n);
  });

  it('handles a reorganisation of depth K - 1', async () => {
    const { chain, scanner, held } = setup({ recentBlocksKept: 64 });
    for (let i = 0; i < 100; i += 1) chain.mine([{ to: W0, value: 1n }]);
    await scanner.scan();
    chain.reorg(63, Array.from({ length: 65 }, () => [{ to: W1, value: 2n }]));
    const result = await scanner.scan();
    expect(result.reorgs).toMatchObject([{ forkPoint: 37n, orphanedFrom: 38n, orphanedTo: 100n }]);
    expect(result.reorgs[0]?.droppedTransfers).toHaveLength(63);
    expect(held()).toEqual(chain.expectedTransfers());
  });

  it('does not commit a block whose receipt belongs to another block (reorganised mid-scan), and rescans it', async () => {
    const { chain, store, held } = setup();
    chain.mine([{ to: W0, value: 1n }]);
    let lie = true;
    const racing: BlockSource = {
      getBlockNumber: () => chain.getBlockNumber(),
      getBlock: (n) => chain.getBlock(n),
      async getReceipt(hash) {
        const receipt = await chain.getReceipt(hash);
        if (receipt === null || !lie) return receipt;
        lie = false;
        return { ...receipt, blockHash: `0x${'f'.repeat(64)}` };
      },
    };
    const scanner = new BlockScanner({ source: racing, store, isWatchedAddress: (a) => WATCHED.has(a), startBlock: 0n });
    const first = await scanner.scan();
    expect(first).toMatchObject({ cursor: 0n, caughtUp: false, observed: [] });
    await scanner.scan();
    expect(held()).toEqual(chain.expectedTransfers());
  });

  it('shares one run between concurrent scan() calls', async () => {
    const { chain, scanner, store } = setup();
    chain.mine([{ to: W0, value: 1n }]);
    const [a, b] = await Promise.all([scanner.scan(), scanner.scan()]);
    expect(a).toBe(b);
    expect(store.transfers()).toHaveLength(1);
  });

  it('refuses to keep fewer than 64 block hashes', () => {
    const chain = new FakeChain();
    expect(
      () => new BlockScanner({ source: chain, store: new InMemoryScannerStore(), isWatchedAddress: () => true, startBlock: 0n, recentBlocksKept: 63 }),
    ).toThrow(RangeError);
  });

  it('holds exactly the canonical deposits after any sequence of blocks, reorganisations, rollbacks and scans', async () => {
    const transfer = fc.record({
      to: fc.constantFrom(...ADDRESSES),
      value: fc.bigInt({ min: 0n, max: 3n }),
      success: fc.boolean(),
    });
    const block = fc.array(transfer, { maxLength: 3 });
    const command = fc.oneof(
      fc.record({ kind: fc.constant('mine' as const), blocks: fc.array(block, { minLength: 1, maxLength: 4 }) }),
      fc.record({
        kind: fc.constant('reorg' as const),
        depth: fc.integer({ min: 1, max: 8 }),
        blocks: fc.array(block, { maxLength: 10 }),
        carryOver: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('rollback' as const), depth: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('scan' as const) }),
      fc.record({
        kind: fc.constant('scan-during-reorg' as const),
        afterReads: fc.integer({ min: 0, max: 12 }),
        depth: fc.integer({ min: 1, max: 8 }),
        blocks: fc.array(block, { maxLength: 10 }),
        carryOver: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 40 }), fc.integer({ min: 1, max: 6 }), async (commands, maxBlocksPerScan) => {
        const { chain, scanner, held } = setup({ maxBlocksPerScan, recentBlocksKept: 64 });
        // A reorganisation may carry orphaned transactions over into the new blocks (moved deposits).
        const reorganise = (step: { depth: number; blocks: Omit<FakeTransfer, 'hash'>[][]; carryOver: boolean }) => {
          const orphaned = chain.rollback(step.depth);
          const replacements = step.blocks.map((transfers) => [...transfers] as FakeTransfer[]);
          if (step.carryOver && replacements.length > 0) {
            orphaned.forEach((tx, index) => {
              replacements[index % replacements.length]?.push({ hash: tx.hash, to: tx.to, value: tx.value, success: !chain.failed.has(tx.hash) });
            });
          }
          for (const transfers of replacements) chain.mine(transfers);
        };
        for (const step of commands) {
          if (step.kind === 'mine') for (const transfers of step.blocks) chain.mine(transfers);
          else if (step.kind === 'rollback') chain.rollback(step.depth);
          else if (step.kind === 'scan') await scanner.scan();
          else if (step.kind === 'reorg') reorganise(step);
          else {
            chain.changeAfterReads(step.afterReads, () => reorganise(step));
            await scanner.scan();
            chain.beforeRead = undefined;
          }
        }
        for (let i = 0; i < 100 && !(await scanner.scan()).caughtUp; i += 1);
        expect(held()).toEqual(chain.expectedTransfers());
      }),
      { numRuns: 300 },
    );
  });
});

describe('confirmations', () => {
  it('counts the own block as the first', () => {
    expect(confirmations(10n, 10n)).toBe(1n);
    expect(confirmations(10n, 21n)).toBe(12n);
    expect(confirmations(10n, 9n)).toBe(0n);
  });
});

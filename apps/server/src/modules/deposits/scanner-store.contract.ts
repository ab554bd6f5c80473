/**
 * The behaviour every {@link ScannerStore} must have under the block scanner: run by
 * block-scanner.test.ts for the in-memory store and by test/deposits-scanner-store.test.ts
 * for the database store (PGlite, or PostgreSQL when DATABASE_URL is set), so that the
 * store the server uses holds exactly the canonical deposits in every scenario the
 * reference store was tested in.
 */
import fc from 'fast-check';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { type BlockSource, BlockScanner, DeepReorgError, type ObservedTransfer, type ScannerStore } from './block-scanner';
import { ADDRESSES, FakeChain, type FakeTransfer, SENDER, WATCHED } from './fake-chain';

/** An observation as a store holds it (the sender is not kept by every store). */
export type HeldTransfer = Pick<ObservedTransfer, 'txHash' | 'to' | 'value' | 'blockNumber' | 'blockHash'>;

/** A fresh, empty store, and a way to read what it holds. */
export interface ScannerStoreUnderTest {
  store: ScannerStore;
  /** The observations held (recorded and not dropped by a rewind), by block, then transaction hash. */
  held(): Promise<HeldTransfer[]>;
}

export interface ScannerStoreContractOptions {
  /** Runs of the property test (a database store is slower than the in-memory one). */
  propertyRuns: number;
}

/** The observation without its sender, as {@link ScannerStoreUnderTest.held} returns it. */
export function heldView({ txHash, to, value, blockNumber, blockHash }: HeldTransfer): HeldTransfer {
  return { txHash, to, value, blockNumber, blockHash };
}

/** Sorts observations as {@link ScannerStoreUnderTest.held} must: by block, then transaction hash. */
export function sortHeld(transfers: HeldTransfer[]): HeldTransfer[] {
  return transfers.sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.txHash.localeCompare(b.txHash) : a.blockNumber < b.blockNumber ? -1 : 1,
  );
}

const [W0, W1, W2, U3] = ADDRESSES as [Address, Address, Address, Address];

export function describeScannerStoreContract(
  name: string,
  create: () => Promise<ScannerStoreUnderTest>,
  options: ScannerStoreContractOptions,
): void {
  async function setup(settings: { startBlock?: bigint; maxBlocksPerScan?: number; recentBlocksKept?: number } = {}) {
    const chain = new FakeChain();
    const { store, held } = await create();
    const scanner = new BlockScanner({
      source: chain,
      store,
      isWatchedAddress: (address) => WATCHED.has(address),
      startBlock: settings.startBlock ?? 0n,
      ...(settings.maxBlocksPerScan === undefined ? {} : { maxBlocksPerScan: settings.maxBlocksPerScan }),
      ...(settings.recentBlocksKept === undefined ? {} : { recentBlocksKept: settings.recentBlocksKept }),
    });
    const remembered = async () =>
      (await store.loadRecentBlocks()).map((block) => block.number).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { chain, store, scanner, held, remembered };
  }

  describe(`ScannerStore contract: ${name}`, () => {
    it('records successful positive transfers to watched addresses, and nothing else', async () => {
      const { chain, scanner, held } = await setup();
      const block = chain.mine([
        { to: W0, value: 5n },
        { to: U3, value: 7n },
        { to: W1, value: 9n, success: false },
        { to: W2, value: 0n },
        { to: null, value: 3n },
      ]);
      const result = await scanner.scan();
      expect(result).toMatchObject({ head: 1n, cursor: 1n, scannedBlocks: 2, caughtUp: true, reorgs: [] });
      expect(await held()).toEqual([
        { txHash: block.transactions[0]?.hash, to: W0, value: 5n, blockNumber: 1n, blockHash: block.hash },
      ]);
      expect(result.observed.map(heldView)).toEqual(await held());
      expect(result.observed[0]?.from).toBe(SENDER);
    });

    it('scanning again records nothing twice, also with a new scanner on the same store (a restart)', async () => {
      const { chain, scanner, store, held } = await setup();
      chain.mine([{ to: W0, value: 1n }]);
      await scanner.scan();
      expect((await scanner.scan()).scannedBlocks).toBe(0);
      const restarted = new BlockScanner({ source: chain, store, isWatchedAddress: (a) => WATCHED.has(a), startBlock: 0n });
      chain.mine([{ to: W1, value: 2n }]);
      const result = await restarted.scan();
      expect(result.scannedBlocks).toBe(1);
      expect(result.observed.map((t) => t.to)).toEqual([W1]);
      expect(await held()).toHaveLength(2);
    });

    it('detects a reorganisation that keeps the same height and drops the orphaned deposit', async () => {
      const { chain, scanner, held } = await setup();
      chain.mine([]);
      const orphan = chain.mine([{ to: W0, value: 1n }]);
      await scanner.scan();
      chain.reorg(1, [[{ to: U3, value: 1n }]]);
      expect(chain.head).toBe(2n);
      const result = await scanner.scan();
      expect(result.reorgs).toEqual([
        {
          forkPoint: 1n,
          orphanedFrom: 2n,
          orphanedTo: 2n,
          droppedTransfers: [expect.objectContaining({ blockHash: orphan.hash })],
        },
      ]);
      expect(await held()).toEqual([]);
      expect(result.cursor).toBe(2n);
    });

    it('detects a rollback to a lower height and, once the chain grows again, does not re-observe the dropped deposit', async () => {
      const { chain, scanner, held } = await setup();
      chain.mine([{ to: W0, value: 1n }]);
      chain.mine([]);
      await scanner.scan();
      chain.rollback(2);
      const afterRollback = await scanner.scan();
      expect(afterRollback.reorgs).toMatchObject([{ forkPoint: 0n, orphanedFrom: 1n, orphanedTo: 2n }]);
      expect(afterRollback.cursor).toBe(0n);
      expect(await held()).toEqual([]);
      chain.mine([]);
      chain.mine([]);
      chain.mine([]);
      const later = await scanner.scan();
      expect(later).toMatchObject({ reorgs: [], cursor: 3n, observed: [] });
      expect(await held()).toEqual([]);
    });

    it('re-observes a transaction moved to another block, exactly once, at its new block', async () => {
      const { chain, scanner, held } = await setup();
      const original = chain.mine([{ to: W0, value: 4n }]);
      chain.mine([]);
      await scanner.scan();
      const moved = original.transactions[0]?.hash;
      chain.reorg(2, [[], [], [{ hash: moved, to: W0, value: 4n }]]);
      const result = await scanner.scan();
      expect(result.reorgs).toHaveLength(1);
      expect(result.reorgs[0]?.droppedTransfers.map((t) => t.blockNumber)).toEqual([1n]);
      expect(result.observed.map((t) => [t.txHash, t.blockNumber])).toEqual([[moved, 3n]]);
      expect(await held()).toEqual(chain.expectedTransfers());
    });

    it('notices by the parent hash a reorganisation that happens in the middle of a scan', async () => {
      const { chain, scanner, held } = await setup();
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
      expect(await held()).toEqual(chain.expectedTransfers());
      expect((await held()).map((t) => t.to)).toEqual([W1]);
    });

    it('catches up in steps after downtime, from the cursor, with no gap', async () => {
      const { chain, scanner, held } = await setup({ maxBlocksPerScan: 4 });
      for (let i = 0; i < 15; i += 1) chain.mine([{ to: ADDRESSES[i % 6] ?? null, value: BigInt(i + 1) }]);
      const steps: number[] = [];
      for (;;) {
        const result = await scanner.scan();
        steps.push(result.scannedBlocks);
        if (result.caughtUp) break;
      }
      expect(steps).toEqual([4, 4, 4, 4]);
      expect(await held()).toEqual(chain.expectedTransfers());
    });

    it('starts at startBlock, remembering its parent to detect a reorganisation of the first scanned block', async () => {
      const { chain, scanner, held } = await setup({ startBlock: 3n });
      chain.mine([{ to: W0, value: 1n }]);
      chain.mine([{ to: W0, value: 2n }]);
      expect((await scanner.scan()).cursor).toBe(2n); // only the anchor: block 3 does not exist yet
      chain.mine([{ to: W0, value: 3n }]);
      await scanner.scan();
      expect((await held()).map((t) => t.value)).toEqual([3n]);
      chain.reorg(1, [[{ to: W1, value: 4n }]]);
      const result = await scanner.scan();
      expect(result.reorgs).toMatchObject([{ forkPoint: 2n }]);
      expect(await held()).toEqual(chain.expectedTransfers(3n));
    });

    it('keeps only the last K block hashes, and stops with a clear error on a deeper reorganisation', async () => {
      const { chain, scanner, remembered } = await setup({ recentBlocksKept: 64 });
      for (let i = 0; i < 100; i += 1) chain.mine([]);
      await scanner.scan();
      expect(await remembered()).toHaveLength(64);
      chain.reorg(
        64,
        Array.from({ length: 64 }, () => []),
      );
      await expect(scanner.scan()).rejects.toThrow(DeepReorgError);
      await expect(scanner.scan()).rejects.toThrow(/deeper than the 64 remembered blocks/);
      expect((await remembered()).at(-1)).toBe(100n);
    });

    it('handles a reorganisation of depth K - 1', async () => {
      const { chain, scanner, held } = await setup({ recentBlocksKept: 64 });
      for (let i = 0; i < 100; i += 1) chain.mine([{ to: W0, value: 1n }]);
      await scanner.scan();
      chain.reorg(
        63,
        Array.from({ length: 65 }, () => [{ to: W1, value: 2n }]),
      );
      const result = await scanner.scan();
      expect(result.reorgs).toMatchObject([{ forkPoint: 37n, orphanedFrom: 38n, orphanedTo: 100n }]);
      expect(result.reorgs[0]?.droppedTransfers).toHaveLength(63);
      expect(await held()).toEqual(chain.expectedTransfers());
    });

    it('does not commit a block whose receipt belongs to another block (reorganised mid-scan), and rescans it', async () => {
      const chain = new FakeChain();
      const { store, held } = await create();
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
      expect(await held()).toEqual(chain.expectedTransfers());
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
        fc.asyncProperty(
          fc.array(command, { maxLength: 40 }),
          fc.integer({ min: 1, max: 6 }),
          async (commands, maxBlocksPerScan) => {
            const { chain, scanner, held } = await setup({ maxBlocksPerScan, recentBlocksKept: 64 });
            // A reorganisation may carry orphaned transactions over into the new blocks (moved deposits).
            const reorganise = (step: { depth: number; blocks: Omit<FakeTransfer, 'hash'>[][]; carryOver: boolean }) => {
              const orphaned = chain.rollback(step.depth);
              const replacements = step.blocks.map((transfers) => [...transfers] as FakeTransfer[]);
              if (step.carryOver && replacements.length > 0) {
                orphaned.forEach((tx, index) => {
                  replacements[index % replacements.length]?.push({
                    hash: tx.hash,
                    to: tx.to,
                    value: tx.value,
                    success: !chain.failed.has(tx.hash),
                  });
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
            expect(await held()).toEqual(chain.expectedTransfers());
          },
        ),
        { numRuns: options.propertyRuns },
      );
    });
  });
}

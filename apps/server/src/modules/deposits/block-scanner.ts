/**
 * The reorg-aware core of the deposit watcher: walks the chain block by block from a durable
 * cursor, records transfers to watched (deposit) addresses whose transaction succeeded, and
 * notices reorganisations itself.
 *
 * Why not viem's `watchBlocks`: it reports new block numbers, so a reorganisation that
 * replaces the last blocks with others of the same height goes unnoticed. Here every block
 * must name the stored hash of the previous height as its parent; when it does not (or
 * when the stored tip is no longer on the chain, e.g. after a rollback to a lower height),
 * the scanner walks back through the stored hashes of the last K blocks to the highest one
 * still on the chain, lets the store drop what was observed above it, and scans again.
 *
 * The scanner does no I/O of its own: the chain is a {@link BlockSource} (viem adapter in
 * infra/chain/viem-block-source.ts) and persistence a {@link ScannerStore} (in memory for
 * tests, the database later). Crediting is not its job: it records observations with their
 * block, and the caller credits those with enough {@link confirmations}.
 */
import type { Address, Hex } from 'viem';

/** A transaction as the scanner needs it. */
export interface ChainTransaction {
  hash: Hex;
  from: Address;
  /** `null` for a contract creation. */
  to: Address | null;
  value: bigint;
}

/** A block with its transactions. */
export interface ChainBlock {
  number: bigint;
  hash: Hex;
  parentHash: Hex;
  transactions: readonly ChainTransaction[];
}

/** What the scanner needs of a transaction receipt. */
export interface ChainReceipt {
  status: 'success' | 'reverted';
  /** The block the receipt belongs to: compared with the block being scanned to catch a reorg in between. */
  blockHash: Hex;
}

/** Read access to the chain. */
export interface BlockSource {
  /** The current head's number. */
  getBlockNumber(): Promise<bigint>;
  /** The canonical block at that height with its transactions, or `null` above the head. */
  getBlock(number: bigint): Promise<ChainBlock | null>;
  /** The receipt of a mined transaction, or `null` when the node has none (not mined, or reorganised away). */
  getReceipt(txHash: Hex): Promise<ChainReceipt | null>;
}

/** A scanned block, as remembered to detect reorganisations. */
export interface BlockRef {
  number: bigint;
  hash: Hex;
}

/** A successful transfer of ETH to a watched address, seen in a scanned block. */
export interface ObservedTransfer {
  txHash: Hex;
  /** Lower-case. */
  from: Address;
  /** The watched address, lower-case. */
  to: Address;
  /** Wei, positive. */
  value: bigint;
  blockNumber: bigint;
  blockHash: Hex;
}

/** Everything learnt from one block, to be stored atomically. */
export interface BlockCommit {
  /** The block, which becomes the cursor. */
  block: BlockRef;
  /** Its transfers to watched addresses (possibly none). */
  transfers: readonly ObservedTransfer[];
  /** Remembered blocks below this number may be forgotten (K blocks are kept). */
  forgetBelow: bigint;
}

/**
 * Durable state of the scanner. Each method must be atomic (one database transaction), so
 * that a crash at any point leaves either all or none of a block's effects: no gap, and no
 * observation without its block.
 */
export interface ScannerStore {
  /** The remembered blocks (the last K scanned), any order; the highest is the cursor. Empty before the first scan. */
  loadRecentBlocks(): Promise<readonly BlockRef[]>;
  /**
   * Records a scanned block: its transfers (idempotent per (transaction hash, address) —
   * the database enforces that with a UNIQUE key), its hash as the new cursor, and forgets
   * blocks below `forgetBelow`.
   */
  commitBlock(commit: BlockCommit): Promise<void>;
  /**
   * Forgets every remembered block above `forkPoint` (they were reorganised away) and drops
   * the observations made in them, returning those dropped. An observation that was already
   * credited cannot be dropped silently: the database store must keep and flag it (that is
   * a reorganisation deeper than the confirmations required, for a human to look at).
   */
  rewindTo(forkPoint: bigint): Promise<readonly ObservedTransfer[]>;
}

/** A reorganisation the scanner went through. */
export interface ReorgReport {
  /** The highest remembered block still on the chain. */
  forkPoint: bigint;
  /** The first and last orphaned heights (what the store had scanned above the fork point). */
  orphanedFrom: bigint;
  orphanedTo: bigint;
  /** Observations dropped because their block was orphaned (a moved transaction is observed again later). */
  droppedTransfers: readonly ObservedTransfer[];
}

/** What one {@link BlockScanner.scan} did. */
export interface ScanResult {
  /** The head when the scan started. */
  head: bigint;
  /** The last scanned block after the scan, `null` if none yet. */
  cursor: bigint | null;
  /** Blocks scanned (committed) by this scan. */
  scannedBlocks: number;
  /** Transfers recorded by this scan, oldest first. */
  observed: ObservedTransfer[];
  /** Reorganisations handled by this scan. */
  reorgs: ReorgReport[];
  /** True when the cursor reached the head seen at the start. */
  caughtUp: boolean;
}

/** The chain left the remembered window: no remembered block is still on it. */
export class DeepReorgError extends Error {
  override name = 'DeepReorgError';
}

/** Options of {@link BlockScanner}. */
export interface BlockScannerOptions {
  source: BlockSource;
  store: ScannerStore;
  /** Whether an address (given lower-case) is a deposit address. */
  isWatchedAddress: (address: Address) => boolean | Promise<boolean>;
  /** First block to scan when the store is empty (its parent is remembered as the anchor, not scanned). */
  startBlock: bigint;
  /** How many recent block hashes to keep (K, at least 64; default 128). */
  recentBlocksKept?: number;
  /** At most this many blocks per {@link BlockScanner.scan} (default 500), so a catch-up proceeds in steps. */
  maxBlocksPerScan?: number;
  /** At most this many walk-backs per scan (default 16) before giving the chain time to settle. */
  maxReorgsPerScan?: number;
}

/** Smallest K: deeper than any reorganisation Ethereum has had since the merge, with margin. */
export const MIN_RECENT_BLOCKS_KEPT = 64;

/**
 * Confirmations of a block at `head`: its own block counts as the first, so a transaction
 * in the head block has 1. Zero when the block is above the head (e.g. after a rollback).
 */
export function confirmations(blockNumber: bigint, head: bigint): bigint {
  return head >= blockNumber ? head - blockNumber + 1n : 0n;
}

/** Scans blocks for transfers to watched addresses; see the module comment. */
export class BlockScanner {
  readonly #source: BlockSource;
  readonly #store: ScannerStore;
  readonly #isWatched: (address: Address) => boolean | Promise<boolean>;
  readonly #startBlock: bigint;
  readonly #kept: number;
  readonly #maxBlocks: number;
  readonly #maxReorgs: number;
  #running: Promise<ScanResult> | undefined;

  constructor(options: BlockScannerOptions) {
    const kept = options.recentBlocksKept ?? 128;
    if (!Number.isSafeInteger(kept) || kept < MIN_RECENT_BLOCKS_KEPT) {
      throw new RangeError(`recentBlocksKept must be an integer of at least ${MIN_RECENT_BLOCKS_KEPT}`);
    }
    if (options.startBlock < 0n) throw new RangeError('startBlock must not be negative');
    this.#source = options.source;
    this.#store = options.store;
    this.#isWatched = options.isWatchedAddress;
    this.#startBlock = options.startBlock;
    this.#kept = kept;
    this.#maxBlocks = options.maxBlocksPerScan ?? 500;
    this.#maxReorgs = options.maxReorgsPerScan ?? 16;
  }

  /**
   * Scans from the cursor towards the head. Calls made while a scan runs share it (one
   * scan at a time per scanner; run one scanner per chain).
   *
   * @throws DeepReorgError when no remembered block is on the chain any more
   */
  scan(): Promise<ScanResult> {
    this.#running ??= this.#scan().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #scan(): Promise<ScanResult> {
    const observed: ObservedTransfer[] = [];
    const reorgs: ReorgReport[] = [];
    const recent = [...(await this.#store.loadRecentBlocks())].sort((a, b) => compare(a.number, b.number));
    const head = await this.#source.getBlockNumber();
    const result = (scannedBlocks: number): ScanResult => {
      const cursor = recent.at(-1)?.number ?? null;
      return { head, cursor, scannedBlocks, observed, reorgs, caughtUp: cursor !== null && cursor >= head };
    };

    if (recent.length === 0 && this.#startBlock > 0n) {
      // Remember the parent of the first block, so that a reorganisation of the first
      // scanned block is detected like any other.
      const anchor = await this.#source.getBlock(this.#startBlock - 1n);
      if (anchor === null) return result(0);
      const ref = { number: anchor.number, hash: anchor.hash };
      await this.#store.commitBlock({ block: ref, transfers: [], forgetBelow: this.#forgetBelow(ref.number) });
      recent.push(ref);
    }

    // The tip itself may have been replaced or removed while we were idle.
    let rewinds = 0;
    const tip = recent.at(-1);
    if (tip !== undefined) {
      const onChain = await this.#source.getBlock(tip.number);
      if (onChain?.hash !== tip.hash) {
        rewinds += 1;
        await this.#rewind(recent, reorgs);
      }
    }

    let scannedBlocks = 0;
    while (scannedBlocks < this.#maxBlocks) {
      const previous = recent.at(-1);
      const next = previous === undefined ? this.#startBlock : previous.number + 1n;
      if (next > head) break;
      const block = await this.#source.getBlock(next);
      if (block === null) break; // the head moved back; the next scan checks the tip
      if (previous !== undefined && block.parentHash !== previous.hash) {
        // A chain that keeps flipping could keep us here: leave it for the next scan.
        if (rewinds >= this.#maxReorgs) break;
        rewinds += 1;
        await this.#rewind(recent, reorgs);
        continue;
      }
      const transfers = await this.#watchedTransfers(block);
      if (transfers === null) break; // the block changed under us; rescan it next time
      const ref = { number: block.number, hash: block.hash };
      await this.#store.commitBlock({ block: ref, transfers, forgetBelow: this.#forgetBelow(ref.number) });
      recent.push(ref);
      if (recent.length > this.#kept) recent.splice(0, recent.length - this.#kept);
      observed.push(...transfers);
      scannedBlocks += 1;
    }
    return result(scannedBlocks);
  }

  /** Walks back to the highest remembered block still on the chain and drops everything above it. */
  async #rewind(recent: BlockRef[], reorgs: ReorgReport[]): Promise<void> {
    const tip = recent.at(-1);
    if (tip === undefined) return;
    let keep = recent.length - 1;
    for (; keep >= 0; keep -= 1) {
      const ref = recent[keep];
      if (ref === undefined) continue;
      const onChain = await this.#source.getBlock(ref.number);
      if (onChain?.hash === ref.hash) break;
    }
    const forkPoint = recent[keep];
    if (forkPoint === undefined) {
      const oldest = recent[0]?.number ?? tip.number;
      throw new DeepReorgError(
        `chain reorganisation deeper than the ${recent.length} remembered blocks (${oldest} to ${tip.number}): ` +
          'none of them is on the chain any more, so nothing more is scanned or credited until someone looks into it',
      );
    }
    if (forkPoint === tip) return; // the chain changed back between two reads: nothing orphaned
    const droppedTransfers = await this.#store.rewindTo(forkPoint.number);
    recent.splice(keep + 1);
    reorgs.push({ forkPoint: forkPoint.number, orphanedFrom: forkPoint.number + 1n, orphanedTo: tip.number, droppedTransfers });
  }

  /**
   * Successful, positive transfers to watched addresses in the block; `null` when a receipt
   * is missing or belongs to another block (the chain reorganised during the scan).
   */
  async #watchedTransfers(block: ChainBlock): Promise<ObservedTransfer[] | null> {
    const transfers: ObservedTransfer[] = [];
    for (const transaction of block.transactions) {
      if (transaction.to === null || transaction.value <= 0n) continue;
      const to = transaction.to.toLowerCase() as Address;
      if (!(await this.#isWatched(to))) continue;
      const receipt = await this.#source.getReceipt(transaction.hash);
      if (receipt === null || receipt.blockHash !== block.hash) return null;
      if (receipt.status !== 'success') continue;
      transfers.push({
        txHash: transaction.hash,
        from: transaction.from.toLowerCase() as Address,
        to,
        value: transaction.value,
        blockNumber: block.number,
        blockHash: block.hash,
      });
    }
    return transfers;
  }

  #forgetBelow(number: bigint): bigint {
    return number - BigInt(this.#kept) + 1n;
  }
}

function compare(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

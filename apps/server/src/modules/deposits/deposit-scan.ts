/**
 * Block scanning for the deposit watcher: the addresses watched (every
 * assigned one plus a look-ahead), the reorg-aware BlockScanner over the
 * durable store, catch-up in steps, and what the last scan saw (head and
 * cursor, hence the highest block both confirmed and scanned).
 */
import type { Address } from 'viem';
import type { Executor } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import { BlockScanner, type BlockSource, type ScannerStore } from './block-scanner';
import { listDepositAddresses, type DepositAddresses } from './deposit-addresses';
import { depositAddressFingerprint } from './deposits.repo';

/** Addresses beyond the highest assigned index that are watched too, so a user registered during a scan is never missed. */
export const ADDRESS_LOOKAHEAD = 50;
/** Scans per pass at most (each scans up to 500 blocks), so a long catch-up yields to the other duties. */
const SCANS_PER_TICK = 4;

export interface DepositScanDeps {
  db: Executor;
  source: BlockSource;
  store: ScannerStore;
  depositAddresses: Pick<DepositAddresses, 'addressFor'>;
  /** A development chain is scanned from block 1, a production one from the head at the first start. */
  development: boolean;
  /** Confirmations a deposit needs. */
  required: bigint;
  logger: Logger;
}

export interface DepositScan {
  /** Refreshes the watched addresses, then scans (up to a few steps of catch-up); returns the head seen. */
  scan(): Promise<bigint>;
  /** The head seen by the last scan. */
  head(): bigint | undefined;
  /** The last scanned block after the last scan (null: none yet). */
  cursor(): bigint | null;
  /**
   * The highest block that is both confirmed and scanned, or undefined while the scan is
   * catching up (balances there would include transfers not recorded yet).
   */
  settledBlock(): bigint | undefined;
}

export function createDepositScan(deps: DepositScanDeps): DepositScan {
  const { db, source, store, logger, required } = deps;
  let watched = new Set<Address>();
  let lastHead: bigint | undefined;
  let lastCursor: bigint | null = null;
  let scanner: BlockScanner | undefined;

  async function scannerFor(): Promise<BlockScanner> {
    if (scanner) return scanner;
    // Where a new store starts (ignored once blocks are stored: then the cursor rules).
    // A production chain is not scanned from its genesis: no deposit address existed before
    // the server first ran, so the current head is the start. The development chain starts
    // at block 1 (its genesis is the anchor), so deposits made with dev:deposit before the
    // server's first start are credited too; it is short, so this costs nothing.
    const startBlock = deps.development ? 1n : await source.getBlockNumber();
    scanner = new BlockScanner({ source, store, startBlock, isWatchedAddress: (address) => watched.has(address) });
    return scanner;
  }

  // Issue 30: the list of every assigned address is read only when the users' fingerprint changed (a user
  // registered, an address assigned), not on every pass: one light statement a pass instead of every user's row.
  let watchedFingerprint = '';
  async function refreshWatchedAddresses(): Promise<void> {
    const { assigned, highest } = await depositAddressFingerprint(db);
    const fingerprint = `${assigned}:${highest}`;
    if (fingerprint === watchedFingerprint) return;
    const next = new Set<Address>((await listDepositAddresses(db)).map((entry) => entry.address));
    for (let index = highest + 1; index <= highest + ADDRESS_LOOKAHEAD; index += 1) {
      next.add(deps.depositAddresses.addressFor(index));
    }
    watched = next;
    watchedFingerprint = fingerprint;
  }

  return {
    async scan() {
      await refreshWatchedAddresses();
      const activeScanner = await scannerFor();
      for (let step = 0; step < SCANS_PER_TICK; step += 1) {
        const result = await activeScanner.scan();
        lastHead = result.head;
        lastCursor = result.cursor;
        for (const reorg of result.reorgs) {
          logger.warn(
            {
              forkPoint: reorg.forkPoint.toString(),
              orphanedFrom: reorg.orphanedFrom.toString(),
              orphanedTo: reorg.orphanedTo.toString(),
              dropped: reorg.droppedTransfers.map((dropped) => dropped.txHash),
            },
            'Chain reorganisation handled',
          );
        }
        if (result.caughtUp || result.scannedBlocks === 0) break;
      }
      return lastHead!;
    },
    head: () => lastHead,
    cursor: () => lastCursor,
    settledBlock() {
      if (lastHead === undefined || lastCursor === null) return undefined;
      const confirmed = lastHead - required + 1n;
      return confirmed >= 1n && lastCursor >= confirmed ? confirmed : undefined;
    },
  };
}

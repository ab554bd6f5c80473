/**
 * A {@link ScannerStore} in memory, for tests and as the reference behaviour of the
 * database store. It refuses to record the same (transaction, address) twice, like the
 * database's UNIQUE key, so a test notices any double observation.
 */
import type { BlockCommit, BlockRef, ObservedTransfer, ScannerStore } from './block-scanner';

export class InMemoryScannerStore implements ScannerStore {
  readonly #blocks = new Map<bigint, BlockRef>();
  readonly #transfers = new Map<string, ObservedTransfer>();
  #commits = 0;

  async loadRecentBlocks(): Promise<readonly BlockRef[]> {
    return [...this.#blocks.values()];
  }

  async commitBlock(commit: BlockCommit): Promise<void> {
    const { block, transfers, forgetBelow } = commit;
    const cursor = this.cursor();
    if (cursor !== null && block.number <= cursor) {
      throw new Error(`block ${block.number} committed at or below the cursor ${cursor} without a rewind`);
    }
    for (const transfer of transfers) {
      const key = transferKey(transfer);
      if (this.#transfers.has(key)) throw new Error(`transfer ${key} recorded twice`);
    }
    for (const transfer of transfers) this.#transfers.set(transferKey(transfer), { ...transfer });
    this.#blocks.set(block.number, { ...block });
    for (const number of this.#blocks.keys()) if (number < forgetBelow) this.#blocks.delete(number);
    this.#commits += 1;
  }

  async rewindTo(forkPoint: bigint): Promise<readonly ObservedTransfer[]> {
    for (const number of this.#blocks.keys()) if (number > forkPoint) this.#blocks.delete(number);
    const dropped: ObservedTransfer[] = [];
    for (const [key, transfer] of this.#transfers) {
      if (transfer.blockNumber > forkPoint) {
        dropped.push(transfer);
        this.#transfers.delete(key);
      }
    }
    return dropped;
  }

  /** The observations currently held, by block then transaction hash. */
  transfers(): ObservedTransfer[] {
    return [...this.#transfers.values()].sort((a, b) =>
      a.blockNumber === b.blockNumber ? a.txHash.localeCompare(b.txHash) : a.blockNumber < b.blockNumber ? -1 : 1,
    );
  }

  /** The highest remembered block, or `null`. */
  cursor(): bigint | null {
    let highest: bigint | null = null;
    for (const number of this.#blocks.keys()) if (highest === null || number > highest) highest = number;
    return highest;
  }

  /** How many remembered blocks there are (at most K). */
  rememberedBlocks(): number {
    return this.#blocks.size;
  }

  /** How many blocks have been committed in total. */
  commits(): number {
    return this.#commits;
  }
}

function transferKey(transfer: ObservedTransfer): string {
  return `${transfer.txHash}:${transfer.to}`;
}

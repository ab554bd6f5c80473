/**
 * An in-memory chain for the block scanner's tests: blocks, receipts, reorganisations and
 * rollbacks on demand, and changes in the middle of a scan. Used by block-scanner.test.ts
 * and the scanner-store contract (scanner-store.contract.ts). Not used by the server.
 */
import type { Address, Hex } from 'viem';
import type { BlockSource, ChainBlock, ChainReceipt, ObservedTransfer } from './block-scanner';

/** Addresses 0-2 are watched, 3-5 are not. */
export const ADDRESSES = Array.from({ length: 6 }, (_, index) => `0x${'a'.repeat(39)}${index}` as Address);
export const WATCHED = new Set(ADDRESSES.slice(0, 3));
export const SENDER = `0x${'5'.repeat(40)}` as Address;

export interface FakeTransfer {
  hash?: Hex;
  to: Address | null;
  value: bigint;
  success?: boolean;
}

/** An in-memory chain with reorganisations and rollbacks, as a BlockSource. */
export class FakeChain implements BlockSource {
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
          .map((tx) => ({
            txHash: tx.hash,
            to: tx.to as Address,
            value: tx.value,
            blockNumber: block.number,
            blockHash: block.hash,
          }))
          // The order of held observations in the store contract: by block, then transaction hash.
          .sort((a, b) => a.txHash.localeCompare(b.txHash)),
      );
  }
}

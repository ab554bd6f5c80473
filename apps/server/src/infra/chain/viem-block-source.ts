/**
 * The {@link BlockSource} of the block scanner, backed by a viem public client.
 */
import { BlockNotFoundError, type Address, type PublicClient, TransactionReceiptNotFoundError } from 'viem';
import type { BlockSource, ChainBlock, ChainReceipt } from '../../modules/deposits/block-scanner';

/**
 * Reads blocks (with their transactions) and receipts through viem, without caching: every
 * call asks the node, so a reorganisation is seen as soon as the node knows it. Addresses
 * are returned lower-case.
 */
export function createViemBlockSource(client: PublicClient): BlockSource {
  return {
    getBlockNumber: () => client.getBlockNumber({ cacheTime: 0 }),

    async getBlock(number: bigint): Promise<ChainBlock | null> {
      try {
        const block = await client.getBlock({ blockNumber: number, includeTransactions: true });
        if (block.hash === null || block.number === null) return null; // pending: not a mined block
        return {
          number: block.number,
          hash: block.hash,
          parentHash: block.parentHash,
          transactions: block.transactions.map((transaction) => ({
            hash: transaction.hash,
            from: transaction.from.toLowerCase() as Address,
            to: transaction.to === null ? null : (transaction.to.toLowerCase() as Address),
            value: transaction.value,
          })),
        };
      } catch (error) {
        if (error instanceof BlockNotFoundError) return null;
        throw error;
      }
    },

    async getReceipt(txHash): Promise<ChainReceipt | null> {
      try {
        const receipt = await client.getTransactionReceipt({ hash: txHash });
        return { status: receipt.status, blockHash: receipt.blockHash };
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      }
    },
  };
}

/**
 * The chain workers with their adapters: the deposit watcher and the
 * withdrawal sender take the chain through small interfaces their modules
 * declare (deposit-chain.ts, withdrawal-chain.ts, block-scanner.ts's
 * BlockSource and ScannerStore, the sweeper); this file implements them on
 * viem and the database, with their defaults. The money area
 * (compose/money-area.ts) calls it, and so do tests that want a second
 * watcher or sender over the same chain (with an adapter swapped).
 */
import { type Hex, type LocalAccount, TransactionReceiptNotFoundError } from 'viem';
import { readGenesisHash, type ChainPublicClient } from '../infra/chain/chain-client';
import type { ChainContext } from '../infra/chain/chain-runtime';
import { createViemBlockSource } from '../infra/chain/viem-block-source';
import type { Database, Executor } from '../infra/db/database';
import type { BlockSource, ScannerStore } from '../modules/deposits/block-scanner';
import type { DepositAddresses } from '../modules/deposits/deposit-addresses';
import type { DepositChainReads } from '../modules/deposits/deposit-chain';
import { createDepositWatcher, type DepositWatcher } from '../modules/deposits/deposit-watcher';
import { createDatabaseScannerStore } from '../modules/deposits/deposits.repo';
import { createSweeper } from '../modules/deposits/sweeper';
import type { BalanceEvents } from '../modules/ledger/balance-events';
import type { WithdrawalChain } from '../modules/withdrawals/withdrawal-chain';
import { createWithdrawalSender, type WithdrawalSender } from '../modules/withdrawals/withdrawal-sender';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';

export interface ChainWorkerOptions {
  db: Database;
  chain: ChainContext;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
  /** Runs first in every transaction the worker writes in (the leader's epoch with several nodes). */
  fence?: (tx: Executor) => Promise<void>;
}

export interface DepositWatcherOptions extends ChainWorkerOptions {
  depositAddresses: DepositAddresses;
  /** The chain as the scanner reads it (default: viem's; tests wrap it to inject failures). */
  blockSource?: BlockSource;
  /** The scanner's durable state (default: the database store; tests wrap it to inject failures). */
  scannerStore?: ScannerStore;
}

export interface WithdrawalSenderOptions extends ChainWorkerOptions {
  /** Broadcasts a signed transaction (default `eth_sendRawTransaction`; tests inject a crash). */
  broadcast?: (raw: Hex) => Promise<void>;
}

/** The deposit watcher's reads of the chain, on viem. */
export function viemDepositReads(client: ChainPublicClient): DepositChainReads {
  return {
    genesisHash: () => readGenesisHash(client),
    balanceAt: (address, blockNumber) => client.getBalance({ address, blockNumber }),
    // Afresh, not viem's cached head (4 s): the confirmations are counted from now.
    headNow: () => client.getBlockNumber({ cacheTime: 0 }),
    async transaction(hash) {
      const [receipt, sent] = await Promise.all([
        client.getTransactionReceipt({ hash }).catch(() => undefined),
        client.getTransaction({ hash }).catch(() => undefined),
      ]);
      return {
        ...(receipt
          ? { receipt: { status: receipt.status, blockNumber: receipt.blockNumber, blockHash: receipt.blockHash } }
          : {}),
        ...(sent ? { sent: { to: sent.to, value: sent.value } } : {}),
      };
    },
  };
}

/** The withdrawal sender's chain, on viem: reads from the public client, signing stays with the local account. */
export function viemWithdrawalChain(
  client: ChainPublicClient,
  account: LocalAccount,
  broadcast?: (raw: Hex) => Promise<void>,
): WithdrawalChain {
  return {
    estimateGas: (to, value) => client.estimateGas({ account, to, value }),
    estimateFees: () => client.estimateFeesPerGas(),
    async nonceCounts() {
      const [pending, mined] = await Promise.all([
        client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
        client.getTransactionCount({ address: account.address, blockTag: 'latest' }),
      ]);
      return { pending, mined };
    },
    async receipt(hash) {
      try {
        return await client.getTransactionReceipt({ hash });
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      }
    },
    headNow: () => client.getBlockNumber({ cacheTime: 0 }),
    broadcast:
      broadcast ??
      (async (raw) => {
        await client.sendRawTransaction({ serializedTransaction: raw });
      }),
  };
}

export function buildDepositWatcher(options: DepositWatcherOptions): DepositWatcher {
  const { db, chain, logger, clock } = options;
  return createDepositWatcher({
    db,
    settings: {
      chainId: chain.settings.chainId,
      depositConfirmations: chain.settings.depositConfirmations,
      development: chain.settings.development,
      pollMs: chain.pollMs,
      reconcileIntervalMs: chain.reconcileIntervalMs,
    },
    reads: viemDepositReads(chain.publicClient),
    blockSource: options.blockSource ?? createViemBlockSource(chain.publicClient),
    scannerStore: options.scannerStore ?? createDatabaseScannerStore(db, chain.settings.chainId, logger, options.fence),
    sweeper: createSweeper({ db, chain, depositAddresses: options.depositAddresses, logger, clock }),
    depositAddresses: options.depositAddresses,
    balanceEvents: options.balanceEvents,
    logger,
    clock,
    ...(options.fence ? { fence: options.fence } : {}),
  });
}

export function buildWithdrawalSender(options: WithdrawalSenderOptions): WithdrawalSender {
  const { chain } = options;
  const account = chain.hotWallet.account;
  if (account.type !== 'local') throw new Error('the hot wallet must be a local account: withdrawals are signed offline');
  return createWithdrawalSender({
    db: options.db,
    settings: {
      chainId: chain.settings.chainId,
      withdrawalConfirmations: chain.settings.withdrawalConfirmations,
      pollMs: chain.pollMs,
      withdrawalStuckMs: chain.withdrawalStuckMs,
      hotWalletAddress: chain.hotWalletAddress,
    },
    chain: viemWithdrawalChain(chain.publicClient, account, options.broadcast),
    account,
    balanceEvents: options.balanceEvents,
    logger: options.logger,
    clock: options.clock,
    ...(options.fence ? { fence: options.fence } : {}),
  });
}

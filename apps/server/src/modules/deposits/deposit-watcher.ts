/**
 * The deposit watcher: one pass (`tick`) checks the chain is the one recorded
 * (genesis hash), scans new blocks for transfers to deposit addresses (the
 * reorg-aware BlockScanner over the database store), credits every pending
 * deposit whose block has the required confirmations — exactly once, in one
 * transaction with its ledger transfer — settles and sends sweeps, and
 * reconciles deposit-address balances when due.
 */
import type { Address } from 'viem';
import { readGenesisHash } from '../../infra/chain/chain-client';
import type { ChainContext } from '../../infra/chain/chain-runtime';
import { createViemBlockSource } from '../../infra/chain/viem-block-source';
import type { Database } from '../../infra/db/database';
import { deposits } from '../../infra/db/schema/index';
import type { BalanceEvents } from '../../realtime/balance-events';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { transfer } from '../ledger/ledger.service';
import { BlockScanner, type BlockSource } from './block-scanner';
import { listDepositAddresses, type DepositAddresses } from './deposit-addresses';
import {
  createDatabaseScannerStore,
  expectedBalanceAt,
  highestDepositIndex,
  markCredited,
  openSweeps,
  pendingDepositsUpTo,
  recordGenesis,
} from './deposits.repo';
import { createSweeper } from './sweeper';

/** Addresses beyond the highest assigned index that are watched too, so a user registered during a scan is never missed. */
export const ADDRESS_LOOKAHEAD = 50;
/** Scans per tick at most (each scans up to 500 blocks), so a long catch-up yields to the other duties. */
const SCANS_PER_TICK = 4;

export interface DepositWatcher {
  /** Starts polling every chain.pollMs (and reconciliation every chain.reconcileIntervalMs). Idempotent. */
  start(): void;
  /** Stops the timers and waits for a running pass. */
  stop(): Promise<void>;
  /** One full pass; concurrent calls share one run. Rejects when the chain is not the recorded one. */
  tick(): Promise<void>;
  /** Reconciles deposit-address balances with what was recorded (also run by tick when due). */
  reconcile(): Promise<void>;
  /** The head seen by the last scan. */
  head(): bigint | undefined;
}

export interface DepositWatcherDeps {
  db: Database;
  chain: ChainContext;
  depositAddresses: DepositAddresses;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
  /** The chain as the scanner reads it (tests wrap it to inject failures). */
  blockSource?: BlockSource;
}

/** The chain answers with another genesis block than the one recorded: nothing is credited. */
export class GenesisMismatchError extends Error {
  override name = 'GenesisMismatchError';
}

export function createDepositWatcher(deps: DepositWatcherDeps): DepositWatcher {
  const { db, chain, logger, clock } = deps;
  const chainId = chain.settings.chainId;
  const required = BigInt(chain.settings.depositConfirmations);
  const store = createDatabaseScannerStore(db, chainId, logger);
  const source = deps.blockSource ?? createViemBlockSource(chain.publicClient);
  const sweeper = createSweeper({ db, chain, depositAddresses: deps.depositAddresses, logger, clock });

  let watched = new Set<Address>();
  let lastHead: bigint | undefined;
  let genesisChecked = false;
  let halted: Error | undefined;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastReconcile = 0;
  let stopped = false;

  let scanner: BlockScanner | undefined;
  async function scannerFor(): Promise<BlockScanner> {
    if (scanner) return scanner;
    // A new store starts at the current head: a production chain is not scanned from its
    // genesis (no deposit address existed before the server). On the development chain it
    // starts at block 1, so deposits made before the first start are seen too.
    const startBlock = chain.settings.development ? 1n : await source.getBlockNumber();
    scanner = new BlockScanner({ source, store, startBlock, isWatchedAddress: (address) => watched.has(address) });
    return scanner;
  }

  async function refreshWatchedAddresses(): Promise<void> {
    const next = new Set<Address>((await listDepositAddresses(db)).map((entry) => entry.address));
    const highest = await highestDepositIndex(db);
    for (let index = highest + 1; index <= highest + ADDRESS_LOOKAHEAD; index += 1) {
      next.add(deps.depositAddresses.addressFor(index));
    }
    watched = next;
  }

  async function checkGenesis(): Promise<void> {
    if (genesisChecked) return;
    const genesis = await readGenesisHash(chain.publicClient);
    const recorded = await recordGenesis(db, chainId, genesis);
    if (recorded !== genesis) {
      halted = new GenesisMismatchError(
        `the node serves chain ${chainId} with genesis ${genesis}, but this database recorded genesis ${recorded}: ` +
          'it is another chain (e.g. a development chain started afresh). The deposit watcher stopped and credits nothing; ' +
          'point ETH_RPC_URL at the right node, or start with a fresh database for the new chain',
      );
      logger.error({ err: halted }, 'Deposit watcher stopped: wrong chain');
      throw halted;
    }
    genesisChecked = true;
  }

  async function credit(head: bigint): Promise<void> {
    const creditableUpTo = head - required + 1n;
    for (const deposit of await pendingDepositsUpTo(db, chainId, creditableUpTo)) {
      const balance = await db.transaction(async (tx) => {
        if (!(await markCredited(tx, deposit.id, clock()))) return undefined;
        const key =
          deposit.kind === 'transfer'
            ? `deposit:${chainId}:${deposit.txHash}:${deposit.address}`
            : `deposit-internal:${chainId}:${deposit.address}:${deposit.blockNumber}`;
        const result = await transfer(tx, {
          idempotencyKey: key,
          kind: 'deposit',
          legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(deposit.userId), amount: deposit.amount }],
          memo: { depositId: deposit.id, txHash: deposit.txHash, address: deposit.address },
        });
        return result.balances.get(LedgerAccounts.user(deposit.userId).code);
      });
      if (balance === undefined) continue;
      logger.info(
        { userId: deposit.userId, txHash: deposit.txHash, address: deposit.address, wei: deposit.amount.toString() },
        'Deposit credited',
      );
      deps.balanceEvents.balanceChanged(deposit.userId, balance);
    }
  }

  async function reconcileAt(head: bigint): Promise<void> {
    const block = head - required + 1n;
    if (block < 1n) return;
    const busy = new Set((await openSweeps(db, chainId)).map((sweep) => sweep.address));
    for (const { userId, address } of await listDepositAddresses(db)) {
      if (busy.has(address)) continue;
      const actual = await chain.publicClient.getBalance({ address, blockNumber: block });
      if (actual === 0n) continue;
      const expected = await expectedBalanceAt(db, chainId, address, block);
      if (actual < expected) {
        logger.error({ address, actual: actual.toString(), expected: expected.toString(), block: block.toString() }, 'Deposit address holds less than recorded');
        continue;
      }
      if (actual === expected) continue;
      const amount = actual - expected;
      // ETH that came without a transaction of its own to us (e.g. from a contract): an
      // `internal` deposit at this confirmed block, once (UNIQUE (chain, address, block)).
      const inserted = await db
        .insert(deposits)
        .values({ chainId, kind: 'internal', txHash: null, address, userId, amount, blockNumber: block, blockHash: null, status: 'pending' })
        .onConflictDoNothing()
        .returning({ id: deposits.id });
      if (inserted.length > 0) logger.info({ userId, address, wei: amount.toString(), block: block.toString() }, 'Reconciliation found ETH without a transfer');
    }
    await credit(head);
  }

  async function pass(): Promise<void> {
    if (halted) throw halted;
    await checkGenesis();
    await refreshWatchedAddresses();
    const activeScanner = await scannerFor();
    for (let scan = 0; scan < SCANS_PER_TICK; scan += 1) {
      const result = await activeScanner.scan();
      lastHead = result.head;
      for (const reorg of result.reorgs) {
        logger.warn(
          { forkPoint: reorg.forkPoint.toString(), orphanedTo: reorg.orphanedTo.toString(), dropped: reorg.droppedTransfers.length },
          'Chain reorganisation handled',
        );
      }
      if (result.caughtUp || result.scannedBlocks === 0) break;
    }
    const head = lastHead!;
    await credit(head);
    await sweeper.settle(head);
    if (clock().getTime() - lastReconcile >= chain.reconcileIntervalMs) {
      lastReconcile = clock().getTime();
      await reconcileAt(head);
    }
    const confirmedBlock = head - required + 1n;
    if (confirmedBlock >= 1n) await sweeper.sweep(confirmedBlock);
  }

  function tick(): Promise<void> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => {
          if (error !== halted) logger.error({ err: error }, 'Deposit watcher pass failed; retrying');
        })
        .finally(() => {
          if (!halted) schedule();
        });
    }, chain.pollMs);
    timer.unref();
  }

  return {
    start() {
      if (timer !== undefined || stopped) return;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
    tick,
    async reconcile() {
      await tick();
      await reconcileAt(lastHead!);
    },
    head: () => lastHead,
  };
}

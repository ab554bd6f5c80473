/**
 * The deposit watcher: one pass (`tick`) checks the chain is the one recorded
 * (genesis hash), scans new blocks for transfers to deposit addresses (the
 * reorg-aware BlockScanner over the database store), credits every pending
 * deposit whose block has the required confirmations — exactly once, in one
 * transaction with its ledger transfer — settles and sends sweeps, and
 * reconciles deposit-address balances when due.
 *
 * Passes and reconciliations run one at a time (a single lane), so a
 * reconciliation never reads the records while a scan or a sweep changes them.
 */
import type { Address, Hex } from 'viem';
import { and, eq } from 'drizzle-orm';
import { deposits } from '../../infra/db/schema/index';
import { formatEth } from '@shifumi/money';
import { readGenesisHash } from '../../infra/chain/chain-client';
import type { ChainContext } from '../../infra/chain/chain-runtime';
import { createViemBlockSource } from '../../infra/chain/viem-block-source';
import type { Database, Executor } from '../../infra/db/database';
import type { BalanceEvents } from '../ledger/balance-events';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { transfer } from '../ledger/ledger.service';
import { BlockScanner, type BlockSource, type ScannerStore } from './block-scanner';
import { listDepositAddresses, type DepositAddresses } from './deposit-addresses';
import {
  createDatabaseScannerStore,
  type DepositRow,
  expectedBalanceAt,
  highestDepositIndex,
  insertInternalDeposit,
  markCredited,
  openSweeps,
  pendingDepositsUpTo,
  recordGenesis,
} from './deposits.repo';
import { createSweeper } from './sweeper';
import { createPeriodicTask } from '../../shared/periodic-task';

/** Addresses beyond the highest assigned index that are watched too, so a user registered during a scan is never missed. */
export const ADDRESS_LOOKAHEAD = 50;
/** Scans per pass at most (each scans up to 500 blocks), so a long catch-up yields to the other duties. */
const SCANS_PER_TICK = 4;

export interface DepositWatcher {
  /** Starts polling every chain.pollMs (and reconciliation every chain.reconcileIntervalMs). Idempotent; restarts after stop(). */
  start(): void;
  /** Stops the timers and waits for a running pass. */
  stop(): Promise<void>;
  /**
   * One full pass: genesis check, scan (catch-up in steps), credit what has enough
   * confirmations, settle and send sweeps, reconcile when due. Concurrent calls share one
   * run. Rejects when the chain is not the recorded one (and from then on).
   */
  tick(): Promise<void>;
  /** A pass, then a reconciliation of deposit-address balances with the records (tick runs it when due). */
  reconcile(): Promise<void>;
  /** The head seen by the last scan. */
  head(): bigint | undefined;
  /**
   * Issue 18, the console's "credit now" for a deposit seen and not credited
   * past its confirmations: checked on the chain now (its transaction mined
   * successfully in the recorded block, to the recorded address, with the
   * recorded amount, with the confirmations), then credited through the same
   * path as a pass (status guard, ledger key, fence), in the pass's lane.
   * `inTransaction` runs in the crediting transaction (the audit entry).
   * Idempotent by the deposit id: credited once, `already` afterwards.
   */
  creditNow(depositId: string, inTransaction?: (tx: Executor, deposit: DepositRow) => Promise<void>): Promise<CreditNowOutcome>;
}

export type CreditNowOutcome = 'credited' | 'already' | 'not_found' | 'not_confirmed' | 'not_on_chain';

export interface DepositWatcherDeps {
  db: Database;
  chain: ChainContext;
  depositAddresses: DepositAddresses;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
  /** The chain as the scanner reads it (tests wrap it to inject failures). */
  blockSource?: BlockSource;
  /** The scanner's durable state (default: the database store; tests wrap it to inject failures). */
  scannerStore?: ScannerStore;
  /**
   * Runs first in every transaction that moves the scanner's cursor or
   * credits a deposit; throws to refuse it. Several nodes: the leader lease's
   * epoch check, so that a deposed leader finishing a pass changes nothing.
   */
  fence?: (tx: Executor) => Promise<void>;
}

/** The chain answers with another genesis block than the one recorded: nothing is credited. */
export class GenesisMismatchError extends Error {
  override name = 'GenesisMismatchError';
}

export function createDepositWatcher(deps: DepositWatcherDeps): DepositWatcher {
  const { db, chain, logger, clock } = deps;
  const chainId = chain.settings.chainId;
  const required = BigInt(chain.settings.depositConfirmations);
  const fence = deps.fence ?? (async () => undefined);
  const store = deps.scannerStore ?? createDatabaseScannerStore(db, chainId, logger, fence);
  const source = deps.blockSource ?? createViemBlockSource(chain.publicClient);
  const sweeper = createSweeper({ db, chain, depositAddresses: deps.depositAddresses, logger, clock });

  let watched = new Set<Address>();
  let lastHead: bigint | undefined;
  let lastCursor: bigint | null = null;
  let recordedGenesis: string | undefined;
  let halted: GenesisMismatchError | undefined;
  let lastReconcile: number | undefined;
  /** Issue 14: the confirmations last announced per pending deposit, so each is told once. */
  const announcedConfirmations = new Map<string, number>();

  let scanner: BlockScanner | undefined;
  async function scannerFor(): Promise<BlockScanner> {
    if (scanner) return scanner;
    // Where a new store starts (ignored once blocks are stored: then the cursor rules).
    // A production chain is not scanned from its genesis: no deposit address existed before
    // the server first ran, so the current head is the start. The development chain starts
    // at block 1 (its genesis is the anchor), so deposits made with dev:deposit before the
    // server's first start are credited too; it is short, so this costs nothing.
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

  /** Every pass: a node reset or swapped behind the same URL is caught before anything is read from it. */
  async function checkGenesis(): Promise<void> {
    const genesis = await readGenesisHash(chain.publicClient);
    recordedGenesis ??= await recordGenesis(db, chainId, genesis);
    if (recordedGenesis === genesis) return;
    halted = new GenesisMismatchError(
      `the node serves chain ${chainId} with genesis ${genesis}, but this database recorded genesis ${recordedGenesis}: ` +
        'it is another chain (e.g. a development chain started afresh). The deposit watcher stopped and credits nothing; ' +
        'point ETH_RPC_URL at the right node, or start with a fresh database for the new chain',
    );
    logger.error({ err: halted, chainId }, 'Deposit watcher stopped: wrong chain');
    throw halted;
  }

  /**
   * Credits one pending deposit inside the caller's transaction: the status guard makes it
   * once, the ledger's idempotency key twice over. Returns the user's new balance, or
   * undefined when someone else credited it first.
   */
  async function creditInTransaction(tx: Executor, deposit: DepositRow): Promise<bigint | undefined> {
    await fence(tx);
    if (!(await markCredited(tx, deposit.id, clock()))) return undefined;
    const key = depositCreditKey(chainId, deposit);
    const user = LedgerAccounts.user(deposit.userId);
    const result = await transfer(tx, {
      idempotencyKey: key,
      kind: 'deposit',
      legs: [{ from: LedgerAccounts.deposits, to: user, amount: deposit.amount }],
      memo: { depositId: deposit.id, txHash: deposit.txHash, address: deposit.address },
    });
    if (result.replayed) {
      // The ledger already holds this credit although the row was pending: nothing moves twice.
      logger.error({ depositId: deposit.id, key }, 'Deposit was pending but its ledger credit exists already');
      return undefined;
    }
    return result.balances.get(user.code);
  }

  function announceCredit(deposit: DepositRow, balance: bigint): void {
    logger.info(
      {
        userId: deposit.userId,
        kind: deposit.kind,
        txHash: deposit.txHash,
        address: deposit.address,
        block: deposit.blockNumber.toString(),
        wei: deposit.amount.toString(),
      },
      'Deposit credited',
    );
    deps.balanceEvents.balanceChanged(deposit.userId, balance);
    announcedConfirmations.delete(deposit.id);
    deps.balanceEvents.depositProgress?.(deposit.userId, depositUpdate(deposit, Number(required), 'credited'));
  }

  function depositUpdate(deposit: DepositRow, confirmations: number, status: 'pending' | 'credited') {
    return {
      id: deposit.id,
      txHash: deposit.txHash,
      amount: formatEth(deposit.amount),
      confirmations,
      requiredConfirmations: Number(required),
      status,
    };
  }

  /** Issue 14: every pending deposit seen up to `head` whose confirmations changed since last told (the first time: seen). */
  async function announcePending(head: bigint): Promise<void> {
    if (!deps.balanceEvents.depositProgress) return;
    for (const deposit of await pendingDepositsUpTo(db, chainId, head)) {
      const confirmations = Number(head - deposit.blockNumber + 1n);
      if (announcedConfirmations.get(deposit.id) === confirmations) continue;
      announcedConfirmations.set(deposit.id, confirmations);
      deps.balanceEvents.depositProgress(deposit.userId, depositUpdate(deposit, confirmations, 'pending'));
    }
  }

  async function credit(head: bigint): Promise<void> {
    for (const deposit of await pendingDepositsUpTo(db, chainId, head - required + 1n)) {
      const balance = await db.transaction((tx) => creditInTransaction(tx, deposit));
      if (balance !== undefined) announceCredit(deposit, balance);
    }
  }

  /**
   * The highest block that is both confirmed and scanned, or undefined while the scan is
   * catching up (balances there would include transfers not recorded yet).
   */
  function settledBlock(): bigint | undefined {
    if (lastHead === undefined || lastCursor === null) return undefined;
    const confirmed = lastHead - required + 1n;
    return confirmed >= 1n && lastCursor >= confirmed ? confirmed : undefined;
  }

  /**
   * At the settled block B, each deposit address should hold what our records say: its
   * deposits up to B minus its sweeps mined up to B. More means ETH came without a
   * transaction of its own to the address (from a contract): it becomes an `internal`
   * deposit at B, credited in the same transaction, once per (chain, address, block) by
   * the UNIQUE key. Less is never debited: it is logged for a human.
   */
  async function reconcileAt(block: bigint): Promise<void> {
    const busy = new Set((await openSweeps(db, chainId)).map((sweep) => sweep.address));
    for (const { userId, address } of await listDepositAddresses(db)) {
      // A sweep in flight may or may not be mined at B: the next reconciliation looks again.
      if (busy.has(address)) continue;
      const actual = await chain.publicClient.getBalance({ address, blockNumber: block });
      const expected = await expectedBalanceAt(db, chainId, address, block);
      if (actual === expected) continue;
      if (actual < expected) {
        logger.error(
          { address, userId, actual: actual.toString(), expected: expected.toString(), block: block.toString() },
          'Deposit address holds less than recorded: nothing debited, look into it',
        );
        continue;
      }
      const amount = actual - expected;
      const credited = await db.transaction(async (tx) => {
        const deposit = await insertInternalDeposit(tx, { chainId, address, userId, amount, blockNumber: block });
        if (!deposit) return undefined;
        const balance = await creditInTransaction(tx, deposit);
        return balance === undefined ? undefined : { deposit, balance };
      });
      if (credited) announceCredit(credited.deposit, credited.balance);
    }
  }

  async function pass(): Promise<void> {
    if (halted) throw halted;
    await checkGenesis();
    await refreshWatchedAddresses();
    const activeScanner = await scannerFor();
    for (let scan = 0; scan < SCANS_PER_TICK; scan += 1) {
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
    const head = lastHead!;
    await credit(head);
    await announcePending(head);
    await sweeper.settle(head);
    const settled = settledBlock();
    if (settled === undefined) return;
    if (lastReconcile === undefined || clock().getTime() - lastReconcile >= chain.reconcileIntervalMs) {
      await reconcileAt(settled);
      lastReconcile = clock().getTime();
    }
    await sweeper.sweep(settled);
  }

  // One lane: each piece of work starts when the previous one has ended, however it ended.
  let lane: Promise<void> = Promise.resolve();
  function exclusive(work: () => Promise<void>): Promise<void> {
    const run = lane.then(work);
    lane = run.catch(() => undefined);
    return run;
  }

  /** One pass now (or the one under way). */
  const tick = (): Promise<void> => task.tick();

  async function reconcile(): Promise<void> {
    await tick();
    await exclusive(async () => {
      if (halted) throw halted;
      const settled = settledBlock();
      if (settled === undefined) {
        logger.warn({ head: lastHead?.toString(), cursor: lastCursor?.toString() }, 'Reconciliation deferred: the scan is catching up');
        return;
      }
      await reconcileAt(settled);
      lastReconcile = clock().getTime();
    });
  }

  // Every chain.pollMs, never two passes at once, back-off and one log line per outage; the wrong chain stops it (logged once itself).
  const task = createPeriodicTask({
    name: 'Deposit watcher pass',
    everyMs: chain.pollMs,
    logger,
    run: () => exclusive(pass),
    stopsOn: (error) => error !== undefined && error === halted,
  });

  async function creditNow(depositId: string, inTransaction?: (tx: Executor, deposit: DepositRow) => Promise<void>): Promise<CreditNowOutcome> {
    let outcome: CreditNowOutcome = 'not_found';
    await exclusive(async () => {
      if (halted) throw halted;
      const [deposit] = await db.select().from(deposits).where(and(eq(deposits.id, depositId), eq(deposits.chainId, chainId)));
      if (!deposit) return;
      if (deposit.status !== 'pending') {
        outcome = 'already';
        return;
      }
      // Found by reconciliation (`internal`) deposits are credited as they are recorded: only transfers are checked here.
      if (deposit.kind !== 'transfer' || deposit.txHash === null) {
        outcome = 'not_on_chain';
        return;
      }
      const hash = deposit.txHash as Hex;
      const [receipt, sent, head] = await Promise.all([
        chain.publicClient.getTransactionReceipt({ hash }).catch(() => undefined),
        chain.publicClient.getTransaction({ hash }).catch(() => undefined),
        // Afresh, not viem's cached head (4 s): the confirmations are counted from now.
        chain.publicClient.getBlockNumber({ cacheTime: 0 }),
      ]);
      const onChain =
        receipt !== undefined &&
        sent !== undefined &&
        receipt.status === 'success' &&
        receipt.blockNumber === deposit.blockNumber &&
        (deposit.blockHash === null || receipt.blockHash.toLowerCase() === deposit.blockHash.toLowerCase()) &&
        sent.to?.toLowerCase() === deposit.address &&
        sent.value === deposit.amount;
      if (!onChain) {
        outcome = 'not_on_chain';
        return;
      }
      if (head - deposit.blockNumber + 1n < required) {
        outcome = 'not_confirmed';
        return;
      }
      const balance = await db.transaction(async (tx) => {
        const credited = await creditInTransaction(tx, deposit);
        if (credited !== undefined) await inTransaction?.(tx, deposit);
        return credited;
      });
      if (balance === undefined) {
        outcome = 'already';
        return;
      }
      announceCredit(deposit, balance);
      outcome = 'credited';
    });
    return outcome;
  }

  return {
    creditNow,
    start: () => task.start(),
    async stop() {
      await task.stop();
      await lane;
    },
    tick,
    reconcile,
    head: () => lastHead,
  };
}

/** The idempotency key of a deposit's ledger credit: one per (chain, transaction, address), or per (chain, address, block) for ETH found by reconciliation. */
export function depositCreditKey(chainId: number, deposit: Pick<DepositRow, 'kind' | 'txHash' | 'address' | 'blockNumber'>): string {
  return deposit.kind === 'transfer'
    ? `deposit:${chainId}:${deposit.txHash}:${deposit.address}`
    : `deposit-internal:${chainId}:${deposit.address}:${deposit.blockNumber}`;
}

/**
 * The deposit watcher: one pass (`tick`) checks the chain is the one recorded
 * (genesis-guard.ts), scans new blocks for transfers to deposit addresses
 * (deposit-scan.ts, the reorg-aware BlockScanner over the database store),
 * credits every pending deposit whose block has the required confirmations —
 * exactly once, in one transaction with its ledger transfer
 * (deposit-crediting.ts) — settles and sends sweeps (sweeper.ts), and
 * reconciles deposit-address balances when due (deposit-reconciliation.ts).
 * This file only orders those jobs and keeps them in one lane.
 *
 * Passes, reconciliations and "credit now" run one at a time (a single
 * lane), so a reconciliation never reads the records while a scan or a sweep
 * changes them.
 *
 * Every adapter is given (compose/chain-workers.ts builds them on viem and
 * the database): the chain's reads, the block source, the scanner's store,
 * the sweeper.
 */
import type { Database, Executor } from '../../infra/db/database';
import type { BalanceEvents } from '../ledger/balance-events';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';
import type { BlockSource, ScannerStore } from './block-scanner';
import type { DepositAddresses } from './deposit-addresses';
import type { DepositChainReads, DepositChainSettings } from './deposit-chain';
import { createCreditNow, type CreditNowOutcome } from './credit-now';
import { createDepositCrediting } from './deposit-crediting';
import { createDepositReconciliation } from './deposit-reconciliation';
import { createDepositScan } from './deposit-scan';
import { depositWatchWork, type DepositRow } from './deposits.repo';
import { createGenesisGuard } from './genesis-guard';
import type { Sweeper } from './sweeper';

export { GenesisMismatchError } from './genesis-guard';
export type { CreditNowOutcome } from './credit-now';

export interface DepositWatcher {
  /** Starts polling every pollMs (and reconciliation every reconcileIntervalMs). Idempotent; restarts after stop(). */
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
   * Issue 18, the console's "credit now" (credit-now.ts), in the pass's lane.
   * `inTransaction` runs in the crediting transaction (the audit entry).
   * Idempotent by the deposit id: credited once, `already` afterwards.
   */
  creditNow(depositId: string, inTransaction?: (tx: Executor, deposit: DepositRow) => Promise<void>): Promise<CreditNowOutcome>;
}

export interface DepositWatcherDeps {
  db: Database;
  settings: DepositChainSettings;
  /** The chain's reads beyond the scanned blocks (genesis, balances, a transaction, the head now). */
  reads: DepositChainReads;
  /** The chain as the scanner reads it. */
  blockSource: BlockSource;
  /** The scanner's durable state (its writes fenced like the credits). */
  scannerStore: ScannerStore;
  /** Settles and sends the sweeps to the hot wallet. */
  sweeper: Pick<Sweeper, 'settle' | 'sweep'>;
  depositAddresses: Pick<DepositAddresses, 'addressFor'>;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
  /**
   * Runs first in every transaction that credits a deposit; throws to refuse
   * it. Several nodes: the leader lease's epoch check, so that a deposed
   * leader finishing a pass changes nothing.
   */
  fence?: (tx: Executor) => Promise<void>;
}

export function createDepositWatcher(deps: DepositWatcherDeps): DepositWatcher {
  const { db, settings, reads, logger, clock, sweeper } = deps;
  const chainId = settings.chainId;
  const required = BigInt(settings.depositConfirmations);
  const fence = deps.fence ?? (async () => undefined);
  const genesis = createGenesisGuard({ db, chainId, reads, logger });
  const scan = createDepositScan({
    db,
    source: deps.blockSource,
    store: deps.scannerStore,
    depositAddresses: deps.depositAddresses,
    development: settings.development,
    required,
    logger,
  });
  const crediting = createDepositCrediting({ db, chainId, required, balanceEvents: deps.balanceEvents, logger, clock, fence });
  const reconciliation = createDepositReconciliation({ db, chainId, reads, crediting, logger });
  const creditNowUnlaned = createCreditNow({ db, chainId, required, reads, crediting });
  let lastReconcile: number | undefined;
  /**
   * Issue 30: the addresses to look at in the next sweep — credited, or whose sweep failed, since the last one.
   * Every address with credited ETH is looked at with each reconciliation (the first pass's included), so that an
   * address missed here (credited by another leader meanwhile, dust that became worth it) waits one interval at most.
   */
  let sweepDue = new Set<string>();

  async function reconcileAt(block: bigint): Promise<void> {
    await reconciliation.reconcileAt(block);
    lastReconcile = clock().getTime();
  }

  async function pass(): Promise<void> {
    genesis.throwIfHalted();
    await genesis.check();
    const head = await scan.scan();
    // One light statement says whether there is a pending deposit or a sweep in flight; most passes have neither.
    const work = await depositWatchWork(db, chainId);
    if (work.pendingDeposits) for (const deposit of await crediting.creditAndAnnounce(head)) sweepDue.add(deposit.address);
    if (work.openSweeps) for (const address of await sweeper.settle(head)) sweepDue.add(address);
    const settled = scan.settledBlock();
    if (settled === undefined) return;
    let everyAddress = false;
    if (lastReconcile === undefined || clock().getTime() - lastReconcile >= settings.reconcileIntervalMs) {
      await reconcileAt(settled);
      everyAddress = true;
    }
    const looked = sweepDue;
    sweepDue = new Set();
    try {
      for (const address of await sweeper.sweep(settled, everyAddress ? undefined : looked)) sweepDue.add(address);
    } catch (error) {
      for (const address of looked) sweepDue.add(address); // looked at again next pass
      throw error;
    }
  }

  // One lane: each piece of work starts when the previous one has ended, however it ended.
  let lane: Promise<void> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = lane.then(work);
    lane = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  // Every pollMs, never two passes at once, back-off and one log line per outage; the wrong chain stops it (logged once itself).
  const task = createPeriodicTask({
    name: 'Deposit watcher pass',
    everyMs: settings.pollMs,
    logger,
    run: () => exclusive(pass),
    stopsOn: (error) => error !== undefined && error === genesis.halted(),
  });

  /** One pass now (or the one under way). */
  const tick = (): Promise<void> => task.tick();

  return {
    creditNow: (depositId, inTransaction) =>
      exclusive(async () => {
        genesis.throwIfHalted();
        let address: string | undefined;
        const outcome = await creditNowUnlaned(depositId, async (tx, deposit) => {
          address = deposit.address;
          await inTransaction?.(tx, deposit);
        });
        // Credited here rather than by a pass: its address is looked at in the next sweep all the same.
        if (outcome === 'credited' && address !== undefined) sweepDue.add(address);
        return outcome;
      }),
    start: () => task.start(),
    async stop() {
      await task.stop();
      await lane;
    },
    tick,
    async reconcile() {
      await tick();
      await exclusive(async () => {
        genesis.throwIfHalted();
        const settled = scan.settledBlock();
        if (settled === undefined) {
          logger.warn(
            { head: scan.head()?.toString(), cursor: scan.cursor()?.toString() },
            'Reconciliation deferred: the scan is catching up',
          );
          return;
        }
        await reconcileAt(settled);
      });
    },
    head: () => scan.head(),
  };
}

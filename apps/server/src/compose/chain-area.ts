/**
 * The money on chain: deposit addresses, the deposit watcher and the
 * withdrawal sender (compose/chain-workers.ts), with several nodes their
 * leader election and fence, proof of solvency (issue 28), the chain's health
 * (issue 29), the withdrawal fee quotes, and what the console and /metrics
 * read of the chain. Without a chain (tests of other parts) only the deposit
 * addresses and solvency's database side exist.
 */
import type { KeyObject } from 'node:crypto';
import type { AppConfig } from '../config';
import type { ChainContext } from '../infra/chain/chain-runtime';
import { DEV_CHAIN_ID, type HdWallet } from '../infra/chain/hd-wallet';
import type { Database, Executor } from '../infra/db/database';
import { createChainHealth } from '../modules/chain-rpc/chain-health';
import { createDepositAddresses } from '../modules/deposits/deposit-addresses';
import { createTranscriptSigner } from '../modules/fairness/signing-key';
import type { BalanceEvents } from '../modules/ledger/balance-events';
import { createChainHoldings } from '../modules/ledger/chain-holdings';
import { createLeaderElection, type LeaderElection } from '../modules/leases/leader';
import { cursorLag, scannerCursor } from '../modules/metrics/metrics.repo';
import { createSolvency, type SolvencyChain } from '../modules/solvency/solvency.service';
import { createChainWithdrawalFees } from '../modules/withdrawals/withdrawal-fees';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { buildDepositWatcher, buildWithdrawalSender } from './chain-workers';
import type { ClusterAdapters } from './cluster';

export interface ChainAreaOptions {
  config: AppConfig;
  db: Database;
  logger: Logger;
  clock: Clock;
  cluster: ClusterAdapters;
  chain?: ChainContext;
  hdWallet: HdWallet;
  fairnessSigningKey: KeyObject;
  balanceEvents: BalanceEvents;
  /** Run the chain workers on timers (false: tests drive `tick()` themselves). */
  startChainWorkers: boolean;
  leaderLeaseTtlMs?: number;
}

/** What the solvency service reads of the chain and signs with its keys. */
function solvencyChain(chain: ChainContext, depositAddresses: ReturnType<typeof createDepositAddresses>): SolvencyChain {
  return {
    chainId: chain.settings.chainId,
    confirmations: chain.settings.depositConfirmations,
    blockNumber: () => chain.publicClient.getBlockNumber({ cacheTime: 0 }),
    balanceAt: (address, blockNumber) => chain.publicClient.getBalance({ address, blockNumber }),
    hotWalletAddress: chain.hotWalletAddress,
    signWithHotWallet: (message) => chain.hotWallet.signMessage({ account: chain.hotWallet.account, message }),
    depositAddressFor: (index) => depositAddresses.addressFor(index),
    signWithDepositKey: (index, message) => chain.hdWallet.depositAccount(index).signMessage({ message }),
  };
}

export function buildChainArea(options: ChainAreaOptions) {
  const { config, db, logger, clock, cluster, chain, balanceEvents, startChainWorkers } = options;
  const depositAddresses = createDepositAddresses(db, options.hdWallet);
  const transcriptSigner = createTranscriptSigner(options.fairnessSigningKey);
  // Issue 28: proof of solvency, on its schedule on the chain workers' node (the leader with several), and when an admin asks.
  const solvency = createSolvency({
    db,
    clock,
    logger,
    reserveAddresses: config.reserveAddresses,
    sign: (unsigned) => transcriptSigner.signSnapshot(unsigned),
    everyMs: config.solvencySnapshotMinutes * 60_000,
    ...(chain ? { chain: solvencyChain(chain, depositAddresses) } : {}),
  });
  const chainId = chain?.settings.chainId ?? DEV_CHAIN_ID;
  const requiredConfirmations = chain?.settings.depositConfirmations ?? 1;
  // Several nodes: the chain workers run on the elected leader only, and their claims check its epoch.
  const electChainLeader = cluster.clustered && chain !== undefined && startChainWorkers;
  let chainLeader: LeaderElection | undefined;
  const chainFence = electChainLeader ? { fence: (tx: Executor) => chainLeader!.fence(tx) } : {};
  const workerOptions = chain ? { db, chain, balanceEvents, logger, clock, ...chainFence } : undefined;
  const depositWatcher = workerOptions ? buildDepositWatcher({ ...workerOptions, depositAddresses }) : undefined;
  const withdrawalSender = workerOptions ? buildWithdrawalSender(workerOptions) : undefined;
  /** The chain workers and solvency's schedule, on this node (alone, or elected). */
  const runWorkers = () => {
    depositWatcher?.start();
    withdrawalSender?.start();
    solvency.start();
  };
  if (electChainLeader) {
    chainLeader = createLeaderElection({
      db,
      leases: cluster.leases,
      role: 'chain-workers',
      holder: cluster.holder,
      ttlMs: options.leaderLeaseTtlMs ?? 10_000,
      logger,
      onElected: runWorkers,
      onDeposed: async () => {
        await Promise.all([depositWatcher?.stop(), withdrawalSender?.stop(), solvency.stop()]);
      },
    });
  }
  // Issue 29: whether this node reaches the chain's RPC (players' notice, the console, /metrics). Without a chain: never delayed.
  const chainHealth = chain
    ? createChainHealth({
        probe: () => chain.publicClient.getBlockNumber(),
        everyMs: Math.max(chain.pollMs, 1_000),
        clock,
        logger,
      })
    : undefined;
  const chainStatus = () => chainHealth?.status() ?? { delayed: false, since: undefined };
  /** How far the deposit scanner is behind the chain's head (the console, /metrics). */
  const chainLag = chain
    ? async () => cursorLag(await chain.publicClient.getBlockNumber(), await scannerCursor(db, chainId))
    : undefined;

  return {
    chain: {
      id: chainId,
      name: chain?.chainName ?? 'Development chain',
      development: chain?.settings.development ?? true,
      /** A development chain was given (not merely no chain): /api/dev's routes may be served outside production. */
      givenDevelopmentChain: chain?.settings.development === true,
      requiredConfirmations,
    },
    depositAddresses,
    depositWatcher,
    withdrawalSender,
    chainLeader,
    transcriptSigner,
    solvency,
    chainHealth,
    chainStatus,
    /** The withdrawal fee quotes (absent without a chain). */
    withdrawalFees: chain ? createChainWithdrawalFees(chain.publicClient, clock) : undefined,
    /** On-chain holdings and the scanner's lag, for the console (absent without a chain). */
    chainHoldings: chain ? createChainHoldings(db, chain) : undefined,
    chainLag,
    /** What the console's stuck list reads of the chain (absent without a chain). */
    stuckChain: chain
      ? {
          publicClient: chain.publicClient,
          hotWalletAddress: chain.hotWalletAddress,
          chainId,
          requiredConfirmations: chain.settings.withdrawalConfirmations,
          depositConfirmations: requiredConfirmations,
        }
      : undefined,
    /** The house's own addresses (the hot wallet, lower-case), refused as withdrawal recipients. */
    houseAddresses: chain ? [chain.hotWalletAddress.toLowerCase()] : undefined,
    /** Starts the chain workers: through the election with several nodes, at once alone (unless tests drive them). */
    startChainWorkers() {
      if (chainLeader) chainLeader.start();
      else if (startChainWorkers) runWorkers();
    },
    /** Stops the election (deposing this node) and the workers, awaiting the work under way. */
    async stopChainWorkers() {
      await chainLeader?.stop();
      await depositWatcher?.stop();
      await withdrawalSender?.stop();
      await solvency.stop();
    },
  };
}

export type ChainArea = ReturnType<typeof buildChainArea>;

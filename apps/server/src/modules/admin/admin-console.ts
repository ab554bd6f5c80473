/**
 * Issue 18: the operator's console, put together from what the app already
 * has. app.ts builds it once and hands `withdrawalHooks` to the withdrawals
 * service and the whole to the `/api/admin` routes.
 */
import type { Registry } from 'prom-client';
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { Result } from '../../shared/result';
import type { AuthContext } from '../auth/auth.service';
import type { BalanceEvents } from '../ledger/balance-events';
import { frozenRefusal } from './frozen';
import { createOverview } from './overview.service';
import { createPlayersAdmin, type StaffDisconnects } from './players.service';
import { createStaffAccess } from './staff-access';
import { createWithdrawalReview, reviewReasonFor } from './withdrawal-review';
import { createCollusionRules, databaseNow } from './collusion';
import { createStuck, type StuckDeps } from './stuck';
import { createConsolePages } from './console-pages';
import type { TranscriptSigner } from '../fairness/signing-key';
import { createPeriodicTask } from '../../shared/periodic-task';
import type { Executor } from '../../infra/db/database';
import type { AdminSolvency } from '@shifumi/protocol';

export interface AdminConsoleDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  config: {
    staffRequireTwoFactor: boolean;
    withdrawalReviewAboveWei: bigint;
    withdrawalDailyLimitWei: bigint;
    withdrawalSecondApprovalAboveWei: bigint;
  };
  authenticate: (header: string | undefined) => Promise<Result<AuthContext>>;
  balanceEvents: BalanceEvents;
  disconnects: StaffDisconnects;
  /** On-chain holdings now (hot wallet + unswept deposit addresses); absent without a chain. */
  holdings?: () => Promise<bigint>;
  chainLag?: () => Promise<number | undefined>;
  priceUpdatedAt: () => Date | undefined;
  /** Issue 29: since when this node does not reach the chain's RPC (undefined: it does). */
  chainDelayedSince?: () => Date | undefined;
  /** The Prometheus registry the solvency gauges join. */
  registry?: Registry;
  /** Called after a withdrawal was approved (e.g. the sender's tick). */
  onApproved?: () => void;
  /** The stuck list's chain reads and game takeover. */
  stuck: Pick<StuckDeps, 'withdrawalStuckMs' | 'takeOverGames' | 'chain' | 'creditDeposit'>;
  /** How often the collusion rules run (default 60 s). */
  collusionEveryMs?: number;
  /** Issue 28: the latest solvency snapshot for the overview. */
  solvency?: () => Promise<AdminSolvency | null>;
  /** Signs the game transcripts staff read (absent: none is served). */
  signer?: Pick<TranscriptSigner, 'sign'>;
}

/** How long the collusion rules after a game wait for other games settled in the same moment (one run for all). */
const AFTER_GAME_BATCH_MS = 200;

export function createAdminConsole(deps: AdminConsoleDeps) {
  const { db, clock, logger } = deps;
  const access = createStaffAccess({
    db,
    authenticate: deps.authenticate,
    requireTwoFactor: deps.config.staffRequireTwoFactor,
    logger,
  });
  const overview = createOverview({
    db,
    clock,
    logger,
    priceUpdatedAt: deps.priceUpdatedAt,
    ...(deps.chainDelayedSince ? { chainDelayedSince: deps.chainDelayedSince } : {}),
    ...(deps.holdings ? { holdings: deps.holdings } : {}),
    ...(deps.chainLag ? { chainLag: deps.chainLag } : {}),
    ...(deps.solvency ? { solvency: deps.solvency } : {}),
  });
  if (deps.registry) overview.registerGauges(deps.registry);
  const secondApprovalAboveWei = deps.config.withdrawalSecondApprovalAboveWei;
  const review = createWithdrawalReview({
    db,
    balanceEvents: deps.balanceEvents,
    clock,
    logger,
    secondApprovalAboveWei,
    ...(deps.onApproved ? { onApproved: deps.onApproved } : {}),
  });
  const players = createPlayersAdmin({ db, clock, logger, disconnects: deps.disconnects, secondApprovalAboveWei });
  const stuck = createStuck({ db, clock, logger, balanceEvents: deps.balanceEvents, ...deps.stuck });
  const collusion = createCollusionRules({ db, clock, logger });
  // The pages that are reads and staff changes (staff, audit, mails, withdrawals list, games, flags).
  const pages = createConsolePages({ db, clock, secondApprovalAboveWei, ...(deps.signer ? { signer: deps.signer } : {}) });
  /** When the schedule's last pass began (the database's clock), once it has run. */
  let scannedFrom: Date | undefined;
  const collusionTask = createPeriodicTask({
    name: 'Collusion rules',
    everyMs: deps.collusionEveryMs ?? 60_000,
    logger,
    run: async () => {
      // The first pass reads everything (what happened while no node ran it); the next ones only the players with
      // something new since the last pass began (a minute of margin for clocks; the database's own time).
      const startedAt = await databaseNow(db);
      const added =
        scannedFrom === undefined
          ? await collusion.scan()
          : await collusion.scanChangedSince(new Date(scannedFrom.getTime() - 60_000));
      scannedFrom = startedAt;
      if (added > 0) logger.info({ added }, 'Collusion rules raised flags');
    },
  });
  // After every settled game: its pair's and players' rules, one run at a time (games settled meanwhile wait for the next
  // run, together). Pairs by key, either side first.
  const waitingPairs = new Map<string, readonly [string, string]>();
  let afterGameRun: Promise<void> = Promise.resolve();
  /** The next run, while it gathers the games settled in the same moment (one run, one commit, for all of them). */
  let nextRun: Promise<void> | undefined;
  let stopped = false;
  async function drainAfterGame(): Promise<void> {
    while (waitingPairs.size > 0 && !stopped) {
      const pairs = [...waitingPairs.values()];
      waitingPairs.clear();
      try {
        const added = await collusion.scanAfterGames(pairs);
        if (added > 0) logger.info({ added, pairs }, 'Collusion rules raised flags after a game');
      } catch (error) {
        logger.error({ err: error, pairs }, 'Collusion rules after a game failed (the schedule will run them)');
      }
    }
  }
  const policy = { aboveWei: deps.config.withdrawalReviewAboveWei, dailyLimitWei: deps.config.withdrawalDailyLimitWei };
  return {
    db,
    clock,
    /** WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH in wei (the withdrawals list shows the approvals each needs). */
    secondApprovalAboveWei,
    access,
    overview,
    review,
    players,
    stuck,
    collusion,
    pages,
    /** Starts the collusion rules' schedule (app.ts, once built). */
    start: () => collusionTask.start(),
    async stop(): Promise<void> {
      stopped = true;
      await collusionTask.stop();
      await afterGameRun;
    },
    /** The game service's `onSettled`: the rules for the game's two players, after its settlement committed. Resolves once they ran. */
    afterGame(players: readonly [string, string]): Promise<void> {
      if (stopped) return Promise.resolve();
      const [first, second] = players;
      waitingPairs.set(first < second ? `${first}:${second}` : `${second}:${first}`, players);
      // Chained: a run under way has perhaps read the set already; the next one takes these (or finds them done).
      // It starts AFTER_GAME_BATCH_MS later, so that the games settled meanwhile share it (issue 16).
      nextRun ??= afterGameRun = afterGameRun
        .then(() => new Promise((resolve) => setTimeout(resolve, AFTER_GAME_BATCH_MS)))
        .then(() => {
          nextRun = undefined;
          return drainAfterGame();
        });
      return nextRun;
    },
    /** For the withdrawals service: a frozen account is refused; big, flagged or over-the-day withdrawals wait for review. */
    withdrawalHooks: {
      frozen: frozenRefusal,
      async reasonFor(tx: Executor, request: { userId: string; amount: bigint; now: Date }) {
        // A new account drained into this one: flagged now, so the open flag below sends this withdrawal to review.
        await collusion.drainedBy(tx, request.userId, request.now);
        return reviewReasonFor(tx, policy, request);
      },
    },
  };
}

export type AdminConsole = ReturnType<typeof createAdminConsole>;

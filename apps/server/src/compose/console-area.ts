/**
 * The operator's console (issue 18) and the withdrawals it reviews: the
 * console reads every other area (games, price, chain, solvency), and the
 * withdrawals service asks the console whether a withdrawal waits for review.
 */
import type { AppConfig } from '../config';
import type { Database } from '../infra/db/database';
import type { Metrics } from '../infra/metrics';
import { createAdminConsole } from '../modules/admin/admin-console';
import { createDeviceReports } from '../modules/admin/linked-accounts';
import type { BalanceEvents } from '../modules/ledger/balance-events';
import { createWithdrawalsService } from '../modules/withdrawals/withdrawals.service';
import type { RealtimePorts } from '../realtime/realtime-ports';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import type { AccountsArea } from './accounts-area';
import type { ChainArea } from './chain-area';
import type { PlayArea } from './play-area';

export interface ConsoleAreaOptions {
  config: AppConfig;
  db: Database;
  logger: Logger;
  clock: Clock;
  metrics: Metrics;
  realtime: RealtimePorts;
  balanceEvents: BalanceEvents;
  accounts: Pick<AccountsArea, 'auth' | 'users' | 'withdrawalGuard'>;
  play: Pick<PlayArea, 'games' | 'price'>;
  chain: Pick<
    ChainArea,
    | 'chain'
    | 'depositWatcher'
    | 'chainStatus'
    | 'solvency'
    | 'transcriptSigner'
    | 'stuckChain'
    | 'chainHoldings'
    | 'chainLag'
    | 'withdrawalFees'
    | 'houseAddresses'
  >;
}

export function buildConsoleArea(options: ConsoleAreaOptions) {
  const { config, db, logger, clock, balanceEvents, accounts, play, chain } = options;
  const { depositWatcher } = chain;
  // Issue 18: the operator's console (its routes in app.ts; its review and freeze hooks in the withdrawals service).
  const admin = createAdminConsole({
    db,
    clock,
    logger,
    config,
    authenticate: (header) => accounts.auth.authenticate(header),
    balanceEvents,
    disconnects: options.realtime.staffDisconnects,
    priceUpdatedAt: () => play.price.current()?.updatedAt,
    chainDelayedSince: () => chain.chainStatus().since,
    registry: options.metrics.registry,
    solvency: () => chain.solvency.adminSummary(),
    signer: chain.transcriptSigner,
    stuck: {
      withdrawalStuckMs: config.withdrawalStuckMs,
      takeOverGames: () => play.games.resumeAll(),
      ...(depositWatcher
        ? {
            creditDeposit: (id: string, inTransaction?: Parameters<typeof depositWatcher.creditNow>[1]) =>
              depositWatcher.creditNow(id, inTransaction),
          }
        : {}),
      ...(chain.stuckChain ? { chain: chain.stuckChain } : {}),
    },
    ...(chain.chainHoldings ? { holdings: chain.chainHoldings } : {}),
    ...(chain.chainLag ? { chainLag: chain.chainLag } : {}),
  });
  const withdrawals = createWithdrawalsService({
    db,
    chainId: chain.chain.id,
    users: accounts.users,
    sendVerificationMail: (context) => accounts.auth.resendVerification(context),
    balanceEvents,
    logger,
    clock,
    guard: accounts.withdrawalGuard,
    fees: chain.withdrawalFees,
    minimumWei: config.withdrawalMinWei,
    perHour: config.withdrawalsPerHour,
    review: admin.withdrawalHooks,
    ...(chain.houseAddresses ? { houseAddresses: chain.houseAddresses } : {}),
  });
  // Issue 18: the browsers signed-in accounts report, for the linked-accounts rule.
  return { admin, withdrawals, devices: createDeviceReports(db, clock) };
}

export type ConsoleArea = ReturnType<typeof buildConsoleArea>;

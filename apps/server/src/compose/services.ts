/**
 * The services: every module built on its adapters (compose/adapters.ts
 * resolves them: database, mailer, chain, the cluster adapters, the
 * transports' side of the modules' event interfaces), one builder per area —
 *
 * - chain-area.ts — deposit addresses, the chain workers and their leader, solvency, the chain's health;
 * - accounts-area.ts — users, sign-in, two-factor, account security, the address book;
 * - play-area.ts — price, games, matchmaking, lobby, challenges, rematch, responsible gaming, the account page;
 * - console-area.ts — the operator's console and the withdrawals it reviews;
 *
 * — plus the mail outbox every area mails through, the rest (contact, the
 * chain RPC proxy, metrics' sources), and the lifecycle: what starts once
 * the app is mounted and what stops, in order, when it closes.
 */
import type { MatchOptions } from '@shifumi/game';
import type { AppConfig } from '../config';
import type { Database } from '../infra/db/database';
import { createChainRpcProxy } from '../modules/chain-rpc/chain-rpc-proxy';
import { createContactRepo } from '../modules/contact/contact.repo';
import { createContactService } from '../modules/contact/contact.service';
import { createMailOutbox, type MailOutbox } from '../modules/mail/mail-outbox';
import type { Mailer } from '../infra/mailer/mailer';
import { createPlayerFacts, rememberingBalances } from '../modules/matchmaking/player-facts';
import { pendingWithdrawalCount } from '../modules/metrics/metrics.repo';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { buildAccountsArea, type AccountsArea } from './accounts-area';
import type { ServiceAdapters } from './adapters';
import { buildChainArea, type ChainArea } from './chain-area';
import type { ClusterAdapters } from './cluster';
import { buildConsoleArea, type ConsoleArea } from './console-area';
import { buildPlayArea, type PlayArea } from './play-area';

export interface ServiceOptions {
  config: AppConfig;
  db: Database;
  logger: Logger;
  clock: Clock;
  cluster: ClusterAdapters;
  adapters: ServiceAdapters;
  /** Run the chain workers on timers (default true); tests drive `tick()` themselves. */
  startChainWorkers?: boolean;
  matchOptions?: Partial<MatchOptions>;
  leaseTiming?: { gameLeaseTtlMs?: number; takeoverScanMs?: number; leaderLeaseTtlMs?: number };
  /** Issue 24: how long a rematch request waits (tests shorten it). */
  rematchTimeoutMs?: number;
}

export function buildServices(options: ServiceOptions) {
  const { config, db, logger, clock, cluster, adapters } = options;
  const { realtime, metrics } = adapters;
  // Issue 29: every service mails through the outbox; its worker sends through the given mailer (SMTP or the log).
  const mailOutbox = createMailOutbox({ db, transport: adapters.mailer, clock, logger, pollMs: config.mailOutboxPollMs });
  const mailer = mailOutbox.mailer;
  // Issue 16: the balances this node tells, and who was found clear of protections, answer a search's early checks (decision 028).
  const playerFacts = createPlayerFacts({ now: () => clock().getTime() });
  const balanceEvents = rememberingBalances(realtime.balanceEvents, playerFacts);
  cluster.onTicketDropped((ticket) => realtime.searchNotices.searchInterrupted(ticket.userId));
  const startChainWorkers = options.startChainWorkers !== false;

  const chainArea = buildChainArea({
    config,
    db,
    logger,
    clock,
    cluster,
    hdWallet: adapters.hdWallet,
    fairnessSigningKey: adapters.fairnessSigningKey,
    balanceEvents,
    startChainWorkers,
    ...(adapters.chain ? { chain: adapters.chain } : {}),
    ...(options.leaseTiming?.leaderLeaseTtlMs ? { leaderLeaseTtlMs: options.leaseTiming.leaderLeaseTtlMs } : {}),
  });
  const accounts = buildAccountsArea({
    config,
    db,
    logger,
    clock,
    mailer,
    passwords: adapters.passwords,
    twoFactorKey: adapters.twoFactorKey,
    sessionEvents: realtime.sessionEvents,
    depositAddresses: chainArea.depositAddresses,
    signatures: adapters.signatures,
    chainId: chainArea.chain.id,
  });
  const play = buildPlayArea({
    config,
    db,
    logger,
    clock,
    cluster,
    realtime,
    balanceEvents,
    facts: playerFacts,
    users: accounts.users,
    depositAddresses: chainArea.depositAddresses,
    requiredConfirmations: chainArea.chain.requiredConfirmations,
    chainHead: () => chainArea.depositWatcher?.head(),
    observeSettle: (seconds) => metrics.observeSettle(seconds),
    transcriptSigner: chainArea.transcriptSigner,
    // Issue 18: the collusion rules after every settled game, for its two players (the console is built below).
    onSettled: (players) => consoleArea.admin.afterGame(players),
    ...(adapters.priceFetch ? { priceFetch: adapters.priceFetch } : {}),
    ...(options.matchOptions ? { matchOptions: options.matchOptions } : {}),
    ...(options.leaseTiming ? { leaseTiming: options.leaseTiming } : {}),
    ...(options.rematchTimeoutMs ? { rematchTimeoutMs: options.rematchTimeoutMs } : {}),
  });
  const consoleArea = buildConsoleArea({
    config,
    db,
    logger,
    clock,
    metrics,
    realtime,
    balanceEvents,
    accounts,
    play,
    chain: chainArea,
  });

  const { contact, chainRpcProxy } = buildOtherServices(options, mailer);
  mailOutbox.registerGauges(metrics.registry);
  chainArea.chainHealth?.registerGauge(metrics.registry);
  metrics.setSources({
    socketConnections: realtime.socketCounts,
    onlineUsers: () => cluster.presence.countOnlineUsers(),
    queueLengths: () => cluster.matchQueue.lengths(),
    gamesRunning: () => play.games.liveCount(),
    pendingWithdrawals: () => pendingWithdrawalCount(db, chainArea.chain.id),
    ...(chainArea.chainLag ? { chainCursorLag: chainArea.chainLag } : {}),
  });

  // The counters' cleanup is the lifecycle's, not a service of its own.
  const { countersCleanup: _lifecycleOnly, ...accountServices } = accounts;
  return {
    db,
    clock,
    metrics,
    presence: cluster.presence,
    matchQueue: cluster.matchQueue,
    chain: chainArea.chain,
    depositAddresses: chainArea.depositAddresses,
    depositWatcher: chainArea.depositWatcher,
    withdrawalSender: chainArea.withdrawalSender,
    chainLeader: chainArea.chainLeader,
    transcriptSigner: chainArea.transcriptSigner,
    solvency: chainArea.solvency,
    chainHealth: chainArea.chainHealth,
    chainStatus: chainArea.chainStatus,
    ...accountServices,
    ...play,
    ...consoleArea,
    contact,
    chainRpcProxy,
    mailOutbox,
    ...lifecycle({ logger, startChainWorkers, mailOutbox, chainArea, play, consoleArea, accounts }),
  };
}

/** The rest: the contact form and the chain RPC proxy. */
function buildOtherServices(options: ServiceOptions, mailer: Mailer) {
  const { config, db, logger, clock, adapters } = options;
  const contact = createContactService({
    contactRepo: createContactRepo(db),
    mailer,
    supportEmail: config.supportEmail,
    clock,
    logger,
  });
  // Without a chain (tests of other parts) every call answers 503.
  const chainRpcProxy = createChainRpcProxy({ rpcUrl: adapters.chain?.rpcUrl, logger, gasCap: config.chainRpcGasCap });
  return { contact, chainRpcProxy };
}

/** What starts once the app is mounted and what stops, in order, when it closes. */
function lifecycle(parts: {
  logger: Logger;
  startChainWorkers: boolean;
  mailOutbox: MailOutbox;
  chainArea: Pick<ChainArea, 'chainHealth' | 'startChainWorkers' | 'stopChainWorkers'>;
  play: Pick<PlayArea, 'price' | 'games' | 'lobby' | 'challenges' | 'rematch'>;
  consoleArea: Pick<ConsoleArea, 'admin'>;
  accounts: Pick<AccountsArea, 'countersCleanup' | 'accountSecurity'>;
}) {
  const { logger, startChainWorkers, mailOutbox, chainArea, accounts } = parts;
  const { price, games, lobby, challenges, rematch } = parts.play;
  const { admin } = parts.consoleArea;
  return {
    /** Once the app is mounted: the price poller, the games a previous process left running, the chain workers (or their election). */
    async start(): Promise<void> {
      price.start();
      mailOutbox.start();
      if (startChainWorkers) chainArea.chainHealth?.start();
      lobby.start();
      challenges.start();
      // Games left running by a previous process continue here (players get the reconnection grace).
      const resumed = await games.resumeAll();
      if (resumed > 0) logger.info({ resumed }, 'Running games resumed');
      if (startChainWorkers) {
        admin.start();
        accounts.countersCleanup.start();
      }
      chainArea.startChainWorkers();
    },
    /** Every loop stopped and every piece of work under way awaited; sockets and adapters are the caller's. */
    async stop(): Promise<void> {
      await accounts.countersCleanup.stop();
      await admin.stop();
      await price.stop();
      await chainArea.chainHealth?.stop();
      await lobby.stop();
      await challenges.stop();
      rematch.stop();
      await games.stop();
      await chainArea.stopChainWorkers();
      await accounts.accountSecurity.settled();
      // Last: the mails the work above wrote still get their try.
      await mailOutbox.stop();
    },
  };
}

export type Services = ReturnType<typeof buildServices>;

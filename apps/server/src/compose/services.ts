/**
 * The services: every module built on its adapters (database, mailer, chain,
 * the cluster adapters, the transports' event interfaces), plus their
 * lifecycle — what starts once the app is mounted (the price poller, the
 * games left running, the chain workers or their leader election) and what
 * stops, in order, when it closes.
 */
import type { KeyObject } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { generateSigningSeed, parseSigningKey } from '@shifumi/fairness/node';
import type { MatchOptions } from '@shifumi/game';
import { TERMS_VERSION } from '@shifumi/protocol';
import { verifyMessage } from 'viem';
import type { AppConfig } from '../config';
import type { ChainContext } from '../infra/chain/chain-runtime';
import { DEV_CHAIN_ID, DEV_MNEMONIC, HdWallet } from '../infra/chain/hd-wallet';
import type { Database, Executor } from '../infra/db/database';
import type { Mailer } from '../infra/mailer/mailer';
import { createMetrics, type Metrics } from '../infra/metrics';
import { createAccountService } from '../modules/account/account.service';
import { createAdminConsole } from '../modules/admin/admin-console';
import { linkBetween } from '../modules/admin/linked-accounts';
import { createChainHoldings } from '../modules/ledger/chain-holdings';
import { createStaffDisconnects } from '../realtime/staff-disconnects';
import { createAccountSecurityRepo } from '../modules/account-security/account-security.repo';
import { createAccountSecurity } from '../modules/account-security/account-security.service';
import { createAddressBook } from '../modules/account-security/address-book.service';
import { createSecretBox } from '../modules/account-security/secret-box';
import { createTwoFactor } from '../modules/account-security/two-factor.service';
import { createWithdrawalGuard } from '../modules/account-security/withdrawal-guard';
import { createAccessTokens } from '../modules/auth/access-tokens';
import { createAuthRepo } from '../modules/auth/auth.repo';
import { createAuthService } from '../modules/auth/auth.service';
import { createLoginFailures } from '../modules/auth/login-failures.repo';
import { createMailThrottle } from '../modules/account-security/mail-throttle.repo';
import { createArgon2PasswordHasher, type PasswordHasher } from '../modules/auth/passwords';
import { createChainHealth } from '../modules/chain-rpc/chain-health';
import { createChainRpcProxy } from '../modules/chain-rpc/chain-rpc-proxy';
import { createContactRepo } from '../modules/contact/contact.repo';
import { createContactService } from '../modules/contact/contact.service';
import { createMailOutbox } from '../modules/mail/mail-outbox';
import { createDepositAddresses } from '../modules/deposits/deposit-addresses';
import { createDepositWatcher } from '../modules/deposits/deposit-watcher';
import { createTranscriptSigner } from '../modules/fairness/signing-key';
import { createSolvency } from '../modules/solvency/solvency.service';
import { createGameService } from '../modules/games/game.service';
import { createLeaderElection, type LeaderElection } from '../modules/leases/leader';
import { createChallenges } from '../modules/challenges/challenges.service';
import { createLobby } from '../modules/matchmaking/lobby';
import { createMatchmaking, insufficientBalanceText, MATCHMAKING_TEXTS } from '../modules/matchmaking/matchmaking.service';
import { createPlayerFacts, rememberingBalances } from '../modules/matchmaking/player-facts';
import { cursorLag, pendingWithdrawalCount, scannerCursor } from '../modules/metrics/metrics.repo';
import { createPriceService, type FetchFn } from '../modules/price/price.service';
import { recordTermsAcceptance } from '../modules/responsible-gaming/responsible-gaming.repo';
import { createResponsibleGaming } from '../modules/responsible-gaming/responsible-gaming.service';
import { createSiweService } from '../modules/siwe/siwe.service';
import { createUsersRepo } from '../modules/users/users.repo';
import { createWithdrawalSender } from '../modules/withdrawals/withdrawal-sender';
import { createChainWithdrawalFees } from '../modules/withdrawals/withdrawal-fees';
import { createWithdrawalsService } from '../modules/withdrawals/withdrawals.service';
import { createBalanceEvents } from '../realtime/balance-events';
import { createChallengeEvents, createPlayerPresenceCheck, createRematchEvents } from '../realtime/challenge-events';
import { createRematch } from '../modules/rematch/rematch.service';
import { createGameEvents, createPlayerConnections } from '../realtime/game-events';
import { userRoom } from '../realtime/servers';
import { createSocketSessionEvents } from '../realtime/socket-session-events';
import type { Clock } from '../shared/clock';
import { createPeriodicTask } from '../shared/periodic-task';
import type { Logger } from '../shared/logger';
import type { ClusterAdapters } from './cluster';
import type { Transport } from './transport';

export interface ServiceOptions {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  clock: Clock;
  cluster: ClusterAdapters;
  transport: Pick<Transport, 'io' | 'publicIo'>;
  passwords?: PasswordHasher;
  priceFetch?: FetchFn;
  chain?: ChainContext;
  /** Run the chain workers on timers (default true); tests drive `tick()` themselves. */
  startChainWorkers?: boolean;
  matchOptions?: Partial<MatchOptions>;
  leaseTiming?: { gameLeaseTtlMs?: number; takeoverScanMs?: number; leaderLeaseTtlMs?: number };
  metrics?: Metrics;
  fairnessSigningKey?: KeyObject;
  /** Issue 24: how long a rematch request waits (tests shorten it). */
  rematchTimeoutMs?: number;
}

export function buildServices(options: ServiceOptions) {
  const { config, db, logger, clock, cluster, chain } = options;
  // Issue 29: every service mails through the outbox; its worker sends through the given mailer (SMTP or the log).
  const mailOutbox = createMailOutbox({ db, transport: options.mailer, clock, logger, pollMs: config.mailOutboxPollMs });
  const mailer = mailOutbox.mailer;
  const { io, publicIo } = options.transport;
  const metrics = options.metrics ?? createMetrics({ nodeId: config.nodeId, logger });
  // The transports' side of the modules' event interfaces (realtime/).
  const sessionEvents = createSocketSessionEvents(io);
  // Issue 16: the balances this node tells, and who was found clear of protections, answer a search's early checks (decision 028).
  const playerFacts = createPlayerFacts({ now: () => clock().getTime() });
  const balanceEvents = rememberingBalances(createBalanceEvents(io), playerFacts);
  cluster.onTicketDropped((ticket) => io.to(userRoom(ticket.userId)).emit('error', { message: MATCHMAKING_TEXTS.searchInterrupted }));

  // ---- the chain: deposit addresses, the watcher, the sender, and with several nodes their leader ----
  const depositAddresses = createDepositAddresses(db, chain?.hdWallet ?? new HdWallet(DEV_MNEMONIC));
  const transcriptSigner = createTranscriptSigner(options.fairnessSigningKey ?? parseSigningKey(config.fairnessSigningKey ?? generateSigningSeed()));
  // Issue 28: proof of solvency, on its schedule on the chain workers' node (the leader with several), and when an admin asks.
  const solvency = createSolvency({
    db,
    clock,
    logger,
    reserveAddresses: config.reserveAddresses,
    sign: (unsigned) => transcriptSigner.signSnapshot(unsigned),
    everyMs: config.solvencySnapshotMinutes * 60_000,
    ...(chain
      ? {
          chain: {
            chainId: chain.settings.chainId,
            confirmations: chain.settings.depositConfirmations,
            blockNumber: () => chain.publicClient.getBlockNumber({ cacheTime: 0 }),
            balanceAt: (address, blockNumber) => chain.publicClient.getBalance({ address, blockNumber }),
            hotWalletAddress: chain.hotWalletAddress,
            signWithHotWallet: (message) => chain.hotWallet.signMessage({ account: chain.hotWallet.account, message }),
            depositAddressFor: (index) => depositAddresses.addressFor(index),
            signWithDepositKey: (index, message) => chain.hdWallet.depositAccount(index).signMessage({ message }),
          },
        }
      : {}),
  });
  const chainId = chain?.settings.chainId ?? DEV_CHAIN_ID;
  const requiredConfirmations = chain?.settings.depositConfirmations ?? 1;
  const startChainWorkers = options.startChainWorkers !== false;
  // Several nodes: the chain workers run on the elected leader only, and their claims check its epoch.
  const electChainLeader = cluster.clustered && chain !== undefined && startChainWorkers;
  let chainLeader: LeaderElection | undefined;
  const chainFence = electChainLeader ? { fence: (tx: Executor) => chainLeader!.fence(tx) } : {};
  const depositWatcher = chain ? createDepositWatcher({ db, chain, depositAddresses, balanceEvents, logger, clock, ...chainFence }) : undefined;
  const withdrawalSender = chain ? createWithdrawalSender({ db, chain, balanceEvents, logger, clock, ...chainFence }) : undefined;
  if (electChainLeader) {
    chainLeader = createLeaderElection({
      db,
      leases: cluster.leases,
      role: 'chain-workers',
      holder: cluster.holder,
      ttlMs: options.leaseTiming?.leaderLeaseTtlMs ?? 10_000,
      logger,
      onElected: () => {
        depositWatcher?.start();
        withdrawalSender?.start();
        solvency.start();
      },
      onDeposed: async () => {
        await Promise.all([depositWatcher?.stop(), withdrawalSender?.stop(), solvency.stop()]);
      },
    });
  }

  // ---- accounts: users, second step, address book, sign-in ----
  const users = createUsersRepo(db);
  const passwords = options.passwords ?? createArgon2PasswordHasher();
  // Issue 13. main.ts always resolves the key (config or DATA_DIR); an app built without one (tests) uses a key of its own.
  if (config.twoFactorEncryptionKey === undefined) logger.info('Two-factor secrets are sealed with a key of this process only');
  const twoFactor = createTwoFactor({ db, box: createSecretBox(config.twoFactorEncryptionKey ?? randomBytes(32).toString('hex')), clock });
  const holdAfterSecurityChangeHours = config.withdrawalHoldAfterSecurityChangeHours;
  // Issue 23: counted in the database, so every node sees the same counts.
  const loginFailures = createLoginFailures(db, { limit: config.loginFailuresPerAccount, windowMs: config.loginFailureWindowMinutes * 60_000 });
  const mailThrottle = createMailThrottle(db);
  // Rows of ended windows (unknown addresses included) are forgotten every 10 minutes.
  const countersCleanup = createPeriodicTask({
    name: 'Sign-in and mail counters cleanup',
    everyMs: 10 * 60_000,
    logger,
    run: async () => {
      await loginFailures.forgetEnded(clock());
      await mailThrottle.forgetEnded(clock());
    },
  });
  const accountSecurity = createAccountSecurity({
    repo: createAccountSecurityRepo(db),
    users,
    twoFactor,
    passwords,
    mailer,
    sessionEvents,
    clock,
    appUrl: config.appUrl,
    logger,
    db,
    holdAfterSecurityChangeHours,
    liftSignInLock: (email) => loginFailures.clear(email),
    mailThrottle,
  });
  const addressBook = createAddressBook({
    db,
    users,
    twoFactor,
    accountSecurity,
    mailer,
    clock,
    appUrl: config.appUrl,
    holdHours: config.withdrawalNewAddressHoldHours,
    mailThrottle,
  });
  const withdrawalGuard = createWithdrawalGuard({ db, twoFactor, accountSecurity, addressBook, clock, holdAfterSecurityChangeHours });
  const auth = createAuthService({
    users,
    authRepo: createAuthRepo(db),
    passwords,
    secondStep: accountSecurity.secondStep,
    accessTokens: createAccessTokens({ secret: config.jwtSecret, clock }),
    mailer,
    sessionEvents,
    clock,
    appUrl: config.appUrl,
    logger,
    depositAddresses,
    recordAcceptance: (userId) => recordTermsAcceptance(db, userId, TERMS_VERSION, clock()),
    loginFailures,
    loginFailureWindowMinutes: config.loginFailureWindowMinutes,
    mailThrottle,
    twoFactor,
    notice: (to, notice, where) => accountSecurity.notify(to, notice, where),
  });
  const siwe = createSiweService({
    db,
    // Without a chain (tests of other parts) only plain accounts' signatures can be checked.
    publicClient: chain?.publicClient ?? { verifyMessage: ({ address, message, signature }) => verifyMessage({ address, message, signature }) },
    appUrl: config.appUrl,
    allowedChainIds: [chainId],
    clock,
    logger,
  });

  // ---- games, matchmaking, money ----
  const price = createPriceService({
    fixed: config.fixedEthUsdPrice,
    url: config.priceUrl,
    pollMs: config.pricePollMs,
    staleMs: config.priceStaleMs,
    fetch: options.priceFetch,
    clock,
    logger,
  });
  const currentPrice = () => price.current()?.microUsdPerEth;
  const games = createGameService({
    db,
    events: createGameEvents(io, publicIo),
    connections: createPlayerConnections(io),
    balanceEvents,
    logger,
    clock,
    matchOptions: { revealWindowMs: config.revealWindowMs, ...options.matchOptions },
    texts: { insufficientBalance: insufficientBalanceText, alreadyPlaying: MATCHMAKING_TEXTS.alreadyPlaying },
    // Issue 18: linked accounts never play each other, asked in the start transaction.
    linked: async (tx, first, second) => (await linkBetween(tx, first, second)) !== undefined,
    playerClear: (userId) => playerFacts.noteClear(userId),
    ownership: {
      leases: cluster.leases,
      holder: cluster.holder,
      ...(cluster.relay ? { relay: cluster.relay } : {}),
      ...(options.leaseTiming?.gameLeaseTtlMs ? { leaseTtlMs: options.leaseTiming.gameLeaseTtlMs } : {}),
      ...(options.leaseTiming?.takeoverScanMs ? { scanEveryMs: options.leaseTiming.takeoverScanMs } : {}),
    },
    observeSettle: (seconds) => metrics.observeSettle(seconds),
    // Issue 18: the collusion rules after every settled game, for its two players (the console is built below).
    onSettled: (_gameId, players) => admin.afterGame(players),
  });
  const matchmaking = createMatchmaking({
    db,
    queue: cluster.matchQueue,
    games,
    price,
    clock,
    logger,
    notifyError: (socketId, message) => io.to(socketId).emit('error', { message }),
    facts: playerFacts,
  });
  // Issue 24: who is waiting at each stake, across the nodes (the queue counts for all of them).
  const lobby = createLobby({ queue: cluster.matchQueue, logger });
  const playerPresence = createPlayerPresenceCheck(io);
  // Issue 24: a rematch after an ended game, through the same start transaction.
  const rematch = createRematch({
    db,
    games,
    queue: cluster.matchQueue,
    price,
    clock,
    logger,
    events: createRematchEvents(io),
    presence: playerPresence,
    ...(options.rematchTimeoutMs ? { timeoutMs: options.rematchTimeoutMs } : {}),
  });
  // Issue 24: challenges by link start their game through the same start transaction as a match.
  const challenges = createChallenges({
    db,
    games,
    queue: cluster.matchQueue,
    price,
    clock,
    logger,
    events: createChallengeEvents(io),
    presence: playerPresence,
    appUrl: config.appUrl,
    ttlMinutes: config.challengeTtlMinutes,
  });
  const responsibleGaming = createResponsibleGaming({
    db,
    clock,
    increaseDelayMs: config.limitIncreaseDelayHours * 3_600_000,
    currentPrice,
    onChanged: (userId) => playerFacts.forget(userId),
  });
  const account = createAccountService({
    users,
    db,
    depositAddresses,
    requiredConfirmations,
    chainHead: () => depositWatcher?.head(),
    gameHistory: (userId) => games.history(userId),
    heldWei: (userId, balanceWei) => responsibleGaming.heldWei(userId, balanceWei),
  });
  // Issue 29: whether this node reaches the chain's RPC (players' notice, the console, /metrics). Without a chain: never delayed.
  const chainHealth = chain ? createChainHealth({ probe: () => chain.publicClient.getBlockNumber(), everyMs: Math.max(chain.pollMs, 1_000), clock, logger }) : undefined;
  const chainStatus = () => chainHealth?.status() ?? { delayed: false, since: undefined };
  // Issue 18: the operator's console (its routes in app.ts; its review and freeze hooks in the withdrawals service).
  const admin = createAdminConsole({
    db,
    clock,
    logger,
    config,
    authenticate: (header) => auth.authenticate(header),
    balanceEvents,
    disconnects: createStaffDisconnects(io),
    priceUpdatedAt: () => price.current()?.updatedAt,
    chainDelayedSince: () => chainStatus().since,
    registry: metrics.registry,
    solvency: () => solvency.adminSummary(),
    stuck: {
      withdrawalStuckMs: config.withdrawalStuckMs,
      takeOverGames: () => games.resumeAll(),
      ...(depositWatcher ? { creditDeposit: (id: string, inTransaction?: Parameters<typeof depositWatcher.creditNow>[1]) => depositWatcher.creditNow(id, inTransaction) } : {}),
      ...(chain
        ? {
            chain: {
              publicClient: chain.publicClient,
              hotWalletAddress: chain.hotWalletAddress,
              chainId,
              requiredConfirmations: chain.settings.withdrawalConfirmations,
              depositConfirmations: requiredConfirmations,
            },
          }
        : {}),
    },
    ...(chain
      ? {
          holdings: createChainHoldings(db, chain),
          chainLag: async () => cursorLag(await chain.publicClient.getBlockNumber(), await scannerCursor(db, chainId)),
        }
      : {}),
  });
  const withdrawals = createWithdrawalsService({
    db,
    chainId,
    users,
    sendVerificationMail: (context) => auth.resendVerification(context),
    balanceEvents,
    logger,
    clock,
    guard: withdrawalGuard,
    fees: chain ? createChainWithdrawalFees(chain.publicClient, clock) : undefined,
    minimumWei: config.withdrawalMinWei,
    perHour: config.withdrawalsPerHour,
    review: admin.withdrawalHooks,
    ...(chain ? { houseAddresses: [chain.hotWalletAddress.toLowerCase()] } : {}),
  });

  // ---- the rest: contact, fairness, the chain RPC proxy, metrics' sources ----
  const contact = createContactService({ contactRepo: createContactRepo(db), mailer, supportEmail: config.supportEmail, clock, logger });
  // Without a chain (tests of other parts) every call answers 503.
  const chainRpcProxy = createChainRpcProxy({ rpcUrl: chain?.rpcUrl, logger, gasCap: config.chainRpcGasCap });
  mailOutbox.registerGauges(metrics.registry);
  chainHealth?.registerGauge(metrics.registry);
  metrics.setSources({
    socketConnections: () => ({ signedIn: io.of('/').sockets.size, public: publicIo.of('/').sockets.size }),
    onlineUsers: () => cluster.presence.countOnlineUsers(),
    queueLengths: () => cluster.matchQueue.lengths(),
    gamesRunning: () => games.liveCount(),
    pendingWithdrawals: () => pendingWithdrawalCount(db, chainId),
    ...(chain ? { chainCursorLag: async () => cursorLag(await chain.publicClient.getBlockNumber(), await scannerCursor(db, chainId)) } : {}),
  });

  return {
    db,
    clock,
    metrics,
    presence: cluster.presence,
    matchQueue: cluster.matchQueue,
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
    users,
    twoFactor,
    accountSecurity,
    addressBook,
    withdrawalGuard,
    auth,
    siwe,
    price,
    currentPrice,
    games,
    matchmaking,
    lobby,
    challenges,
    rematch,
    responsibleGaming,
    account,
    withdrawals,
    admin,
    contact,
    transcriptSigner,
    solvency,
    chainRpcProxy,
    mailOutbox,
    chainHealth,
    chainStatus,

    /** Once the app is mounted: the price poller, the games a previous process left running, the chain workers (or their election). */
    async start(): Promise<void> {
      price.start();
      mailOutbox.start();
      if (startChainWorkers) chainHealth?.start();
      lobby.start();
      challenges.start();
      // Games left running by a previous process continue here (players get the reconnection grace).
      const resumed = await games.resumeAll();
      if (resumed > 0) logger.info({ resumed }, 'Running games resumed');
      if (startChainWorkers) {
        admin.start();
        countersCleanup.start();
      }
      if (chainLeader) chainLeader.start();
      else if (startChainWorkers) {
        depositWatcher?.start();
        withdrawalSender?.start();
        solvency.start();
      }
    },
    /** Every loop stopped and every piece of work under way awaited; sockets and adapters are the caller's. */
    async stop(): Promise<void> {
      await countersCleanup.stop();
      await admin.stop();
      await price.stop();
      await chainHealth?.stop();
      await lobby.stop();
      await challenges.stop();
      rematch.stop();
      await games.stop();
      await chainLeader?.stop();
      await depositWatcher?.stop();
      await withdrawalSender?.stop();
      await solvency.stop();
      await accountSecurity.settled();
      // Last: the mails the work above wrote still get their try.
      await mailOutbox.stop();
    },
  };
}

export type Services = ReturnType<typeof buildServices>;

/**
 * Play: the price, games (their rooms, ownership across nodes), matchmaking,
 * the lobby, challenges by link and rematches (issue 24), responsible gaming
 * (issue 19), and the account page that sums them up.
 */
import type { MatchOptions } from '@shifumi/game';
import type { AppConfig } from '../config';
import { freeConnections, type Database } from '../infra/db/database';
import { createAccountService } from '../modules/account/account.service';
import { createAccountStatus } from '../modules/account/account-status';
import { LINKED_ACCOUNTS_SQL } from '../modules/admin/linked-accounts.repo';
import { createChallenges } from '../modules/challenges/challenges.service';
import type { DepositAddresses } from '../modules/deposits/deposit-addresses';
import type { TranscriptSigner } from '../modules/fairness/signing-key';
import { createGameDetails } from '../modules/games/game-detail';
import { createGameService } from '../modules/games/game.service';
import { createPlayerTranscripts } from '../modules/games/transcript';
import type { BalanceEvents } from '../modules/ledger/balance-events';
import { createLobby } from '../modules/matchmaking/lobby';
import { createMatchmaking } from '../modules/matchmaking/matchmaking.service';
import type { PlayerFacts } from '../modules/matchmaking/player-facts';
import { createPriceService, type FetchFn } from '../modules/price/price.service';
import { createRematch } from '../modules/rematch/rematch.service';
import { createResponsibleGaming } from '../modules/responsible-gaming/responsible-gaming.service';
import { createStatements } from '../modules/responsible-gaming/statement';
import type { UsersRepo } from '../modules/users/users.repo';
import type { RealtimePorts } from '../realtime/realtime-ports';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import type { ClusterAdapters } from './cluster';

export interface PlayAreaOptions {
  config: AppConfig;
  db: Database;
  logger: Logger;
  clock: Clock;
  cluster: ClusterAdapters;
  realtime: RealtimePorts;
  /** The transports' balance events, remembered by `facts`. */
  balanceEvents: BalanceEvents;
  facts: PlayerFacts;
  priceFetch?: FetchFn;
  users: UsersRepo;
  depositAddresses: DepositAddresses;
  requiredConfirmations: number;
  /** The head the deposit watcher saw last (absent without a chain). */
  chainHead: () => bigint | undefined;
  observeSettle: (seconds: number) => void;
  /** Signs the transcripts of ended games (issue 17). */
  transcriptSigner: Pick<TranscriptSigner, 'sign'>;
  /** After every settled game, for its two players (issue 18's collusion rules). */
  onSettled: (players: readonly [string, string]) => void | Promise<void>;
  matchOptions?: Partial<MatchOptions>;
  leaseTiming?: { gameLeaseTtlMs?: number; takeoverScanMs?: number };
  rematchTimeoutMs?: number;
}

export function buildPlayArea(options: PlayAreaOptions) {
  const { config, db, logger, clock, cluster, realtime, balanceEvents, facts } = options;
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
  const poolFree = freeConnections(db);
  const games = createGameService({
    db,
    events: realtime.gameEvents,
    connections: realtime.playerConnections,
    balanceEvents,
    logger,
    clock,
    matchOptions: { revealWindowMs: config.revealWindowMs, ...options.matchOptions },
    // Issue 18: linked accounts never play each other, asked in the start transaction.
    linkedSql: LINKED_ACCOUNTS_SQL,
    playerClear: (userId) => facts.noteClear(userId),
    ownership: {
      leases: cluster.leases,
      holder: cluster.holder,
      ...(cluster.relay ? { relay: cluster.relay } : {}),
      ...(options.leaseTiming?.gameLeaseTtlMs ? { leaseTtlMs: options.leaseTiming.gameLeaseTtlMs } : {}),
      ...(options.leaseTiming?.takeoverScanMs ? { scanEveryMs: options.leaseTiming.takeoverScanMs } : {}),
      ...(poolFree ? { freeConnections: poolFree } : {}),
    },
    observeSettle: options.observeSettle,
    onSettled: (_gameId, players) => {
      // Issue 30: both play nowhere now; a search of theirs on this node skips the "already playing?" query.
      for (const userId of players) facts.noteFree(userId);
      return options.onSettled(players);
    },
  });
  const matchmaking = createMatchmaking({
    db,
    queue: cluster.matchQueue,
    games,
    price,
    clock,
    logger,
    notifyError: (socketId, refusal) => realtime.searchNotices.searchFailed(socketId, refusal),
    facts,
  });
  // Issue 24: who is waiting at each stake, across the nodes (the queue counts for all of them).
  const lobby = createLobby({ queue: cluster.matchQueue, logger });
  // What starts a game between two chosen players through the start transaction (a rematch, a challenge).
  const startsGames = { db, games, queue: cluster.matchQueue, price, clock, logger, presence: realtime.playerPresence };
  // Issue 24: a rematch after an ended game, through the same start transaction.
  const rematch = createRematch({
    ...startsGames,
    events: realtime.rematchEvents,
    ...(options.rematchTimeoutMs ? { timeoutMs: options.rematchTimeoutMs } : {}),
  });
  // Issue 24: challenges by link start their game through the same start transaction as a match.
  const challenges = createChallenges({
    ...startsGames,
    events: realtime.challengeEvents,
    appUrl: config.appUrl,
    ttlMinutes: config.challengeTtlMinutes,
  });
  const responsibleGaming = createResponsibleGaming({
    db,
    clock,
    increaseDelayMs: config.limitIncreaseDelayHours * 3_600_000,
    currentPrice,
    onChanged: (userId) => facts.forget(userId),
  });
  const account = createAccountService({
    users: options.users,
    db,
    depositAddresses: options.depositAddresses,
    requiredConfirmations: options.requiredConfirmations,
    chainHead: options.chainHead,
    gameHistory: (userId) => games.history(userId),
    heldWei: (userId, balanceWei) => responsibleGaming.heldWei(userId, balanceWei),
  });
  // Issue 26: what the player may not do now, and why, and until when (GET /api/account/status).
  const accountStatus = createAccountStatus({
    db,
    users: options.users,
    clock,
    holdAfterSecurityChangeHours: config.withdrawalHoldAfterSecurityChangeHours,
    limits: (userId) => responsibleGaming.limits(userId),
  });
  return {
    price,
    currentPrice,
    games,
    // Issue 14: a game of the player's, round by round; issue 17: its signed transcript.
    gameDetails: createGameDetails(db),
    transcripts: createPlayerTranscripts(db, options.transcriptSigner),
    matchmaking,
    lobby,
    rematch,
    challenges,
    responsibleGaming,
    // Issue 19: the player's statements.
    statements: createStatements({ db, clock, currentPrice }),
    account,
    accountStatus,
  };
}

export type PlayArea = ReturnType<typeof buildPlayArea>;

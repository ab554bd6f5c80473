/**
 * The game service the realtime handlers, matchmaking and the HTTP routes
 * call: a facade over the game runtime, which lives in
 *
 * - game-room.ts: one game — its action queue, the engine step, what is
 *   saved when, the settlement, what the players are told, its timer;
 * - game-store.ts: the rooms' store on PostgreSQL (saves and settlement,
 *   fenced by the owner token);
 * - game-ownership.ts: which games this node runs (decision 007: the
 *   ownership model is described there), one job per file: game-registry.ts
 *   (the rooms here), game-leases.ts (check, renewal, release),
 *   game-takeover.ts (claim, take over, scan), game-connection-audit.ts
 *   (sockets on any node, the audit);
 * - game-router.ts: where a game runs, and an action run here, relayed to its
 *   owner or run after a takeover; the relay messages between nodes;
 * - game-start.ts: a game's start (the escrow transaction, a few at a time);
 * - game-history.ts: the feed of recent games and a user's history.
 *
 * Events go to per-player rooms (`game:<id>:<user>`, game-events.ts), so a
 * player connected to any socket (or, with the Redis adapter, any node)
 * receives them. Decision 027 describes the split.
 */
import type { MatchOptions } from '@shifumi/game';
import type { GameHistoryItem, TransactionFeedItem } from '@shifumi/protocol';
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { BalanceEvents } from '../ledger/balance-events';
import type { GameEvents, PlayerConnections } from './game-events';
import { gameHistory, recentTransactions } from './game-history';
import { createGameOwnership, type GameOwnershipOptions } from './game-ownership';
import { createGameRouter } from './game-router';
import { createGameStart } from './game-start';
import { createGameStore } from './game-store';
import { findPlayingGameOf } from './games.repo';

export { gameOfPlayerRoom, playerRoom } from './game-events';
export { gameLeaseKey, type GameOwnershipOptions } from './game-ownership';
export { type ActionResult, type GamePlayer } from './game-room';
export type { PlayerAction } from './game-router';
export type { MatchRequest, StartRefusal, StartResult } from './game-start';

export interface GameServiceDeps {
  db: Database;
  /** What the players and the public feed are told (implemented by realtime/). */
  events: GameEvents;
  /** Which player rooms have a socket on this node (implemented by realtime/). */
  connections: PlayerConnections;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
  matchOptions?: Partial<MatchOptions>;
  /**
   * Issue 18: whether two accounts are linked, a boolean SQL expression over $1 and $2 (the players' ids); asked in
   * the start transaction with the players' lock, a linked pair never plays.
   */
  linkedSql?: string;
  /** Told of each player a game's start found with no freeze, protection or limit (issue 16, decision 028). */
  playerClear?: (userId: string) => void;
  ownership?: GameOwnershipOptions;
  /** Told the seconds from the action that ended a game to its settlement committed (metrics). */
  observeSettle?: (seconds: number) => void;
  /** Told once a game's settlement has committed (e.g. the collusion rules); never awaited, its errors only logged. */
  onSettled?: (gameId: string, players: readonly [string, string]) => void | Promise<void>;
}

export function createGameService(deps: GameServiceDeps) {
  const { db, events, logger, clock } = deps;
  const options = deps.ownership ?? {};
  const ownership = createGameOwnership({
    db,
    connections: deps.connections,
    logger,
    options,
    room: {
      store: createGameStore(db),
      events,
      clock,
      logger,
      balanceEvents: deps.balanceEvents,
      observeSettle: deps.observeSettle,
      onSettled: deps.onSettled,
    },
  });
  const router = createGameRouter({ db, ownership, logger, clock });
  const { start } = createGameStart({
    db,
    ownership,
    events,
    balanceEvents: deps.balanceEvents,
    logger,
    clock,
    matchOptions: deps.matchOptions,
    concurrentStarts: options.concurrentStarts,
    ...(options.freeConnections ? { freeConnections: options.freeConnections } : {}),
    linkedSql: deps.linkedSql,
    playerClear: deps.playerClear,
  });

  const playingKnownHere = (userId: string): boolean | undefined => {
    if (ownership.gameOf(userId) !== undefined) return true;
    return ownership.knowsAll() ? false : undefined;
  };

  return {
    /** Creates the game and escrows both stakes in one transaction, then tells both players (game-start.ts). */
    start,
    /** Applies a player's action to their game, wherever it runs (game-router.ts). */
    act: router.act,
    /** The live game of a user on this node, if any. */
    gameOf: ownership.gameOf,
    /** A player's socket connected (to this node): their game in play, if any, with its `game_state`. */
    rejoin: router.rejoin,
    /** One of the player's sockets in `room` closed: counted disconnected once none is left on any node. */
    socketLeft: router.socketLeft,
    /** The opponent's room in the user's game (reactions go there), wherever the game runs. */
    opponentRoom: router.opponentRoom,

    /** Whether the user has a game in progress (any node: asks the database when this node cannot tell). */
    async isPlaying(userId: string): Promise<boolean> {
      return playingKnownHere(userId) ?? (await findPlayingGameOf(db, userId)) !== undefined;
    },

    /**
     * What this node can tell without a query of whether the user has a game in progress: true (it runs here),
     * false (alone, once every game in play was resumed here, this node knows them all), undefined (ask).
     */
    playingKnownHere,

    /**
     * Takes over the games in play that nobody runs (after a restart, every
     * one of them) and, with a relay, keeps looking for such games. Players
     * are counted connected only with a socket in the game, so each absent
     * player has the reconnection grace to come back.
     */
    resumeAll: ownership.resumeAll,

    /** One takeover scan now (tests; the timer runs it every `scanEveryMs`). */
    scan: ownership.scan,

    /** Finished games for the feed, newest first. */
    recentTransactions: (limit: number): Promise<TransactionFeedItem[]> => recentTransactions(db, limit),

    /** The user's game history for the account page. */
    history: (userId: string, limit = 20): Promise<GameHistoryItem[]> => gameHistory(db, userId, limit),

    /** Stops taking actions and timers, waits for the actions under way, then gives the leases up. */
    stop: ownership.stop,

    /** Games running on this node (metrics, tests). */
    liveCount: ownership.liveCount,

    /** This node's name as a lease holder. */
    holder: ownership.holder,
  };
}

export type GameService = ReturnType<typeof createGameService>;

/** For tests: the stored row of a game. */
export { gameRow } from './games.repo';

/**
 * Starting a game: both stakes move into the game's escrow in the transaction
 * that creates the game (one price, the same wei for both); if either player
 * cannot pay — or is already playing, or may not play now (limits, time-out,
 * self-exclusion) — nobody is charged. This node holds the game's lease from
 * the start. Starts are admitted a few at a time (a gate), then the room is
 * opened and registered before anyone hears of the game, both searching
 * sockets are told `game_found`, and round 1 begins.
 *
 * Depends on game-ownership.ts (the lease, the room), games.repo.ts, the
 * ledger (`transfer`), responsible gaming (`checkPlayAllowed`) and the
 * transport (GameEvents, BalanceEvents).
 */
import { randomUUID } from 'node:crypto';
import { createMatch, type MatchOptions } from '@shifumi/game';
import { formatEth } from '@shifumi/money';
import type { BetAmount, Character, GameStartRefusal } from '@shifumi/protocol';
import type { Database, Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { BalanceEvents } from '../ledger/balance-events';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { InsufficientFundsError, transfer } from '../ledger/ledger.service';
import { monotonicNow } from '../leases/lease-store';
import { checkPlayAllowed, PlayNotAllowedError } from '../responsible-gaming/responsible-gaming.service';
import type { GameEvents } from './game-events';
import type { GameOwnership } from './game-ownership';
import { gamePlayers } from './game-room';
import { insertGameAndEscrow, lockPlayersStatement, lockStartingPlayers, startFacts, type NewGame } from './game-start.repo';
import { insertGame } from './games.repo';

export interface MatchRequest {
  betUsd: BetAmount;
  stakeWei: bigint;
  priceMicroUsd: bigint;
  /**
   * `socketId`: the searching socket, which gets `game_found`; absent (a
   * challenge or a rematch, issue 24) → every socket of the player gets it.
   */
  players: [
    { userId: string; character: Character; socketId?: string },
    { userId: string; character: Character; socketId?: string },
  ];
  /** Issue 24: the challenge this game starts from, told in `game_found`. */
  challenge?: string;
  /**
   * Issue 24: more of the start's checks and writes, in its transaction, after
   * both players are locked and found free to play and before the stakes move
   * (a challenge taken, a rematch recorded). What it throws is rethrown by
   * `start` once nothing moved.
   */
  inStart?: (tx: Executor, gameId: string) => Promise<void>;
  /**
   * Issue 30 (decision 061): the times of the search that made this pair, before the start (its checks, the
   * queue's step), logged with "Game started" beside the start's own (bench:search reads them).
   */
  searchTiming?: { checksMs: number; queueMs: number };
}

/**
 * Why a player could not play at a game's start (issue 25: a code; the
 * transports say it): this node stops, the balance does not cover the stake,
 * already in a game, or responsible gaming or a freeze refuses the stake.
 */
export type StartRefusal = GameStartRefusal;

export type StartResult =
  | { ok: true; gameId: string }
  /** These players could not play (balance too low, or already in a game): nobody was charged. */
  | { ok: false; unable: Array<{ userId: string; refusal: StartRefusal }>; linked?: undefined }
  /** Issue 18: the two accounts are linked and never play each other; nobody was charged, nobody is told. */
  | { ok: false; unable: []; linked: true };

export interface GameStartDeps {
  db: Database;
  ownership: GameOwnership;
  events: GameEvents;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
  matchOptions?: Partial<MatchOptions>;
  /** How many game starts (escrow transactions) run at once on this node. */
  concurrentStarts?: number;
  /**
   * Issue 18: whether two accounts are linked, as a boolean SQL expression over $1 and $2 (the players' ids), asked
   * with the players' lock in the start transaction (issue 30: no round trip of its own).
   */
  linkedSql?: string;
  /** Issue 30: the pool's free connections now (infra/db's `freeConnections`), letting a burst of starts run wider. */
  freeConnections?: () => number;
  /** Issue 16: told of each player the start found with no freeze, protection or limit (a search's remembered facts). */
  playerClear?: (userId: string) => void;
}

/** Start transactions at once per node: a few of the pool's 10 connections, the others stay for moves and settlements. */
const DEFAULT_CONCURRENT_STARTS = 3;
/**
 * Issue 30 (decision 061): a burst of starts may run more at once while the
 * pool has connections to spare — up to this many, as long as more than
 * `STARTS_LEAVE_FREE` connections stay free for the moves and settlements.
 */
const MOST_CONCURRENT_STARTS = 8;
const STARTS_LEAVE_FREE = 3;

export function createGameStart(deps: GameStartDeps) {
  const { db, ownership, events, logger, clock } = deps;
  const { leases, holder, leaseTtlMs } = ownership;
  /**
   * Game starts admitted a few at a time (a burst of a thousand matches waits
   * here, not in the connection pool ahead of the moves of games already
   * running): the database takes them at its pace.
   */
  const startGate = createGate(deps.concurrentStarts ?? DEFAULT_CONCURRENT_STARTS, deps.freeConnections);
  const lockPlayers = lockPlayersStatement(deps.linkedSql);

  /**
   * Creates the game and escrows both stakes in one transaction, this node
   * holding its lease from the start, then tells both searching sockets
   * `game_found` and starts round 1.
   */
  async function start(request: MatchRequest): Promise<StartResult> {
    const [first, second] = request.players;
    if (first.userId === second.userId) throw new Error('a user cannot play against themselves');
    const gameId = randomUUID();
    const calledAt = monotonicNow();
    // Admitted at the database's pace; the round's clock starts once admitted.
    const admitted = await startGate.run(async () => {
      // The server began stopping while this start waited its turn: nobody is charged, both are told.
      if (ownership.isStopped())
        return {
          ok: false as const,
          unable: request.players.map((entry) => ({ userId: entry.userId, refusal: { code: 'restarting' as const } })),
        };
      const now = clock().getTime();
      const match = createMatch({ id: gameId, players: [first.userId, second.userId], now, options: deps.matchOptions });
      const sentAt = monotonicNow();
      const token = await leases.acquire(ownership.leaseKey(gameId), holder, leaseTtlMs);
      if (token === undefined) throw new Error(`the lease of the new game ${gameId} is already held`);
      const leasedAt = monotonicNow();
      try {
        const written = await db.transaction(async (tx) => {
          // Issue 30 (decision 060): the lock, then the checks in one statement read after it, then the game and its escrow in one.
          const { shown, linked } = await lockStartingPlayers(tx, lockPlayers, [first.userId, second.userId]);
          if (linked) throw new LinkedPlayersError();
          const { playing, facts } = await startFacts(tx, [first.userId, second.userId]);
          for (const entry of request.players) if (playing.has(entry.userId)) throw new AlreadyPlayingError(entry.userId);
          // Issue 19: limits, time-out and self-exclusion, checked in the transaction that escrows.
          const refusal = await checkPlayAllowed(
            tx,
            {
              userIds: [first.userId, second.userId],
              stakeWei: request.stakeWei,
              betUsd: request.betUsd,
              priceMicroUsd: request.priceMicroUsd,
              now: new Date(now),
            },
            deps.playerClear,
            facts,
          );
          if (refusal) throw new PlayNotAllowedError(refusal.userId, refusal.refusal);
          const balances = await createAndEscrow(
            tx,
            { id: gameId, ...request, state: match.state, holder, token },
            request.inStart,
          );
          return { players: gamePlayers(request.players, shown), balances };
        });
        // Issue 30 (decision 061): the start's own times, logged with "Game started" (bench:search reads them).
        const timing = {
          gateMs: ms(sentAt - calledAt),
          leaseMs: ms(leasedAt - sentAt),
          transactionMs: ms(monotonicNow() - leasedAt),
        };
        return { ok: true as const, ...match, ...written, sentAt, token, timing };
      } catch (error) {
        await leases.release(ownership.leaseKey(gameId), holder, token).catch(() => undefined);
        if (error instanceof InsufficientFundsError) {
          const userId = error.accountCode.replace(/^user:/, '');
          return {
            ok: false as const,
            unable: [{ userId, refusal: { code: 'insufficient_balance' as const, params: { stakeWei: request.stakeWei } } }],
          };
        }
        if (error instanceof PlayNotAllowedError)
          return { ok: false as const, unable: [{ userId: error.userId, refusal: error.refusal }] };
        if (error instanceof LinkedPlayersError) return { ok: false as const, unable: [] as [], linked: true as const };
        if (error instanceof AlreadyPlayingError)
          return { ok: false as const, unable: [{ userId: error.userId, refusal: { code: 'already_playing' as const } }] };
        throw error;
      }
    });
    if (!admitted.ok) return admitted;
    const { state, effects, players, balances, sentAt, token, timing } = admitted;

    const game = ownership.open(
      { id: gameId, state, stakeWei: request.stakeWei, betUsd: request.betUsd, players, token },
      sentAt,
    );
    // Registered before anyone hears of it: a player's first action must find the game.
    ownership.register(game);
    game.schedule();
    for (const [index, entry] of request.players.entries()) {
      events.seat(gameId, entry.userId, entry.socketId);
      const opponent = players[index === 0 ? 1 : 0]!;
      const found = {
        room: gameId,
        opponentCharacter: opponent.character,
        opponent: { id: opponent.id, name: opponent.name, walletAddress: opponent.walletAddress },
        amount: request.betUsd,
        stakeEth: formatEth(request.stakeWei),
        ...(request.challenge ? { challenge: request.challenge } : {}),
      };
      if (entry.socketId) events.toSocket(entry.socketId, 'game_found', found);
      else events.toPlayer(gameId, entry.userId, 'game_found', found);
    }
    game.tell(effects);
    for (const player of players)
      deps.balanceEvents.balanceChanged(player.id, balances.get(LedgerAccounts.user(player.id).code)!);
    logger.info(
      { gameId, players: players.map((player) => player.id), betUsd: request.betUsd, ...timing, ...request.searchTiming },
      'Game started',
    );
    return { ok: true, gameId };
  }

  return { start };
}

/**
 * Creates the game and moves both stakes into its escrow, inside the start transaction: the one place where a
 * check that guards a game's money goes (it throws to refuse: nobody is charged). One statement (decision 060),
 * unless `inStart` has work between the two (a challenge taken, a rematch recorded) or the ledger cannot make the
 * transfer in one statement. Answers the balances after the transfer, by account code.
 */
async function createAndEscrow(
  tx: Executor,
  game: NewGame,
  inStart: ((tx: Executor, gameId: string) => Promise<void>) | undefined,
): Promise<Map<string, bigint>> {
  const escrow = {
    idempotencyKey: `game-stakes:${game.id}`,
    kind: 'game_stakes',
    legs: game.players.map((entry) => ({
      from: LedgerAccounts.user(entry.userId),
      to: LedgerAccounts.escrow(game.id),
      amount: game.stakeWei,
    })),
    memo: { gameId: game.id, betUsd: game.betUsd },
  };
  if (!inStart) {
    const done = await insertGameAndEscrow(tx, game, escrow);
    if (done.outcome === 'moved') return done.balances;
    if (done.outcome !== 'unseen') throw new Error(`the stakes of the new game ${game.id} were not escrowed (${done.outcome})`);
  }
  await insertGame(tx, { id: game.id, request: game, state: game.state, holder: game.holder, token: game.token });
  if (inStart) await inStart(tx, game.id);
  return (await transfer(tx, escrow)).balances;
}

/** Milliseconds to a hundredth (a log line's figure). */
const ms = (value: number) => Math.round(value * 100) / 100;

/** At most `limit` tasks at once; the others wait their turn, first come first served. */
/**
 * At most `limit` tasks at once — or, while `free()` says the pool has more
 * than `STARTS_LEAVE_FREE` connections free, up to `MOST_CONCURRENT_STARTS`.
 * A task that ends admits as many waiting ones, in order, as may run.
 */
export function createGate(limit: number, free?: () => number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const mayRun = () => running < limit || (free !== undefined && running < MOST_CONCURRENT_STARTS && free() > STARTS_LEAVE_FREE);
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (waiting.length > 0 || !mayRun()) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        running -= 1;
        while (waiting.length > 0 && mayRun()) {
          running += 1;
          waiting.shift()!();
        }
      }
    },
    /** Tasks running now (for tests). */
    running: () => running,
  };
}

class LinkedPlayersError extends Error {
  constructor() {
    super('linked accounts');
  }
}

class AlreadyPlayingError extends Error {
  constructor(readonly userId: string) {
    super('already playing');
  }
}

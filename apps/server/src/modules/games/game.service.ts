/**
 * Runs games on this node: the driver of the pure engine (@shifumi/game).
 *
 * - Start: both stakes move into the game's escrow in the transaction that
 *   creates the game (one price, the same wei for both); if either player
 *   cannot pay, nobody is charged.
 * - Every action on a game is processed one at a time (a promise chain per
 *   game); the engine's new state and its next deadline are stored, and a
 *   timer ticks the engine at that deadline.
 * - The end: the pot (or, for a draw, both stakes) is paid out of escrow in
 *   the transaction that marks the game ended — once, guarded by its status.
 * - Events go to per-player rooms (`game:<id>:<user>`), so a player connected
 *   to any socket (or, with the Redis adapter, any node) receives them;
 *   per-player views: the opponent learns that a choice was made, never which
 *   one, until the round is resolved.
 */
import { randomUUID } from 'node:crypto';
import {
  apply,
  createMatch,
  nextDeadline,
  settlement,
  viewFor,
  type MatchAction,
  type MatchEffect,
  type MatchOptions,
  type MatchState,
} from '@shifumi/game';
import { formatEth } from '@shifumi/money';
import type { BetAmount, Character, GameHistoryItem, TransactionFeedItem } from '@shifumi/protocol';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../infra/db/database';
import { games, users } from '../../infra/db/schema/index';
import type { BalanceEvents } from '../../realtime/balance-events';
import type { GameServer, PublicServer } from '../../realtime/servers';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { balanceOf, InsufficientFundsError, transfer } from '../ledger/ledger.service';
import { endGame, findPlayingGameOf, historyOf, lockUsers, playingGames, recentFinishedGames, saveState } from './games.repo';

/** Room of one player's sockets in one game. */
export const playerRoom = (gameId: string, userId: string) => `game:${gameId}:${userId}`;

export interface GamePlayer {
  id: string;
  name: string;
  walletAddress: string | null;
  character: Character;
}

interface LiveGame {
  id: string;
  state: MatchState;
  stakeWei: bigint;
  betUsd: number;
  players: [GamePlayer, GamePlayer];
  timer: NodeJS.Timeout | undefined;
  /** The tail of this game's action queue. */
  queue: Promise<unknown>;
}

export interface MatchRequest {
  betUsd: BetAmount;
  stakeWei: bigint;
  priceMicroUsd: bigint;
  players: [{ userId: string; character: Character; socketId: string }, { userId: string; character: Character; socketId: string }];
}

export type StartResult =
  | { ok: true; gameId: string }
  /** These players could not play (balance too low, or already in a game): nobody was charged. */
  | { ok: false; unable: Array<{ userId: string; message: string }> };

export type ActionResult = { ok: true } | { ok: false; message: string };

export interface GameServiceDeps {
  db: Database;
  io: GameServer;
  publicIo: PublicServer;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
  matchOptions?: Partial<MatchOptions>;
  /** Texts for the refusals at match time. */
  texts: { insufficientBalance: (stakeWei: bigint) => string; alreadyPlaying: string };
}

const NOT_IN_GAME = 'You are not in this game.';

export function createGameService(deps: GameServiceDeps) {
  const { db, io, publicIo, logger, clock } = deps;
  const live = new Map<string, LiveGame>();
  const gameOfUser = new Map<string, string>();
  /** Set when the server shuts down: games stay 'playing' in the database and resume at the next start. */
  let stopped = false;

  function other(game: LiveGame, userId: string): GamePlayer {
    return game.players[0].id === userId ? game.players[1] : game.players[0];
  }

  function emitEffects(game: LiveGame, effects: readonly MatchEffect[]): void {
    const room = game.id;
    const toBoth = (emit: (target: ReturnType<GameServer['to']>) => void) => {
      for (const player of game.players) emit(io.to(playerRoom(room, player.id)));
    };
    for (const effect of effects) {
      switch (effect.type) {
        case 'newRound':
          toBoth((target) => target.emit('new_round', { round: effect.round, deadline: effect.deadline }));
          break;
        case 'choiceLocked':
          io.to(playerRoom(room, other(game, effect.playerId).id)).emit('opponent_choice_locked', { room });
          break;
        case 'roundResult':
          toBoth((target) =>
            target.emit('game_result', {
              player1Id: effect.player1Id,
              player2Id: effect.player2Id,
              player1Choice: effect.player1Choice,
              player2Choice: effect.player2Choice,
              winnerId: effect.winnerId,
            }),
          );
          break;
        case 'roundEnd':
          toBoth((target) =>
            target.emit('round_end', { scores: effect.scores, gameOver: effect.gameOver, ...(effect.winnerId ? { winnerId: effect.winnerId } : {}) }),
          );
          break;
        case 'gameOver':
          if ((effect.reason === 'forfeit-leave' || effect.reason === 'forfeit-disconnect') && effect.winnerId !== 'draw') {
            io.to(playerRoom(room, effect.winnerId)).emit('game_dead', { room });
          }
          break;
        case 'connection':
          io.to(playerRoom(room, other(game, effect.playerId).id)).emit('opponent_connection', { room, connected: effect.connected });
          break;
      }
    }
  }

  function schedule(game: LiveGame): void {
    if (game.timer) clearTimeout(game.timer);
    game.timer = undefined;
    const at = nextDeadline(game.state);
    if (at === null) return;
    game.timer = setTimeout(() => {
      if (stopped) return;
      void enqueue(game, () => dispatch(game, { type: 'tick', now: clock().getTime() })).catch((error: unknown) =>
        logger.error({ err: error, gameId: game.id }, 'Game tick failed'),
      );
    }, Math.max(0, at - clock().getTime()));
    game.timer.unref();
  }

  /** Runs `task` after every earlier action of the game. */
  function enqueue<T>(game: LiveGame, task: () => Promise<T>): Promise<T> {
    const result = game.queue.then(task, task);
    game.queue = result.catch(() => undefined);
    return result;
  }

  async function settle(game: LiveGame, state: MatchState): Promise<void> {
    const payouts = settlement(state, game.stakeWei);
    const winnerId = state.winnerId === 'draw' ? null : state.winnerId;
    const now = clock();
    const ended = await db.transaction(async (tx) => {
      const flipped = await endGame(tx, game.id, {
        status: winnerId === null ? 'refunded' : 'finished',
        winnerId,
        endReason: state.endReason ?? 'wins',
        state,
        endedAt: now,
      });
      if (!flipped) return false;
      await transfer(tx, {
        idempotencyKey: `game-settle:${game.id}`,
        kind: winnerId === null ? 'game_refund' : 'game_payout',
        legs: [...payouts].map(([userId, amount]) => ({ from: LedgerAccounts.escrow(game.id), to: LedgerAccounts.user(userId), amount })),
        memo: { gameId: game.id, winnerId: winnerId ?? 'draw' },
      });
      return true;
    });
    if (!ended) return;
    for (const player of game.players) deps.balanceEvents.balanceChanged(player.id, await balanceOf(db, LedgerAccounts.user(player.id)));
    const item: TransactionFeedItem = {
      game: game.id,
      player1: game.players[0].name,
      player2: game.players[1].name,
      winner: winnerId === null ? 'draw' : (game.players.find((player) => player.id === winnerId)?.name ?? 'draw'),
      amount: game.betUsd,
      date: now.toISOString(),
    };
    publicIo.emit('new_transaction', item);
    logger.info({ gameId: game.id, winnerId: winnerId ?? 'draw', reason: state.endReason, stakeWei: game.stakeWei.toString() }, 'Game ended');
  }

  async function dispatch(game: LiveGame, action: MatchAction): Promise<ActionResult> {
    const result = apply(game.state, action);
    if (!result.ok) return { ok: false, message: result.message };
    if (result.effects.length === 0 && result.state === game.state) {
      // Nothing changed (e.g. a timer that fired a moment early): wait for the deadline again.
      schedule(game);
      return { ok: true };
    }
    game.state = result.state;
    if (result.state.phase === 'over') {
      if (game.timer) clearTimeout(game.timer);
      await settle(game, result.state);
      live.delete(game.id);
      for (const player of game.players) if (gameOfUser.get(player.id) === game.id) gameOfUser.delete(player.id);
    } else {
      await saveState(db, game.id, result.state, nextDeadline(result.state));
      schedule(game);
    }
    emitEffects(game, result.effects);
    return { ok: true };
  }

  function register(game: LiveGame): void {
    live.set(game.id, game);
    for (const player of game.players) gameOfUser.set(player.id, game.id);
    schedule(game);
  }

  async function loadPlayers(
    entries: ReadonlyArray<{ userId: string; character: Character }>,
  ): Promise<[GamePlayer, GamePlayer]> {
    const rows = await db
      .select({ id: users.id, name: users.name, walletAddress: users.walletAddress })
      .from(users)
      .where(inArray(users.id, entries.map((entry) => entry.userId)));
    const players = entries.map((entry) => {
      const row = rows.find((candidate) => candidate.id === entry.userId);
      if (!row) throw new Error(`No user ${entry.userId}`);
      return { ...row, character: entry.character };
    });
    return [players[0]!, players[1]!];
  }

  return {
    /**
     * Creates the game and escrows both stakes in one transaction, then tells
     * both searching sockets `game_found` and starts round 1.
     */
    async start(request: MatchRequest): Promise<StartResult> {
      const [first, second] = request.players;
      if (first.userId === second.userId) throw new Error('a user cannot play against themselves');
      const gameId = randomUUID();
      const now = clock().getTime();
      const { state, effects } = createMatch({ id: gameId, players: [first.userId, second.userId], now, options: deps.matchOptions });
      const players = await loadPlayers(request.players);
      try {
        await db.transaction(async (tx) => {
          await lockUsers(tx, [first.userId, second.userId]);
          for (const entry of request.players) {
            if (await findPlayingGameOf(tx, entry.userId)) throw new AlreadyPlayingError(entry.userId);
          }
          await tx.insert(games).values({
            id: gameId,
            player1Id: first.userId,
            player2Id: second.userId,
            player1Character: first.character,
            player2Character: second.character,
            betUsd: request.betUsd,
            stakeWei: request.stakeWei,
            priceMicroUsd: request.priceMicroUsd,
            state,
            nextDeadline: new Date(nextDeadline(state)!),
          });
          await transfer(tx, {
            idempotencyKey: `game-stakes:${gameId}`,
            kind: 'game_stakes',
            legs: request.players.map((entry) => ({
              from: LedgerAccounts.user(entry.userId),
              to: LedgerAccounts.escrow(gameId),
              amount: request.stakeWei,
            })),
            memo: { gameId, betUsd: request.betUsd },
          });
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError) {
          const userId = error.accountCode.replace(/^user:/, '');
          return { ok: false, unable: [{ userId, message: deps.texts.insufficientBalance(request.stakeWei) }] };
        }
        if (error instanceof AlreadyPlayingError) return { ok: false, unable: [{ userId: error.userId, message: deps.texts.alreadyPlaying }] };
        throw error;
      }

      const game: LiveGame = { id: gameId, state, stakeWei: request.stakeWei, betUsd: request.betUsd, players, timer: undefined, queue: Promise.resolve() };
      // Registered before anyone hears of it: a player's first action must find the game.
      register(game);
      for (const [index, entry] of request.players.entries()) {
        io.in(entry.socketId).socketsJoin(playerRoom(gameId, entry.userId));
        io.in(`user:${entry.userId}`).socketsJoin(playerRoom(gameId, entry.userId));
        const opponent = players[index === 0 ? 1 : 0]!;
        io.to(entry.socketId).emit('game_found', {
          room: gameId,
          opponentCharacter: opponent.character,
          opponent: { id: opponent.id, name: opponent.name, walletAddress: opponent.walletAddress },
          amount: request.betUsd,
          stakeEth: formatEth(request.stakeWei),
        });
      }
      emitEffects(game, effects);
      for (const player of players) deps.balanceEvents.balanceChanged(player.id, await balanceOf(db, LedgerAccounts.user(player.id)));
      logger.info({ gameId, players: players.map((player) => player.id), betUsd: request.betUsd }, 'Game started');
      return { ok: true, gameId };
    },

    /** Applies a player's action to their game, in order with every other action of it. */
    async act(userId: string, room: string, action: (now: number) => MatchAction): Promise<ActionResult> {
      if (stopped) return { ok: false, message: 'The server is restarting. Your game continues in a moment.' };
      const game = live.get(room);
      if (!game || !game.players.some((player) => player.id === userId)) return { ok: false, message: NOT_IN_GAME };
      return enqueue(game, () => dispatch(game, action(clock().getTime())));
    },

    /** The live game of a user on this node, if any. */
    gameOf(userId: string): string | undefined {
      return gameOfUser.get(userId);
    },

    /** The opponent's room in the user's game (reactions go there). */
    opponentRoom(userId: string, room: string): string | undefined {
      const game = live.get(room);
      if (!game || !game.players.some((player) => player.id === userId)) return undefined;
      return playerRoom(room, other(game, userId).id);
    },

    /** Whether the user has a game in progress (any node: asks the database). */
    async isPlaying(userId: string): Promise<boolean> {
      return gameOfUser.has(userId) || (await findPlayingGameOf(db, userId)) !== undefined;
    },

    /** The view a (re)connecting player gets, with their opponent: the `game_state` event. */
    stateFor(userId: string) {
      const room = gameOfUser.get(userId);
      const game = room ? live.get(room) : undefined;
      if (!game) return undefined;
      const view = viewFor(game.state, userId)!;
      const opponent = other(game, userId);
      return {
        room: game.id,
        round: view.round,
        deadline: view.deadline,
        scores: view.scores,
        opponent: { id: opponent.id, name: opponent.name, walletAddress: opponent.walletAddress },
        opponentCharacter: opponent.character,
        choiceLocked: view.choiceLocked,
      };
    },

    /**
     * Takes over the games still 'playing' in the database (after a restart):
     * players are counted as disconnected from now, so each has the
     * reconnection grace to come back.
     */
    async resumeAll(): Promise<number> {
      let resumed = 0;
      for (const row of await playingGames(db)) {
        if (live.has(row.id)) continue;
        const players = await loadPlayers([
          { userId: row.player1Id, character: row.player1Character as Character },
          { userId: row.player2Id, character: row.player2Character as Character },
        ]);
        const game: LiveGame = {
          id: row.id,
          state: row.state as MatchState,
          stakeWei: row.stakeWei,
          betUsd: row.betUsd,
          players,
          timer: undefined,
          queue: Promise.resolve(),
        };
        live.set(game.id, game);
        for (const player of players) gameOfUser.set(player.id, game.id);
        const now = clock().getTime();
        await enqueue(game, async () => {
          for (const player of players) await dispatch(game, { type: 'disconnect', playerId: player.id, now });
          if (live.has(game.id)) schedule(game);
        });
        resumed += 1;
      }
      return resumed;
    },

    /** Finished games for the feed, newest first. */
    async recentTransactions(limit: number): Promise<TransactionFeedItem[]> {
      const rows = await recentFinishedGames(db, limit);
      return rows.map((row) => ({
        game: row.id,
        player1: row.player1Name,
        player2: row.player2Name,
        winner: row.winnerId === null ? 'draw' : row.winnerId === row.player1Id ? row.player1Name : row.player2Name,
        amount: row.betUsd,
        date: (row.endedAt ?? new Date(0)).toISOString(),
      }));
    },

    /** The user's game history for the account page. */
    async history(userId: string, limit = 20): Promise<GameHistoryItem[]> {
      const rows = await historyOf(db, userId, limit);
      return rows.map((row) => {
        const opponent = row.player1Id === userId ? row.player2 : row.player1;
        return {
          date: (row.endedAt ?? new Date(0)).toISOString(),
          result: row.winnerId === null ? 'Draw' : row.winnerId === userId ? 'Victory' : 'Defeat',
          oppUserId: { id: opponent.id, name: opponent.name, walletAddress: opponent.walletAddress },
          amount: row.betUsd,
        };
      });
    },

    /**
     * Stops taking actions and every timer, and waits for the actions under way; the games
     * stay 'playing' in the database and are resumed at the next start.
     */
    async stop(): Promise<void> {
      stopped = true;
      for (const game of live.values()) if (game.timer) clearTimeout(game.timer);
      await Promise.all([...live.values()].map((game) => game.queue));
    },

    /** Games running on this node (metrics, tests). */
    liveCount: () => live.size,
  };
}

class AlreadyPlayingError extends Error {
  constructor(readonly userId: string) {
    super('already playing');
  }
}

export type GameService = ReturnType<typeof createGameService>;

/** For tests: the stored row of a game. */
export async function gameRow(db: Database, gameId: string) {
  const [row] = await db.select().from(games).where(eq(games.id, gameId));
  return row;
}

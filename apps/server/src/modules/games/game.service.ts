/**
 * Runs games: the driver of the pure engine (@shifumi/game).
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
 *
 * Ownership (decision 007): one node runs a game at a time, under the lease
 * `game:<id>` it renews while it runs it. Its fencing token is recorded on the
 * game (`owner_token`) when the node claims it, and every state save and the
 * settlement require that token: a node that lost the lease without noticing
 * (paused, cut off) can no longer write, and what it has not written it never
 * tells the players. With a relay (several nodes), an action from a player
 * connected to another node is forwarded to the owner, and a game whose lease
 * is free (its owner died) is taken over — by the periodic scan or by the
 * first node that needs it — from its stored state and deadline.
 */
import { randomUUID } from 'node:crypto';
import {
  apply,
  createMatch,
  nextDeadline,
  resumeReveals,
  settlement,
  upgradeState,
  viewFor,
  type MatchAction,
  type MatchEffect,
  type MatchOptions,
  type MatchState,
} from '@shifumi/game';
import { formatEth } from '@shifumi/money';
import type { BetAmount, Character, GameHistoryItem, GameStateEvent, TransactionFeedItem } from '@shifumi/protocol';
import { SOCKET_TEXTS } from '@shifumi/protocol';
import { z } from 'zod';
import type { Database, Executor } from '../../infra/db/database';
import type { BalanceEvents } from '../ledger/balance-events';
import { playerRoom, type GameEvents, type PlayerConnections } from './game-events';
import { needsSave, tellEffects } from './game-room';
import { createGameScan } from './game-scan';
import { sealedActionSchemas, sealedMatchAction, type SealedAction } from './sealed-choices';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';
import { RelayError, type NodeRelay } from '../cluster/node-relay';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { balanceOf, InsufficientFundsError, transfer } from '../ledger/ledger.service';
import { checkPlayAllowed, PlayNotAllowedError } from '../responsible-gaming/responsible-gaming.service';
import { createInProcessLeaseStore, localValidity, monotonicNow, type LeaseStore } from '../leases/lease-store';
import {
  claimGame,
  endGame,
  findPlayingGameOf,
  historyOf,
  insertGame,
  lockUsers,
  playingUsers,
  playersShown,
  playingGame,
  playingGameRefs,
  reclaimGame,
  recentFinishedGames,
  saveState,
  type GameRow,
} from './games.repo';

export { gameOfPlayerRoom, playerRoom } from './game-events';

/** The lease key of a game. */
export const gameLeaseKey = (gameId: string) => `game:${gameId}`;

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
  /** The fencing token of this node's lease on the game (also `games.owner_token`). */
  token: bigint;
  /** Monotonic time until which this node may act on the game without a further renewal. */
  validUntil: number;
  /** Set once this node stopped running the game (lease lost, fenced out, ended). */
  gone: boolean;
  /** Issue 17: what a takeover must still tell (reveal requests for reveals it has not stored). */
  pendingEffects: MatchEffect[];
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

/** What a player may do to their game, as the socket layer (or another node) asks it. */
export type PlayerAction = { type: 'choose'; choice: unknown } | SealedAction | { type: 'leave' } | { type: 'reconnect' } | { type: 'disconnect' };

const playerActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('choose'), choice: z.unknown() }),
  z.object({ type: z.literal('leave') }),
  z.object({ type: z.literal('reconnect') }),
  z.object({ type: z.literal('disconnect') }),
  ...sealedActionSchemas,
]);

/** Messages between the nodes' game services over the relay. */
const relayMessageSchema = z.discriminatedUnion('kind', [
  /** Request to the owner: apply a player's action. */
  z.object({ kind: z.literal('act'), gameId: z.string(), userId: z.string(), action: playerActionSchema }),
  /** Request to the owner: the `game_state` a (re)connecting player gets. */
  z.object({ kind: z.literal('state'), gameId: z.string(), userId: z.string() }),
  /** Question to every node: which of these rooms have sockets on you? */
  z.object({ kind: z.literal('rooms'), rooms: z.array(z.string()).max(20_000) }),
  /** Notice from an owner that counted a player disconnected: a node holding one of their sockets says otherwise. */
  z.object({ kind: z.literal('check-connected'), gameId: z.string(), userId: z.string() }),
]);
type RelayMessage = z.infer<typeof relayMessageSchema>;

const ownerAnswerSchema = z.union([
  z.object({ owner: z.literal(false) }),
  z.object({ owner: z.literal(true), result: z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), message: z.string() })]) }),
]);
const stateAnswerSchema = z.union([
  z.object({ owner: z.literal(false) }),
  z.object({ owner: z.literal(true), state: z.custom<GameStateEvent>((value) => typeof value === 'object' && value !== null).nullable() }),
]);
const roomsAnswerSchema = z.object({ rooms: z.array(z.string()) });

export interface GameOwnershipOptions {
  /** Where game leases live (default: in process — one node). */
  leases?: LeaseStore;
  /** This node instance's name as a lease holder (and on the relay). Unique per process. */
  holder?: string;
  /** Other nodes (Redis). Without it this node is alone: no forwarding, no takeover scan. */
  relay?: NodeRelay;
  /** Lease time-to-live (default 5 s): an owner that died is replaced this long after its last renewal, plus a scan. */
  leaseTtlMs?: number;
  /** How often the takeover scan looks for games whose lease is free (default 1 s; only with a relay). */
  scanEveryMs?: number;
  /** How long to wait for the other nodes' answers to "who holds a socket in these rooms?" (default 1 s; normally they all answer within milliseconds). */
  gatherWindowMs?: number;
  /**
   * How often an owner checks that the players it counts connected still
   * have a socket in the game on some node (default 2 s; only with a relay):
   * a node that dies tells nobody that its sockets are gone. Two checks in a
   * row must miss a player before the game counts them disconnected.
   */
  auditEveryMs?: number;
  /** How many game starts (escrow transactions) run at once on this node (default 3); more wait their turn. */
  concurrentStarts?: number;
}

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
  /** Texts for the refusals at match time. */
  texts: { insufficientBalance: (stakeWei: bigint) => string; alreadyPlaying: string };
  ownership?: GameOwnershipOptions;
  /** Told the seconds from the action that ended a game to its settlement committed (metrics). */
  observeSettle?: (seconds: number) => void;
  /** Told once a game's settlement has committed (e.g. the collusion rules); never awaited, its errors only logged. */
  onSettled?: (gameId: string, players: readonly [string, string]) => void | Promise<void>;
}

export const GAME_TEXTS = {
  notInGame: SOCKET_TEXTS.notInGame,
  restarting: SOCKET_TEXTS.restarting,
  moving: SOCKET_TEXTS.moving,
} as const;

const DEFAULT_LEASE_TTL_MS = 5_000;
const DEFAULT_SCAN_EVERY_MS = 1_000;
const DEFAULT_GATHER_WINDOW_MS = 1_000;
const DEFAULT_AUDIT_EVERY_MS = 2_000;
/** Start transactions at once per node: a few of the pool's 10 connections, the others stay for moves and settlements. */
const DEFAULT_CONCURRENT_STARTS = 3;
/** Consecutive connection checks that must miss a player before they count as disconnected. */
const AUDIT_MISSES = 2;
/** A tick that failed (database unreachable) is tried again after this long. */
const TICK_RETRY_MS = 1_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toMatchAction(room: string, action: PlayerAction, playerId: string, now: number): MatchAction {
  switch (action.type) {
    case 'commit':
    case 'reveal':
      return sealedMatchAction(room, action, playerId, now);
    case 'choose':
      return { type: 'choose', playerId, choice: action.choice, now };
    case 'leave':
      return { type: 'leave', playerId, now };
    case 'reconnect':
      return { type: 'reconnect', playerId, now };
    case 'disconnect':
      return { type: 'disconnect', playerId, now };
  }
}

export function createGameService(deps: GameServiceDeps) {
  const { db, events, logger, clock } = deps;
  const ownership = deps.ownership ?? {};
  const leases = ownership.leases ?? createInProcessLeaseStore();
  const holder = ownership.holder ?? `node-${randomUUID()}`;
  const relay = ownership.relay;
  /**
   * Alone (no relay), nobody else could run a game: leases never lapse and
   * nothing is renewed (a long pause must not drop games nobody would take
   * over); the fence still refuses a second process on the same database.
   */
  const alone = relay === undefined;
  const leaseTtlMs = alone ? Number.POSITIVE_INFINITY : (ownership.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS);
  // Renewed three times per ttl; a node stops acting on a game a fifth of the ttl before its lease could lapse.
  const renewEveryMs = alone ? 0 : Math.max(50, Math.floor(leaseTtlMs / 3));
  const safetyMs = alone ? 0 : Math.floor(leaseTtlMs / 5);
  const scanEveryMs = ownership.scanEveryMs ?? DEFAULT_SCAN_EVERY_MS;
  const gatherWindowMs = ownership.gatherWindowMs ?? DEFAULT_GATHER_WINDOW_MS;
  const auditEveryMs = ownership.auditEveryMs ?? DEFAULT_AUDIT_EVERY_MS;

  const live = new Map<string, LiveGame>();
  const gameOfUser = new Map<string, string>();
  /** Takeovers under way on this node, by game id. */
  const claiming = new Map<string, Promise<void>>();
  /** Set when the server shuts down: games stay 'playing' in the database and are taken over (or resumed at the next start). */
  let stopped = false;
  /** Set once resumeAll took over the games in play found at start (alone, this node then knows every game in play). */
  let resumed = false;
  /**
   * Game starts admitted a few at a time (a burst of a thousand matches waits
   * here, not in the connection pool ahead of the moves of games already
   * running): the database takes them at its pace.
   */
  const startGate = createGate(ownership.concurrentStarts ?? DEFAULT_CONCURRENT_STARTS);
  /** With a relay: renews every lease this node holds, ttl / 3 apart (a periodic task; never backs off past that). */
  const renewTask = createPeriodicTask({ name: 'Game lease renewal', everyMs: renewEveryMs || 1, maxBackoffMs: renewEveryMs || 1, logger, run: () => renewAll() });
  /** With a relay: the takeover scan and the connection audit, each a periodic task (back-off, one log per outage). */
  const scanTask = createPeriodicTask({ name: 'Takeover scan', everyMs: scanEveryMs, logger, run: async () => void (await scan()) });
  const auditTask = createPeriodicTask({ name: 'Connection audit', everyMs: auditEveryMs, logger, run: () => audit() });
  /** With a relay: what the scan reads, O(games this node owns) (game-scan.ts), under this node's own lease. */
  const gameScan = relay ? createGameScan({ db, leases, holder, ttlMs: leaseTtlMs, logger }) : undefined;
  /** Player rooms the last connection checks missed, with how many times in a row. */
  const missed = new Map<string, number>();

  function other(game: LiveGame, userId: string): GamePlayer {
    return game.players[0].id === userId ? game.players[1] : game.players[0];
  }

  function emitEffects(game: LiveGame, effects: readonly MatchEffect[]): void {
    tellEffects(events, game, effects);
    if (!relay) return;
    for (const effect of effects) {
      if (effect.type !== 'connection' || effect.connected) continue;
      // Counted gone from what this node could see: a node that still holds one of the player's sockets corrects it.
      relay
        .broadcast({ kind: 'check-connected', gameId: game.id, userId: effect.playerId } satisfies RelayMessage)
        .catch((error: unknown) => logger.warn({ err: error, gameId: game.id }, 'Connection check could not be sent to the other nodes'));
    }
  }

  function schedule(game: LiveGame): void {
    if (game.timer) clearTimeout(game.timer);
    game.timer = undefined;
    if (game.gone) return;
    const at = nextDeadline(game.state);
    if (at === null) return;
    armTimer(game, Math.max(0, at - clock().getTime()));
  }

  function armTimer(game: LiveGame, delayMs: number): void {
    game.timer = setTimeout(() => {
      if (stopped || game.gone) return;
      void enqueue(game, () => dispatch(game, { type: 'tick', now: clock().getTime() })).catch((error: unknown) => {
        logger.error({ err: error, gameId: game.id }, 'Game tick failed; trying again');
        if (!game.gone && !stopped) armTimer(game, TICK_RETRY_MS);
      });
    }, delayMs);
    game.timer.unref();
  }

  /** Runs `task` after every earlier action of the game. */
  function enqueue<T>(game: LiveGame, task: () => Promise<T>): Promise<T> {
    const result = game.queue.then(task, task);
    game.queue = result.catch(() => undefined);
    return result;
  }

  /** This node stops running the game (another node owns it now, or it has ended). Nothing is written. */
  function letGo(game: LiveGame, reason: string): void {
    if (game.gone) return;
    game.gone = true;
    if (game.timer) clearTimeout(game.timer);
    game.timer = undefined;
    if (live.get(game.id) === game) live.delete(game.id);
    for (const player of game.players) if (gameOfUser.get(player.id) === game.id) gameOfUser.delete(player.id);
    if (reason === 'ended') {
      // Free at once; the game is over, nobody needs it again.
      leases.release(gameLeaseKey(game.id), holder, game.token).catch(() => undefined);
      return;
    }
    logger.warn({ gameId: game.id, reason, token: game.token.toString() }, 'This node no longer runs the game');
    // If the lease is still ours (a renewal came too late), free it so that a node takes the game over at once.
    leases.release(gameLeaseKey(game.id), holder, game.token).catch(() => undefined);
  }

  /** Pays out and marks the game ended, in one transaction, only while this node's claim is the last one. */
  async function settle(game: LiveGame, state: MatchState, startedAt: number): Promise<boolean> {
    const payouts = settlement(state, game.stakeWei);
    const winnerId = state.winnerId === 'draw' ? null : state.winnerId;
    const now = clock();
    const ended = await db.transaction(async (tx): Promise<Map<string, bigint> | undefined> => {
      const flipped = await endGame(tx, game.id, game.token, {
        status: winnerId === null ? 'refunded' : 'finished',
        winnerId,
        endReason: state.endReason ?? 'wins',
        state,
        endedAt: now,
      });
      if (!flipped) return undefined;
      const paid = await transfer(tx, {
        idempotencyKey: `game-settle:${game.id}`,
        kind: winnerId === null ? 'game_refund' : 'game_payout',
        legs: [...payouts].map(([userId, amount]) => ({ from: LedgerAccounts.escrow(game.id), to: LedgerAccounts.user(userId), amount })),
        memo: { gameId: game.id, winnerId: winnerId ?? 'draw' },
      });
      return paid.balances;
    });
    if (!ended) return false;
    deps.observeSettle?.((monotonicNow() - startedAt) / 1000);
    const onSettled = deps.onSettled;
    if (onSettled) void Promise.resolve([game.players[0].id, game.players[1].id] as const).then((ids) => onSettled(game.id, ids)).catch((error: unknown) => logger.error({ err: error, gameId: game.id }, 'After-settlement hook failed'));
    // Read back from the ledger's own update; a player paid nothing (the loser) still hears their balance, read once.
    for (const player of game.players) {
      const code = LedgerAccounts.user(player.id).code;
      deps.balanceEvents.balanceChanged(player.id, ended.get(code) ?? (await balanceOf(db, LedgerAccounts.user(player.id))));
    }
    const item: TransactionFeedItem = {
      game: game.id,
      player1: game.players[0].name,
      player2: game.players[1].name,
      winner: winnerId === null ? 'draw' : (game.players.find((player) => player.id === winnerId)?.name ?? 'draw'),
      amount: game.betUsd,
      date: now.toISOString(),
    };
    events.toPublic('new_transaction', item);
    logger.info({ gameId: game.id, winnerId: winnerId ?? 'draw', reason: state.endReason, stakeWei: game.stakeWei.toString() }, 'Game ended');
    return true;
  }

  /**
   * Applies an action: the new state is stored (or the game settled) first,
   * under the fence, and only then adopted and told to the players.
   */
  async function dispatch(game: LiveGame, action: MatchAction): Promise<ActionResult> {
    if (game.gone) return { ok: false, message: GAME_TEXTS.moving };
    if (!(await stillOwned(game))) {
      letGo(game, 'lease lapsed and taken by another node');
      return { ok: false, message: GAME_TEXTS.moving };
    }
    const startedAt = monotonicNow();
    const result = apply(game.state, action);
    if (!result.ok) return { ok: false, message: result.message };
    if (result.effects.length === 0 && result.state === game.state) {
      // Nothing changed (e.g. a timer that fired a moment early): wait for the deadline again.
      schedule(game);
      return { ok: true };
    }
    if (result.state.phase === 'over') {
      // The timer stays armed until the settlement is written: if it fails (database unreachable), the next tick tries again.
      if (!(await settle(game, result.state, startedAt))) {
        letGo(game, 'fenced out at settlement (another node claimed the game)');
        return { ok: false, message: GAME_TEXTS.moving };
      }
      game.state = result.state;
      letGo(game, 'ended');
    } else if (!needsSave(result.effects)) {
      // A choice locked or a new round begun: nothing a takeover needs, nothing written (decision 017). What is not
      // written is told only under the lease: with other nodes, the lease store confirms it is still this node's
      // (a round trip to Redis, not a database commit) — a node that lost it without noticing tells nobody.
      if (!alone) {
        game.validUntil = 0;
        if (!(await stillOwned(game))) {
          letGo(game, 'lease lost (checked before telling an unsaved step)');
          return { ok: false, message: GAME_TEXTS.moving };
        }
      }
      game.state = result.state;
      schedule(game);
    } else {
      if (!(await saveState(db, game.id, game.token, result.state, nextDeadline(result.state)))) {
        letGo(game, 'fenced out (another node claimed the game)');
        return { ok: false, message: GAME_TEXTS.moving };
      }
      game.state = result.state;
      schedule(game);
    }
    emitEffects(game, result.effects);
    return { ok: true };
  }

  function register(game: LiveGame): void {
    live.set(game.id, game);
    for (const player of game.players) gameOfUser.set(player.id, game.id);
    ensureRenewing();
  }

  async function loadPlayers(entries: MatchRequest['players'] | ReadonlyArray<{ userId: string; character: Character }>): Promise<[GamePlayer, GamePlayer]> {
    const rows = await playersShown(db, entries.map((entry) => entry.userId));
    return gamePlayers(entries as MatchRequest['players'], rows);
  }

  /**
   * Whether this node may still act on the game; run in the game's queue. A
   * lease whose validity ran out (a busy event loop, a slow start transaction)
   * is renewed on the spot if it is still ours, or taken again with a new
   * token if it lapsed and nobody took it — the database claim moves to the
   * new token only while the recorded one is still ours, so no other node
   * wrote meanwhile. False when another node has the game.
   */
  async function stillOwned(game: LiveGame): Promise<boolean> {
    if (monotonicNow() < game.validUntil) return true;
    const key = gameLeaseKey(game.id);
    const sentAt = monotonicNow();
    try {
      if (await leases.renew(key, holder, game.token, leaseTtlMs)) {
        game.validUntil = localValidity(sentAt, leaseTtlMs, safetyMs);
        return true;
      }
      const token = await leases.acquire(key, holder, leaseTtlMs, { above: game.token });
      if (token === undefined) return false;
      if (!(await reclaimGame(db, game.id, game.token, token, holder))) {
        await leases.release(key, holder, token).catch(() => undefined);
        return false;
      }
      logger.info({ gameId: game.id, token: token.toString() }, 'Game lease lapsed and taken again by the same node');
      game.token = token;
      game.validUntil = localValidity(sentAt, leaseTtlMs, safetyMs);
      return true;
    } catch (error) {
      logger.warn({ err: error, gameId: game.id }, 'Could not check the game lease');
      return false;
    }
  }

  // ---- leases: renewal ----------------------------------------------------------------------

  function ensureRenewing(): void {
    if (stopped || alone) return;
    renewTask.start();
  }

  async function renewAll(): Promise<void> {
    const held = [...live.values()];
    if (held.length === 0) return;
    const sentAt = monotonicNow();
    let renewed: Set<string> | undefined;
    try {
      renewed = await leases.renewMany(
        holder,
        held.map((game) => ({ key: gameLeaseKey(game.id), token: game.token })),
        leaseTtlMs,
      );
    } catch (error) {
      // Unknown (the lease store does not answer): each game runs on until its own validity ends.
      logger.warn({ err: error, games: held.length }, 'Game leases could not be renewed');
    }
    const validUntil = localValidity(sentAt, leaseTtlMs, safetyMs);
    for (const game of held) {
      if (game.gone) continue;
      if (renewed?.has(gameLeaseKey(game.id))) {
        game.validUntil = validUntil;
        continue;
      }
      // Not renewed (lapsed, taken, or the store did not answer): in the game's queue, keep it if it is still ours.
      if (!renewed && monotonicNow() < game.validUntil) continue;
      game.validUntil = 0;
      void enqueue(game, async () => {
        if (!game.gone && !(await stillOwned(game))) letGo(game, 'lease lost');
      }).catch((error: unknown) => logger.error({ err: error, gameId: game.id }, 'Game lease check failed'));
    }
  }

  // ---- takeover -----------------------------------------------------------------------------

  /** Which of `rooms` hold a socket on any node (this one, then the others over the relay). */
  /** Rooms with a socket on this node (the adapter's own room table: local sockets only, with any adapter). */
  function localRooms(rooms: readonly string[]): string[] {
    return deps.connections.localRooms(rooms);
  }

  async function roomsWithSockets(rooms: readonly string[]): Promise<Set<string>> {
    const found = new Set(localRooms(rooms));
    if (!relay || found.size === rooms.length) return found;
    const answers = await relay.gather({ kind: 'rooms', rooms: rooms.filter((room) => !found.has(room)) } satisfies RelayMessage, gatherWindowMs);
    for (const answer of answers) {
      const parsed = roomsAnswerSchema.safeParse(answer);
      if (parsed.success) for (const room of parsed.data.rooms) found.add(room);
    }
    return found;
  }

  /** Takes the game's lease and claims it in the database; undefined when another node was quicker. */
  async function claim(row: Pick<GameRow, 'id' | 'ownerToken'>): Promise<LiveGame | undefined> {
    const sentAt = monotonicNow();
    const token = await leases.acquire(gameLeaseKey(row.id), holder, leaseTtlMs, { above: row.ownerToken });
    if (token === undefined) return undefined;
    const claimed = await claimGame(db, row.id, token, holder).catch(async (error: unknown) => {
      await leases.release(gameLeaseKey(row.id), holder, token).catch(() => undefined);
      throw error;
    });
    if (!claimed) {
      await leases.release(gameLeaseKey(row.id), holder, token).catch(() => undefined);
      return undefined;
    }
    const players = await loadPlayers([
      { userId: claimed.player1Id, character: claimed.player1Character as Character },
      { userId: claimed.player2Id, character: claimed.player2Character as Character },
    ]);
    // Issue 17: a reveal the last owner had not stored is asked for again, with a fresh window (decision 021).
    const resumed = resumeReveals(upgradeState(claimed.state as MatchState), clock().getTime());
    return liveGame({ id: claimed.id, state: resumed.state, pendingEffects: resumed.effects, stakeWei: claimed.stakeWei, betUsd: claimed.betUsd, players, token }, sentAt);
  }

  /** A game this node now runs, under the lease whose token it got at `sentAt`. */
  function liveGame(fields: Pick<LiveGame, 'id' | 'state' | 'stakeWei' | 'betUsd' | 'players' | 'token'> & { pendingEffects?: MatchEffect[] }, sentAt: number): LiveGame {
    return { pendingEffects: [], ...fields, timer: undefined, queue: Promise.resolve(), validUntil: localValidity(sentAt, leaseTtlMs, safetyMs), gone: false };
  }

  /**
   * Takes over games whose lease is free (owner died, or this is a restart):
   * claims each, then counts each player connected if a socket of theirs is
   * in their game room on any node and disconnected otherwise — a player
   * already disconnected keeps the grace that started then — and runs what
   * fell due while nobody ran the game. Returns how many games this node took.
   */
  function takeOver(rows: ReadonlyArray<Pick<GameRow, 'id' | 'ownerToken'>>): Promise<number> {
    const fresh = rows.filter((row) => !live.has(row.id) && !claiming.has(row.id));
    if (fresh.length === 0 || stopped) return Promise.resolve(0);
    const work = (async () => {
      const taken: LiveGame[] = [];
      for (const row of fresh) {
        try {
          const game = await claim(row);
          if (game) taken.push(game);
        } catch (error) {
          logger.error({ err: error, gameId: row.id }, 'Game takeover failed');
        }
      }
      if (taken.length === 0) return 0;
      const rooms = taken.flatMap((game) => game.players.map((player) => playerRoom(game.id, player.id)));
      const connected = await roomsWithSockets(rooms).catch((error: unknown) => {
        logger.warn({ err: error }, 'Could not ask the other nodes for connected players: counting only this node’s');
        return new Set<string>();
      });
      const updates = taken.map((game) => {
        register(game);
        logger.info({ gameId: game.id, token: game.token.toString(), round: game.state.round }, 'Game taken over');
        return enqueue(game, async () => {
          const now = clock().getTime();
          for (const player of game.players) {
            const counted = game.state.players.find((entry) => entry.id === player.id)?.connected ?? false;
            const present = connected.has(playerRoom(game.id, player.id));
            if (counted !== present) await dispatch(game, { type: present ? 'reconnect' : 'disconnect', playerId: player.id, now });
          }
          if (!game.gone && game.state.phase === 'revealing') emitEffects(game, game.pendingEffects.splice(0));
          schedule(game);
        }).catch((error: unknown) => {
          logger.error({ err: error, gameId: game.id }, 'Taken-over game could not be brought up to date; its timer retries');
          if (!game.gone) armTimer(game, TICK_RETRY_MS);
        });
      });
      await Promise.all(updates);
      return taken.length;
    })();
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    for (const row of fresh) claiming.set(row.id, settled);
    void settled.then(() => {
      for (const row of fresh) if (claiming.get(row.id) === settled) claiming.delete(row.id);
    });
    return work;
  }

  /** Every game in play whose lease is free and that this node does not run: taken over (only its own and dead owners' are read). */
  async function scan(): Promise<number> {
    const candidates = (await (gameScan ? gameScan.candidates() : playingGameRefs(db))).filter((row) => !live.has(row.id) && !claiming.has(row.id));
    if (candidates.length === 0) return 0;
    const held = await leases.currentMany(candidates.map((row) => gameLeaseKey(row.id)));
    const free = candidates.filter((row) => !held.has(gameLeaseKey(row.id)));
    return free.length > 0 ? takeOver(free) : 0;
  }

  /** Players counted connected with no socket in their game on any node, twice in a row: counted disconnected. */
  async function audit(): Promise<void> {
    const counted: Array<{ game: LiveGame; playerId: string; room: string }> = [];
    for (const game of live.values()) {
      for (const player of game.state.players) if (player.connected) counted.push({ game, playerId: player.id, room: playerRoom(game.id, player.id) });
    }
    const present = counted.length > 0 ? await roomsWithSockets(counted.map((entry) => entry.room)) : new Set<string>();
    const still = new Set(counted.map((entry) => entry.room));
    for (const room of missed.keys()) if (!still.has(room)) missed.delete(room);
    for (const { game, playerId, room } of counted) {
      if (present.has(room)) {
        missed.delete(room);
        continue;
      }
      const misses = (missed.get(room) ?? 0) + 1;
      if (misses < AUDIT_MISSES) {
        missed.set(room, misses);
        continue;
      }
      missed.delete(room);
      logger.info({ gameId: game.id, userId: playerId }, 'No socket of the player left in the game on any node: counted disconnected');
      void enqueue(game, () => dispatch(game, { type: 'disconnect', playerId, now: clock().getTime() })).catch((error: unknown) =>
        logger.error({ err: error, gameId: game.id }, 'Counting a vanished player disconnected failed'),
      );
    }
  }

  // ---- where a game runs --------------------------------------------------------------------

  type Location = { at: 'here'; game: LiveGame } | { at: 'node'; node: string } | { at: 'nowhere' } | { at: 'moving' };

  /** Finds who runs the game; a game in play that nobody runs is taken over here. */
  async function locate(gameId: string): Promise<Location> {
    const pending = claiming.get(gameId);
    if (pending) await pending;
    const game = live.get(gameId);
    if (game) return { at: 'here', game };
    if (!relay || !UUID.test(gameId)) return { at: 'nowhere' };
    const lease = await leases.current(gameLeaseKey(gameId));
    if (lease && lease.holder !== holder) return { at: 'node', node: lease.holder };
    if (lease) return { at: 'moving' }; // ours, being let go
    const row = await playingGame(db, gameId);
    if (!row) return { at: 'nowhere' };
    await takeOver([row]);
    const taken = live.get(gameId);
    return taken ? { at: 'here', game: taken } : { at: 'moving' };
  }

  const isPlayer = (game: LiveGame, userId: string) => game.players.some((player) => player.id === userId);

  function actHere(game: LiveGame, userId: string, action: PlayerAction): Promise<ActionResult> {
    if (!isPlayer(game, userId)) return Promise.resolve({ ok: false, message: GAME_TEXTS.notInGame });
    return enqueue(game, () => dispatch(game, toMatchAction(game.id, action, userId, clock().getTime())));
  }

  function stateFor(userId: string): GameStateEvent | undefined {
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
      ...(view.revealPending ? { revealPending: true } : {}),
    };
  }

  /** Runs `here` where the game runs: on this node, or on its owner over the relay. Twice at most if it moves meanwhile. */
  async function onOwner<T>(
    gameId: string,
    here: (game: LiveGame) => Promise<T>,
    there: (node: string) => Promise<{ owner: false } | { owner: true; value: T }>,
    nowhere: T,
    moving: T,
  ): Promise<T> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const location = await locate(gameId);
      if (location.at === 'here') return here(location.game);
      if (location.at === 'nowhere') return nowhere;
      if (location.at === 'moving') return moving;
      try {
        const answer = await there(location.node);
        if (answer.owner) return answer.value;
      } catch (error) {
        // The owner is gone or slow: its lease lapses within the ttl, then a node takes the game over.
        if (!(error instanceof RelayError)) throw error;
        logger.warn({ err: error, gameId, node: location.node }, 'The node running the game did not answer');
        return moving;
      }
    }
    return moving;
  }

  // ---- requests from the other nodes ---------------------------------------------------------

  relay?.serve(async (body) => {
    const message = relayMessageSchema.parse(body);
    switch (message.kind) {
      case 'act': {
        const game = live.get(message.gameId);
        if (!game || stopped) return { owner: false };
        return { owner: true, result: await actHere(game, message.userId, message.action) };
      }
      case 'state': {
        const game = live.get(message.gameId);
        if (!game || stopped) return { owner: false };
        return { owner: true, state: isPlayer(game, message.userId) ? (stateFor(message.userId) ?? null) : null };
      }
      case 'rooms':
        return { rooms: localRooms(message.rooms) };
      case 'check-connected': {
        if (localRooms([playerRoom(message.gameId, message.userId)]).length > 0 && !stopped) {
          const result = await service.act(message.userId, message.gameId, { type: 'reconnect' });
          if (!result.ok) logger.warn({ gameId: message.gameId, message: result.message }, 'A connected player could not be counted back');
        }
        return undefined;
      }
    }
  });

  const service = {
    /**
     * Creates the game and escrows both stakes in one transaction, this node
     * holding its lease from the start, then tells both searching sockets
     * `game_found` and starts round 1.
     */
    async start(request: MatchRequest): Promise<StartResult> {
      const [first, second] = request.players;
      if (first.userId === second.userId) throw new Error('a user cannot play against themselves');
      const gameId = randomUUID();
      // Admitted at the database's pace; the round's clock starts once admitted.
      const admitted = await startGate.run(async () => {
        // The server began stopping while this start waited its turn: nobody is charged, both are told.
        if (stopped) return { ok: false as const, unable: request.players.map((entry) => ({ userId: entry.userId, message: GAME_TEXTS.restarting })) };
        const now = clock().getTime();
        const match = createMatch({ id: gameId, players: [first.userId, second.userId], now, options: deps.matchOptions });
        const sentAt = monotonicNow();
        const token = await leases.acquire(gameLeaseKey(gameId), holder, leaseTtlMs);
        if (token === undefined) throw new Error(`the lease of the new game ${gameId} is already held`);
        try {
          const written = await db.transaction(async (tx) => {
            const shown = await lockUsers(tx, [first.userId, second.userId]);
            const playing = await playingUsers(tx, [first.userId, second.userId]);
            for (const entry of request.players) if (playing.has(entry.userId)) throw new AlreadyPlayingError(entry.userId);
            // Issue 19: limits, time-out and self-exclusion, checked in the transaction that escrows.
            const refusal = await checkPlayAllowed(tx, { userIds: [first.userId, second.userId], stakeWei: request.stakeWei, betUsd: request.betUsd, priceMicroUsd: request.priceMicroUsd, now: new Date(now) });
            if (refusal) throw new PlayNotAllowedError(refusal.userId, refusal.message);
            await insertGame(tx, { id: gameId, request, state: match.state, holder, token });
            const balances = await escrowStakes(tx, gameId, request);
            return { players: gamePlayers(request.players, shown), balances };
          });
          return { ok: true as const, ...match, ...written, sentAt, token };
        } catch (error) {
          await leases.release(gameLeaseKey(gameId), holder, token).catch(() => undefined);
          if (error instanceof InsufficientFundsError) {
            const userId = error.accountCode.replace(/^user:/, '');
            return { ok: false as const, unable: [{ userId, message: deps.texts.insufficientBalance(request.stakeWei) }] };
          }
          if (error instanceof PlayNotAllowedError) return { ok: false as const, unable: [{ userId: error.userId, message: error.message }] };
          if (error instanceof AlreadyPlayingError) return { ok: false as const, unable: [{ userId: error.userId, message: deps.texts.alreadyPlaying }] };
          throw error;
        }
      });
      if (!admitted.ok) return admitted;
      const { state, effects, players, balances, sentAt, token } = admitted;

      const game = liveGame({ id: gameId, state, stakeWei: request.stakeWei, betUsd: request.betUsd, players, token }, sentAt);
      // Registered before anyone hears of it: a player's first action must find the game.
      register(game);
      schedule(game);
      for (const [index, entry] of request.players.entries()) {
        events.seat(gameId, entry.userId, entry.socketId);
        const opponent = players[index === 0 ? 1 : 0]!;
        events.toSocket(entry.socketId, 'game_found', {
          room: gameId,
          opponentCharacter: opponent.character,
          opponent: { id: opponent.id, name: opponent.name, walletAddress: opponent.walletAddress },
          amount: request.betUsd,
          stakeEth: formatEth(request.stakeWei),
        });
      }
      emitEffects(game, effects);
      for (const player of players) deps.balanceEvents.balanceChanged(player.id, balances.get(LedgerAccounts.user(player.id).code)!);
      logger.info({ gameId, players: players.map((player) => player.id), betUsd: request.betUsd }, 'Game started');
      return { ok: true, gameId };
    },

    /**
     * Applies a player's action to their game, in order with every other
     * action of it: here if this node runs the game, otherwise on the node
     * that does (answering its result), or here after taking it over when
     * nobody runs it.
     */
    async act(userId: string, room: string, action: PlayerAction): Promise<ActionResult> {
      if (stopped) return { ok: false, message: GAME_TEXTS.restarting };
      return onOwner<ActionResult>(
        room,
        (game) => actHere(game, userId, action),
        async (node) => {
          const answer = ownerAnswerSchema.parse(await relay!.request(node, { kind: 'act', gameId: room, userId, action } satisfies RelayMessage));
          return answer.owner ? { owner: true, value: answer.result } : { owner: false };
        },
        { ok: false, message: GAME_TEXTS.notInGame },
        { ok: false, message: GAME_TEXTS.moving },
      );
    },

    /** The live game of a user on this node, if any. */
    gameOf(userId: string): string | undefined {
      return gameOfUser.get(userId);
    },

    /**
     * A player's socket connected (to this node): their game in play, if any,
     * with the `game_state` they get — from whichever node runs the game.
     */
    async rejoin(userId: string): Promise<{ room: string; state: GameStateEvent | undefined } | undefined> {
      const local = gameOfUser.get(userId);
      if (local) return { room: local, state: stateFor(userId) };
      if (!relay || stopped) return undefined;
      const row = await findPlayingGameOf(db, userId);
      if (!row) return undefined;
      const state = await onOwner<GameStateEvent | undefined>(
        row.id,
        async () => stateFor(userId),
        async (node) => {
          const answer = stateAnswerSchema.parse(await relay.request(node, { kind: 'state', gameId: row.id, userId } satisfies RelayMessage));
          return answer.owner ? { owner: true, value: answer.state ?? undefined } : { owner: false };
        },
        undefined,
        undefined,
      );
      return { room: row.id, state };
    },

    /**
     * One of the player's sockets in `room` closed: when no socket of theirs
     * is left in the game on any node, the game counts them disconnected.
     */
    async socketLeft(userId: string, room: string): Promise<void> {
      const left = await roomsWithSockets([playerRoom(room, userId)]);
      if (left.size > 0) return;
      const result = await service.act(userId, room, { type: 'disconnect' });
      // Expected while the game changes node or this node stops: the audit of its next owner counts it.
      const expected = [GAME_TEXTS.restarting, GAME_TEXTS.notInGame, GAME_TEXTS.moving] as string[];
      if (!result.ok && !expected.includes(result.message)) {
        logger.warn({ gameId: room, userId, message: result.message }, 'A disconnection could not be counted');
      }
    },

    /** The opponent's room in the user's game (reactions go there), wherever the game runs. */
    async opponentRoom(userId: string, room: string): Promise<string | undefined> {
      const game = live.get(room);
      if (game) return isPlayer(game, userId) ? playerRoom(room, other(game, userId).id) : undefined;
      if (!relay || !UUID.test(room)) return undefined;
      const row = await playingGame(db, room);
      if (!row || (row.player1Id !== userId && row.player2Id !== userId)) return undefined;
      return playerRoom(room, row.player1Id === userId ? row.player2Id : row.player1Id);
    },

    /** Whether the user has a game in progress (any node: asks the database). */
    async isPlaying(userId: string): Promise<boolean> {
      if (gameOfUser.has(userId)) return true;
      // Alone, once every game in play was resumed here, this node knows them all: no query.
      if (alone && resumed) return false;
      return (await findPlayingGameOf(db, userId)) !== undefined;
    },

    /**
     * Takes over the games in play that nobody runs — after a restart, every
     * one of them (in process; with a relay, those whose lease is free) —
     * and, with a relay, keeps looking for such games every `scanEveryMs`.
     * Players are counted connected only with a socket in the game, so each
     * absent player has the reconnection grace to come back.
     */
    async resumeAll(): Promise<number> {
      await gameScan?.start();
      const taken = relay ? await scan() : await takeOver(await playingGameRefs(db));
      resumed = true;
      if (relay && !stopped) {
        scanTask.start();
        auditTask.start();
      }
      return taken;
    },

    /** One takeover scan now (tests; the timer runs it every `scanEveryMs`). */
    scan,

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
          id: row.id,
          date: (row.endedAt ?? new Date(0)).toISOString(),
          result: row.winnerId === null ? 'Draw' : row.winnerId === userId ? 'Victory' : 'Defeat',
          oppUserId: { id: opponent.id, name: opponent.name, walletAddress: opponent.walletAddress },
          amount: row.betUsd,
          game: row.id,
        };
      });
    },

    /**
     * Stops taking actions, every timer and the scan, waits for the actions
     * under way, then gives the leases up so that another node takes the
     * games over at once; the games stay 'playing' in the database.
     */
    async stop(): Promise<void> {
      stopped = true;
      const tasks = Promise.all([renewTask.stop(), scanTask.stop(), auditTask.stop()]);
      for (const game of live.values()) if (game.timer) clearTimeout(game.timer);
      await tasks;
      await Promise.all([...claiming.values()]);
      await Promise.all([...live.values()].map((game) => game.queue));
      await Promise.all(
        [...live.values()].map((game) => leases.release(gameLeaseKey(game.id), holder, game.token).catch(() => undefined)),
      );
      await gameScan?.stop();
    },

    /** Games running on this node (metrics, tests). */
    liveCount: () => live.size,

    /** This node's name as a lease holder. */
    holder,
  };
  return service;
}

/**
 * Moves both stakes into the game's escrow, inside the start transaction: the
 * one place where a check that guards a game's money goes (it throws to refuse:
 * nobody is charged). Answers the balances after the transfer, by account code.
 */
async function escrowStakes(tx: Executor, gameId: string, request: MatchRequest): Promise<Map<string, bigint>> {
  const escrowed = await transfer(tx, {
    idempotencyKey: `game-stakes:${gameId}`,
    kind: 'game_stakes',
    legs: request.players.map((entry) => ({
      from: LedgerAccounts.user(entry.userId),
      to: LedgerAccounts.escrow(gameId),
      amount: request.stakeWei,
    })),
    memo: { gameId, betUsd: request.betUsd },
  });
  return escrowed.balances;
}

/** The players as the game shows them, in the match's order. */
function gamePlayers(
  entries: MatchRequest['players'],
  rows: ReadonlyArray<{ id: string; name: string; walletAddress: string | null }>,
): [GamePlayer, GamePlayer] {
  const players = entries.map((entry) => {
    const row = rows.find((candidate) => candidate.id === entry.userId);
    if (!row) throw new Error(`No user ${entry.userId}`);
    return { ...row, character: entry.character };
  });
  return [players[0]!, players[1]!];
}

/** At most `limit` tasks at once; the others wait their turn, first come first served. */
function createGate(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}

class AlreadyPlayingError extends Error {
  constructor(readonly userId: string) {
    super('already playing');
  }
}

export type GameService = ReturnType<typeof createGameService>;

/** For tests: the stored row of a game. */
export { gameRow } from './games.repo';

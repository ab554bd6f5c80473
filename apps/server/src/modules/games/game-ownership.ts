/**
 * Which games this node runs (decision 007): one node runs a game at a time,
 * under the lease `game:<id>` it renews while it runs it. Its fencing token is
 * recorded on the game (`owner_token`) when the node claims it, and every
 * state save and the settlement require that token (game-store.ts): a node
 * that lost the lease without noticing (paused, cut off) can no longer write,
 * and what it has not written it never tells the players (game-room.ts). A
 * game whose lease is free (its owner died) is taken over — by the periodic
 * scan (game-scan.ts) or by the first node that needs it (game-router.ts) —
 * from its stored state and deadline.
 *
 * Here: the rooms this node runs (by game and by player); the leases — the
 * check of one (`stillOwned`, renewing or taking it again), the renewal of
 * all held, their release; the takeover (claim, takeOver, scan); the
 * connection audit (players counted connected with no socket left on any
 * node); and `roomsWithSockets` (this node's rooms, then the others' over the
 * relay). Depends on the lease store, games.repo.ts, the relay (optional:
 * alone, nothing is renewed and nothing scanned) and PlayerConnections.
 */
import { resumeReveals, upgradeState, type MatchState } from '@shifumi/game';
import type { Character } from '@shifumi/protocol';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';
import type { NodeRelay } from '../cluster/node-relay';
import { createInProcessLeaseStore, localValidity, monotonicNow, type LeaseStore } from '../leases/lease-store';
import { playerRoom, type PlayerConnections } from './game-events';
import { GameRoom, gamePlayers, type GameRoomDeps, type GameRoomFields, type RoomLease } from './game-room';
import { roomsAnswerSchema, type RelayMessage } from './game-relay-messages';
import { createGameScan } from './game-scan';
import { claimGame, playersShown, playingGameRefs, reclaimGame, type GameRow } from './games.repo';

/** The lease key of a game. */
export const gameLeaseKey = (gameId: string) => `game:${gameId}`;

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

export interface GameOwnershipDeps {
  db: Database;
  /** Which player rooms have a socket on this node (implemented by realtime/). */
  connections: PlayerConnections;
  logger: Logger;
  options: GameOwnershipOptions;
  /** What every room this node opens is given, but its lease and the node's state (supplied here). */
  room: Omit<GameRoomDeps, 'lease' | 'stopping' | 'connectionLost'>;
}

const DEFAULT_LEASE_TTL_MS = 5_000;
const DEFAULT_SCAN_EVERY_MS = 1_000;
const DEFAULT_GATHER_WINDOW_MS = 1_000;
const DEFAULT_AUDIT_EVERY_MS = 2_000;
/** Consecutive connection checks that must miss a player before they count as disconnected. */
const AUDIT_MISSES = 2;

export type GameOwnership = ReturnType<typeof createGameOwnership>;

export function createGameOwnership(deps: GameOwnershipDeps) {
  const { db, logger } = deps;
  const ownership = deps.options;
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

  const live = new Map<string, GameRoom>();
  const gameOfUser = new Map<string, string>();
  /** Takeovers under way on this node, by game id. */
  const claiming = new Map<string, Promise<void>>();
  /** Set when the server shuts down: games stay 'playing' in the database and are taken over (or resumed at the next start). */
  let stopped = false;
  /** Set once resumeAll took over the games in play found at start (alone, this node then knows every game in play). */
  let resumed = false;
  /** With a relay: renews every lease this node holds, ttl / 3 apart (a periodic task; never backs off past that). */
  const renewTask = createPeriodicTask({ name: 'Game lease renewal', everyMs: renewEveryMs || 1, maxBackoffMs: renewEveryMs || 1, logger, run: () => renewAll() });
  /** With a relay: the takeover scan and the connection audit, each a periodic task (back-off, one log per outage). */
  const scanTask = createPeriodicTask({ name: 'Takeover scan', everyMs: scanEveryMs, logger, run: async () => void (await scan()) });
  const auditTask = createPeriodicTask({ name: 'Connection audit', everyMs: auditEveryMs, logger, run: () => audit() });
  /** With a relay: what the scan reads, O(games this node owns) (game-scan.ts), under this node's own lease. */
  const gameScan = relay ? createGameScan({ db, leases, holder, ttlMs: leaseTtlMs, logger }) : undefined;
  /** Player rooms the last connection checks missed, with how many times in a row. */
  const missed = new Map<string, number>();

  const lease: RoomLease = { shared: !alone, stillOwned, released: letGo };
  const roomDeps: GameRoomDeps = {
    ...deps.room,
    lease,
    stopping: () => stopped,
    ...(relay
      ? {
          connectionLost: (gameId: string, userId: string) => {
            relay
              .broadcast({ kind: 'check-connected', gameId, userId } satisfies RelayMessage)
              .catch((error: unknown) => logger.warn({ err: error, gameId }, 'Connection check could not be sent to the other nodes'));
          },
        }
      : {}),
  };

  /** A game this node now runs, under the lease whose token it got at `sentAt`. */
  function open(fields: Omit<GameRoomFields, 'validUntil'>, sentAt: number): GameRoom {
    return new GameRoom({ ...fields, validUntil: localValidity(sentAt, leaseTtlMs, safetyMs) }, roomDeps);
  }

  function register(game: GameRoom): void {
    live.set(game.id, game);
    for (const player of game.players) gameOfUser.set(player.id, game.id);
    ensureRenewing();
  }

  /** The room let the game go (another node owns it now, or it has ended): forgotten here, its lease freed. */
  function letGo(game: GameRoom, reason: string): void {
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

  /**
   * Whether this node may still act on the game; run in the game's queue. A
   * lease whose validity ran out (a busy event loop, a slow start transaction)
   * is renewed on the spot if it is still ours, or taken again with a new
   * token if it lapsed and nobody took it — the database claim moves to the
   * new token only while the recorded one is still ours, so no other node
   * wrote meanwhile. False when another node has the game.
   */
  async function stillOwned(game: GameRoom): Promise<boolean> {
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
      void game
        .enqueue(async () => {
          if (!game.gone && !(await stillOwned(game))) game.letGo('lease lost');
        })
        .catch((error: unknown) => logger.error({ err: error, gameId: game.id }, 'Game lease check failed'));
    }
  }

  // ---- takeover -----------------------------------------------------------------------------

  /** Rooms with a socket on this node (the adapter's own room table: local sockets only, with any adapter). */
  function localRooms(rooms: readonly string[]): string[] {
    return deps.connections.localRooms(rooms);
  }

  /** Which of `rooms` hold a socket on any node (this one, then the others over the relay). */
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
  async function claim(row: Pick<GameRow, 'id' | 'ownerToken'>): Promise<GameRoom | undefined> {
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
    const entries = [
      { userId: claimed.player1Id, character: claimed.player1Character as Character },
      { userId: claimed.player2Id, character: claimed.player2Character as Character },
    ];
    const players = gamePlayers(entries, await playersShown(db, entries.map((entry) => entry.userId)));
    // Issue 17: a reveal the last owner had not stored is asked for again, with a fresh window (decision 021).
    const revived = resumeReveals(upgradeState(claimed.state as MatchState), deps.room.clock().getTime());
    return open({ id: claimed.id, state: revived.state, pendingEffects: revived.effects, stakeWei: claimed.stakeWei, betUsd: claimed.betUsd, players, token }, sentAt);
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
      const taken: GameRoom[] = [];
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
        return game.resume((playerId) => connected.has(playerRoom(game.id, playerId)));
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
    const counted: Array<{ game: GameRoom; playerId: string; room: string }> = [];
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
      void game.act({ type: 'disconnect', playerId, now: deps.room.clock().getTime() }).catch((error: unknown) =>
        logger.error({ err: error, gameId: game.id }, 'Counting a vanished player disconnected failed'),
      );
    }
  }

  return {
    holder,
    leases,
    leaseKey: gameLeaseKey,
    leaseTtlMs,
    relay,
    alone,
    open,
    register,
    takeOver,
    scan,
    localRooms,
    roomsWithSockets,
    /** The room of a game this node runs. */
    room: (gameId: string): GameRoom | undefined => live.get(gameId),
    /** The game of a user on this node, if any. */
    gameOf: (userId: string): string | undefined => gameOfUser.get(userId),
    /** The takeover of the game under way on this node, if any. */
    claimOf: (gameId: string): Promise<void> | undefined => claiming.get(gameId),
    isStopped: () => stopped,
    /** Alone, once every game in play was resumed here, this node knows them all. */
    knowsAll: () => alone && resumed,
    liveCount: () => live.size,

    /**
     * Takes over the games in play that nobody runs — after a restart, every
     * one of them (in process; with a relay, those whose lease is free) —
     * and, with a relay, keeps looking for such games every `scanEveryMs`.
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

    /**
     * Stops taking actions, every timer and the scan, waits for the actions
     * under way, then gives the leases up so that another node takes the
     * games over at once; the games stay 'playing' in the database.
     */
    async stop(): Promise<void> {
      stopped = true;
      const tasks = Promise.all([renewTask.stop(), scanTask.stop(), auditTask.stop()]);
      for (const game of live.values()) game.stopTimer();
      await tasks;
      await Promise.all([...claiming.values()]);
      await Promise.all([...live.values()].map((game) => game.idle()));
      await Promise.all(
        [...live.values()].map((game) => leases.release(gameLeaseKey(game.id), holder, game.token).catch(() => undefined)),
      );
      await gameScan?.stop();
    },
  };
}

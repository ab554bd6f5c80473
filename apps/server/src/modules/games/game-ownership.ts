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
 * This file puts the ownership together and gives it its life (start, stop);
 * each job is a file of its own:
 * - game-registry.ts: the rooms this node runs, by game and by player, and
 *   the takeovers under way;
 * - game-leases.ts: the leases — the check of one (`stillOwned`), the renewal
 *   of all held, their release when a room lets its game go;
 * - game-takeover.ts: the claim of a free game, `takeOver`, the scan;
 * - game-connection-audit.ts: which player rooms have a socket on any node,
 *   and the audit of players counted connected with no socket left.
 * The messages between the nodes are in game-relay-messages.ts (the router
 * serves them). Depends on the lease store, games.repo.ts, the relay
 * (optional: alone, nothing is renewed and nothing scanned) and
 * PlayerConnections.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';
import type { NodeRelay } from '../cluster/node-relay';
import { createInProcessLeaseStore, type LeaseStore } from '../leases/lease-store';
import { createConnectionAudit } from './game-connection-audit';
import type { PlayerConnections } from './game-events';
import { createGameLeases, gameLeaseKey, leaseTiming } from './game-leases';
import { createGameRegistry } from './game-registry';
import { GameRoom, type GameRoomDeps, type GameRoomFields } from './game-room';
import { createGameScan } from './game-scan';
import { createGameTakeover } from './game-takeover';
import { playingGameRefs } from './games.repo';

export { gameLeaseKey } from './game-leases';

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
  /** Issue 30: the database pool's free connections now; with it, a burst of starts may run wider (game-start.ts). */
  freeConnections?: () => number;
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

const DEFAULT_SCAN_EVERY_MS = 1_000;
const DEFAULT_GATHER_WINDOW_MS = 1_000;
const DEFAULT_AUDIT_EVERY_MS = 2_000;

export type GameOwnership = ReturnType<typeof createGameOwnership>;

export function createGameOwnership(deps: GameOwnershipDeps) {
  const { db, logger } = deps;
  const ownership = deps.options;
  const leases = ownership.leases ?? createInProcessLeaseStore();
  const holder = ownership.holder ?? `node-${randomUUID()}`;
  const relay = ownership.relay;
  const alone = relay === undefined;
  const timing = leaseTiming(alone, ownership.leaseTtlMs);
  const now = () => deps.room.clock().getTime();
  /** Set when the server shuts down: games stay 'playing' in the database and are taken over (or resumed at the next start). */
  let stopped = false;
  /** Set once resumeAll took over the games in play found at start (alone, this node then knows every game in play). */
  let resumed = false;
  const isStopped = () => stopped;

  const registry = createGameRegistry();
  const gameLeases = createGameLeases({ db, leases, holder, timing, registry, logger, isStopped });
  const connectionAudit = createConnectionAudit({
    connections: deps.connections,
    relay,
    gatherWindowMs: ownership.gatherWindowMs ?? DEFAULT_GATHER_WINDOW_MS,
    registry,
    logger,
    now,
  });
  const roomDeps: GameRoomDeps = {
    ...deps.room,
    lease: gameLeases.roomLease(!alone),
    stopping: isStopped,
    ...(connectionAudit.connectionLost ? { connectionLost: connectionAudit.connectionLost } : {}),
  };

  /** A game this node now runs, under the lease whose token it got at `sentAt`. */
  function open(fields: Omit<GameRoomFields, 'validUntil'>, sentAt: number): GameRoom {
    return new GameRoom({ ...fields, validUntil: gameLeases.validity(sentAt) }, roomDeps);
  }

  function register(game: GameRoom): void {
    registry.add(game);
    gameLeases.ensureRenewing();
  }

  /** With a relay: what the scan reads, O(games this node owns) (game-scan.ts), under this node's own lease. */
  const gameScan = relay ? createGameScan({ db, leases, holder, ttlMs: timing.ttlMs, logger }) : undefined;
  const takeover = createGameTakeover({
    db,
    leases,
    holder,
    leaseTtlMs: timing.ttlMs,
    registry,
    logger,
    open,
    register,
    roomsWithSockets: connectionAudit.roomsWithSockets,
    gameScan,
    now,
    isStopped,
  });
  /** With a relay: the takeover scan and the connection audit, each a periodic task (back-off, one log per outage). */
  const scanTask = createPeriodicTask({
    name: 'Takeover scan',
    everyMs: ownership.scanEveryMs ?? DEFAULT_SCAN_EVERY_MS,
    logger,
    run: async () => void (await takeover.scan()),
  });
  const auditTask = createPeriodicTask({
    name: 'Connection audit',
    everyMs: ownership.auditEveryMs ?? DEFAULT_AUDIT_EVERY_MS,
    logger,
    run: () => connectionAudit.audit(),
  });

  return {
    holder,
    leases,
    leaseKey: gameLeaseKey,
    leaseTtlMs: timing.ttlMs,
    relay,
    alone,
    open,
    register,
    takeOver: takeover.takeOver,
    scan: takeover.scan,
    localRooms: connectionAudit.localRooms,
    roomsWithSockets: connectionAudit.roomsWithSockets,
    /** The room of a game this node runs. */
    room: registry.room,
    /** The game of a user on this node, if any. */
    gameOf: registry.gameOf,
    /** The takeover of the game under way on this node, if any. */
    claimOf: registry.claimOf,
    isStopped,
    /** Alone, once every game in play was resumed here, this node knows them all. */
    knowsAll: () => alone && resumed,
    liveCount: registry.size,

    /**
     * Takes over the games in play that nobody runs — after a restart, every
     * one of them (in process; with a relay, those whose lease is free) —
     * and, with a relay, keeps looking for such games every `scanEveryMs`.
     */
    async resumeAll(): Promise<number> {
      await gameScan?.start();
      const taken = relay ? await takeover.scan() : await takeover.takeOver(await playingGameRefs(db));
      resumed = true;
      if (relay && !stopped) {
        scanTask.start();
        auditTask.start();
      }
      return taken;
    },

    /**
     * Stops taking actions, every timer and the scan, waits for the actions
     * under way (and stores a round awaiting its reveals), then gives the leases up so that another node takes the
     * games over at once; the games stay 'playing' in the database.
     */
    async stop(): Promise<void> {
      stopped = true;
      const tasks = Promise.all([gameLeases.stopRenewing(), scanTask.stop(), auditTask.stop()]);
      for (const game of registry.rooms()) game.stopTimer();
      await tasks;
      await Promise.all(registry.claims());
      // Issue 30: what runs finishes; a round awaiting its reveals is stored for the node that takes the game over.
      await Promise.all(registry.rooms().map((game) => game.flush()));
      await Promise.all(registry.rooms().map((game) => gameLeases.release(game.id, game.token)));
      await gameScan?.stop();
    },
  };
}

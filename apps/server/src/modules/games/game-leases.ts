/**
 * The leases of the games this node runs (decision 007): one node runs a game
 * at a time, under the lease `game:<id>` it renews while it runs it; its
 * fencing token is recorded on the game when the node claims it, and every
 * save and the settlement require it (game-store.ts).
 *
 * Here: the lease timing (alone, leases never lapse and nothing is renewed),
 * the check of one lease in the game's queue (`stillOwned`: renewed, or taken
 * again with a new token if it lapsed and nobody took it), the renewal of all
 * held (a periodic task, ttl / 3 apart), and what happens when a room lets its
 * game go (forgotten, its lease freed) — the room's `RoomLease`.
 */
import type { Database } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';
import { localValidity, monotonicNow, type LeaseStore } from '../leases/lease-store';
import type { GameRegistry } from './game-registry';
import type { GameRoom, RoomLease } from './game-room';
import { reclaimGame } from './games.repo';

/** The lease key of a game. */
export const gameLeaseKey = (gameId: string) => `game:${gameId}`;

const DEFAULT_LEASE_TTL_MS = 5_000;

export interface LeaseTiming {
  /** How long a lease lasts (infinite alone). */
  ttlMs: number;
  /** How often every lease held is renewed (0 alone: never). */
  renewEveryMs: number;
  /** A node stops acting on a game this long before its lease could lapse. */
  safetyMs: number;
}

/**
 * Alone (no other node), nobody else could run a game: leases never lapse and
 * nothing is renewed (a long pause must not drop games nobody would take
 * over); the fence still refuses a second process on the same database.
 */
export function leaseTiming(alone: boolean, ttlMs: number | undefined): LeaseTiming {
  if (alone) return { ttlMs: Number.POSITIVE_INFINITY, renewEveryMs: 0, safetyMs: 0 };
  const ttl = ttlMs ?? DEFAULT_LEASE_TTL_MS;
  // Renewed three times per ttl; a node stops acting on a game a fifth of the ttl before its lease could lapse.
  return { ttlMs: ttl, renewEveryMs: Math.max(50, Math.floor(ttl / 3)), safetyMs: Math.floor(ttl / 5) };
}

export interface GameLeasesDeps {
  db: Database;
  leases: LeaseStore;
  holder: string;
  timing: LeaseTiming;
  registry: GameRegistry;
  logger: Logger;
  /** Whether this node is stopping (nothing is renewed any more). */
  isStopped(): boolean;
}

export type GameLeases = ReturnType<typeof createGameLeases>;

export function createGameLeases(deps: GameLeasesDeps) {
  const { db, leases, holder, timing, registry, logger } = deps;
  const { ttlMs, renewEveryMs, safetyMs } = timing;
  /** Renews every lease this node holds, ttl / 3 apart (a periodic task; never backs off past that). */
  const renewTask = createPeriodicTask({
    name: 'Game lease renewal',
    everyMs: renewEveryMs || 1,
    maxBackoffMs: renewEveryMs || 1,
    logger,
    run: () => renewAll(),
  });

  /** Until when (monotonic) a lease whose token was asked for at `sentAt` may be acted on. */
  const validity = (sentAt: number) => localValidity(sentAt, ttlMs, safetyMs);

  /** Frees a game's lease if it is still ours under `token` (a failure only delays a takeover by the ttl). */
  const release = (gameId: string, token: bigint) => leases.release(gameLeaseKey(gameId), holder, token).catch(() => undefined);

  /** The room let the game go (another node owns it now, or it has ended): forgotten here, its lease freed. */
  function letGo(game: GameRoom, reason: string): void {
    registry.remove(game);
    if (reason !== 'ended')
      logger.warn({ gameId: game.id, reason, token: game.token.toString() }, 'This node no longer runs the game');
    // Ended: free at once, nobody needs it again. Otherwise, if the lease is still ours (a renewal came too late),
    // free it so that a node takes the game over at once.
    void release(game.id, game.token);
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
      if (await leases.renew(key, holder, game.token, ttlMs)) {
        game.validUntil = validity(sentAt);
        return true;
      }
      const token = await leases.acquire(key, holder, ttlMs, { above: game.token });
      if (token === undefined) return false;
      if (!(await reclaimGame(db, game.id, game.token, token, holder))) {
        await leases.release(key, holder, token).catch(() => undefined);
        return false;
      }
      logger.info({ gameId: game.id, token: token.toString() }, 'Game lease lapsed and taken again by the same node');
      game.token = token;
      game.validUntil = validity(sentAt);
      return true;
    } catch (error) {
      logger.warn({ err: error, gameId: game.id }, 'Could not check the game lease');
      return false;
    }
  }

  async function renewAll(): Promise<void> {
    const held = registry.rooms();
    if (held.length === 0) return;
    const sentAt = monotonicNow();
    let renewed: Set<string> | undefined;
    try {
      renewed = await leases.renewMany(
        holder,
        held.map((game) => ({ key: gameLeaseKey(game.id), token: game.token })),
        ttlMs,
      );
    } catch (error) {
      // Unknown (the lease store does not answer): each game runs on until its own validity ends.
      logger.warn({ err: error, games: held.length }, 'Game leases could not be renewed');
    }
    const validUntil = validity(sentAt);
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

  return {
    /** The room's side of its lease. */
    roomLease(shared: boolean): RoomLease {
      return { shared, stillOwned, released: letGo };
    },
    validity,
    release,
    /** Starts renewing (once; alone or stopping, never). */
    ensureRenewing(): void {
      if (deps.isStopped() || renewEveryMs === 0) return;
      renewTask.start();
    },
    /** Stops renewing (the node stops). */
    stopRenewing: () => renewTask.stop(),
  };
}

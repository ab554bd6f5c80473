/**
 * What the takeover scan reads (decision 024): O(games this node owns), not
 * O(all games in play).
 *
 * A game whose lease is free is either (a) one of this node's own — it let
 * the game go (a lapsed lease, a lost check) and may take it back — or (b) a
 * game of an owner that died. Every node holds a node lease `node:<holder>`
 * with two thirds of its game leases' ttl T, renewed every T / 6: an owner
 * that stops (dies, pauses) loses it no later than its game leases (those
 * were renewed at most T / 3 before it stopped and last T; the node lease at
 * most T / 6 before and lasts 2T / 3), so no takeover waits longer than
 * before. So each scan reads:
 *
 * 1. this node's own games in play (games_playing_owner_idx), O(owned);
 * 2. the distinct owners of games in play, a loose index scan: one index
 *    descent per owner (a handful of nodes), not per game;
 * 3. the games of the owners whose node lease is not held (one Redis round
 *    trip for all owners) — none while every node lives.
 *
 * The lease of every candidate is still checked before a takeover (the game
 * service does, as before): the node lease only narrows what is read. A node
 * counted dead while alive (a long pause) merely has its games' leases
 * checked; a game is taken only when its own lease is free.
 */
import type { Executor } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';
import type { LeaseStore } from '../leases/lease-store';
import { playingGameOwners, playingGameRefsOfOwners, playingGameRefsOwnedBy } from './games.repo';

/** The lease key that says a node instance is alive (as its holder name). */
export const nodeLeaseKey = (holder: string) => `node:${holder}`;

export interface GameScanDeps {
  db: Executor;
  leases: LeaseStore;
  /** This node instance (its lease holder name, recorded as `games.owner_node` on claim). */
  holder: string;
  /** The game leases' ttl T: the node lease lasts 2T / 3 and is renewed every T / 6. */
  ttlMs: number;
  logger: Logger;
}

export interface GameScan {
  /** Takes the node lease now, then renews it every T / 6. */
  start(): Promise<void>;
  /** Stops renewing and gives the node lease up: the other nodes look at this node's games at once. */
  stop(): Promise<void>;
  /** The games in play this node should check for a free lease: its own, and those of owners that are gone. */
  candidates(): Promise<Array<{ id: string; ownerToken: bigint }>>;
}

export function createGameScan(deps: GameScanDeps): GameScan {
  const { db, leases, holder, ttlMs, logger } = deps;
  const key = nodeLeaseKey(holder);
  const nodeTtlMs = Math.floor((ttlMs * 2) / 3);
  const everyMs = Math.max(25, Math.floor(ttlMs / 6));
  let token: bigint | undefined;

  async function beat(): Promise<void> {
    if (token !== undefined && (await leases.renew(key, holder, token, nodeTtlMs))) return;
    // Lapsed (or never taken): take it again. Only this instance ever names itself, so nobody else holds it.
    token = await leases.acquire(key, holder, nodeTtlMs);
  }
  const renewal = createPeriodicTask({
    name: 'Node lease',
    everyMs,
    maxBackoffMs: everyMs,
    failureLevel: 'warn',
    logger,
    run: beat,
  });

  return {
    async start() {
      await renewal.tick().catch(() => undefined);
      renewal.start();
    },
    async stop() {
      await renewal.stop();
      const held = token;
      token = undefined;
      if (held !== undefined) await leases.release(key, holder, held).catch(() => undefined);
    },
    async candidates() {
      const [mine, owners] = await Promise.all([playingGameRefsOwnedBy(db, holder), playingGameOwners(db)]);
      const others = owners.filter((owner) => owner !== holder);
      const named = others.filter((owner): owner is string => owner !== null);
      const alive = named.length > 0 ? await leases.currentMany(named.map(nodeLeaseKey)) : new Map<string, { holder: string }>();
      const gone = others.filter((owner) => owner === null || alive.get(nodeLeaseKey(owner))?.holder !== owner);
      const theirs = gone.length > 0 ? await playingGameRefsOfOwners(db, gone) : [];
      return [...mine, ...theirs];
    },
  };
}

/**
 * The takeover (decision 007): a game whose lease is free (its owner died, or
 * this is a restart) is claimed here — its lease taken above the recorded
 * token, then the game claimed in the database under the new token — and
 * opened from its stored state and deadline. Each player is then counted
 * connected if a socket of theirs is in their game room on any node, and what
 * fell due while nobody ran the game runs at once. The periodic scan
 * (game-scan.ts reads the candidates) looks for such games; the router
 * (game-router.ts) takes one over when it needs it.
 */
import { resumeReveals, upgradeState, type MatchState } from '@shifumi/game';
import type { Character } from '@shifumi/protocol';
import type { Database } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import { monotonicNow, type LeaseStore } from '../leases/lease-store';
import { playerRoom } from './game-events';
import { gameLeaseKey } from './game-leases';
import type { GameRegistry } from './game-registry';
import { gamePlayers, type GameRoom, type GameRoomFields } from './game-room';
import type { GameScan } from './game-scan';
import { claimGame, playersShown, playingGameRefs, type GameRow } from './games.repo';

export interface GameTakeoverDeps {
  db: Database;
  leases: LeaseStore;
  holder: string;
  leaseTtlMs: number;
  registry: GameRegistry;
  logger: Logger;
  /** A room for a game claimed under a token asked for at `sentAt`. */
  open(fields: Omit<GameRoomFields, 'validUntil'>, sentAt: number): GameRoom;
  /** A room claimed and brought up: registered (and its lease renewed). */
  register(game: GameRoom): void;
  /** Which player rooms hold a socket on any node. */
  roomsWithSockets(rooms: readonly string[]): Promise<Set<string>>;
  /** With other nodes: what the scan reads (only this node's own and dead owners' games). */
  gameScan: GameScan | undefined;
  /** The time a revived reveal window starts at (epoch ms). */
  now(): number;
  isStopped(): boolean;
}

export type GameTakeover = ReturnType<typeof createGameTakeover>;

export function createGameTakeover(deps: GameTakeoverDeps) {
  const { db, leases, holder, leaseTtlMs, registry, logger } = deps;

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
    const players = gamePlayers(
      entries,
      await playersShown(
        db,
        entries.map((entry) => entry.userId),
      ),
    );
    // Issue 17: a reveal the last owner had not stored is asked for again, with a fresh window (decision 021).
    const revived = resumeReveals(upgradeState(claimed.state as MatchState), deps.now());
    return deps.open(
      {
        id: claimed.id,
        state: revived.state,
        pendingEffects: revived.effects,
        stakeWei: claimed.stakeWei,
        betUsd: claimed.betUsd,
        players,
        token,
      },
      sentAt,
    );
  }

  /** Claims each game, then brings the taken ones up to date with who is connected. */
  async function claimAll(rows: ReadonlyArray<Pick<GameRow, 'id' | 'ownerToken'>>): Promise<number> {
    const taken: GameRoom[] = [];
    for (const row of rows) {
      try {
        const game = await claim(row);
        if (game) taken.push(game);
      } catch (error) {
        logger.error({ err: error, gameId: row.id }, 'Game takeover failed');
      }
    }
    if (taken.length === 0) return 0;
    const rooms = taken.flatMap((game) => game.players.map((player) => playerRoom(game.id, player.id)));
    const connected = await deps.roomsWithSockets(rooms).catch((error: unknown) => {
      logger.warn({ err: error }, 'Could not ask the other nodes for connected players: counting only this node’s');
      return new Set<string>();
    });
    const updates = taken.map((game) => {
      deps.register(game);
      logger.info({ gameId: game.id, token: game.token.toString(), round: game.state.round }, 'Game taken over');
      return game.resume((playerId) => connected.has(playerRoom(game.id, playerId)));
    });
    await Promise.all(updates);
    return taken.length;
  }

  /**
   * Takes over games whose lease is free (owner died, or this is a restart):
   * claims each, then counts each player connected if a socket of theirs is
   * in their game room on any node and disconnected otherwise — a player
   * already disconnected keeps the grace that started then — and runs what
   * fell due while nobody ran the game. Returns how many games this node took.
   */
  function takeOver(rows: ReadonlyArray<Pick<GameRow, 'id' | 'ownerToken'>>): Promise<number> {
    const fresh = rows.filter((row) => !registry.knows(row.id));
    if (fresh.length === 0 || deps.isStopped()) return Promise.resolve(0);
    const work = claimAll(fresh);
    registry.claiming(
      fresh.map((row) => row.id),
      work.then(
        () => undefined,
        () => undefined,
      ),
    );
    return work;
  }

  /** Every game in play whose lease is free and that this node does not run: taken over (only its own and dead owners' are read). */
  async function scan(): Promise<number> {
    const candidates = (await (deps.gameScan ? deps.gameScan.candidates() : playingGameRefs(db))).filter(
      (row) => !registry.knows(row.id),
    );
    if (candidates.length === 0) return 0;
    const held = await leases.currentMany(candidates.map((row) => gameLeaseKey(row.id)));
    const free = candidates.filter((row) => !held.has(gameLeaseKey(row.id)));
    return free.length > 0 ? takeOver(free) : 0;
  }

  return { takeOver, scan };
}

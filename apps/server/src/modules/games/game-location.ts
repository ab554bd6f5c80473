/**
 * Where a game runs: here (this node runs it), on another node (its lease's
 * holder), nowhere (not in play), or moving (its lease is this node's but
 * being let go, or its owner did not answer). A game in play that nobody runs
 * is taken over here (game-takeover.ts). Alone (no relay), every game is here
 * or nowhere.
 */
import type { Executor } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import { RelayError } from '../cluster/node-relay';
import type { GameOwnership } from './game-ownership';
import type { GameRoom } from './game-room';
import { playingGame } from './games.repo';

export type GameLocation = { at: 'here'; game: GameRoom } | { at: 'node'; node: string } | { at: 'nowhere' } | { at: 'moving' };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface GameLocatorDeps {
  db: Executor;
  ownership: Pick<GameOwnership, 'claimOf' | 'room' | 'relay' | 'leases' | 'leaseKey' | 'holder' | 'takeOver'>;
  logger: Logger;
}

/** What the owner node answered: it runs the game (with the value), or no longer does. */
export type OwnerAnswer<T> = { owner: false } | { owner: true; value: T };

/** Where the game runs, and running something there. */
export interface GameLocator {
  locate(gameId: string): Promise<GameLocation>;
  /**
   * Runs `here` where the game runs: on this node, or `there` on its owner
   * over the relay; `nowhere` or `moving` when it runs nowhere or is moving.
   * Twice at most if it moves meanwhile.
   */
  onOwner<T>(
    gameId: string,
    here: (game: GameRoom) => Promise<T>,
    there: (node: string) => Promise<OwnerAnswer<T>>,
    nowhere: T,
    moving: T,
  ): Promise<T>;
}

export function createGameLocator(deps: GameLocatorDeps): GameLocator {
  const { db, ownership, logger } = deps;

  /** Finds who runs the game; a game in play that nobody runs is taken over here. */
  async function locate(gameId: string): Promise<GameLocation> {
    const pending = ownership.claimOf(gameId);
    if (pending) await pending;
    const game = ownership.room(gameId);
    if (game) return { at: 'here', game };
    if (!ownership.relay || !UUID.test(gameId)) return { at: 'nowhere' };
    const lease = await ownership.leases.current(ownership.leaseKey(gameId));
    if (lease && lease.holder !== ownership.holder) return { at: 'node', node: lease.holder };
    if (lease) return { at: 'moving' }; // ours, being let go
    const row = await playingGame(db, gameId);
    if (!row) return { at: 'nowhere' };
    await ownership.takeOver([row]);
    const taken = ownership.room(gameId);
    return taken ? { at: 'here', game: taken } : { at: 'moving' };
  }

  return {
    locate,
    async onOwner(gameId, here, there, nowhere, moving) {
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
    },
  };
}

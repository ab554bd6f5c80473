/**
 * The rooms this node runs, by game and by player, and the takeovers under
 * way on it (game-takeover.ts). Memory only: what the other files of the
 * ownership ask (is this game here? which game is this player in?) and tell
 * (a room opened, a room let go).
 */
import type { GameRoom } from './game-room';

export interface GameRegistry {
  /** A room this node now runs: found by its game and by each of its players. */
  add(game: GameRoom): void;
  /** A room let go: forgotten (a newer room of the same game or player stays). */
  remove(game: GameRoom): void;
  /** The room of a game this node runs. */
  room(gameId: string): GameRoom | undefined;
  /** The game of a user on this node, if any. */
  gameOf(userId: string): string | undefined;
  /** Every room this node runs. */
  rooms(): GameRoom[];
  /** How many games this node runs. */
  size(): number;
  /** The takeover of the game under way on this node, if any. */
  claimOf(gameId: string): Promise<void> | undefined;
  /** Whether the game is run here or being taken over here. */
  knows(gameId: string): boolean;
  /** A takeover of these games is under way until `settled` settles. */
  claiming(gameIds: readonly string[], settled: Promise<void>): void;
  /** Every takeover under way. */
  claims(): Array<Promise<void>>;
}

export function createGameRegistry(): GameRegistry {
  const live = new Map<string, GameRoom>();
  const gameOfUser = new Map<string, string>();
  /** Takeovers under way on this node, by game id. */
  const claiming = new Map<string, Promise<void>>();

  return {
    add(game) {
      live.set(game.id, game);
      for (const player of game.players) gameOfUser.set(player.id, game.id);
    },
    remove(game) {
      if (live.get(game.id) === game) live.delete(game.id);
      for (const player of game.players) if (gameOfUser.get(player.id) === game.id) gameOfUser.delete(player.id);
    },
    room: (gameId) => live.get(gameId),
    gameOf: (userId) => gameOfUser.get(userId),
    rooms: () => [...live.values()],
    size: () => live.size,
    claimOf: (gameId) => claiming.get(gameId),
    knows: (gameId) => live.has(gameId) || claiming.has(gameId),
    claiming(gameIds, settled) {
      for (const id of gameIds) claiming.set(id, settled);
      void settled.then(() => {
        for (const id of gameIds) if (claiming.get(id) === settled) claiming.delete(id);
      });
    },
    claims: () => [...claiming.values()],
  };
}

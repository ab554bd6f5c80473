/**
 * A game this node runs, as the router and the relay handler use it: apply a
 * player's action in its room, and the `game_state` a (re)connecting player
 * gets. No I/O beyond the room itself.
 */
import type { MatchAction } from '@shifumi/game';
import type { GameStateEvent } from '@shifumi/protocol';
import type { ActionResult, GamePlayer, GameRoom } from './game-room';
import type { PlayerAction } from './game-relay-messages';
import { gameStateOf } from './game-state-view';
import { sealedMatchAction } from './sealed-choices';

/** The rooms this node runs, by game and by player. */
export interface LocalGames {
  room(gameId: string): GameRoom | undefined;
  gameOf(userId: string): string | undefined;
}

export const isPlayer = (game: GameRoom, userId: string): boolean => game.players.some((player) => player.id === userId);

/** The other player of the game. */
export function opponentOf(game: GameRoom, userId: string): GamePlayer {
  return game.players[0].id === userId ? game.players[1] : game.players[0];
}

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

/** Applies a player's action in the game's room (in order with its other actions); `not_in_game` for anyone else. */
export function actHere(game: GameRoom, userId: string, action: PlayerAction, now: number): Promise<ActionResult> {
  if (!isPlayer(game, userId)) return Promise.resolve({ ok: false, code: 'not_in_game' });
  return game.act(toMatchAction(game.id, action, userId, now));
}

/** The `game_state` of the user's game on this node, as the user sees it; undefined when they play none here. */
export function stateHere(games: LocalGames, userId: string): GameStateEvent | undefined {
  const room = games.gameOf(userId);
  const game = room ? games.room(room) : undefined;
  return game ? gameStateOf(game, userId) : undefined;
}

/**
 * The `game_state` one player of a game is sent (a socket coming back, a game
 * taken over): the engine's view for that player, with the opponent as the
 * game shows them. Pure.
 */
import { viewFor, type MatchState } from '@shifumi/game';
import type { GameStateEvent } from '@shifumi/protocol';
import type { GamePlayer } from './game-player';

export function gameStateOf(
  game: { id: string; state: MatchState; players: readonly [GamePlayer, GamePlayer] },
  userId: string,
): GameStateEvent | undefined {
  const view = viewFor(game.state, userId);
  if (!view) return undefined;
  const opponent = game.players[0].id === userId ? game.players[1] : game.players[0];
  return {
    room: game.id,
    round: view.round,
    deadline: view.deadline,
    scores: view.scores,
    opponent: { id: opponent.id, name: opponent.name, walletAddress: opponent.walletAddress },
    opponentCharacter: opponent.character,
    choiceLocked: view.choiceLocked,
    opponentChoiceLocked: view.opponentChoiceLocked,
    ...(view.revealPending ? { revealPending: true } : {}),
  };
}

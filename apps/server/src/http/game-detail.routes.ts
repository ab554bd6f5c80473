import { gameIdSchema, type GameDetailResponse } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { GameDetails } from '../modules/games/game-detail';
import { refusal, RefusalError, unwrap } from '../shared/result';
import type { RequireAuth } from './authenticate';

export interface GameDetailRoutesOptions {
  gameDetails: GameDetails;
  requireAuth: RequireAuth;
}

/** Issue 14: `GET /api/games/{id}`: a game of the signed-in player, round by round; 404 for anyone else's. */
export async function gameDetailRoutes(app: FastifyInstance, options: GameDetailRoutesOptions): Promise<void> {
  app.get<{ Params: { id: string } }>('/games/:id', async (request): Promise<GameDetailResponse> => {
    const context = await options.requireAuth(request);
    const id = gameIdSchema.safeParse(request.params.id);
    // Not a game id: the same 404 as a game that is not the player's.
    if (!id.success) throw new RefusalError(refusal('not_found'));
    return unwrap(await options.gameDetails.detail(context.userId, id.data));
  });
}

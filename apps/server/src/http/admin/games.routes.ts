/** The console's games pages: the list, a game's page, its signed transcript (issue 17). */
import { gameIdParamsSchema, type GamePage, type GamesListResponse, type Transcript } from '@shifumi/protocol';
import { z } from 'zod';
import { parseInput } from '../validation';
import { notFound, ROLES, type AdminPage } from './admin-answers';

const gamesQuerySchema = z
  .object({ userId: z.uuid().optional(), status: z.enum(['playing', 'finished', 'refunded']).optional() })
  .strict();

export const gamesRoutes: AdminPage = (app, { admin }, authorize) => {
  app.get('/admin/games', async (request): Promise<GamesListResponse> => {
    await authorize(request, ROLES.read);
    const filter = parseInput(gamesQuerySchema, request.query);
    return { games: await admin.pages.games.list(filter) };
  });

  app.get('/admin/games/:gameId', async (request): Promise<GamePage> => {
    await authorize(request, ROLES.read);
    const { gameId } = parseInput(gameIdParamsSchema, request.params);
    return (await admin.pages.games.page(gameId)) ?? notFound('game_not_found');
  });

  // The signed transcript of an ended game (issue 17), as its players get it; 404 for a game unknown or still in play.
  app.get('/admin/games/:gameId/transcript', async (request): Promise<Transcript> => {
    await authorize(request, ROLES.read);
    const { gameId } = parseInput(gameIdParamsSchema, request.params);
    const transcript = await admin.pages.games.transcript(gameId);
    return transcript ?? notFound('game_not_found');
  });
};

/** The console's players pages: search, a player's page, and freeze / unfreeze / revoke sessions. */
import {
  playerPageQuerySchema,
  playerSearchQuerySchema,
  staffReasonRequestSchema,
  userIdParamsSchema,
  type PlayerPage,
  type PlayerSearchResponse,
} from '@shifumi/protocol';
import { parseInput } from '../validation';
import { notFound, refusedBy, ROLES, type AdminPage } from './admin-answers';

export const playersRoutes: AdminPage = (app, { admin }, authorize) => {
  app.get('/admin/players', async (request): Promise<PlayerSearchResponse> => {
    await authorize(request, ROLES.read);
    const { q } = parseInput(playerSearchQuerySchema, request.query);
    return { players: await admin.players.search(q) };
  });

  app.get('/admin/players/:userId', async (request): Promise<PlayerPage> => {
    await authorize(request, ROLES.read);
    const { userId } = parseInput(userIdParamsSchema, request.params);
    const { entriesBefore } = parseInput(playerPageQuerySchema, request.query);
    return (await admin.players.page(userId, entriesBefore)) ?? notFound('player_not_found');
  });

  for (const action of ['freeze', 'unfreeze', 'revoke-sessions'] as const) {
    app.post(`/admin/players/:userId/${action}`, async (request) => {
      const staff = await authorize(request, ROLES.actOnPlayer);
      const { userId } = parseInput(userIdParamsSchema, request.params);
      const { reason } = parseInput(staffReasonRequestSchema, request.body);
      const change =
        action === 'freeze'
          ? await admin.players.freeze(userId, reason, staff)
          : action === 'unfreeze'
            ? await admin.players.unfreeze(userId, reason, staff)
            : await admin.players.revokeSessions(userId, reason, staff);
      if (!change.found) notFound('player_not_found');
      if (change.refused) refusedBy(change);
      return { changed: change.changed };
    });
  }
};

/** The console's flags page (issue 18's collusion rules): the list, a scan now, resolve a flag. */
import { flagIdParamsSchema, flagsQuerySchema, resolveFlagRequestSchema, type FlagsResponse } from '@shifumi/protocol';
import { parseInput } from '../validation';
import { notFound, refusedBy, ROLES, type AdminPage } from './admin-answers';

export const flagsRoutes: AdminPage = (app, { admin }, authorize) => {
  app.get('/admin/flags', async (request): Promise<FlagsResponse> => {
    await authorize(request, ROLES.read);
    const { status } = parseInput(flagsQuerySchema, request.query);
    return { flags: await admin.pages.flags.list(status) };
  });

  app.post('/admin/flags/scan', async (request) => {
    await authorize(request, ROLES.runCollusionRules);
    return { added: await admin.collusion.scan() };
  });

  app.post('/admin/flags/:id/resolve', async (request) => {
    const staff = await authorize(request, ROLES.resolveFlag);
    const { id } = parseInput(flagIdParamsSchema, request.params);
    const { resolution, note } = parseInput(resolveFlagRequestSchema, request.body);
    const outcome = await admin.collusion.resolve(id, resolution, note, staff);
    if (!outcome.found) notFound('flag_not_found');
    if ('refused' in outcome) refusedBy(outcome);
    return { changed: outcome.changed };
  });
};

/** Issue 19: the player's responsible-gaming tools and statements under /api/account. */
import type { LimitsResponse, MessageResponse, StatementResponse, UntilResponse } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { ResponsibleGaming } from '../modules/responsible-gaming/responsible-gaming.service';
import { statementCsv, type Statements } from '../modules/responsible-gaming/statement';
import { unwrap } from '../shared/result';
import type { RequireAuth } from './authenticate';

export interface ResponsibleGamingRoutesOptions {
  responsibleGaming: ResponsibleGaming;
  statements: Statements;
  requireAuth: RequireAuth;
}

export async function responsibleGamingRoutes(app: FastifyInstance, options: ResponsibleGamingRoutesOptions): Promise<void> {
  const { responsibleGaming, requireAuth } = options;

  app.get('/account/limits', async (request): Promise<LimitsResponse> => {
    const { userId } = await requireAuth(request);
    return responsibleGaming.limits(userId);
  });

  app.put('/account/limits', async (request): Promise<LimitsResponse> => {
    const { userId } = await requireAuth(request);
    return unwrap(await responsibleGaming.setLimit(userId, request.body));
  });

  app.put('/account/reality-check', async (request): Promise<LimitsResponse> => {
    const { userId } = await requireAuth(request);
    return unwrap(await responsibleGaming.setRealityCheck(userId, request.body));
  });

  app.post('/account/time-out', async (request): Promise<UntilResponse> => {
    const { userId } = await requireAuth(request);
    return unwrap(await responsibleGaming.timeOut(userId, request.body));
  });

  app.post('/account/self-exclusion', async (request): Promise<UntilResponse> => {
    const { userId } = await requireAuth(request);
    return unwrap(await responsibleGaming.selfExclude(userId, request.body));
  });

  app.post('/account/self-exclusion/end-request', async (request): Promise<MessageResponse> => {
    const { userId } = await requireAuth(request);
    return unwrap(await responsibleGaming.requestSelfExclusionEnd(userId));
  });

  app.get('/account/statement', async (request, reply): Promise<StatementResponse | string> => {
    const { userId } = await requireAuth(request);
    const { statement, format } = unwrap(await options.statements.build(userId, request.query));
    if (format === 'json') return statement;
    const name = `shifumi-statement-${statement.from.slice(0, 10)}-${statement.to.slice(0, 10)}.csv`;
    void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`);
    return statementCsv(statement);
  });
}

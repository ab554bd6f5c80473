import type { HealthResponse } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Database } from '../infra/db/database';

export async function healthRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  app.get('/health', async (request, reply) => {
    try {
      await pingDatabase(options.db);
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database does not answer');
      return reply.code(503).send({ status: 'error', database: 'error' });
    }
    return { status: 'ok', database: 'ok' } satisfies HealthResponse;
  });
}

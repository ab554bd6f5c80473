import type { HealthResponse, ReadinessResponse } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Database } from '../infra/db/database';
import type { DrainState } from '../shared/drain';
import { refusal } from '../shared/result';
import { refusalAnswer } from './error-handler';

/** How long readiness waits for the database or Redis before counting it away (a balancer's probe must not hang). */
export const READINESS_PROBE_TIMEOUT_MS = 2_000;

function withinProbeTimeout(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${READINESS_PROBE_TIMEOUT_MS} ms`)), READINESS_PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface HealthRouteOptions {
  db: Database;
  /** Issue 29: readiness's other inputs. */
  drain: DrainState;
  /** Present with Redis (several nodes): throws when Redis does not answer. */
  pingRedis?: () => Promise<void>;
}

export async function healthRoutes(app: FastifyInstance, options: HealthRouteOptions): Promise<void> {
  // Liveness: the process answers and its database too.
  app.get('/health', async (request, reply) => {
    try {
      await pingDatabase(options.db);
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database does not answer');
      return reply.code(503).send({ status: 'error', database: 'error' });
    }
    return { status: 'ok', database: 'ok' } satisfies HealthResponse;
  });

  // Issue 29: readiness — whether a balancer should send this node traffic now.
  app.get('/ready', async (request, reply) => {
    const probe = async (ping: () => Promise<void>, what: string): Promise<'ok' | 'error'> => {
      try {
        await withinProbeTimeout(ping());
        return 'ok';
      } catch (error) {
        request.log.warn({ err: error }, `Readiness: ${what} does not answer`);
        return 'error';
      }
    };
    const [database, redis] = await Promise.all([
      probe(() => pingDatabase(options.db), 'the database'),
      options.pingRedis ? probe(options.pingRedis, 'Redis') : Promise.resolve('none' as const),
    ]);
    const draining = options.drain.draining;
    const ready = database === 'ok' && redis !== 'error' && !draining;
    const answer: ReadinessResponse = { status: ready ? 'ready' : 'not_ready', database, redis, draining };
    if (ready) return answer;
    return reply.code(503).send({
      ...answer,
      ...refusalAnswer(request, refusal(draining ? 'draining' : 'service_unavailable')),
    } satisfies ReadinessResponse);
  });
}

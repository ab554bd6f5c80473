/**
 * `GET /metrics`: this node's Prometheus metrics (text exposition format).
 *
 * Queue lengths and pending withdrawals are not for the public, and each
 * scrape reads the database, Redis and the chain: with METRICS_TOKEN set the
 * route requires `Authorization: Bearer <token>`; without it the route is open
 * outside production (a developer's machine, a private network) and not
 * registered at all in production (see the README).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../infra/metrics';
import { refusal } from '../shared/result';
import { sendRefusal } from './error-handler';
import { perMinuteLimiter } from './rate-limits';

export const METRICS_PATH = '/metrics';
/** Prometheus scrapes every 15 s or so; a browser refreshing stays far below too. */
const METRICS_REQUESTS_PER_MINUTE = 120;

export interface MetricsRoutesOptions {
  metrics: Metrics;
  /** Bearer token required; undefined → open. */
  token: string | undefined;
}

/** Whether metrics are served at all: always with a token, without one only outside production. */
export function metricsServed(options: { token: string | undefined; isProduction: boolean }): boolean {
  return options.token !== undefined || !options.isProduction;
}

/** Compares digests, so that neither the content nor the length of the token leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export async function metricsRoutes(app: FastifyInstance, options: MetricsRoutesOptions): Promise<void> {
  app.addHook('onRequest', perMinuteLimiter(app, METRICS_REQUESTS_PER_MINUTE, 'metrics'));
  app.get(METRICS_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (options.token !== undefined) {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer ([\x21-\x7e]+)$/.exec(header) : null;
      if (!match || !sameSecret(match[1]!, options.token)) {
        return sendRefusal(reply.header('www-authenticate', 'Bearer realm="metrics"'), refusal('not_authenticated'), 401);
      }
    }
    const { body, contentType } = await options.metrics.render();
    return reply.type(contentType).send(body);
  });
}

import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { refusal, RefusalError } from '../shared/result';

const ONE_MINUTE_MS = 60_000;

/**
 * A per-IP limiter to install as an `onRequest` hook. One limiter is one
 * bucket: every route it is installed on shares it, so `/api/auth/*` together
 * allow `maxPerMinute` requests per IP. A refusal is a 429 `{ code, message }` with
 * `Retry-After` in seconds. `bucket` names the counter: with several nodes the
 * counters live in Redis (every node counts against the same budget), where
 * limiters are told apart only by their keys.
 */
export function perMinuteLimiter(app: FastifyInstance, maxPerMinute: number, bucket: string): onRequestAsyncHookHandler {
  return app.rateLimit({
    max: maxPerMinute,
    timeWindow: ONE_MINUTE_MS,
    keyGenerator: (request) => `${bucket}:${normalizeIP(request.ip)}`,
    errorResponseBuilder: (_request, context) =>
      new RefusalError(refusal('too_many_requests', { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) })),
  });
}

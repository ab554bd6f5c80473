/**
 * The one place that turns failures into answers. A 4xx always carries
 * `{ code, message }`: a stable code (packages/protocol's refusals.ts) and
 * the sentence for the user, looked up here from the code (decision 037); a
 * 5xx carries a generic code and text, and the details go to the log, once.
 */
import { CHAIN_RPC_PATH, refusalBody, type RefusalBody } from '@shifumi/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../infra/db/errors';
import { refusal as refusalOf, RefusalError, type Refusal } from '../shared/result';
import { REFUSAL_STATUS } from './refusal-status';
import { requestLanguage } from './request-language';

/** How long a client waits before retrying while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own client errors, mapped to refusals. */
const FASTIFY_CLIENT_ERRORS: Record<string, Refusal> = {
  FST_ERR_CTP_INVALID_JSON_BODY: refusalOf('invalid_json'),
  FST_ERR_CTP_EMPTY_JSON_BODY: refusalOf('invalid_json'),
  FST_ERR_CTP_BODY_TOO_LARGE: refusalOf('payload_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: refusalOf('unsupported_media_type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: refusalOf('invalid_request'),
  FST_ERR_CTP_INVALID_TYPE: refusalOf('invalid_request'),
};

/** The `{ code, message }` body of a refusal, in the reader's language (issue 27: the request's). */
export function refusalAnswer(request: FastifyRequest, refusal: Refusal): RefusalBody {
  return refusalBody(refusal, requestLanguage(request));
}

/**
 * Answers a refusal: its status (REFUSAL_STATUS, unless the route has its
 * own), `Retry-After` when the refusal says how long to wait, and
 * `{ code, message }`.
 */
export function sendRefusal(reply: FastifyReply, refusal: Refusal, status: number = REFUSAL_STATUS[refusal.code]): FastifyReply {
  const wait = (refusal.params as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (typeof wait === 'number') reply.header('retry-after', String(wait));
  return reply.code(status).send(refusalAnswer(reply.request, refusal));
}
function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error && typeof (error as FastifyError).code === 'string';
}

/** The 4xx status a library error carries (Fastify, http-errors from @fastify/send…), if any. */
function clientStatusOf(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const { statusCode, status } = error as Error & { statusCode?: unknown; status?: unknown };
  const value = typeof statusCode === 'number' ? statusCode : status;
  return typeof value === 'number' && value >= 400 && value < 500 ? value : undefined;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof RefusalError) return sendRefusal(reply, error.refusal);
    if (error instanceof ZodError) return sendRefusal(reply, refusalOf('invalid_input', { error }));
    if (isFastifyError(error)) {
      const known = FASTIFY_CLIENT_ERRORS[error.code];
      // Issue 12: the chain proxy refuses JSON past its depth and its size alike, with 400 (a JSON-RPC client's "bad request").
      const oversizedRpc = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.url.split('?')[0] === CHAIN_RPC_PATH;
      if (known) return sendRefusal(reply, known, oversizedRpc ? 400 : undefined);
    }
    const clientStatus = clientStatusOf(error);
    if (clientStatus !== undefined) {
      request.log.info({ err: error }, 'Client error');
      // 403 belongs to the access-token check; a library's "forbidden" (a
      // directory, a path outside the web app) is, for the client, not found.
      if (clientStatus === 403 || clientStatus === 404) {
        return sendRefusal(reply, refusalOf('not_found'));
      }
      return sendRefusal(reply, refusalOf('invalid_request'), clientStatus);
    }
    // Issue 29: the database is away (restarted, connections terminated): a clear 503 the client retries, not a 500.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'The database is unavailable');
      return sendRefusal(reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)), refusalOf('service_unavailable'));
    }
    request.log.error({ err: error }, 'Unhandled error');
    return sendRefusal(reply, refusalOf('internal_error'));
  });
}

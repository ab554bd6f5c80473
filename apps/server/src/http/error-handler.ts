/**
 * The one place that turns failures into answers. A 4xx always carries
 * `{ message }` with a sentence for the user; a 5xx carries a generic text
 * and the details go to the log, once.
 */
import { CHAIN_RPC_PATH, SERVER_TEXTS, firstIssueMessage, type MessageResponse } from '@shifumi/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../infra/db/errors';
import { RefusalError, type Refusal } from '../shared/result';
import { REFUSAL_STATUS } from './refusal-status';

/** Fastify's own client errors, mapped to readable texts. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: SERVER_TEXTS.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: SERVER_TEXTS.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: SERVER_TEXTS.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: SERVER_TEXTS.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: SERVER_TEXTS.invalidRequest },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: SERVER_TEXTS.invalidRequest },
};

export function sendRefusal(reply: FastifyReply, refusal: Refusal): FastifyReply {
  const body: MessageResponse = { message: refusal.message };
  return reply.code(REFUSAL_STATUS[refusal.code]).send(body);
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
    if (error instanceof RefusalError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return sendRefusal(reply, error.refusal);
    }
    if (error instanceof ZodError) {
      return reply.code(400).send({ message: firstIssueMessage(error) } satisfies MessageResponse);
    }
    if (isFastifyError(error)) {
      const known = FASTIFY_CLIENT_ERRORS[error.code];
      // Issue 12: the chain proxy refuses JSON past its depth and its size alike, with 400 (a JSON-RPC client's "bad request").
      const oversizedRpc = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.url.split('?')[0] === CHAIN_RPC_PATH;
      if (known) return reply.code(oversizedRpc ? 400 : known.status).send({ message: known.message } satisfies MessageResponse);
    }
    const clientStatus = clientStatusOf(error);
    if (clientStatus !== undefined) {
      request.log.info({ err: error }, 'Client error');
      // 403 belongs to the access-token check; a library's "forbidden" (a
      // directory, a path outside the web app) is, for the client, not found.
      if (clientStatus === 403 || clientStatus === 404) {
        return reply.code(404).send({ message: SERVER_TEXTS.notFound } satisfies MessageResponse);
      }
      return reply.code(clientStatus).send({ message: SERVER_TEXTS.invalidRequest } satisfies MessageResponse);
    }
    // Issue 29: the database is away (restarted, connections terminated): a clear 503 the client retries, not a 500.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'The database is unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: SERVER_TEXTS.serviceUnavailable } satisfies MessageResponse);
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send({ message: SERVER_TEXTS.internalError } satisfies MessageResponse);
  });
}

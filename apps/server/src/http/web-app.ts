/**
 * Serves the built web app (WEB_DIST_DIR) and answers everything no route
 * matched: browser navigations get index.html (the React router then shows
 * the page, or its own not-found page), everything else a JSON 404.
 *
 * Files are sent compressed (web-assets.ts): the build's brotli and gzip twins.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, PUBLIC_SOCKET_PATH, SERVER_TEXTS, SOCKET_PATH, type MessageResponse } from '@shifumi/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { webAssetOptions } from './web-assets';

export const WEB_APP_NOT_BUILT_TEXT =
  'The Shifumi web app is not built yet. Run `npm run build` (or `npm start`, which builds it), then reload this page.';

/** Paths that never fall back to the web app. */
const RESERVED_PREFIXES = [API_PREFIX, SOCKET_PATH, PUBLIC_SOCKET_PATH];

function isReserved(pathname: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

export async function registerWebApp(app: FastifyInstance, options: { webDistDir: string }): Promise<void> {
  const indexFile = path.join(options.webDistDir, 'index.html');
  const built = fs.existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, webAssetOptions(options.webDistDir));
  }

  function sendIndex(reply: FastifyReply) {
    if (!built) return reply.code(200).type('text/plain; charset=utf-8').send(WEB_APP_NOT_BUILT_TEXT);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  }

  app.get('/', async (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && !isReserved(pathname) && acceptsHtml(request)) {
      return sendIndex(reply);
    }
    if (isReserved(pathname)) reply.header('cache-control', 'no-store');
    return reply.code(404).send({ message: SERVER_TEXTS.notFound } satisfies MessageResponse);
  });
}

/**
 * Serves the built web app (WEB_DIST_DIR) and answers everything no route
 * matched: browser navigations get index.html (the React router then shows
 * the page, or its own not-found page), everything else a JSON 404. Issue 12:
 * every GET or HEAD of a page path gets the page whatever its Accept header,
 * unless it accepts only JSON; /api, /socket.io, /public and missing files
 * (a path ending in an extension) keep their JSON 404.
 *
 * Files are sent compressed (web-assets.ts): the build's brotli and gzip twins.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, PUBLIC_SOCKET_PATH, SOCKET_PATH } from '@shifumi/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../shared/result';
import { sendRefusal } from './error-handler';
import { METRICS_PATH } from './metrics.routes';
import { webAssetOptions } from './web-assets';

export const WEB_APP_NOT_BUILT_TEXT =
  'The Shifumi web app is not built yet. Run `npm run build` (or `npm start`, which builds it), then reload this page.';

/** Paths that never fall back to the web app (`/metrics` too: not served in production without a token, it stays a 404). */
const RESERVED_PREFIXES = [API_PREFIX, SOCKET_PATH, PUBLIC_SOCKET_PATH, METRICS_PATH];

function isReserved(pathname: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Issue 12: whether a request accepts nothing but JSON (`Accept:
 * application/json`, or `+json` types only). Everything else — a browser, curl
 * and monitors with `*\/*`, link previews, no Accept at all — gets the page.
 */
export function acceptsOnlyJson(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const types = accept
    .split(',')
    .map((range) => range.split(';')[0]!.trim().toLowerCase())
    .filter((type) => type !== '');
  return types.length > 0 && types.every((type) => type === 'application/json' || /^application\/[a-z0-9.+-]*\+json$/.test(type));
}

/**
 * The shape of the web app's page paths (`/howtoplay`, `/verify-email/<token>`):
 * letters, digits, `-` and `_` segments. A file name (with its extension), the
 * build's `/assets` folder, dot segments and escapes are never a page: missing,
 * they are a 404.
 */
const PAGE_PATH = /^(\/[A-Za-z0-9_-]+)*\/?$/;

function isPagePath(pathname: string): boolean {
  return PAGE_PATH.test(pathname) && !isReserved(pathname) && pathname !== '/assets' && !pathname.startsWith('/assets/');
}

function isPageRequest(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!isPagePath(pathname)) return false;
  const accept = request.headers.accept;
  return !acceptsOnlyJson(Array.isArray(accept) ? accept.join(',') : accept);
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
    if (isPageRequest(request, pathname)) return sendIndex(reply);
    if (isReserved(pathname)) reply.header('cache-control', 'no-store');
    return sendRefusal(reply, refusal('not_found'));
  });
}

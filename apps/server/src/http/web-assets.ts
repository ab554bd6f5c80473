/**
 * How the built web app's files are sent (decision 012):
 *
 * - compressed: the build writes a brotli (`.br`) and a gzip (`.gz`) twin of
 *   every text file; a browser gets brotli when it accepts it, else gzip, else
 *   the file itself, with `Vary: Accept-Encoding`. index.html too.
 * - cached: everything under `assets/` is fingerprinted by Vite, so cached for
 *   good (`immutable`); anything else (index.html, the icon) may change, so
 *   `no-cache` (revalidated at each use).
 * - private: source maps are never sent (the build keeps them out of the
 *   served folder; a map that got there anyway answers 404), nor dotfiles, nor
 *   the compressed twins asked for by name.
 */
import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/** Files never sent by name: source maps, and the twins (sent only in place of their file). */
const NEVER_SERVED = /\.(map|br|gz)$/i;

export function webAssetOptions(webDistDir: string): FastifyStaticOptions {
  return {
    root: webDistDir,
    prefix: '/',
    index: false,
    preCompressed: true,
    // `ignore` answers dotfiles (.env, .git) as if they did not exist.
    dotfiles: 'ignore',
    serveDotFiles: false,
    allowedPath: (pathname) => !NEVER_SERVED.test(pathname),
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Vite fingerprints everything under assets/: cache it for good. Anything else may change.
      const fromAssets = path.relative(webDistDir, filePath).split(path.sep)[0] === 'assets';
      reply.header('cache-control', fromAssets ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
}

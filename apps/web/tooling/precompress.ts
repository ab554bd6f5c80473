/**
 * Precompression at build time (decision 012): every text file of the built
 * app gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) twin,
 * which the server sends to browsers that accept them (@fastify/static
 * `preCompressed`). A twin is kept only when it is smaller than the file.
 * Compressing once here, at the highest levels, costs the server nothing per
 * request.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The file types the app serves that are text. */
export const TEXT_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest'];

export interface CompressedTwin {
  file: string;
  encoding: 'br' | 'gzip';
  bytes: number;
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await fs.readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes the `.br` and `.gz` twins of every text file under `directory`; answers what it wrote. */
export async function precompressDirectory(directory: string): Promise<CompressedTwin[]> {
  const files = (await listFiles(directory)).filter((file) => TEXT_EXTENSIONS.includes(path.extname(file)));
  const written = await Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      const twins: CompressedTwin[] = [];
      for (const [encoding, compressed, suffix] of [
        ['br', br, '.br'],
        ['gzip', gz, '.gz'],
      ] as const) {
        if (compressed.length >= content.length) continue;
        await fs.writeFile(file + suffix, compressed);
        twins.push({ file: file + suffix, encoding, bytes: compressed.length });
      }
      return twins;
    }),
  );
  return written.flat();
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'shifumi:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the build report took the source maps out: only what is served is compressed.
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

const INDEX_HTML =
  '<!doctype html><html><head><title>Shifumi</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(200))});`;

let dist: string;
let app: FastifyInstance;

/** Writes `content` and, as the build does, its brotli and gzip twins. */
function writeWithTwins(file: string, content: string) {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-web-assets-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  writeWithTwins(path.join(dist, 'index.html'), INDEX_HTML);
  writeWithTwins(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  // A map that ended up in the served folder anyway (the build moves them out).
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  // A file the build left uncompressed (its twins would be larger).
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  app = Fastify();
  await registerWebApp(app, { webDistDir: dist });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string>) {
  return app.inject({ method: 'GET', url, headers });
}

describe('the web app on the wire', () => {
  it('sends index.html as brotli to a browser that accepts it, never cached without asking again', async () => {
    const response = await get('/', { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('sends a page route (the app’s HTML) compressed too', async () => {
    const response = await get('/account', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gzipped = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-abc123.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends fingerprinted files compressed and cached for good, with their own type', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends a file without twins as it is', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('<svg/>');
  });

  it('never sends a source map, nor a compressed twin asked for by name', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.br',
      '/assets/index-abc123.js.gz',
      '/index.html.br',
    ]) {
      const response = await get(url, { accept: '*/*', 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('secret.ts');
    }
  });
});

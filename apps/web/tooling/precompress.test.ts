import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('precompression at build time', () => {
  it('writes a brotli and a gzip twin of every text file that they make smaller, and nothing else', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-precompress-'));
    made.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    const script = `export const text = ${JSON.stringify('rock paper scissors '.repeat(100))};`;
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), script);
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>hello</p>'.repeat(50)}`);
    fs.writeFileSync(path.join(dir, 'tiny.svg'), '<svg/>');
    fs.writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(2000));

    const twins = await precompressDirectory(dir);

    expect(twins.map((twin) => path.relative(dir, twin.file)).sort()).toEqual([
      'assets/app-1.js.br',
      'assets/app-1.js.gz',
      'index.html.br',
      'index.html.gz',
    ]);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', 'app-1.js.br'))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets', 'app-1.js.gz'))).toString()).toBe(script);
    // Brotli at its highest quality beats gzip -9 on text.
    const sizes = Object.fromEntries(twins.map((twin) => [path.basename(twin.file), twin.bytes]));
    expect(sizes['app-1.js.br']).toBeLessThan(sizes['app-1.js.gz'] as number);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_MODULE, compileCatalogueValue } from './compile-catalogues';

const CATALOGUE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/protocol/src/catalogue');

describe('the catalogues compiled at build (issue 27)', () => {
  it('matches every catalogue module (a name the build does not match would show its {placeholders} as written)', () => {
    const modules = fs
      .readdirSync(CATALOGUE_ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((language) =>
        fs.readdirSync(path.join(CATALOGUE_ROOT, language.name)).map((file) => path.join(CATALOGUE_ROOT, language.name, file)),
      );
    expect(modules.length).toBeGreaterThan(10);
    expect(modules.filter((file) => !CATALOGUE_MODULE.test(file))).toEqual([]);
    expect(CATALOGUE_MODULE.test(path.join(CATALOGUE_ROOT, 'en', 'howToPlay.ts'))).toBe(false);
  });

  it('compiles a message with values and leaves a plain text as it is', () => {
    expect(compileCatalogueValue({ a: 'Round {round}', b: 'Go Home' })).toEqual({ a: ['Round ', ['round']], b: 'Go Home' });
  });
});

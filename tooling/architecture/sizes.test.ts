/**
 * Decision 039: rooms a newcomer can hold in mind. No production source file
 * (apps/<app>/src, packages/<package>/src; not tests, test support or
 * benchmark scripts) over 400 lines, no function over 150 lines — except the
 * ones listed below, each with its reason. An exception that is no longer
 * needed fails too, so that the lists only shrink.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FILE_LINES, MAX_FUNCTION_LINES, measure, productionFiles } from './sizes';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Files allowed over 400 lines, and why. */
const FILE_EXCEPTIONS: Record<string, string> = {};

/** Functions allowed over 150 lines (`file:name`), and why. */
const FUNCTION_EXCEPTIONS: Record<string, string> = {};

const written: string[] = [];
afterEach(async () => {
  await Promise.all(written.splice(0).map((file) => rm(file, { force: true })));
});

function overLimits(root: string) {
  const measured = measure(root, productionFiles(root));
  return {
    files: measured.files.filter((file) => file.lines > MAX_FILE_LINES),
    functions: measured.functions.filter((fn) => fn.lines > MAX_FUNCTION_LINES),
  };
}

describe('room sizes (TypeScript compiler API)', () => {
  it(`no production file over ${MAX_FILE_LINES} lines and no function over ${MAX_FUNCTION_LINES}, but the listed exceptions`, () => {
    const over = overLimits(ROOT);
    expect(
      over.files.filter((file) => !(file.file in FILE_EXCEPTIONS)).map((file) => `${file.file} (${file.lines} lines)`),
    ).toEqual([]);
    expect(
      over.functions
        .filter((fn) => !(fn.id in FUNCTION_EXCEPTIONS))
        .map((fn) => `${fn.id} at line ${fn.line} (${fn.lines} lines)`),
    ).toEqual([]);
  });

  it('every exception is still needed (a split room leaves the list)', () => {
    const over = overLimits(ROOT);
    const files = new Set(over.files.map((file) => file.file));
    const functions = new Set(over.functions.map((fn) => fn.id));
    expect(Object.keys(FILE_EXCEPTIONS).filter((file) => !files.has(file))).toEqual([]);
    expect(Object.keys(FUNCTION_EXCEPTIONS).filter((id) => !functions.has(id))).toEqual([]);
  });

  it('fails on a probe: a file of 401 lines and an arrow function of 151 lines; tests and benchmarks are not measured', async () => {
    const id = randomBytes(4).toString('hex');
    const body = Array.from({ length: 148 }, (_, index) => `  const value${index} = ${index};`).join('\n');
    const long = `export const longArrow = (): number => {\n${body}\n  return 0;\n};\n`; // the arrow spans 151 lines
    const filler = Array.from(
      { length: 401 - long.split('\n').length + 1 },
      (_, index) => `export const filler${index} = ${index};`,
    ).join('\n');
    const relative = `apps/server/src/modules/ledger/probe-${id}.ts`;
    for (const [name, source] of [
      [relative, `${long}${filler}\n`],
      [`apps/server/src/modules/ledger/probe-${id}.test.ts`, `${long}${filler}\n`],
      [`apps/server/src/scripts/bench-probe-${id}.ts`, `${long}${filler}\n`],
    ] as const) {
      const file = path.join(ROOT, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, source);
      written.push(file);
    }
    const over = overLimits(ROOT);
    expect(over.files.filter((file) => file.file.includes(id)).map((file) => [file.file, file.lines])).toEqual([[relative, 401]]);
    expect(over.functions.filter((fn) => fn.file.includes(id)).map((fn) => [fn.id, fn.lines])).toEqual([
      [`${relative}:longArrow`, 151],
    ]);
  });
});

/**
 * Every architectural rule fails on a probe: a forbidden import (or call) is
 * written into the real tree for the length of one check, the tool that
 * guards the rule is run on it, and the rule must name it. A rule that a later
 * config entry silently overrides, or that misses `import()` or `import type`,
 * fails here (decision 033).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const written: string[] = [];

/** Writes a probe file at `relative` (under the repository) with `source`; removed after the test. */
async function probe(relative: string, source: string): Promise<string> {
  const file = path.join(ROOT, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, source);
  written.push(file);
  return relative;
}

afterEach(async () => {
  await Promise.all(written.splice(0).map((file) => rm(file, { force: true })));
});

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The dependency-cruiser violations starting from these files (with the repository's config). */
async function depcruise(...files: string[]): Promise<Violation[]> {
  const binary = path.join(ROOT, 'node_modules/.bin/depcruise');
  const { stdout } = await run(binary, [...files, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: ROOT,
    maxBuffer: 256 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const result = JSON.parse(stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations.filter((violation) => files.includes(violation.from));
}

const tag = () => randomBytes(4).toString('hex');

describe('import rules (dependency-cruiser): each fails on a forbidden import', () => {
  it('a server module importing realtime/, http/ or compose/ (static, type-only or import())', async () => {
    const id = tag();
    const files = [
      await probe(`apps/server/src/modules/games/probe-${id}-a.ts`, "export { createServers } from '../../realtime/servers';\n"),
      await probe(
        `apps/server/src/modules/games/probe-${id}-b.ts`,
        "export type { Config } from '../../config';\nexport const later = () => import('../../http/validation');\n",
      ),
      await probe(
        `apps/server/src/modules/admin/probe-${id}-c.ts`,
        "import type { Services } from '../../compose/services';\nexport type S = Services;\n",
      ),
    ];
    const violations = await depcruise(...files);
    expect(
      violations
        .filter((v) => v.rule.name === 'server-modules-not-transport')
        .map((v) => v.from)
        .sort(),
    ).toEqual([files[0], files[1], files[2]].sort());
  });

  it('infra/ importing config (the composition reads the environment and hands infra what it needs)', async () => {
    const file = await probe(
      `apps/server/src/infra/chain/probe-${tag()}.ts`,
      "import type { Config } from '../../config';\nexport type C = Config;\n",
    );
    expect((await depcruise(file)).map((v) => v.rule.name)).toContain('server-shared-and-infra-not-upward');
  });

  it('a web feature importing another feature, even through import()', async () => {
    const file = await probe(
      `apps/web/src/features/home/components/probe-${tag()}.tsx`,
      "export const later = () => import('../../deposit/components/deposit-dialog');\n",
    );
    expect((await depcruise(file)).map((v) => v.rule.name)).toContain('web-features-isolated');
  });

  it('shared web code (lib/, components/) importing a feature or app/', async () => {
    const file = await probe(
      `apps/web/src/lib/probe-${tag()}.ts`,
      "export { HomePage } from '../features/home/components/home-page';\n",
    );
    expect((await depcruise(file)).map((v) => v.rule.name)).toContain('web-shared-not-upward');
  });

  it('a package importing an app', async () => {
    const file = await probe(
      `packages/money/src/probe-${tag()}.ts`,
      "export type { Config } from '../../../apps/server/src/config';\n",
    );
    expect((await depcruise(file)).map((v) => v.rule.name)).toContain('packages-not-apps');
  });

  it('the engine importing the protocol barrel (zod, viem) instead of its constants', async () => {
    const file = await probe(`packages/game/src/probe-${tag()}.ts`, "export { betAmountSchema } from '@shifumi/protocol';\n");
    expect((await depcruise(file)).map((v) => v.rule.name)).toContain('engine-pure');
  });

  it('an import cycle made only of type imports', async () => {
    const id = tag();
    const a = await probe(
      `apps/server/src/modules/ledger/probe-${id}-a.ts`,
      `import type { B } from './probe-${id}-b';\nexport interface A { b: B }\n`,
    );
    const b = await probe(
      `apps/server/src/modules/ledger/probe-${id}-b.ts`,
      `import type { A } from './probe-${id}-a';\nexport interface B { a: A }\n`,
    );
    expect((await depcruise(a, b)).map((v) => v.rule.name)).toContain('no-cycles');
  });

  it('the tree as it is has no violation', async () => {
    const { stdout } = await run(
      path.join(ROOT, 'node_modules/.bin/depcruise'),
      ['apps', 'packages', 'e2e', 'scripts', 'tooling', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      {
        cwd: ROOT,
        maxBuffer: 256 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const violations = (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations.filter(
      (v) => !v.from.includes('/probe-'),
    );
    expect(violations).toEqual([]);
  });
});

describe('code rules (ESLint, type-aware): each fails on a probe', () => {
  const eslint = new ESLint({ cwd: ROOT });

  async function ruleIds(relative: string): Promise<string[]> {
    const [result] = await eslint.lintFiles([path.join(ROOT, relative)]);
    return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
  }

  it('a floating promise, a promise where a boolean is expected, an await of a non-promise', async () => {
    const file = await probe(
      `apps/server/src/modules/ledger/probe-${tag()}.ts`,
      [
        'async function work(): Promise<boolean> { return true; }',
        'export async function caller(): Promise<void> {',
        '  work();',
        '  if (work()) return;',
        '  await 1;',
        '}',
        '',
      ].join('\n'),
    );
    const ids = await ruleIds(file);
    expect(ids).toEqual(
      expect.arrayContaining([
        '@typescript-eslint/no-floating-promises',
        '@typescript-eslint/no-misused-promises',
        '@typescript-eslint/await-thenable',
      ]),
    );
  });

  it('a switch that forgets a case of a union', async () => {
    const file = await probe(
      `apps/server/src/modules/ledger/probe-${tag()}.ts`,
      "export function name(side: 'left' | 'right'): string {\n  switch (side) {\n    case 'left':\n      return 'L';\n  }\n  return '';\n}\n",
    );
    expect(await ruleIds(file)).toContain('@typescript-eslint/switch-exhaustiveness-check');
  });

  it('Math.random and viem’s generateSiweNonce in the server (both rules, neither overriding the other)', async () => {
    const file = await probe(
      `apps/server/src/modules/siwe/probe-${tag()}.ts`,
      "import { generateSiweNonce } from 'viem/siwe';\nexport const nonce = (): string => generateSiweNonce() + String(Math.random());\n",
    );
    const ids = await ruleIds(file);
    expect(ids).toEqual(expect.arrayContaining(['no-restricted-imports', 'no-restricted-properties']));
  });
});

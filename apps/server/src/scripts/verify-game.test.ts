import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateSigningSeed, parseSigningKey, publicKeyBase64, signTranscript } from '@shifumi/fairness/node';
import { buildTranscript, randomSalt } from '@shifumi/fairness/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { runVerifyGame } from './verify-game';

const key = parseSigningKey(generateSigningSeed());
const publicKey = publicKeyBase64(key);
const transcript = signTranscript(
  buildTranscript({
    room: 'a7f0c2de-1111-4111-8111-111111111111',
    players: [
      { id: 'b1b1b1b1-1111-4111-8111-111111111111', name: 'Ana' },
      { id: 'c2c2c2c2-2222-4222-8222-222222222222', name: 'Ben' },
    ],
    amountUsdt: 20,
    price: '2543.17',
    plays: [
      [
        { mode: 'sealed', choice: 'rock', salt: randomSalt() },
        { mode: 'sealed', choice: 'scissors', salt: randomSalt() },
      ],
      [
        { mode: 'sealed', choice: 'paper', salt: randomSalt() },
        { mode: 'plain', choice: 'rock', salt: randomSalt() },
      ],
    ],
    ledgerTransfers: ['t1', 't2', 't3'],
  }),
  key,
);

let directory: string;
beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'verify-game-'));
  await fs.writeFile(path.join(directory, 'game.json'), JSON.stringify(transcript, null, 2));
  // Ben's round-1 choice changed from scissors to paper: Ana's rock would have lost.
  const tampered = structuredClone(transcript);
  tampered.rounds[0]!.results['c2c2c2c2-2222-4222-8222-222222222222']!.choice = 'paper';
  await fs.writeFile(path.join(directory, 'tampered.json'), JSON.stringify(tampered));
  await fs.writeFile(path.join(directory, 'broken.json'), '{"version": 1,');
});
afterAll(async () => {
  await fs.rm(directory, { recursive: true, force: true });
});

async function run(args: string[]) {
  const out: string[] = [];
  const error: string[] = [];
  const code = await runVerifyGame(args, { cwd: directory, out: (line) => out.push(line), error: (line) => error.push(line) });
  return { code, out, error };
}

describe('npm run verify:game', () => {
  it('passes a signed transcript with its key: every check listed with ✓, exit code 0', async () => {
    const { code, out } = await run(['game.json', '--key', publicKey]);
    expect(code).toBe(0);
    expect(out.filter((line) => line.startsWith('✓'))).toHaveLength(7);
    expect(out.at(-1)).toBe('All 7 checks passed.');
  });

  it('fails a tampered transcript: exit code 1, the failing checks marked ✗', async () => {
    const { code, out } = await run(['tampered.json', `--key=${publicKey}`]);
    expect(code).toBe(1);
    expect(out.filter((line) => line.startsWith('✗')).map((line) => line.split(':')[0])).toEqual([
      '✗ Signed by Shifumi',
      '✗ Every sealed choice matches its seal',
      "✗ Every round's winner follows the rules",
    ]);
    expect(out.at(-1)).toBe('3 of 7 checks failed.');
  });

  it('without --key fetches nothing: the signature check fails and says how to pass the key', async () => {
    const { code, out } = await run(['game.json']);
    expect(code).toBe(1);
    expect(out).toContain('No --key given: pass the publicKey of GET /api/fairness/key to check the signature.');
    expect(out.filter((line) => line.startsWith('✗'))).toHaveLength(1);
  });

  it('answers 2 with a reason for a usage error: no file, a missing file, not JSON, an unknown option', async () => {
    expect((await run([])).code).toBe(2);
    const missing = await run(['nowhere.json', '--key', publicKey]);
    expect(missing.code).toBe(2);
    expect(missing.error[0]).toBe('Cannot read the transcript nowhere.json: ENOENT.');
    const broken = await run(['broken.json']);
    expect(broken.error[0]).toBe('Cannot read the transcript broken.json: it is not JSON.');
    expect((await run(['game.json', '--kye', publicKey])).code).toBe(2);
    expect((await run(['game.json', '--key'])).code).toBe(2);
  });

  it('runs as a process from the directory it was typed in, with the exit code the shell sees', async () => {
    const script = path.join(REPO_ROOT, 'apps/server/src/scripts/verify-game.ts');
    const execute = promisify(execFile);
    const options = { cwd: path.join(REPO_ROOT, 'apps/server'), env: { ...process.env, INIT_CWD: directory } };
    const passed = await execute(process.execPath, ['--import', 'tsx', script, 'game.json', '--key', publicKey], options);
    expect(passed.stdout).toContain('All 7 checks passed.');
    const failure = await execute(
      process.execPath,
      ['--import', 'tsx', script, 'tampered.json', '--key', publicKey],
      options,
    ).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('3 of 7 checks failed.');
  });
});

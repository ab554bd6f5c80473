import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildLiabilityTree, proofOf, rootOf } from '@shifumi/fairness';
import { generateSigningSeed, nodeFairnessCrypto, parseSigningKey, publicKeyBase64 } from '@shifumi/fairness/node';
import { signedSnapshotOf } from '@shifumi/fairness/testing';
import { reserveMessage } from '@shifumi/protocol';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { runSignReserve } from './solvency-sign-reserve';
import { runVerifySolvency } from './verify-solvency';

const key = parseSigningKey(generateSigningSeed());
const publicKey = publicKeyBase64(key);
const SNAPSHOT_ID = '66666666-6666-4666-8666-666666666666';
const hot = privateKeyToAccount(generatePrivateKey());
const hotAddress = hot.address.toLowerCase();
const cold = `0x${'c0'.repeat(20)}`;
let directory: string;
/** What the fake node answers: each address's balance at block 77. */
const chainBalances = new Map<string, bigint>([
  [hotAddress, 3n * 10n ** 18n],
  [cold, 10n ** 18n],
]);

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'verify-solvency-'));
  const tree = await buildLiabilityTree(nodeFairnessCrypto, [
    { userId: 'ana', salt: 'aa'.repeat(32), amountWei: 2n * 10n ** 18n },
    { userId: 'ben', salt: 'bb'.repeat(32), amountWei: 10n ** 18n },
  ]);
  const signature = await hot.signMessage({ message: reserveMessage(SNAPSHOT_ID, '77') });
  const snapshot = signedSnapshotOf(rootOf(tree.root), 2, key, {
    id: SNAPSHOT_ID,
    blockNumber: '77',
    reserves: [
      { address: hotAddress, balanceWei: (3n * 10n ** 18n).toString(), signature },
      { address: cold, balanceWei: (10n ** 18n).toString(), signature: null },
    ],
  });
  const proof = proofOf(tree, SNAPSHOT_ID, 'ana')!;
  await fs.writeFile(path.join(directory, 'snapshot.json'), JSON.stringify(snapshot));
  await fs.writeFile(path.join(directory, 'proof.json'), JSON.stringify(proof));
  const negative = structuredClone(proof);
  negative.path[0]!.sumWei = '-1';
  await fs.writeFile(path.join(directory, 'negative.json'), JSON.stringify(negative));
  await fs.writeFile(path.join(directory, 'broken.json'), '{"snapshotId":');
});
afterAll(async () => {
  await fs.rm(directory, { recursive: true, force: true });
});

async function run(args: string[]) {
  const out: string[] = [];
  const error: string[] = [];
  const balanceAt = (_rpc: string, address: string) => Promise.resolve(chainBalances.get(address) ?? 0n);
  const code = await runVerifySolvency(args, {
    cwd: directory,
    out: (line) => out.push(line),
    error: (line) => error.push(line),
    balanceAt,
  });
  return { code, out, error };
}

describe('npm run verify:solvency', () => {
  it('passes a proof against its snapshot with the key, and with --rpc each reserve as the node reads it: exit code 0', async () => {
    const { code, out } = await run([
      'proof.json',
      '--snapshot',
      'snapshot.json',
      '--key',
      publicKey,
      '--rpc',
      'http://127.0.0.1:1',
    ]);
    expect(out.filter((line) => line.startsWith('✓ ') && !line.startsWith('✓ 0x'))).toHaveLength(6);
    expect(out).toContain(`✓ ${hotAddress}: 3000000000000000000 wei at block 77, signed by its key.`);
    expect(out).toContain(`• ${cold}: 1000000000000000000 wei at block 77, as listed; no signature, not counted.`);
    expect(out.at(-1)).toBe('All 7 checks passed.');
    expect(code).toBe(0);
  });

  it('fails a negative sum in the path, saying so: exit code 1', async () => {
    const { code, out } = await run(['negative.json', '--snapshot=snapshot.json', `--key=${publicKey}`]);
    expect(code).toBe(1);
    expect(out).toContain(
      '✗ Every sum on the way up is non-negative and adds up: Step 1 of the path has a negative sum (-1 wei): refused.',
    );
    expect(out.at(-1)).toBe('2 of 6 checks failed.');
  });

  it('fails a reserve the node reads otherwise, and without --key the signature', async () => {
    chainBalances.set(cold, 0n);
    try {
      const { code, out } = await run(['proof.json', '--snapshot', 'snapshot.json', '--rpc', 'http://127.0.0.1:1']);
      expect(code).toBe(1);
      expect(out).toContain(`✗ ${cold}: holds 0 wei at block 77, the snapshot says 1000000000000000000 wei.`);
      expect(out).toContain('No --key given: pass the publicKey of GET /api/fairness/key to check the signature.');
      expect(out.at(-1)).toBe('2 of 7 checks failed.');
    } finally {
      chainBalances.set(cold, 10n ** 18n);
    }
  });

  it('answers 2 with a reason for a usage error', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['proof.json'])).error[0]).toBe('Give the snapshot file with --snapshot.');
    expect((await run(['broken.json', '--snapshot', 'snapshot.json'])).error[0]).toBe(
      'Cannot read the proof broken.json: it is not JSON.',
    );
    expect((await run(['proof.json', '--snapshot', 'nowhere.json'])).error[0]).toBe(
      'Cannot read the snapshot nowhere.json: ENOENT.',
    );
    expect((await run(['proof.json', '--snapshot', 'snapshot.json', '--rpc', 'ftp://x'])).code).toBe(2);
    expect((await run(['proof.json', '--snapshot', 'snapshot.json', '--kye', publicKey])).code).toBe(2);
  });

  it('runs as a process from the directory it was typed in, with the exit code the shell sees', async () => {
    const script = path.join(REPO_ROOT, 'apps/server/src/scripts/verify-solvency.ts');
    const execute = promisify(execFile);
    const options = { cwd: path.join(REPO_ROOT, 'apps/server'), env: { ...process.env, INIT_CWD: directory } };
    const passed = await execute(
      process.execPath,
      ['--import', 'tsx', script, 'proof.json', '--snapshot', 'snapshot.json', '--key', publicKey],
      options,
    );
    expect(passed.stdout).toContain('All 6 checks passed.');
    const failure = await execute(
      process.execPath,
      ['--import', 'tsx', script, 'negative.json', '--snapshot', 'snapshot.json', '--key', publicKey],
      options,
    ).then(
      () => null,
      (error: { code: number }) => error,
    );
    expect(failure?.code).toBe(1);
  });
});

describe('npm run solvency:sign-reserve', () => {
  it('prints the message for a snapshot id and block, refuses nonsense, and says when there is no snapshot', async () => {
    const lines: string[] = [];
    const io = {
      out: (line: string) => lines.push(line),
      error: (line: string) => lines.push(line),
      latest: () => Promise.resolve(undefined),
    };
    expect(await runSignReserve([SNAPSHOT_ID, '77'], io)).toBe(0);
    expect(lines).toContain(`Shifumi solvency snapshot ${SNAPSHOT_ID} at block 77`);
    expect(await runSignReserve(['nope', '77'], io)).toBe(2);
    expect(await runSignReserve([], io)).toBe(1);
    expect(lines.at(-1)).toBe('No solvency snapshot yet: take one with POST /api/admin/solvency/snapshot.');
  });
});

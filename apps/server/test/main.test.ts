/** The real entry point, as `npm start` runs it: a child process with an environment. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestAnvil } from '../src/infra/chain/anvil-testing';
import { freePort } from '../src/shared/free-port';

/**
 * A spawned server transpiles its sources, opens PGlite and migrates before it
 * reaches the chain: on a loaded 2-core machine (the whole suite at once) that
 * alone has taken over 30 s.
 */
const SPAWNED_SERVER_TIMEOUT_MS = 90_000;

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    // Only what the test sets (plus PATH): the developer's own variables must not leak in.
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('main.ts', () => {
  it('stops with one line naming the variable when the environment is invalid', async () => {
    const run = runMain({ PORT: 'abc' });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toBe('Invalid environment: PORT must be an integer between 1 and 65535\n');
  });

  it('refuses to start in production without JWT_SECRET', async () => {
    const run = runMain({ NODE_ENV: 'production' });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr.trim().split('\n')).toEqual([
      'Invalid environment: JWT_SECRET is required when NODE_ENV=production (at least 32 characters)',
    ]);
  });

  it('refuses REDIS_URL without JWT_SECRET: the nodes of a cluster must share it', async () => {
    const run = runMain({ REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toBe(
      'Invalid environment: JWT_SECRET is required when REDIS_URL is set (every node must share the same secret)\n',
    );
  });

  it(
    'stops with one line when Redis is unreachable, without its password',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-main-'));
      const redisPort = await freePort();
      try {
        const run = runMain({
          REDIS_URL: `redis://:hunter2-redis@127.0.0.1:${redisPort}`,
          JWT_SECRET: 'j'.repeat(32),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        });
        expect(await run.exited).toBe(1);
        const { stdout, stderr } = run.output();
        expect(stderr.trim().split('\n')).toEqual([
          expect.stringMatching(
            new RegExp(`^Shifumi could not start: Redis at redis://127\\.0\\.0\\.1:${redisPort} is unreachable: `),
          ),
        ]);
        expect(stdout + stderr).not.toContain('hunter2');
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    SPAWNED_SERVER_TIMEOUT_MS,
  );

  it(
    'refuses to start on a chain other than the development one without DEPOSIT_MNEMONIC',
    async () => {
      const anvil = await startTestAnvil({ chainId: 5 });
      try {
        const run = runMain({ ETH_RPC_URL: anvil.rpcUrl, DATA_DIR: path.join(anvil.dataDir, 'server'), LOG_LEVEL: 'warn' });
        expect(await run.exited).toBe(1);
        expect(run.output().stderr.trim().split('\n')).toEqual([
          'Shifumi could not start: Invalid environment: DEPOSIT_MNEMONIC is required on chain 5 (the development mnemonic is only a default on the development chain 31337)',
        ]);
      } finally {
        await anvil.dispose();
      }
    },
    SPAWNED_SERVER_TIMEOUT_MS,
  );

  it(
    'starts from nothing (creates DATA_DIR, PGlite, secret, migrations), serves, and stops cleanly on SIGTERM',
    async () => {
      const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-main-')), 'data');
      const port = await freePort();
      const anvilPort = await freePort();
      const run = runMain({
        PORT: String(port),
        ANVIL_PORT: String(anvilPort),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      });
      try {
        let health: Response | undefined;
        const deadline = Date.now() + 45_000;
        while (Date.now() < deadline && !health?.ok) {
          if (run.child.exitCode !== null) throw new Error(`exited early: ${run.output().stderr}`);
          health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
          if (!health?.ok) await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(await health?.json()).toEqual({ status: 'ok', database: 'ok' });
        expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
        expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
        expect(run.output().stdout).toContain(`Shifumi is running on http://localhost:${port}`);
        const secret = fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');
        expect(run.output().stdout).not.toContain(secret);
        // The embedded development chain runs on ANVIL_PORT and its keys never reach the log.
        expect(run.output().stdout).toContain('"msg":"Chain ready"');
        expect(run.output().stdout).toContain('"chainId":31337');
        expect(run.output().stdout).not.toMatch(
          /test test test|junk|0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80/,
        );
        const chainId = await fetch(`http://127.0.0.1:${anvilPort}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        }).then((response) => response.json() as Promise<{ result: string }>);
        expect(chainId.result).toBe('0x7a69');

        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
        expect(run.output().stdout).toContain('"msg":"Stopped"');
        // Anvil was stopped with the server and dumped its chain into DATA_DIR.
        expect(fs.existsSync(path.join(dataDir, 'anvil', 'anvil-state.json'))).toBe(true);
        await expect(fetch(`http://127.0.0.1:${anvilPort}`, { method: 'POST' })).rejects.toThrow();
      } finally {
        if (run.child.exitCode === null) run.child.kill('SIGKILL');
        fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
      }
    },
    SPAWNED_SERVER_TIMEOUT_MS,
  );
});

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import {
  E2E_ANVIL_PORT,
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_PORT,
  E2E_TMP_DIR,
  MAIL_DIR,
  REPO_ROOT,
  SUPPORT_EMAIL,
} from './environment';
import { startSmtpReceiver } from './smtp-receiver';

/** Creates a fresh PostgreSQL database next to the one DATABASE_URL names. */
async function createDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shifumi_e2e_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function waitForHealth(server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${E2E_BASE_URL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(E2E_TMP_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  const smtp = await startSmtpReceiver(MAIL_DIR);
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : undefined;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    APP_URL: E2E_BASE_URL,
    DATA_DIR: E2E_DATA_DIR,
    ANVIL_PORT: String(E2E_ANVIL_PORT),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Shifumi <no-reply@shifumi.test>',
    SUPPORT_EMAIL,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_CONTACT_PER_MINUTE: '1000',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  delete env.ETH_RPC_URL;
  // One node, everything in process: the journeys test the product, the server's tests cover several nodes on Redis.
  delete env.REDIS_URL;
  // The tests' own tools (dev:deposit) reach the same server, chain and database.
  process.env.SHIFUMI_E2E_SERVER_ENV = JSON.stringify({
    PORT: env.PORT,
    ANVIL_PORT: env.ANVIL_PORT,
    DATA_DIR: env.DATA_DIR,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });

  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(server, 60_000);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await smtp.close();
    // After every journey, the ledger's invariants and the on-chain coverage must hold on what the server left.
    const check = spawnSync('npm', ['run', '--silent', 'ledger:check'], { cwd: REPO_ROOT, env, encoding: 'utf8' });
    process.stdout.write(check.stdout);
    process.stderr.write(check.stderr);
    await database?.drop();
    if (check.status !== 0) throw new Error(`npm run ledger:check failed after the e2e journeys (exit ${check.status})`);
  };
}

/**
 * Issue 29: a PostgreSQL server of the test's own, for the tests that stop
 * and start the database server itself — never the machine's shared cluster,
 * which other tests use at the same time. `initdb` into a temporary folder,
 * its own port on 127.0.0.1 and its own socket directory, trust
 * authentication, no fsync (a throw-away cluster). Run as the `postgres`
 * user when the test runs as root (initdb and postgres refuse root).
 *
 * `findPostgresBinaries()` says why it cannot run (no binaries, root without
 * a `postgres` user) so that the test skips with one clear line.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/shared/free-port';

export interface PostgresBinaries {
  binDir: string;
  /** The command prefix that runs a binary as a user allowed to (runuser as postgres when root). */
  runAs: string[];
  /** The owner the data folder must have (root: postgres's uid and gid). */
  owner: { uid: number; gid: number } | undefined;
}

/** The highest installed /usr/lib/postgresql/<version>/bin with initdb and pg_ctl, or why there is none. */
export function findPostgresBinaries(): PostgresBinaries | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const binDir = versions
    .map((version) => path.join(root, version, 'bin'))
    .find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')));
  if (!binDir) return { missing: `no PostgreSQL server binaries (initdb, pg_ctl) under ${root}/*/bin` };
  if (process.getuid?.() !== 0) return { binDir, runAs: [], owner: undefined };
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  const runuser = spawnSync('runuser', ['--help'], { stdio: 'ignore' });
  if (uid.status !== 0 || gid.status !== 0 || runuser.error)
    return { missing: 'running as root without a `postgres` user and runuser to run initdb as (initdb refuses root)' };
  return {
    binDir,
    runAs: ['runuser', '-u', 'postgres', '--'],
    owner: { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) },
  };
}

export interface OwnPostgres {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/<database>`. */
  url(database?: string): string;
  /** `pg_ctl stop -m fast`: every session is terminated (57P01), the server is gone until start(). */
  stop(): Promise<void>;
  /** `pg_ctl start -w` on the same port and data. */
  start(): Promise<void>;
  running(): boolean;
  /** Stops it (immediate) and removes its folder. */
  dispose(): Promise<void>;
  /** The server's log, for failure messages. */
  log(): string;
}

function run(binaries: PostgresBinaries, binary: string, args: string[], timeoutMs: number): Promise<void> {
  const [command, ...prefix] = [...binaries.runAs, path.join(binaries.binDir, binary)];
  return new Promise((resolve, reject) => {
    const child = spawn(command!, [...prefix, ...args], { stdio: ['ignore', 'pipe', 'pipe'], cwd: os.tmpdir() });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${binary} ${args.join(' ')} exited ${code}: ${output.slice(-2_000)}`));
    });
  });
}

/** initdb into a temporary folder, then start it on a free port. */
export async function startOwnPostgres(
  binaries: PostgresBinaries,
  settings: { maxConnections?: number } = {},
): Promise<OwnPostgres> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-own-pg-'));
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  if (binaries.owner) {
    for (const entry of [folder, dataDir]) fs.chownSync(entry, binaries.owner.uid, binaries.owner.gid);
  }
  const port = await freePort();
  let up = false;
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${folder}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=32MB',
    `-c max_connections=${settings.maxConnections ?? 60}`,
  ].join(' ');
  try {
    await run(
      binaries,
      'initdb',
      ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--locale=C'],
      120_000,
    );
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const instance: OwnPostgres = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await run(binaries, 'pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '60', 'start'], 90_000);
      up = true;
    },
    async stop() {
      await run(binaries, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop'], 90_000);
      up = false;
    },
    running: () => up,
    async dispose() {
      if (up) await run(binaries, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], 60_000).catch(() => undefined);
      up = false;
      fs.rmSync(folder, { recursive: true, force: true });
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4_000) : ''),
  };
  try {
    await instance.start();
  } catch (error) {
    await instance.dispose();
    throw error;
  }
  return instance;
}

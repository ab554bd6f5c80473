/**
 * The embedded development chain: finds the anvil binary and runs it as a child process
 * whose chain survives restarts (state kept in the data directory).
 *
 * Persistence (checked against anvil 1.7.1): `--state <file>` loads the file at start when
 * it exists and dumps the whole chain (blocks, hashes, receipts, balances) on SIGTERM or
 * SIGINT; `--state-interval <s>` also dumps it every few seconds so that a crash loses
 * little. Anvil catches SIGTERM only a moment after JSON-RPC answers, so startup also
 * waits for its handler (Linux: /proc/<pid>/status). Anvil rewrites the file in place (no
 * temporary file + rename), so a crash in the middle of a dump can leave it unreadable:
 * startup then fails with `state-unreadable` rather than silently starting another chain. The file grows with every block (about
 * 1.7 KB per empty block, i.e. ~150 MB a day at one block per second).
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants as fsConstants, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { BaseLogger } from 'pino';
import { DEV_CHAIN_ID, mnemonicProblem } from './hd-wallet';

/** The logging this module needs; pino and Fastify loggers fit. */
export type ChainLogger = Pick<BaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

/** The npm package that carries the Linux x64 anvil binary. */
export const ANVIL_PACKAGE = '@foundry-rs/anvil-linux-amd64';
/** Name of the state file inside the data directory. */
export const ANVIL_STATE_FILE = 'anvil-state.json';

/** Neither the npm package's binary nor `anvil` on PATH exists. The message is one line. */
export class AnvilNotFoundError extends Error {
  override name = 'AnvilNotFoundError';
  constructor() {
    super(
      `No anvil binary found (neither the npm package ${ANVIL_PACKAGE} nor \`anvil\` on PATH): ` +
        'set ETH_RPC_URL to an Ethereum JSON-RPC endpoint instead.',
    );
  }
}

/** Where {@link findAnvilBinary} looks. Defaults are the real places; tests override them. */
export interface FindAnvilOptions {
  /** npm package holding `bin/anvil` (default {@link ANVIL_PACKAGE}). */
  packageName?: string;
  /** Command tried on PATH (default `anvil`). */
  pathCommand?: string;
}

/**
 * The anvil executable: `bin/anvil` of the npm package when it is installed (resolved from
 * its package.json, so hoisting does not matter), else `anvil` on PATH (a Foundry install,
 * e.g. on macOS, checked by running `anvil --version`).
 *
 * @throws AnvilNotFoundError when neither exists
 */
export function findAnvilBinary(options: FindAnvilOptions = {}): string {
  const packageName = options.packageName ?? ANVIL_PACKAGE;
  const pathCommand = options.pathCommand ?? 'anvil';
  try {
    const require = createRequire(import.meta.url);
    const binary = join(dirname(require.resolve(`${packageName}/package.json`)), 'bin', 'anvil');
    accessSync(binary, fsConstants.X_OK);
    return binary;
  } catch {
    // Not installed (another platform, or optional dependencies skipped): try PATH.
  }
  const probe = spawnSync(pathCommand, ['--version'], { stdio: 'ignore', timeout: 10_000 });
  if (probe.error === undefined && probe.status === 0) return pathCommand;
  throw new AnvilNotFoundError();
}

/** Why anvil did not start. */
export type AnvilStartFailure = 'port-in-use' | 'state-unreadable' | 'bad-mnemonic' | 'exited' | 'timeout' | 'wrong-chain';

/** Anvil did not start; `reason` says why, the message says what to do. */
export class AnvilStartError extends Error {
  override name = 'AnvilStartError';
  readonly reason: AnvilStartFailure;
  constructor(reason: AnvilStartFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

/** Options of {@link startAnvil}. */
export interface StartAnvilOptions {
  /** Port to listen on; 0 picks a free one (read back from anvil's output). */
  port: number;
  /** Directory of the state file (created if missing). */
  dataDir: string;
  /** Seconds between blocks (default 1); `null` mines one block per transaction (automine, for tests). */
  blockTimeSeconds?: number | null;
  /** Chain id (default 31337). */
  chainId?: number;
  /**
   * Mnemonic of anvil's funded accounts (default: anvil's own, the well-known development
   * one). It is passed on anvil's command line, which other local users can read: use
   * development mnemonics only.
   */
  mnemonic?: string;
  /** Receives start, stop and failure messages; never anvil's stdout (it prints the account keys). */
  logger: ChainLogger;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Seconds between state dumps while running (default 5). */
  stateIntervalSeconds?: number;
  /** The executable (default {@link findAnvilBinary}). */
  binaryPath?: string;
  /** How long to wait for JSON-RPC to answer (default 20 s). */
  startTimeoutMs?: number;
  /** How long `stop()` waits after SIGTERM (for the state dump) before SIGKILL (default 30 s). */
  stopTimeoutMs?: number;
}

/** How the anvil process ended. */
export interface AnvilExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running anvil. */
export interface AnvilInstance {
  /** JSON-RPC endpoint, e.g. `http://127.0.0.1:8545`. */
  rpcUrl: string;
  /** The port actually listened on. */
  port: number;
  /** Process id. */
  pid: number;
  /** The state file (loaded at start, dumped periodically and on stop). */
  stateFile: string;
  /** Resolves when the process has ended, whatever the reason. */
  exited: Promise<AnvilExit>;
  /** SIGTERM, wait for the exit (anvil dumps its state), SIGKILL after the stop timeout. Idempotent. */
  stop(): Promise<void>;
}

const STDERR_LINES_KEPT = 20;

/**
 * Starts anvil with `--chain-id <id> --port <port> --host 127.0.0.1 --block-time 1
 * --state <dataDir>/anvil-state.json --state-interval 5` and resolves once our process
 * listens and answers `eth_chainId` with the expected id.
 *
 * @throws AnvilNotFoundError when no binary is found
 * @throws AnvilStartError when the port is taken, the state file cannot be read, the
 * process exits or does not answer in time (the process is killed), or it serves another chain id
 */
export async function startAnvil(options: StartAnvilOptions): Promise<AnvilInstance> {
  const chainId = options.chainId ?? DEV_CHAIN_ID;
  const host = options.host ?? '127.0.0.1';
  const blockTimeSeconds = options.blockTimeSeconds === undefined ? 1 : options.blockTimeSeconds;
  const stateIntervalSeconds = options.stateIntervalSeconds ?? 5;
  const startTimeoutMs = options.startTimeoutMs ?? 20_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  const { logger } = options;

  if (options.mnemonic !== undefined) {
    const problem = mnemonicProblem(options.mnemonic);
    if (problem !== null) throw new AnvilStartError('bad-mnemonic', `anvil's mnemonic is invalid: ${problem}`);
  }
  const binary = options.binaryPath ?? findAnvilBinary();
  mkdirSync(options.dataDir, { recursive: true });
  const stateFile = join(options.dataDir, ANVIL_STATE_FILE);

  const args = ['--chain-id', String(chainId), '--port', String(options.port), '--host', host];
  if (blockTimeSeconds !== null) args.push('--block-time', String(blockTimeSeconds));
  args.push('--state', stateFile, '--state-interval', String(stateIntervalSeconds));
  if (options.mnemonic !== undefined) args.push('--mnemonic', options.mnemonic);

  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const redact = redactor(options.mnemonic);
  const stderrTail: string[] = [];
  let spawnError: Error | undefined;
  const exited = new Promise<AnvilExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      spawnError = error;
      resolve({ code: null, signal: null });
    });
  });
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderrTail.push(redact(line));
    if (stderrTail.length > STDERR_LINES_KEPT) stderrTail.shift();
  });
  // Stdout lists the funded accounts' private keys: it is read for the port and never logged.
  const listening = new Promise<number>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /Listening on .*:(\d+)\s*$/.exec(line);
      if (match?.[1] !== undefined) resolve(Number(match[1]));
    });
  });

  // If the server exits without stopping anvil, anvil still gets SIGTERM and dumps its state.
  const killOnParentExit = () => child.kill('SIGTERM');
  process.once('exit', killOnParentExit);
  let started = false;
  let stopping = false;
  void exited.then((exit) => {
    process.removeListener('exit', killOnParentExit);
    if (started && !stopping) logger.error({ ...exit, stderr: stderrTail.join('\n') }, 'anvil exited unexpectedly');
  });

  const stderrSuffix = (): string => {
    const text = stderrTail.join(' ').trim();
    return text === '' ? '' : `: ${text}`;
  };
  const exitFailure = (exit: AnvilExit): AnvilStartError => {
    const text = stderrTail.join('\n');
    if (spawnError !== undefined) {
      return new AnvilStartError('exited', `anvil could not be run from ${binary}: ${spawnError.message}`, { cause: spawnError });
    }
    if (/address already in use/i.test(text)) {
      return new AnvilStartError(
        'port-in-use',
        `anvil could not listen on ${host}:${options.port}: the port is already in use (another anvil or server?); ` +
          'choose another ANVIL_PORT or stop the other process',
      );
    }
    if (/--state|--load-state|state file|failed to parse json/i.test(text)) {
      return new AnvilStartError(
        'state-unreadable',
        `anvil could not read its state file ${stateFile} (probably cut short by a crash): ` +
          `restore it from a backup, or move it away to start a new chain${stderrSuffix()}`,
      );
    }
    return new AnvilStartError('exited', `anvil exited during startup (code ${exit.code}, signal ${exit.signal})${stderrSuffix()}`);
  };

  // Startup succeeds once *our* process has said where it listens, answers there with the
  // right chain id and catches SIGTERM (so that stop() gets a state dump); it fails as soon as the process exits (e.g. port taken) or time runs out.
  let cancelled = false;
  const startupExit = exited.then((exit) => Promise.reject(exitFailure(exit)));
  const ready = (async () => {
    const listenedPort = await listening;
    await waitForChainId(`http://${urlHost(host)}:${listenedPort}`, chainId, () => cancelled);
    if (child.pid !== undefined) await waitForSigtermHandler(child.pid, () => cancelled);
    return listenedPort;
  })();
  // Whichever loses the race below settles later; its outcome is deliberately ignored.
  startupExit.catch(() => undefined);
  ready.catch(() => undefined);
  let port: number;
  try {
    port = await withTimeout(Promise.race([ready, startupExit]), startTimeoutMs);
  } catch (error) {
    cancelled = true;
    child.kill('SIGKILL');
    await exited;
    if (error instanceof AnvilStartError) throw error;
    if (error instanceof TimeoutError) {
      throw new AnvilStartError('timeout', `anvil did not answer JSON-RPC within ${startTimeoutMs} ms${stderrSuffix()}`);
    }
    throw new AnvilStartError('exited', `anvil failed to start${stderrSuffix()}`, { cause: error });
  }
  started = true;

  const rpcUrl = `http://${urlHost(host)}:${port}`;
  logger.info({ rpcUrl, chainId, stateFile, pid: child.pid, blockTimeSeconds }, 'anvil started');

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const exit = await Promise.race([exited, delay(stopTimeoutMs).then(() => null)]);
      if (exit === null) {
        logger.warn({ pid: child.pid, stopTimeoutMs }, 'anvil did not exit after SIGTERM; killing it (its last state dump may be lost)');
        child.kill('SIGKILL');
        await exited;
        return;
      }
      logger.info({ ...exit }, 'anvil stopped');
    })();
    return stopped;
  };

  return { rpcUrl, port, pid: child.pid ?? -1, stateFile, exited, stop };
}

/** Polls `eth_chainId` until it answers; rejects if the id differs or the caller gave up. */
async function waitForChainId(rpcUrl: string, chainId: number, isCancelled: () => boolean): Promise<void> {
  while (!isCancelled()) {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(2_000),
      });
      const body = (await response.json()) as { result?: unknown };
      if (typeof body.result === 'string') {
        const served = Number(BigInt(body.result));
        if (served !== chainId) throw new AnvilStartError('wrong-chain', `anvil serves chain ${served}, expected ${chainId}`);
        return;
      }
    } catch (error) {
      if (error instanceof AnvilStartError) throw error;
      // Not answering yet: poll again.
    }
    await delay(50);
  }
  throw new TimeoutError('gave up waiting for eth_chainId');
}

/**
 * Waits until anvil catches SIGTERM. It installs its handler a little after JSON-RPC
 * answers; a SIGTERM before that kills it without dumping its state (seen in about 6 % of
 * immediate stops under load). Linux only (/proc/<pid>/status, SigCgt); elsewhere returns at once.
 */
async function waitForSigtermHandler(pid: number, isCancelled: () => boolean): Promise<void> {
  while (!isCancelled()) {
    const catches = catchesSigterm(pid);
    if (catches !== false) return;
    await delay(10);
  }
  throw new TimeoutError('gave up waiting for the SIGTERM handler');
}

/** Whether the process catches SIGTERM (signal 15), or `undefined` when /proc cannot tell. */
function catchesSigterm(pid: number): boolean | undefined {
  try {
    const caught = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (caught === undefined) return undefined;
    return ((BigInt(`0x${caught}`) >> 14n) & 1n) === 1n;
  } catch {
    return undefined;
  }
}

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** IPv6 literals need brackets in a URL. */
function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Removes the words of a mnemonic from anvil's error output (clap quotes invalid values). */
function redactor(mnemonic: string | undefined): (line: string) => string {
  if (mnemonic === undefined) return (line) => line;
  const words = [...new Set(mnemonic.trim().split(/\s+/))].filter((word) => word.length > 0);
  if (words.length === 0) return (line) => line;
  const pattern = new RegExp(`\\b(?:${words.map(escapeRegExp).join('|')})\\b`, 'g');
  return (line) => line.replace(pattern, '[redacted]');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}


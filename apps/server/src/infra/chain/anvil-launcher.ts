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
import { spawnSync } from 'node:child_process';
import { accessSync, existsSync, constants as fsConstants, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { spawnAnvil, type AnvilChild, type AnvilExit, type ChainLogger } from './anvil-child';
import { keepGenesis, readGenesisTimestamp } from './anvil-genesis';
import { AnvilStartError, TimeoutError, waitForChainId, waitForSigtermHandler, withTimeout, urlHost } from './anvil-process';
import { DEV_CHAIN_ID, mnemonicProblem } from './hd-wallet';

export type { AnvilExit, ChainLogger } from './anvil-child';

/** The npm package that carries the Linux x64 anvil binary. */
export const ANVIL_PACKAGE = '@foundry-rs/anvil-linux-amd64';
/** Name of the state file inside the data directory. */
export const ANVIL_STATE_FILE = 'anvil-state.json';
/**
 * Issue 29: the chain's genesis timestamp (seconds), kept beside the state file. Anvil
 * (checked against 1.7.1) dumps, from a run that loaded its state and mined nothing, a
 * genesis block re-created from that run's start time: block 0's hash changed on the next
 * restart — and the deposit watcher, which checks the genesis hash, rightly refused the
 * "other" chain and stopped crediting. Starting with `--timestamp <genesis>` keeps block
 * 0 identical; `anvil_setTime` then puts the clock of the next blocks back to now.
 */
export const ANVIL_GENESIS_FILE = 'anvil-genesis-timestamp';

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

export { AnvilStartError, type AnvilStartFailure } from './anvil-process';

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
  const { logger } = options;

  if (options.mnemonic !== undefined) {
    const problem = mnemonicProblem(options.mnemonic);
    if (problem !== null) throw new AnvilStartError('bad-mnemonic', `anvil's mnemonic is invalid: ${problem}`);
  }
  const binary = options.binaryPath ?? findAnvilBinary();
  mkdirSync(options.dataDir, { recursive: true });
  const stateFile = join(options.dataDir, ANVIL_STATE_FILE);
  const genesisFile = join(options.dataDir, ANVIL_GENESIS_FILE);
  const pinnedGenesis = existsSync(stateFile) ? readGenesisTimestamp(genesisFile) : undefined;

  const args = ['--chain-id', String(chainId), '--port', String(options.port), '--host', host];
  if (blockTimeSeconds !== null) args.push('--block-time', String(blockTimeSeconds));
  args.push('--state', stateFile, '--state-interval', String(options.stateIntervalSeconds ?? 5));
  if (pinnedGenesis !== undefined) args.push('--timestamp', String(pinnedGenesis));
  if (options.mnemonic !== undefined) args.push('--mnemonic', options.mnemonic);

  const child = spawnAnvil({ binary, host, port: options.port, stateFile }, args, {
    mnemonic: options.mnemonic,
    logger,
    stopTimeoutMs: options.stopTimeoutMs ?? 30_000,
  });
  const port = await startedPort(child, host, chainId, options.startTimeoutMs ?? 20_000);
  child.markStarted();

  const rpcUrl = `http://${urlHost(host)}:${port}`;
  try {
    await keepGenesis(rpcUrl, genesisFile, pinnedGenesis);
  } catch (error) {
    await child.kill();
    throw new AnvilStartError(
      'exited',
      `anvil started but its genesis time could not be kept: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const pid = child.process.pid;
  logger.info({ rpcUrl, chainId, stateFile, pid, blockTimeSeconds }, 'anvil started');
  return { rpcUrl, port, pid: pid ?? -1, stateFile, exited: child.exited, stop: () => child.stop() };
}

/**
 * Startup succeeds once *our* process has said where it listens, answers there with the
 * right chain id and catches SIGTERM (so that stop() gets a state dump); it fails as soon
 * as the process exits (e.g. port taken) or time runs out, and the process is killed.
 */
async function startedPort(child: AnvilChild, host: string, chainId: number, startTimeoutMs: number): Promise<number> {
  let cancelled = false;
  const startupExit = child.exited.then((exit) => Promise.reject(child.startFailure(exit)));
  const ready = (async () => {
    const listenedPort = await child.listening;
    await waitForChainId(`http://${urlHost(host)}:${listenedPort}`, chainId, () => cancelled);
    const pid = child.process.pid;
    if (pid !== undefined) await waitForSigtermHandler(pid, () => cancelled);
    return listenedPort;
  })();
  // Whichever loses the race below settles later; its outcome is deliberately ignored.
  startupExit.catch(() => undefined);
  ready.catch(() => undefined);
  try {
    return await withTimeout(Promise.race([ready, startupExit]), startTimeoutMs);
  } catch (error) {
    cancelled = true;
    await child.kill();
    if (error instanceof AnvilStartError) throw error;
    if (error instanceof TimeoutError) {
      throw new AnvilStartError('timeout', `anvil did not answer JSON-RPC within ${startTimeoutMs} ms${child.stderrSuffix()}`);
    }
    throw new AnvilStartError('exited', `anvil failed to start${child.stderrSuffix()}`, { cause: error });
  }
}

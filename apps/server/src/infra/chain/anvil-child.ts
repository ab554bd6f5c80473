/**
 * The anvil child process once spawned (split out of anvil-launcher.ts, issue
 * 25): its exit, the port it says it listens on (read from stdout, which is
 * never logged: it lists the funded accounts' private keys), the tail of its
 * stderr (the mnemonic redacted), why it failed to start, and its stop
 * (SIGTERM, so that anvil dumps its state; SIGKILL after a timeout).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { BaseLogger } from 'pino';
import { AnvilStartError, delay, redactor } from './anvil-process';

/** The logging the launcher needs; pino and Fastify loggers fit. */
export type ChainLogger = Pick<BaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

/** How the anvil process ended. */
export interface AnvilExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** What a startup failure message names. */
export interface AnvilStartContext {
  binary: string;
  host: string;
  port: number;
  stateFile: string;
}

export interface AnvilChild {
  process: ChildProcess;
  /** Resolves when the process has ended, whatever the reason. */
  exited: Promise<AnvilExit>;
  /** The port anvil says it listens on. */
  listening: Promise<number>;
  /** `: <the last lines of stderr>`, or nothing when it printed none. */
  stderrSuffix(): string;
  /** Why the process ended during startup, as the error to throw. */
  startFailure(exit: AnvilExit): AnvilStartError;
  /** From now on an exit is unexpected (logged) unless stop() was called. */
  markStarted(): void;
  /** SIGKILL and wait for the exit (a failed start). */
  kill(): Promise<void>;
  /** SIGTERM, wait for the exit (anvil dumps its state), SIGKILL after `stopTimeoutMs`. Idempotent. */
  stop(): Promise<void>;
}

const STDERR_LINES_KEPT = 20;

export function spawnAnvil(
  context: AnvilStartContext,
  args: string[],
  options: { mnemonic?: string | undefined; logger: ChainLogger; stopTimeoutMs: number },
): AnvilChild {
  const { logger } = options;
  const child = spawn(context.binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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

  let stopped: Promise<void> | undefined;
  return {
    process: child,
    exited,
    listening,
    stderrSuffix,
    startFailure: (exit) => startFailure(context, exit, stderrTail.join('\n'), spawnError, stderrSuffix()),
    markStarted() {
      started = true;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const exit = await Promise.race([exited, delay(options.stopTimeoutMs).then(() => null)]);
        if (exit === null) {
          logger.warn(
            { pid: child.pid, stopTimeoutMs: options.stopTimeoutMs },
            'anvil did not exit after SIGTERM; killing it (its last state dump may be lost)',
          );
          child.kill('SIGKILL');
          await exited;
          return;
        }
        logger.info({ ...exit }, 'anvil stopped');
      })();
      return stopped;
    },
  };
}

/** Why anvil ended during startup: it could not be run, its port is taken, its state file is unreadable, or else. */
function startFailure(
  context: AnvilStartContext,
  exit: AnvilExit,
  stderr: string,
  spawnError: Error | undefined,
  stderrSuffix: string,
): AnvilStartError {
  if (spawnError !== undefined) {
    return new AnvilStartError('exited', `anvil could not be run from ${context.binary}: ${spawnError.message}`, {
      cause: spawnError,
    });
  }
  if (/address already in use/i.test(stderr)) {
    return new AnvilStartError(
      'port-in-use',
      `anvil could not listen on ${context.host}:${context.port}: the port is already in use (another anvil or server?); ` +
        'choose another ANVIL_PORT or stop the other process',
    );
  }
  if (/--state|--load-state|state file|failed to parse json/i.test(stderr)) {
    return new AnvilStartError(
      'state-unreadable',
      `anvil could not read its state file ${context.stateFile} (probably cut short by a crash): ` +
        `restore it from a backup, or move it away to start a new chain${stderrSuffix}`,
    );
  }
  return new AnvilStartError('exited', `anvil exited during startup (code ${exit.code}, signal ${exit.signal})${stderrSuffix}`);
}

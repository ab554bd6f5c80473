/**
 * One periodic task: runs `run` every `everyMs` (after the previous run ended,
 * never two at once), backs off on failure (the wait doubles, up to
 * `maxBackoffMs`), and logs an outage once — its first failure, then its end
 * ("recovered after N failures") — instead of once per try.
 *
 * `tick()` runs it now (or joins the run under way); `stop()` stops the timer
 * and waits for the run under way. `start()` after `stop()` starts again.
 *
 * Every loop of the server is one of these (decision 024): the deposit
 * watcher, the withdrawal sender, the price poller, the leader lease, the
 * game leases' renewal, the takeover scan, the connection audit, and the
 * Redis parts' beats and sweeps (liveness, presence, the queue's sweep).
 */
import type { Logger } from './logger';

export interface PeriodicTaskOptions {
  /** For the logs: "Deposit watcher pass", "Takeover scan"… */
  name: string;
  everyMs: number;
  run: () => Promise<void>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The longest wait after failures (default 8 × everyMs; everyMs for no back-off). */
  maxBackoffMs?: number;
  /** The level of the outage's one line (default error; warn for what retries harmlessly, e.g. a Redis beat). */
  failureLevel?: 'error' | 'warn';
  /** A failure that is not an outage (e.g. a halt that logged itself): not logged. */
  isQuiet?: (error: unknown) => boolean;
  /** A failure after which the task stops (e.g. the deposit watcher on the wrong chain); not logged. */
  stopsOn?: (error: unknown) => boolean;
  /** The timer (tests inject one). */
  setTimer?: (callback: () => void, ms: number) => { clear(): void };
}

export interface PeriodicTask {
  /** Runs every everyMs from now; `{ now: true }` runs once at once first. */
  start(options?: { now?: boolean }): void;
  stop(): Promise<void>;
  tick(): Promise<void>;
  /** Failures in a row (0 when the last run succeeded). */
  readonly failures: number;
}

function nodeTimer(callback: () => void, ms: number) {
  const timer = setTimeout(callback, ms);
  timer.unref();
  return { clear: () => clearTimeout(timer) };
}

export function createPeriodicTask(options: PeriodicTaskOptions): PeriodicTask {
  const { name, everyMs, logger } = options;
  const maxBackoffMs = options.maxBackoffMs ?? everyMs * 8;
  const setTimer = options.setTimer ?? nodeTimer;
  let active = false;
  let generation = 0;
  let timer: { clear(): void } | undefined;
  let running: Promise<void> | undefined;
  let failures = 0;

  async function runOnce(): Promise<void> {
    try {
      await options.run();
      if (failures > 0) logger.info({ task: name, failures }, `${name}: recovered after ${failures} failure(s)`);
      failures = 0;
    } catch (error) {
      failures += 1;
      const quiet = options.isQuiet?.(error) === true || options.stopsOn?.(error) === true;
      if (failures === 1 && !quiet)
        logger[options.failureLevel ?? 'error'](
          { err: error, task: name },
          `${name} failed; retrying with back-off (logged once until it recovers)`,
        );
      throw error;
    }
  }

  function tick(): Promise<void> {
    running ??= runOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  /** Runs now, then waits for the next turn (unless stopped meanwhile, or the failure stops the task). */
  function runThenSchedule(runGeneration: number): void {
    tick().then(
      () => schedule(runGeneration),
      (error: unknown) => {
        if (options.stopsOn?.(error)) {
          if (runGeneration === generation) active = false;
          return;
        }
        schedule(runGeneration);
      },
    );
  }

  function schedule(runGeneration: number): void {
    if (!active || runGeneration !== generation) return;
    const delay = failures === 0 ? everyMs : Math.min(maxBackoffMs, everyMs * 2 ** Math.min(failures, 16));
    timer = setTimer(() => runThenSchedule(runGeneration), delay);
  }

  return {
    start(startOptions) {
      if (active) return;
      active = true;
      generation += 1;
      if (startOptions?.now) runThenSchedule(generation);
      else schedule(generation);
    },
    async stop() {
      active = false;
      generation += 1;
      timer?.clear();
      timer = undefined;
      await running?.catch(() => undefined);
    },
    tick,
    get failures() {
      return failures;
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createPeriodicTask } from './periodic-task';

/** A fake timer: the test fires the pending callback itself and sees each wait asked for. */
function manualTimer() {
  const waits: number[] = [];
  let pending: (() => void) | undefined;
  return {
    waits,
    set: (callback: () => void, ms: number) => {
      waits.push(ms);
      pending = callback;
      return { clear: () => (pending = undefined) };
    },
    async fire() {
      const callback = pending;
      pending = undefined;
      callback?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
    get armed() {
      return pending !== undefined;
    },
  };
}

function recordingLogger() {
  const lines: Array<{ level: string; message: string }> = [];
  const at = (level: string) => (_object: unknown, message?: string) => void lines.push({ level, message: message ?? '' });
  return {
    lines,
    logger: {
      fatal: at('fatal'),
      error: at('error'),
      warn: at('warn'),
      info: at('info'),
      debug: at('debug'),
      trace: at('trace'),
    } as never,
  };
}

describe('periodic task', () => {
  it('runs every everyMs, backs off on failures up to the cap, logs the outage once and its end once', async () => {
    const timer = manualTimer();
    const { lines, logger } = recordingLogger();
    const outcomes = [true, false, false, false, false, true, true];
    let runs = 0;
    const task = createPeriodicTask({
      name: 'Probe',
      everyMs: 100,
      maxBackoffMs: 500,
      logger,
      setTimer: timer.set,
      run: async () => {
        const ok = outcomes[runs++];
        if (!ok) throw new Error('down');
      },
    });
    task.start();
    for (let index = 0; index < outcomes.length; index += 1) await timer.fire();
    expect(runs).toBe(7);
    expect(timer.waits).toEqual([100, 100, 200, 400, 500, 500, 100, 100]);
    expect(lines.filter((line) => line.level === 'error')).toHaveLength(1);
    expect(lines.filter((line) => line.level === 'info').map((line) => line.message)).toEqual([
      'Probe: recovered after 4 failure(s)',
    ]);
    await task.stop();
    expect(timer.armed).toBe(false);
  });

  it('never runs twice at once: a tick during a run joins it; stop waits for it and starts again after', async () => {
    const timer = manualTimer();
    let release: () => void = () => undefined;
    let runs = 0;
    const task = createPeriodicTask({
      name: 'Slow',
      everyMs: 50,
      logger: recordingLogger().logger,
      setTimer: timer.set,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    const first = task.tick();
    const second = task.tick();
    expect(runs).toBe(1);
    const stopped = task.stop();
    release();
    await Promise.all([first, second, stopped]);
    task.start();
    expect(timer.armed).toBe(true);
    await task.stop();
    expect(timer.armed).toBe(false);
  });

  it('start({ now: true }) runs at once, then every everyMs after the run ended', async () => {
    const timer = manualTimer();
    let runs = 0;
    const task = createPeriodicTask({
      name: 'Eager',
      everyMs: 70,
      logger: recordingLogger().logger,
      setTimer: timer.set,
      run: async () => void (runs += 1),
    });
    task.start({ now: true });
    expect(runs).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(timer.waits).toEqual([70]);
    await timer.fire();
    expect(runs).toBe(2);
    await task.stop();
  });

  it('stops on a failure stopsOn names, without logging it; logs an outage at the level asked for', async () => {
    const timer = manualTimer();
    const { lines, logger } = recordingLogger();
    const fatal = new Error('wrong chain');
    const outcomes: Array<Error | undefined> = [new Error('blip'), fatal];
    const task = createPeriodicTask({
      name: 'Halting',
      everyMs: 10,
      logger,
      failureLevel: 'warn',
      setTimer: timer.set,
      stopsOn: (error) => error === fatal,
      run: async () => {
        const outcome = outcomes.shift();
        if (outcome) throw outcome;
      },
    });
    task.start();
    await timer.fire();
    expect(timer.armed).toBe(true);
    await timer.fire();
    expect(timer.armed).toBe(false);
    expect(lines.map((line) => line.level)).toEqual(['warn']);
    // Started again (e.g. after the operator fixed it): it runs again.
    task.start();
    expect(timer.armed).toBe(true);
    await task.stop();
  });
});

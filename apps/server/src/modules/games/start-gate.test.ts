import { describe, expect, it } from 'vitest';
import { createGate } from './game-start';

/** A task that runs until its `finish` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => done, finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the start gate (issue 30, decision 061)', () => {
  it('runs three at once with no pool to ask; the next waits for one to end, in order', async () => {
    const gate = createGate(3);
    const tasks = Array.from({ length: 5 }, held);
    const started: number[] = [];
    const runs = tasks.map((entry, index) => gate.run(async () => (started.push(index), entry.task())));
    await tick();
    expect(started).toEqual([0, 1, 2]);
    tasks[1]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const entry of tasks) entry.finish();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(gate.running()).toBe(0);
  });

  it('runs a burst wider while the pool has more than three connections free, never more than eight', async () => {
    let free = 10;
    const gate = createGate(3, () => free);
    const tasks = Array.from({ length: 10 }, held);
    const started: number[] = [];
    const runs = tasks.map((entry, index) => gate.run(async () => (started.push(index), free--, entry.task())));
    await tick();
    // 10 free: admitted while more than 3 stay free (10, 9, 8, 7, 6, 5, 4 → seven), the eighth finds 3.
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(gate.running()).toBe(7);
    // The moves took the pool: an ending start admits nobody new until the gate is under three.
    free = 0;
    tasks[0]!.finish();
    tasks[1]!.finish();
    tasks[2]!.finish();
    tasks[3]!.finish();
    await tick();
    expect(gate.running()).toBe(3);
    tasks[4]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(gate.running()).toBe(3);
    free = 100;
    for (const entry of tasks) entry.finish();
    await Promise.all(runs);
    expect(started).toHaveLength(10);
    expect(gate.running()).toBe(0);
  });

  it('never runs more than eight, however free the pool', async () => {
    const gate = createGate(3, () => 1_000);
    const tasks = Array.from({ length: 12 }, held);
    const runs = tasks.map((entry) => gate.run(entry.task));
    await tick();
    expect(gate.running()).toBe(8);
    for (const entry of tasks) entry.finish();
    await Promise.all(runs);
  });
});

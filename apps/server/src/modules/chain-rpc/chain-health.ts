/**
 * Issue 29: whether this node reaches the chain's RPC node. A periodic task
 * asks for the block number; while it fails, deposits and withdrawals are
 * delayed (nothing is lost: the deposit watcher resumes from its cursor and
 * the withdrawal sender from its recorded nonces when the RPC is back). Every
 * node probes for itself, so every node can tell its players, whichever node
 * runs the chain workers.
 */
import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';

/** A probe that does not answer within this counts as a failure. */
const PROBE_TIMEOUT_MS = 5_000;

export interface ChainHealthDeps {
  /** One cheap call to the RPC (the block number). */
  probe: () => Promise<unknown>;
  everyMs: number;
  clock: Clock;
  logger: Logger;
}

export interface ChainStatus {
  delayed: boolean;
  /** Since when the RPC does not answer. */
  since: Date | undefined;
}

export function createChainHealth(deps: ChainHealthDeps) {
  let since: Date | undefined;
  let checked = false;

  async function probeOnce(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        deps.probe(),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`The chain RPC did not answer within ${PROBE_TIMEOUT_MS} ms`)),
            PROBE_TIMEOUT_MS,
          );
        }),
      ]);
      since = undefined;
    } catch (error) {
      since ??= deps.clock();
      throw error;
    } finally {
      checked = true;
      clearTimeout(timer);
    }
  }

  // Back-off capped at twice the period: the notice goes away soon after the RPC is back.
  const task = createPeriodicTask({
    name: 'Chain RPC probe',
    everyMs: deps.everyMs,
    maxBackoffMs: deps.everyMs * 2,
    run: probeOnce,
    logger: deps.logger,
    failureLevel: 'warn',
  });

  return {
    status(): ChainStatus {
      return { delayed: checked && since !== undefined, since };
    },
    /** Probes now and waits (tests); a failure is recorded, not thrown. */
    async check(): Promise<ChainStatus> {
      await task.tick().catch(() => undefined);
      return { delayed: since !== undefined, since };
    },
    start(): void {
      task.start({ now: true });
    },
    stop: () => task.stop(),
    /** `/metrics`: shifumi_chain_rpc_up (1 reachable, 0 not). */
    registerGauge(registry: Registry): void {
      new Gauge({
        name: 'shifumi_chain_rpc_up',
        help: 'Whether this node reaches the chain RPC (0: deposits and withdrawals are delayed).',
        registers: [registry],
        collect() {
          this.set(since === undefined ? 1 : 0);
        },
      });
    },
  };
}

export type ChainHealth = ReturnType<typeof createChainHealth>;

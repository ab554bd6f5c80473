/**
 * A leader lease: one node of the cluster runs a role (the chain workers) at
 * a time, and another takes it over when that node dies.
 *
 * Every `ttl / 3` each node either renews the role's lease (the leader) or
 * tries to acquire it (the others). A node elected with fencing token T first
 * raises the role's epoch in the database to T — waiting for the last
 * claiming transactions of the previous leader to end — and only then starts
 * the role. A leader stops the role when a renewal is refused, and in any
 * case when its own view of the lease (measured from before the last
 * successful renewal was sent) runs out a fifth of the ttl before the lease
 * could lapse in Redis: so it has stopped before anybody else can be elected.
 * A pass already under way when it stops may still run; its claiming
 * transactions check the epoch ({@link LeaderElection.fence}) and fail once
 * the successor raised it.
 */
import type { Database, Executor } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import { currentEpoch, holdsEpoch, raiseEpoch } from './leader-epochs.repo';
import { localValidity, monotonicNow, type LeaseStore } from './lease-store';
import { createPeriodicTask } from '../../shared/periodic-task';

/** Thrown inside a claiming transaction of a node that is no longer the role's leader: the transaction rolls back. */
export class NotLeaderError extends Error {
  override name = 'NotLeaderError';
}

export interface LeaderElectionDeps {
  db: Database;
  leases: LeaseStore;
  /** The role's name: its lease key is `leader:<role>`, its epoch row `leader_epochs.role`. */
  role: string;
  /** This node instance. */
  holder: string;
  ttlMs: number;
  logger: Logger;
  /** Starts the role (called once per election). */
  onElected: (epoch: bigint) => void | Promise<void>;
  /** Stops the role and waits for it to stop. */
  onDeposed: () => Promise<void>;
}

export interface LeaderElection {
  /** Starts campaigning (at once, then every ttl / 3). */
  start(): void;
  /** Stops campaigning; a leader stops its role and gives the lease up. */
  stop(): Promise<void>;
  /** The epoch this node leads with, or undefined. */
  epoch(): bigint | undefined;
  /** One round now (tests; the timer runs it every ttl / 3). */
  round(): Promise<void>;
  /**
   * For the role's claiming transactions: throws {@link NotLeaderError} unless
   * this node still leads with the recorded epoch, and share-locks the epoch
   * row until the transaction ends.
   */
  fence(tx: Executor): Promise<void>;
}

export function createLeaderElection(deps: LeaderElectionDeps): LeaderElection {
  const { db, leases, role, holder, ttlMs, logger } = deps;
  const key = `leader:${role}`;
  const everyMs = Math.max(50, Math.floor(ttlMs / 3));
  const safetyMs = Math.floor(ttlMs / 5);

  let leading: { epoch: bigint; validUntil: number } | undefined;
  let deposeTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** Rounds and depositions run one at a time. */
  let lane: Promise<void> = Promise.resolve();
  const serial = (work: () => Promise<void>) => {
    const run = lane.then(work);
    lane = run.catch(() => undefined);
    return run;
  };

  function armDeposeTimer(): void {
    if (deposeTimer) clearTimeout(deposeTimer);
    if (!leading) return;
    deposeTimer = setTimeout(
      () => void serial(() => depose('the lease could not be renewed in time')),
      Math.max(0, leading.validUntil - monotonicNow()),
    );
    deposeTimer.unref();
  }

  async function depose(reason: string): Promise<void> {
    const was = leading;
    if (!was) return;
    leading = undefined;
    if (deposeTimer) clearTimeout(deposeTimer);
    logger.warn({ role, epoch: was.epoch.toString(), reason }, 'No longer the leader: stopping the role');
    try {
      await deps.onDeposed();
    } catch (error) {
      logger.error({ err: error, role }, 'The role did not stop cleanly');
    }
    await leases.release(key, holder, was.epoch).catch(() => undefined);
  }

  async function campaign(): Promise<void> {
    const recorded = await currentEpoch(db, role);
    const sentAt = monotonicNow();
    const epoch = await leases.acquire(key, holder, ttlMs, { above: recorded });
    if (epoch === undefined) return;
    if (!(await raiseEpoch(db, role, epoch, holder))) {
      // A newer leader recorded a higher epoch meanwhile (this token is stale): give the lease back.
      await leases.release(key, holder, epoch).catch(() => undefined);
      return;
    }
    leading = { epoch, validUntil: localValidity(sentAt, ttlMs, safetyMs) };
    armDeposeTimer();
    if (monotonicNow() >= leading.validUntil) return depose('the election took longer than the lease');
    logger.info({ role, epoch: epoch.toString(), holder }, 'Elected leader: starting the role');
    await deps.onElected(epoch);
  }

  async function renew(current: { epoch: bigint; validUntil: number }): Promise<void> {
    const sentAt = monotonicNow();
    let renewed: boolean;
    try {
      renewed = await leases.renew(key, holder, current.epoch, ttlMs);
    } catch (error) {
      // Unknown: the depose timer decides if no renewal succeeds in time.
      logger.warn({ err: error, role }, 'Leader lease could not be renewed');
      return;
    }
    if (!renewed) return depose('the lease was lost');
    if (leading === current) {
      current.validUntil = localValidity(sentAt, ttlMs, safetyMs);
      armDeposeTimer();
    }
  }

  function round(): Promise<void> {
    return serial(async () => {
      if (stopped) return;
      if (leading) await renew(leading);
      else await campaign();
    });
  }

  // A round every ttl / 3; a failed campaign (database unreachable) is retried with a short back-off, logged once per outage.
  // A renewal never throws (an unanswered one leaves the decision to the depose timer), so the leader's rhythm never backs off.
  const campaigning = createPeriodicTask({
    name: `Leader election (${role})`,
    everyMs,
    maxBackoffMs: ttlMs,
    failureLevel: 'warn',
    logger,
    run: round,
  });

  return {
    start() {
      if (stopped) return;
      campaigning.start({ now: true });
    },
    async stop() {
      stopped = true;
      await campaigning.stop();
      await serial(() => depose('the node is stopping'));
    },
    epoch: () => leading?.epoch,
    round,
    async fence(tx) {
      const current = leading;
      if (!current || monotonicNow() >= current.validUntil) throw new NotLeaderError(`this node does not lead ${role}`);
      if (!(await holdsEpoch(tx, role, current.epoch))) throw new NotLeaderError(`a newer leader of ${role} was elected`);
    },
  };
}

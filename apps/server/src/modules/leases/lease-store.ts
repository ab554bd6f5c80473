/**
 * Leases: a named resource (a game, the chain workers) held by one holder at
 * a time, for a time-to-live the holder keeps renewing. Each successful
 * acquisition gets a fencing token, strictly greater than every token handed
 * out before for that key: the resource's own store (the database) remembers
 * the highest token it has seen and refuses writes carrying an older one, so
 * a holder that lost its lease without knowing it (paused, partitioned) can
 * no longer change anything.
 *
 * Two implementations behave the same (lease-store.contract.ts): in-process
 * (one node) and Redis (several nodes, redis-lease-store.ts).
 *
 * Time: a lease's ttl is real elapsed time (a monotonic clock), never the
 * application's injectable clock, which tests move forward at will.
 */
import { performance } from 'node:perf_hooks';

export interface LeaseHolder {
  holder: string;
  token: bigint;
}

export interface AcquireOptions {
  /**
   * The token will be greater than this: the highest token the resource has
   * recorded. A store whose counter was lost (Redis restarted without
   * persistence) still hands out tokens the resource accepts.
   */
  above?: bigint;
}

export interface LeaseStore {
  /**
   * Takes the lease if nobody holds it (or the last holding expired): the new
   * fencing token, or undefined when it is held (by anybody, the caller
   * included: a holder renews, it does not acquire twice).
   */
  acquire(key: string, holder: string, ttlMs: number, options?: AcquireOptions): Promise<bigint | undefined>;
  /** Extends the lease to `ttlMs` from now, only while `holder` holds it with `token`. */
  renew(key: string, holder: string, token: bigint, ttlMs: number): Promise<boolean>;
  /** `renew` for many leases of one holder at once (one round trip in Redis): the keys renewed. */
  renewMany(holder: string, leases: ReadonlyArray<{ key: string; token: bigint }>, ttlMs: number): Promise<Set<string>>;
  /** Gives the lease up, only if `holder` holds it with `token`. */
  release(key: string, holder: string, token: bigint): Promise<boolean>;
  /** Who holds the lease now, if anybody. */
  current(key: string): Promise<LeaseHolder | undefined>;
  /** `current` for many keys at once (one round trip in Redis): the held ones only. */
  currentMany(keys: readonly string[]): Promise<Map<string, LeaseHolder>>;
}

/**
 * A holder's own view of a lease it holds: valid until `validUntil` on the
 * monotonic clock, measured from *before* the acquire/renew request was sent,
 * so it always ends before the store's own expiry (whatever the request's
 * latency). A holder must stop acting on the resource before then unless a
 * renewal succeeded.
 */
export function localValidity(sentAt: number, ttlMs: number, safetyMs: number): number {
  return sentAt + ttlMs - safetyMs;
}

/** Monotonic milliseconds, for lease timing only. */
export const monotonicNow = (): number => performance.now();

interface HeldLease {
  holder: string;
  token: bigint;
  expiresAt: number;
}

/** The in-process store: one process, one map. `now` is monotonic milliseconds (tests inject one). */
export function createInProcessLeaseStore(now: () => number = monotonicNow): LeaseStore {
  const leases = new Map<string, HeldLease>();
  let counter = 0n;

  function live(key: string): HeldLease | undefined {
    const lease = leases.get(key);
    if (lease && lease.expiresAt <= now()) {
      leases.delete(key);
      return undefined;
    }
    return lease;
  }

  const holds = (key: string, holder: string, token: bigint) => {
    const lease = live(key);
    return lease !== undefined && lease.holder === holder && lease.token === token ? lease : undefined;
  };

  return {
    async acquire(key, holder, ttlMs, options) {
      if (live(key)) return undefined;
      if (options?.above !== undefined && counter < options.above) counter = options.above;
      counter += 1n;
      leases.set(key, { holder, token: counter, expiresAt: now() + ttlMs });
      return counter;
    },
    async renew(key, holder, token, ttlMs) {
      const lease = holds(key, holder, token);
      if (!lease) return false;
      lease.expiresAt = now() + ttlMs;
      return true;
    },
    async renewMany(holder, entries, ttlMs) {
      const renewed = new Set<string>();
      for (const { key, token } of entries) {
        const lease = holds(key, holder, token);
        if (!lease) continue;
        lease.expiresAt = now() + ttlMs;
        renewed.add(key);
      }
      return renewed;
    },
    async release(key, holder, token) {
      if (!holds(key, holder, token)) return false;
      leases.delete(key);
      return true;
    },
    async current(key) {
      const lease = live(key);
      return lease ? { holder: lease.holder, token: lease.token } : undefined;
    },
    async currentMany(keys) {
      const held = new Map<string, LeaseHolder>();
      for (const key of keys) {
        const lease = live(key);
        if (lease) held.set(key, { holder: lease.holder, token: lease.token });
      }
      return held;
    },
  };
}

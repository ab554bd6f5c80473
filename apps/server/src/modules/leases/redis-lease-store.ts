/**
 * Leases in Redis, for several nodes. Each lease is one key
 * `<prefix>lease:<key>` holding `<token> <holder>` with a PX expiry (Redis's
 * own clock decides expiry); every operation is one Lua script, so checking
 * the holder and changing the key happen atomically.
 *
 * Fencing tokens come from one INCR counter per store (`<prefix>lease-fence`):
 * strictly increasing across every key, hence per key. The counter is raised
 * to `above` first when the caller passes the resource's recorded token, so a
 * Redis that lost its data (restarted without persistence) keeps handing out
 * tokens greater than any the database has seen.
 *
 * Every call gives up after `commandTimeoutMs` (Redis down: ioredis would
 * otherwise queue the command until it reconnects) and rejects with
 * {@link LeaseStoreUnavailableError}; callers treat that as "not renewed".
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AcquireOptions, LeaseHolder, LeaseStore } from './lease-store';

const ACQUIRE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local floor = tonumber(ARGV[3])
local current = tonumber(redis.call('GET', KEYS[2]) or '0')
if current < floor then redis.call('SET', KEYS[2], ARGV[3]) end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], string.format('%d', token) .. ' ' .. ARGV[1], 'PX', ARGV[2])
return token
`;

const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

/** KEYS: the leases; ARGV[1]: ttl, ARGV[2..]: each lease's expected value. Answers 1/0 per key. */
const RENEW_MANY = `
local renewed = {}
for index, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[index + 1] then
    renewed[index] = redis.call('PEXPIRE', key, ARGV[1])
  else
    renewed[index] = 0
  end
end
return renewed
`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export class LeaseStoreUnavailableError extends Error {
  override name = 'LeaseStoreUnavailableError';
}

export interface RedisLeaseStoreOptions {
  /** Prefix of every key (tests use a unique one). */
  prefix?: string;
  /** Give up on a call after this long (default 1,000 ms). */
  commandTimeoutMs?: number;
}

const RENEW_BATCH = 500;

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

function parse(value: string | null): LeaseHolder | undefined {
  if (value === null) return undefined;
  const space = value.indexOf(' ');
  if (space < 1) return undefined;
  return { token: BigInt(value.slice(0, space)), holder: value.slice(space + 1) };
}

export function createRedisLeaseStore(redis: Redis, options: RedisLeaseStoreOptions = {}): LeaseStore {
  const prefix = options.prefix ?? '';
  const timeoutMs = options.commandTimeoutMs ?? 1_000;
  const counterKey = `${prefix}lease-fence`;
  const leaseKey = (key: string) => `${prefix}lease:${key}`;
  const scripts = new Map([ACQUIRE, RENEW, RENEW_MANY, RELEASE].map((script) => [script, sha1(script)]));

  async function timed<T>(work: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new LeaseStoreUnavailableError(`Redis did not answer ${what} within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([work, timeout]);
    } catch (error) {
      if (error instanceof LeaseStoreUnavailableError) throw error;
      throw new LeaseStoreUnavailableError(`Redis refused ${what}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /** EVALSHA, loading the script on NOSCRIPT (a Redis that restarted has none). */
  async function run(script: string, keys: string[], args: string[]): Promise<unknown> {
    const sha = scripts.get(script)!;
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('NOSCRIPT')) throw error;
      return redis.eval(script, keys.length, ...keys, ...args);
    }
  }

  return {
    async acquire(key: string, holder: string, ttlMs: number, acquireOptions?: AcquireOptions) {
      const above = acquireOptions?.above ?? 0n;
      const token = await timed(
        run(ACQUIRE, [leaseKey(key), counterKey], [holder, String(Math.ceil(ttlMs)), above.toString()]),
        'acquire',
      );
      return token === null || token === undefined ? undefined : BigInt(token as number);
    },
    async renew(key, holder, token, ttlMs) {
      const renewed = await timed(run(RENEW, [leaseKey(key)], [`${token} ${holder}`, String(Math.ceil(ttlMs))]), 'renew');
      return renewed === 1;
    },
    async renewMany(holder, entries, ttlMs) {
      const renewed = new Set<string>();
      // Batches keep each script short: Redis runs one script at a time.
      for (let start = 0; start < entries.length; start += RENEW_BATCH) {
        const batch = entries.slice(start, start + RENEW_BATCH);
        const answers = (await timed(
          run(
            RENEW_MANY,
            batch.map((entry) => leaseKey(entry.key)),
            [String(Math.ceil(ttlMs)), ...batch.map((entry) => `${entry.token} ${holder}`)],
          ),
          'renew',
        )) as number[];
        batch.forEach((entry, index) => {
          if (answers[index] === 1) renewed.add(entry.key);
        });
      }
      return renewed;
    },
    async release(key, holder, token) {
      const released = await timed(run(RELEASE, [leaseKey(key)], [`${token} ${holder}`]), 'release');
      return released === 1;
    },
    async current(key) {
      return parse(await timed(redis.get(leaseKey(key)), 'get'));
    },
    async currentMany(keys) {
      const held = new Map<string, LeaseHolder>();
      if (keys.length === 0) return held;
      const values = await timed(redis.mget(...keys.map(leaseKey)), 'mget');
      keys.forEach((key, index) => {
        const lease = parse(values[index] ?? null);
        if (lease) held.set(key, lease);
      });
      return held;
    },
  };
}

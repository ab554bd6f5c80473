/**
 * The Redis connections of one node. Every cross-node part (Socket.IO
 * adapter, matchmaking queue, presence, game leases) takes a `RedisContext`
 * and keeps its keys under `keyPrefix`, so that several clusters — or
 * parallel test files — can share one Redis without seeing each other.
 *
 * Commands issued while Redis is unreachable wait in ioredis's offline queue
 * and fail after its default 20 reconnection attempts (about 10 s); blocking
 * reads and subscriptions need a connection of their own (`duplicate`).
 */
import { Redis } from 'ioredis';
import { describeRedisUrl } from '../../shared/redis-url';
import type { Logger } from '../../shared/logger';

export interface RedisContext {
  /** The URL the connections use. May hold a password: never log it (see `description`). */
  url: string;
  /** The URL without credentials, for logs. */
  description: string;
  /** Prefix of every key and channel this node's parts use, e.g. `shifumi:`. */
  keyPrefix: string;
  /** The shared connection for ordinary commands (never for blocking reads or subscribe). */
  client: Redis;
  /**
   * A new connection (blocking reads, subscribe), named after `name`, closed by `close()`.
   * `failFast`: commands fail at once while Redis is unreachable (no offline queue, 1 s
   * timeout) instead of waiting for it — for work on a request's path that can do without.
   */
  duplicate(name: string, options?: { failFast?: boolean }): Redis;
  /** Quits every connection this context made, duplicates included. */
  close(): Promise<void>;
}

export interface ConnectRedisOptions {
  /** Default `shifumi:`. Tests pass a random one, e.g. `shifumi-test:{3f9a…}:`. */
  keyPrefix?: string;
  /** Shown in `CLIENT LIST` as part of each connection's name (default `node`). */
  nodeId?: string;
  /** How long to wait for the first connection (default 10 s). */
  readyTimeoutMs?: number;
}

/** Redis did not answer at start: an operator error (one line, exit 1). */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

export const DEFAULT_REDIS_KEY_PREFIX = 'shifumi:';
const QUIT_TIMEOUT_MS = 1000;

/** CLIENT SETNAME refuses spaces and other odd characters. */
function connectionName(nodeId: string, name: string): string {
  return `shifumi:${nodeId}:${name}`.replace(/[^A-Za-z0-9._:{}-]/g, '-').slice(0, 200);
}

/**
 * Opens the node's main connection and waits until Redis answers; throws
 * `RedisUnavailableError` (naming host and port, never the password) when it
 * cannot. Connections made later reconnect on their own.
 */
export async function connectRedis(url: string, logger: Logger, options: ConnectRedisOptions = {}): Promise<RedisContext> {
  const description = describeRedisUrl(url);
  const nodeId = options.nodeId ?? 'node';
  const keyPrefix = options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX;
  const connections = new Set<Redis>();
  let closing = false;

  function open(name: string, failFast = false): Redis {
    const connection = new Redis(url, {
      connectionName: connectionName(nodeId, name),
      // Ready check: commands wait until the server has loaded its data after a restart.
      enableReadyCheck: true,
      lazyConnect: false,
      ...(failFast ? { enableOfflineQueue: false, commandTimeout: 1000, maxRetriesPerRequest: 0 } : {}),
    });
    // The Socket.IO adapter duplicates the client it is given; keep those connections ours so close() ends them.
    connection.duplicate = (() => open(`${name}-duplicate`)) as Redis['duplicate'];
    // The Socket.IO adapter drops the promises of its PUBLISH (ephemeral messages) and SUBSCRIBE: when a connection
    // closes with them queued (Redis away at shutdown), "Connection is closed." would be an unhandled rejection
    // (CI saw one, Node 24). Observed here; a caller that awaits still gets the rejection.
    for (const method of ['publish', 'subscribe'] as const) {
      const original = connection[method].bind(connection) as (...args: unknown[]) => Promise<unknown>;
      (connection as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        const result = original(...args);
        result.catch(() => undefined);
        return result;
      };
    }
    let lost = false;
    connection.on('error', (error: Error) => {
      if (closing || lost) return;
      lost = true;
      logger.warn(
        { redis: description, connection: name, err: { message: error.message } },
        'Redis connection lost, reconnecting',
      );
    });
    connection.on('ready', () => {
      if (!lost) return;
      lost = false;
      logger.info({ redis: description, connection: name }, 'Redis connection back');
    });
    connection.once('end', () => connections.delete(connection));
    connections.add(connection);
    return connection;
  }

  async function quit(connection: Redis): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      if (connection.status === 'ready') {
        await Promise.race([
          connection.quit().catch(() => undefined),
          new Promise((resolve) => {
            timer = setTimeout(resolve, QUIT_TIMEOUT_MS);
          }),
        ]);
      }
    } finally {
      clearTimeout(timer);
      connection.disconnect();
    }
  }

  const client = open('commands');
  await new Promise<void>((resolve, reject) => {
    const timeoutMs = options.readyTimeoutMs ?? 10_000;
    const timer = setTimeout(
      () => fail(new RedisUnavailableError(`Redis at ${description} did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    function fail(error: Error): void {
      clearTimeout(timer);
      client.off('ready', ready);
      closing = true;
      client.disconnect();
      reject(error);
    }
    function ready(): void {
      clearTimeout(timer);
      client.off('error', failed);
      resolve();
    }
    function failed(error: Error): void {
      fail(new RedisUnavailableError(`Redis at ${description} is unreachable: ${error.message}`, { cause: error }));
    }
    client.once('ready', ready);
    client.once('error', failed);
  });

  return {
    url,
    description,
    keyPrefix,
    client,
    duplicate: (name, duplicateOptions) => open(name, duplicateOptions?.failFast ?? false),
    async close() {
      closing = true;
      await Promise.all([...connections].map(quit));
      connections.clear();
    },
  };
}

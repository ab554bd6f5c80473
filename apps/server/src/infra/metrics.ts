/**
 * This node's Prometheus metrics (GET /metrics). One Registry per app, never
 * prom-client's global one, so that several apps in one test process (or two
 * nodes in one cluster test) keep their own figures.
 *
 * Gauges read their value from a source at scrape time (`setSources`); a gauge
 * appears once its source is set, so a missing source shows as a missing
 * series, not as a misleading 0. A source that fails or takes longer than
 * SOURCE_TIMEOUT_MS keeps the gauge's last value and counts in
 * `shifumi_metrics_source_errors_total{source}`: one broken dependency does
 * not hide every other figure behind a failed scrape.
 *
 * Every series carries `node="<NODE_ID>"`. Queue lengths and online users are
 * cluster-wide figures (every node reports the same); the rest are this node's.
 */
import type { BetAmount } from '@shifumi/protocol';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from '../shared/logger';

/** Where the gauges read their values, at scrape time. */
export interface MetricSources {
  /** Sockets open on this node, per Socket.IO server. */
  socketConnections: () => { signedIn: number; public: number };
  /** Distinct signed-in users across every node. */
  onlineUsers: () => Promise<number>;
  /** Tickets waiting per bet amount (the whole cluster's queue). */
  queueLengths: () => Promise<Partial<Record<BetAmount, number>>>;
  /** Games whose timers this node runs now. */
  gamesRunning: () => number | Promise<number>;
  /** Blocks between the chain's head and the deposit scanner's cursor; undefined while nothing was scanned. */
  chainCursorLag: () => Promise<number | undefined>;
  /** Withdrawals debited but not yet confirmed or failed (queued or sent). */
  pendingWithdrawals: () => Promise<number>;
}

export interface Metrics {
  readonly registry: Registry;
  /**
   * Seconds from the action that ended a game (the decisive choice or the
   * deadline tick) to its settlement committed in the database
   * (`shifumi_game_settle_seconds`).
   */
  observeSettle(seconds: number): void;
  /** Sets (or replaces) the sources of the gauges; a gauge is exposed from its source's first setting on. */
  setSources(sources: Partial<MetricSources>): void;
  /** The text GET /metrics answers, and its content type. */
  render(): Promise<{ body: string; contentType: string }>;
}

export const SOURCE_TIMEOUT_MS = 2000;
/** What `read` answers when a source is missing, failed or too slow. */
const FAILED = Symbol('failed');
/** Settlement is one database transaction: milliseconds normally, seconds when the database struggles. */
const SETTLE_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type SourceName = keyof MetricSources;

export function createMetrics(options: { nodeId: string; logger: Logger; sourceTimeoutMs?: number }): Metrics {
  const { logger } = options;
  const timeoutMs = options.sourceTimeoutMs ?? SOURCE_TIMEOUT_MS;
  const registry = new Registry();
  registry.setDefaultLabels({ node: options.nodeId });
  collectDefaultMetrics({ register: registry });

  const sources: Partial<MetricSources> = {};
  const failing = new Set<SourceName>();
  const inFlight = new Set<Promise<unknown>>();

  const sourceErrors = new Counter({
    name: 'shifumi_metrics_source_errors_total',
    help: 'Scrapes where a gauge could not read its source (the gauge kept its last value)',
    labelNames: ['source'],
    registers: [registry],
    async collect() {
      // A scrape collects every metric at once: let this scrape's reads finish so that their failures count in it.
      await Promise.resolve();
      await Promise.allSettled([...inFlight]);
    },
  });
  const settle = new Histogram({
    name: 'shifumi_game_settle_seconds',
    help: 'Seconds from the action that ended a game to its settlement committed',
    buckets: SETTLE_BUCKETS_SECONDS,
    registers: [registry],
  });

  /** Reads a source with a deadline; undefined (and counted, logged once per outage) when it fails. */
  function read<K extends SourceName>(name: K): Promise<Awaited<ReturnType<MetricSources[K]>> | typeof FAILED> {
    const reading = readOnce(name);
    inFlight.add(reading);
    void reading.finally(() => inFlight.delete(reading));
    return reading;
  }

  async function readOnce<K extends SourceName>(name: K): Promise<Awaited<ReturnType<MetricSources[K]>> | typeof FAILED> {
    const source = sources[name] as (() => unknown) | undefined;
    if (!source) return FAILED;
    let timer: NodeJS.Timeout | undefined;
    try {
      const value = await Promise.race([
        Promise.resolve().then(source),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      if (failing.delete(name)) logger.info({ source: name }, 'Metrics source answers again');
      return value as Awaited<ReturnType<MetricSources[K]>>;
    } catch (error) {
      sourceErrors.inc({ source: name });
      if (!failing.has(name)) {
        failing.add(name);
        logger.warn({ err: error, source: name }, 'Metrics source failed; its gauge keeps its last value');
      }
      return FAILED;
    } finally {
      clearTimeout(timer);
    }
  }

  const gauges: Record<SourceName, () => void> = {
    socketConnections: () =>
      new Gauge({
        name: 'shifumi_socket_connections',
        help: 'Socket.IO connections open on this node',
        labelNames: ['server'],
        registers: [registry],
        async collect() {
          const value = await read('socketConnections');
          if (value === FAILED) return;
          this.set({ server: 'signed_in' }, value.signedIn);
          this.set({ server: 'public' }, value.public);
        },
      }),
    onlineUsers: () =>
      new Gauge({
        name: 'shifumi_online_users',
        help: 'Distinct signed-in users connected to any node',
        registers: [registry],
        async collect() {
          const value = await read('onlineUsers');
          if (value !== FAILED) this.set(value);
        },
      }),
    queueLengths: () =>
      new Gauge({
        name: 'shifumi_queue_tickets',
        help: 'Tickets waiting in the matchmaking queue, per bet amount in USDT (whole cluster)',
        labelNames: ['bet_usd'],
        registers: [registry],
        async collect() {
          const value = await read('queueLengths');
          if (value === FAILED) return;
          // Amounts nobody waits for drop out of the answer: report them as 0, not as their last length.
          this.reset();
          for (const [amount, length] of Object.entries(value)) this.set({ bet_usd: amount }, length ?? 0);
        },
      }),
    gamesRunning: () =>
      new Gauge({
        name: 'shifumi_games_running',
        help: 'Games whose timers this node runs',
        registers: [registry],
        async collect() {
          const value = await read('gamesRunning');
          if (value !== FAILED) this.set(value);
        },
      }),
    chainCursorLag: () =>
      new Gauge({
        name: 'shifumi_chain_cursor_lag_blocks',
        help: "Blocks between the chain's head and the deposit scanner's cursor",
        registers: [registry],
        async collect() {
          const value = await read('chainCursorLag');
          if (value !== FAILED && value !== undefined) this.set(value);
        },
      }),
    pendingWithdrawals: () =>
      new Gauge({
        name: 'shifumi_withdrawals_pending',
        help: 'Withdrawals debited and not yet confirmed or failed',
        registers: [registry],
        async collect() {
          const value = await read('pendingWithdrawals');
          if (value !== FAILED) this.set(value);
        },
      }),
  };

  return {
    registry,
    observeSettle(seconds) {
      if (Number.isFinite(seconds) && seconds >= 0) settle.observe(seconds);
    },
    setSources(update) {
      for (const name of Object.keys(update) as SourceName[]) {
        const source = update[name];
        if (source === undefined) continue;
        if (sources[name] === undefined) gauges[name]();
        (sources as Record<SourceName, unknown>)[name] = source;
      }
    },
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}

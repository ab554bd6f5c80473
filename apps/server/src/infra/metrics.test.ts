import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';

function recordingLogger() {
  const warnings: unknown[][] = [];
  const ignore = () => undefined;
  return {
    warnings,
    logger: {
      fatal: ignore,
      error: ignore,
      warn: (...args: unknown[]) => warnings.push(args),
      info: ignore,
      debug: ignore,
      trace: ignore,
    },
  };
}

/** The value of one sample line, e.g. `shifumi_games_running{node="a"} 3`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  it('labels every series with the node, includes the process metrics and keeps apps apart', async () => {
    const { logger } = recordingLogger();
    const first = createMetrics({ nodeId: 'node-a', logger });
    const second = createMetrics({ nodeId: 'node-b', logger });
    first.setSources({ gamesRunning: () => 3 });
    second.setSources({ gamesRunning: () => 7 });
    const { body, contentType } = await first.render();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(body, 'shifumi_games_running{node="node-a"}')).toBe(3);
    expect(body).toContain('process_cpu_user_seconds_total{node="node-a"}');
    expect(body).toContain('nodejs_eventloop_lag_seconds{node="node-a"}');
    expect(body).not.toContain('node-b');
    expect(sample((await second.render()).body, 'shifumi_games_running{node="node-b"}')).toBe(7);
  });

  it('exposes a gauge only once its source is set, and reads it at every scrape', async () => {
    const { logger } = recordingLogger();
    const metrics = createMetrics({ nodeId: 'n', logger });
    expect((await metrics.render()).body).not.toContain('shifumi_withdrawals_pending');
    let pending = 2;
    metrics.setSources({
      pendingWithdrawals: async () => pending,
      socketConnections: () => ({ signedIn: 5, public: 9 }),
      onlineUsers: async () => 4,
      chainCursorLag: async () => 12,
    });
    let body = (await metrics.render()).body;
    expect(sample(body, 'shifumi_withdrawals_pending{node="n"}')).toBe(2);
    expect(sample(body, 'shifumi_socket_connections{server="signed_in",node="n"}')).toBe(5);
    expect(sample(body, 'shifumi_socket_connections{server="public",node="n"}')).toBe(9);
    expect(sample(body, 'shifumi_online_users{node="n"}')).toBe(4);
    expect(sample(body, 'shifumi_chain_cursor_lag_blocks{node="n"}')).toBe(12);
    pending = 0;
    // Replacing a source keeps one gauge.
    metrics.setSources({ chainCursorLag: async () => 1 });
    body = (await metrics.render()).body;
    expect(sample(body, 'shifumi_withdrawals_pending{node="n"}')).toBe(0);
    expect(sample(body, 'shifumi_chain_cursor_lag_blocks{node="n"}')).toBe(1);
    expect(body.match(/# TYPE shifumi_chain_cursor_lag_blocks gauge/g)).toHaveLength(1);
  });

  it('reports queue lengths per amount, an emptied amount as gone', async () => {
    const { logger } = recordingLogger();
    const metrics = createMetrics({ nodeId: 'n', logger });
    let lengths: Record<number, number> = { 5: 2, 10: 1 };
    metrics.setSources({ queueLengths: async () => lengths });
    let body = (await metrics.render()).body;
    expect(sample(body, 'shifumi_queue_tickets{bet_usd="5",node="n"}')).toBe(2);
    expect(sample(body, 'shifumi_queue_tickets{bet_usd="10",node="n"}')).toBe(1);
    lengths = { 10: 3 };
    body = (await metrics.render()).body;
    expect(sample(body, 'shifumi_queue_tickets{bet_usd="5",node="n"}')).toBeUndefined();
    expect(sample(body, 'shifumi_queue_tickets{bet_usd="10",node="n"}')).toBe(3);
  });

  it('keeps the last value of a failing or slow source, counts it and logs once per outage', async () => {
    const { logger, warnings } = recordingLogger();
    const metrics = createMetrics({ nodeId: 'n', logger, sourceTimeoutMs: 50 });
    let behaviour: 'ok' | 'fail' | 'hang' = 'ok';
    metrics.setSources({
      pendingWithdrawals: () =>
        behaviour === 'ok'
          ? Promise.resolve(6)
          : behaviour === 'fail'
            ? Promise.reject(new Error('database down'))
            : new Promise<number>(() => undefined),
      gamesRunning: () => 1,
    });
    expect(sample((await metrics.render()).body, 'shifumi_withdrawals_pending{node="n"}')).toBe(6);
    behaviour = 'fail';
    await metrics.render();
    let body = (await metrics.render()).body;
    expect(sample(body, 'shifumi_withdrawals_pending{node="n"}')).toBe(6);
    expect(sample(body, 'shifumi_games_running{node="n"}')).toBe(1);
    expect(sample(body, 'shifumi_metrics_source_errors_total{source="pendingWithdrawals",node="n"}')).toBe(2);
    expect(warnings).toHaveLength(1);
    behaviour = 'hang';
    const started = Date.now();
    body = (await metrics.render()).body;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(sample(body, 'shifumi_metrics_source_errors_total{source="pendingWithdrawals",node="n"}')).toBe(3);
    behaviour = 'ok';
    await metrics.render();
    behaviour = 'fail';
    await metrics.render();
    expect(warnings).toHaveLength(2);
  });

  it('records settle latencies in a histogram and ignores impossible ones', async () => {
    const { logger } = recordingLogger();
    const metrics = createMetrics({ nodeId: 'n', logger });
    metrics.observeSettle(0.02);
    metrics.observeSettle(0.3);
    metrics.observeSettle(-1);
    metrics.observeSettle(Number.NaN);
    const body = (await metrics.render()).body;
    expect(sample(body, 'shifumi_game_settle_seconds_count{node="n"}')).toBe(2);
    expect(sample(body, 'shifumi_game_settle_seconds_bucket{le="0.025",node="n"}')).toBe(1);
    expect(sample(body, 'shifumi_game_settle_seconds_bucket{le="0.5",node="n"}')).toBe(2);
    expect(sample(body, 'shifumi_game_settle_seconds_sum{node="n"}')).toBeCloseTo(0.32);
  });
});

/**
 * The server's ETH/USD price. Either fixed (ETH_USD_PRICE, or the development
 * default) and then always fresh, or polled from a public price API every
 * `pollMs`: one request at a time, each with its own timeout; an answer that
 * does not validate keeps the previous price and is logged. A polled price
 * older than `staleMs` is stale, and `requireFresh()` refuses with a clear
 * message: nothing may turn USD into ETH for money on a stale price.
 */
import { parseUsdPrice } from '@shifumi/money';
import { type PriceSource } from '@shifumi/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../shared/clock';
import { createPeriodicTask } from '../../shared/periodic-task';
import { ok, refuse, type Result } from '../../shared/result';

export interface Price {
  /** The price as a decimal string of US dollars per ETH. */
  ethUsd: string;
  /** The same price in micro-USD per ETH: what the money arithmetic uses. */
  microUsdPerEth: bigint;
  updatedAt: Date;
  source: PriceSource;
}

export type FetchFn = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string> },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export interface PriceServiceOptions {
  /** A fixed price: never polled, never stale. */
  fixed?: { ethUsd: string; source: 'fixed' | 'development' } | undefined;
  url: string;
  pollMs: number;
  staleMs: number;
  /** Timeout of one request; defaults to min(10 s, pollMs). */
  timeoutMs?: number;
  fetch?: FetchFn;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
  /** Timer functions, injectable for tests. */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

const priceAnswerSchema = z.object({
  ethereum: z.object({ usd: z.number().positive().finite() }),
});

export function createPriceService(options: PriceServiceOptions) {
  const fetchFn: FetchFn = options.fetch ?? ((url, init) => fetch(url, init));
  const schedule = options.setTimeout ?? ((callback: () => void, ms: number) => setTimeout(callback, ms).unref());
  const cancel = options.clearTimeout ?? ((handle: unknown) => clearTimeout(handle as NodeJS.Timeout));
  const timeoutMs = options.timeoutMs ?? Math.min(10_000, options.pollMs);

  let price: Price | undefined;
  if (options.fixed) {
    const parsed = parseUsdPrice(options.fixed.ethUsd);
    if (!parsed.ok) throw new Error('The fixed ETH/USD price is not a positive decimal number');
    price = {
      ethUsd: options.fixed.ethUsd,
      microUsdPerEth: parsed.microUsdPerEth,
      updatedAt: options.clock(),
      source: options.fixed.source,
    };
  }

  /** Thrown by one poll that kept the previous price; `pollOnce` logs it, the poller logs it once per outage. */
  class PricePollError extends Error {
    constructor(
      message: string,
      readonly details: Record<string, unknown> = {},
    ) {
      super(message);
    }
  }

  /** One poll: fetches and validates; throws (the previous price kept) on any failure. */
  async function fetchPrice(): Promise<void> {
    let response: Awaited<ReturnType<FetchFn>>;
    try {
      response = await fetchFn(options.url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      throw new PricePollError('ETH price request failed; keeping the previous price', { err: error });
    }
    if (!response.ok)
      throw new PricePollError('ETH price request failed; keeping the previous price', { status: response.status });
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new PricePollError('ETH price request failed; keeping the previous price', { err: error });
    }
    const answer = priceAnswerSchema.safeParse(body);
    const usd = answer.success ? answer.data.ethereum.usd : undefined;
    const ethUsd = usd === undefined ? undefined : String(usd);
    const parsed = ethUsd === undefined ? undefined : parseUsdPrice(ethUsd);
    if (ethUsd === undefined || !parsed?.ok)
      throw new PricePollError('ETH price answer is not valid; keeping the previous price');
    price = { ethUsd, microUsdPerEth: parsed.microUsdPerEth, updatedAt: options.clock(), source: 'live' };
  }

  /** One poll now (tests): every failure logged, the previous price kept. */
  async function pollOnce(): Promise<void> {
    try {
      await fetchPrice();
    } catch (error) {
      if (!(error instanceof PricePollError)) throw error;
      options.logger.warn(error.details, error.message);
    }
  }

  // Polls never overlap; an outage is logged once and retried before the price could go stale (no back-off past staleMs / 5).
  const poller = createPeriodicTask({
    name: 'ETH price poll',
    everyMs: options.pollMs,
    maxBackoffMs: Math.max(options.pollMs, Math.min(8 * options.pollMs, Math.floor(options.staleMs / 5))),
    failureLevel: 'warn',
    logger: options.logger,
    run: fetchPrice,
    setTimer: (callback, ms) => {
      const handle = schedule(callback, ms);
      return { clear: () => cancel(handle) };
    },
  });

  function isStale(value: Price): boolean {
    if (value.source !== 'live') return false;
    return options.clock().getTime() - value.updatedAt.getTime() > options.staleMs;
  }

  return {
    /** Starts polling (first request now). A fixed price needs no polling. */
    start(): void {
      if (options.fixed) return;
      poller.start({ now: true });
    },
    /** Stops polling and waits for a request in flight. */
    stop: () => poller.stop(),
    /** For tests: one poll now, outside the schedule. */
    pollOnce,
    current(): Price | undefined {
      return price;
    },
    isStale,
    /** The price if it may be used for money, or a refusal. */
    requireFresh(): Result<Price> {
      if (!price || isStale(price)) return refuse('price_unavailable');
      return ok(price);
    },
  };
}

export type PriceService = ReturnType<typeof createPriceService>;

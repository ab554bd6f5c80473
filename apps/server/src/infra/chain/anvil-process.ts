/**
 * The anvil launcher's helpers around the child process: JSON-RPC calls, waiting for the
 * chain id and for anvil's SIGTERM handler, timeouts, and the redaction of the mnemonic in
 * what anvil prints (split out of anvil-launcher.ts, issue 25: rooms under 400 lines).
 */
import { readFileSync } from 'node:fs';

/** Why anvil did not start. */
export type AnvilStartFailure = 'port-in-use' | 'state-unreadable' | 'bad-mnemonic' | 'exited' | 'timeout' | 'wrong-chain';

/** Anvil did not start; `reason` says why, the message says what to do. */
export class AnvilStartError extends Error {
  override name = 'AnvilStartError';
  readonly reason: AnvilStartFailure;
  constructor(reason: AnvilStartFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

/** One JSON-RPC call (anvil's own methods included); throws on a JSON-RPC error. */
export async function rpcCall<T = unknown>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error !== undefined) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Polls `eth_chainId` until it answers; rejects if the id differs or the caller gave up. */
export async function waitForChainId(rpcUrl: string, chainId: number, isCancelled: () => boolean): Promise<void> {
  while (!isCancelled()) {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(2_000),
      });
      const body = (await response.json()) as { result?: unknown };
      if (typeof body.result === 'string') {
        const served = Number(BigInt(body.result));
        if (served !== chainId) throw new AnvilStartError('wrong-chain', `anvil serves chain ${served}, expected ${chainId}`);
        return;
      }
    } catch (error) {
      if (error instanceof AnvilStartError) throw error;
      // Not answering yet: poll again.
    }
    await delay(50);
  }
  throw new TimeoutError('gave up waiting for eth_chainId');
}

/**
 * Waits until anvil catches SIGTERM. It installs its handler a little after JSON-RPC
 * answers; a SIGTERM before that kills it without dumping its state (seen in about 6 % of
 * immediate stops under load). Linux only (/proc/<pid>/status, SigCgt); elsewhere returns at once.
 */
export async function waitForSigtermHandler(pid: number, isCancelled: () => boolean): Promise<void> {
  while (!isCancelled()) {
    const catches = catchesSigterm(pid);
    if (catches !== false) return;
    await delay(10);
  }
  throw new TimeoutError('gave up waiting for the SIGTERM handler');
}

/** Whether the process catches SIGTERM (signal 15), or `undefined` when /proc cannot tell. */
export function catchesSigterm(pid: number): boolean | undefined {
  try {
    const caught = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (caught === undefined) return undefined;
    return ((BigInt(`0x${caught}`) >> 14n) & 1n) === 1n;
  } catch {
    return undefined;
  }
}

export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** IPv6 literals need brackets in a URL. */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Removes the words of a mnemonic from anvil's error output (clap quotes invalid values). */
export function redactor(mnemonic: string | undefined): (line: string) => string {
  if (mnemonic === undefined) return (line) => line;
  const words = [...new Set(mnemonic.trim().split(/\s+/))].filter((word) => word.length > 0);
  if (words.length === 0) return (line) => line;
  const pattern = new RegExp(`\\b(?:${words.map(escapeRegExp).join('|')})\\b`, 'g');
  return (line) => line.replace(pattern, '[redacted]');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Helpers for tests that run against a real anvil: start one on a free port in a temporary
 * directory, call its JSON-RPC methods (including anvil_* ones viem does not type), and poll
 * with a bounded timeout instead of sleeping. Not used by the server itself.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnvilInstance, type ChainLogger, type StartAnvilOptions, startAnvil } from './anvil-launcher';

/** A logger that drops everything. */
export const silentLogger: ChainLogger = { error() {}, warn() {}, info() {}, debug() {} };

/** A running test anvil and its temporary data directory. */
export interface TestAnvil extends AnvilInstance {
  dataDir: string;
  /** Stops anvil and removes the data directory. */
  dispose(): Promise<void>;
}

/**
 * Starts anvil on a free port (port 0), automining by default (one block per transaction),
 * with a fresh temporary data directory unless one is given.
 */
export async function startTestAnvil(options: Partial<StartAnvilOptions> = {}): Promise<TestAnvil> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'shifumi-anvil-')));
  let anvil: AnvilInstance;
  try {
    anvil = await startAnvil({ port: 0, blockTimeSeconds: null, logger: silentLogger, ...options, dataDir });
  } catch (error) {
    if (ownDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...anvil,
    dataDir,
    async dispose() {
      await anvil.stop();
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let requestId = 0;

/** Calls a JSON-RPC method and returns its result; throws on a JSON-RPC error. */
export async function rpc<T = unknown>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  requestId += 1;
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: requestId, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error !== undefined) throw new Error(`${method} failed: ${body.error.message}`);
  return body.result as T;
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function pollUntil<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The read-only JSON-RPC window the web app has on the server's chain
 * (`POST /api/chain/rpc`): wallet dialogs read balances, fees, receipts and
 * the chain id through it, so the node's URL — which often carries a hosted
 * provider's API key — never reaches a browser, and the page's
 * Content-Security-Policy needs no node origin.
 *
 * Only the methods of CHAIN_RPC_METHODS pass (the protocol's schema): nothing
 * that signs, sends, or drives a development node (anvil_*, evm_*) is ever
 * forwarded. The forwarded body is rebuilt from the validated calls, so no
 * unknown field reaches the node either. The node's answer must be JSON-RPC
 * (an object or an array of objects carrying `jsonrpc` and `id`) and is passed
 * through unchanged; anything else, a failure or a timeout is answered as
 * "chain unavailable" — never a 500, never the node's URL.
 */
import { chainRpcRequestSchema, type ChainRpcCall } from '@shifumi/protocol';
import { describeRpcUrl } from '../../infra/chain/chain-client';
import type { Logger } from '../../shared/logger';
import { ok, refuse, type Result } from '../../shared/result';

/**
 * How long the node may take to answer (headers and body). Under 5 s: with the
 * gas cap no read should take a node that long, and a wallet dialog must not
 * hang longer than that on one.
 */
export const CHAIN_RPC_TIMEOUT_MS = 4_500;
/** Default of CHAIN_RPC_GAS_CAP: the most gas an executing call may use (a few ms of EVM on anvil). */
export const DEFAULT_CHAIN_RPC_GAS_CAP = 10_000_000n;

/** The calls that execute code on the node: their gas is capped and overrides are refused. */
const EXECUTING_METHODS: ReadonlySet<string> = new Set(['eth_call', 'eth_estimateGas', 'eth_createAccessList']);
const HEX_QUANTITY = /^0x(0|[1-9a-f][0-9a-f]{0,63})$/i;

/**
 * The call as it may reach the node, or undefined to refuse it. An executing
 * call carries one transaction object and at most a block: a third parameter
 * (state overrides) or a fourth (block overrides) is refused, as is a
 * transaction without a readable gas; a gas above `gasCap`, or none, becomes
 * `gasCap` — an endless loop then stops in milliseconds instead of freezing
 * the node (anvil executes calls on the thread that mines).
 */
export function capExecutingCall(call: ChainRpcCall, gasCap: bigint): ChainRpcCall | undefined {
  if (!EXECUTING_METHODS.has(call.method)) return call;
  const params = call.params ?? [];
  if (params.length < 1 || params.length > 2) return undefined;
  const [transaction, block] = params;
  if (typeof transaction !== 'object' || transaction === null || Array.isArray(transaction)) return undefined;
  // A block given as an object ({ blockHash } or { blockNumber }) is fine; anything inside it beyond that is not.
  if (typeof block === 'object' && block !== null) {
    if (Array.isArray(block) || Object.keys(block).some((key) => !['blockHash', 'blockNumber', 'requireCanonical'].includes(key)))
      return undefined;
  }
  const fields = transaction as Record<string, unknown>;
  const given = fields.gas;
  let gas = gasCap;
  if (given !== undefined && given !== null) {
    if (typeof given !== 'string' || !HEX_QUANTITY.test(given)) return undefined;
    const asked = BigInt(given);
    if (asked < gas) gas = asked;
  }
  return { ...call, params: [{ ...fields, gas: `0x${gas.toString(16)}` }, ...params.slice(1)] };
}
/** The largest answer passed through: a batch of full blocks fits, a runaway answer does not. */
export const CHAIN_RPC_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** The subset of `fetch` the proxy uses (tests inject a failing one). */
export type ChainRpcFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface ChainRpcProxyDeps {
  /** The node's JSON-RPC URL; undefined when the app runs without a chain. Secret: never logged. */
  rpcUrl: string | undefined;
  logger: Logger;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** CHAIN_RPC_GAS_CAP (default 10,000,000). */
  gasCap?: bigint;
  fetch?: ChainRpcFetch;
}

/** Why the node's answer could not be used, for the log (never the URL). */
type UpstreamFailure = { kind: 'timeout' } | { kind: 'failed'; reason: string };

class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(readonly failure: UpstreamFailure) {
    super(failure.kind === 'timeout' ? 'timeout' : failure.reason);
  }
}

function isJsonRpcAnswer(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'jsonrpc' in value && 'id' in value;
}

/** A JSON-RPC answer to a single call or a batch: an object, or a non-empty array of objects. */
export function isJsonRpcResponse(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every(isJsonRpcAnswer);
  return isJsonRpcAnswer(value);
}

/** A name and code for the log, never a message: fetch's messages can quote the whole URL. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const cause = error.cause as { code?: unknown } | undefined;
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  return `${error.name}${code}`;
}

/** The body as text, refused beyond `maxBytes` without reading the rest. */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new UpstreamError({ kind: 'failed', reason: `answer of ${declared} bytes` });
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new UpstreamError({ kind: 'failed', reason: `answer over ${maxBytes} bytes` });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * fetch refuses URLs with credentials (and its error would quote the URL):
 * like viem, send `user:password@` as a Basic Authorization header instead.
 */
export function splitCredentials(rpcUrl: string): { url: string; headers: Record<string, string> } {
  const url = new URL(rpcUrl);
  if (url.username === '' && url.password === '') return { url: rpcUrl, headers: {} };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = '';
  url.password = '';
  return { url: url.toString(), headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` } };
}

export function createChainRpcProxy(deps: ChainRpcProxyDeps) {
  const node = deps.rpcUrl === undefined ? undefined : splitCredentials(deps.rpcUrl);
  const timeoutMs = deps.timeoutMs ?? CHAIN_RPC_TIMEOUT_MS;
  const maxResponseBytes = deps.maxResponseBytes ?? CHAIN_RPC_MAX_RESPONSE_BYTES;
  const gasCap = deps.gasCap ?? DEFAULT_CHAIN_RPC_GAS_CAP;
  const fetchFn: ChainRpcFetch = deps.fetch ?? ((url, init) => fetch(url, init));

  async function callNode(target: { url: string; headers: Record<string, string> }, body: string): Promise<string> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetchFn(target.url, {
        method: 'POST',
        headers: { ...target.headers, 'content-type': 'application/json', accept: 'application/json' },
        body,
        signal,
        // A redirect would send the calls somewhere nobody configured.
        redirect: 'error',
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new UpstreamError({ kind: 'failed', reason: `HTTP ${response.status}` });
      }
      const text = await readLimited(response, maxResponseBytes);
      let answer: unknown;
      try {
        answer = JSON.parse(text);
      } catch {
        throw new UpstreamError({ kind: 'failed', reason: 'answer is not JSON' });
      }
      if (!isJsonRpcResponse(answer)) throw new UpstreamError({ kind: 'failed', reason: 'answer is not JSON-RPC' });
      return text;
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      // AbortSignal.timeout rejects the fetch, or the body read under way, with a TimeoutError.
      if (signal.aborted) throw new UpstreamError({ kind: 'timeout' });
      throw new UpstreamError({ kind: 'failed', reason: describeError(error) });
    }
  }

  return {
    /**
     * Forwards a JSON-RPC call or batch to the node and returns its answer as
     * JSON text; refuses what is not an allowed read (400), and answers
     * "chain unavailable" without a chain (503), when the node fails (502) or
     * is too slow (504).
     */
    async forward(body: unknown): Promise<Result<string>> {
      const parsed = chainRpcRequestSchema.safeParse(body);
      if (!parsed.success) return refuse('chain_rpc_refused');
      const calls = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
      const capped = calls.map((call) => capExecutingCall(call, gasCap));
      if (capped.some((call) => call === undefined)) return refuse('chain_rpc_refused');
      const forwarded = Array.isArray(parsed.data) ? capped : capped[0];
      if (node === undefined) return refuse('chain_not_configured');
      try {
        return ok(await callNode(node, JSON.stringify(forwarded)));
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        const { failure } = error;
        deps.logger.warn(
          {
            upstream: describeRpcUrl(node.url),
            failure: failure.kind === 'timeout' ? `no answer within ${timeoutMs} ms` : failure.reason,
          },
          'Chain RPC proxy: the node did not answer usably',
        );
        return failure.kind === 'timeout' ? refuse('chain_upstream_timeout') : refuse('chain_upstream_failed');
      }
    },
  };
}

export type ChainRpcProxy = ReturnType<typeof createChainRpcProxy>;

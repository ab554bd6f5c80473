/**
 * The proxy against a scripted local HTTP "node": what is forwarded (only
 * allowed calls, rebuilt), what is passed back (JSON-RPC only), and how
 * every failure of the node becomes "chain unavailable" without its URL in
 * the log.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAIN_RPC_MAX_BATCH } from '@shifumi/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capExecutingCall, createChainRpcProxy, isJsonRpcResponse, splitCredentials } from './chain-rpc-proxy';
import { freePort } from '../../shared/free-port';

type Handler = (body: string, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
const received: string[] = [];
const logLines: unknown[] = [];
const logger = {
  fatal: (...args: unknown[]) => void logLines.push(args),
  error: (...args: unknown[]) => void logLines.push(args),
  warn: (...args: unknown[]) => void logLines.push(args),
  info: (...args: unknown[]) => void logLines.push(args),
  debug: () => undefined,
  trace: () => undefined,
};

function answerJson(value: unknown): Handler {
  return (_body, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(value));
  };
}

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push(body);
      handler(body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  logLines.length = 0;
  handler = answerJson({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
});

/** The node's URL carries a secret path, as hosted providers' URLs do. */
const SECRET = 'v3/secret-api-key-0123456789';
const proxy = (options: { timeoutMs?: number; maxResponseBytes?: number; gasCap?: bigint } = {}) =>
  createChainRpcProxy({ rpcUrl: `${baseUrl}/${SECRET}`, logger, ...options });
const call = (method: string, params?: unknown[], id: number | string | null = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});

describe('executing calls: the gas cap and overrides (issue 12, finding 2)', () => {
  const to = '0x0000000000000000000000000000000000000001';
  const forwardedGas = () => (JSON.parse(received[0]!) as { params: Array<{ gas: string }> }).params[0]!.gas;

  it.each([
    ['an endless loop with an attacker-chosen gas', '0x4a817c800'],
    ['gas 2^64 - 1', '0xffffffffffffffff'],
    ['no gas at all', undefined],
  ])('lowers %s to the cap', async (_name, gas) => {
    await proxy({ gasCap: 10_000_000n }).forward(
      call('eth_call', [{ to, data: '0x5b600056', ...(gas ? { gas } : {}) }, 'latest']),
    );
    expect(forwardedGas()).toBe('0x989680');
  });

  it('keeps a gas below the cap, for eth_estimateGas too, and caps every call of a batch', async () => {
    await proxy().forward(call('eth_estimateGas', [{ to, gas: '0x5208' }]));
    expect(forwardedGas()).toBe('0x5208');
    received.length = 0;
    handler = answerJson([
      { jsonrpc: '2.0', id: 1, result: '0x' },
      { jsonrpc: '2.0', id: 2, result: '0x' },
    ]);
    await proxy().forward([
      call('eth_call', [{ to }, 'latest'], 1),
      call('eth_call', [{ to, gas: '0xffffffff' }, { blockHash: `0x${'1'.repeat(64)}` }], 2),
    ]);
    const batch = JSON.parse(received[0]!) as Array<{ params: Array<{ gas: string }> }>;
    expect(batch.map((item) => item.params[0]!.gas)).toEqual(['0x989680', '0x989680']);
  });

  it.each([
    ['state overrides', call('eth_call', [{ to }, 'latest', { [to]: { code: '0x5b600056' } }])],
    ['block overrides', call('eth_call', [{ to }, 'latest', {}, { number: '0x1' }])],
    ['state overrides on eth_estimateGas', call('eth_estimateGas', [{ to }, 'latest', { [to]: { balance: '0x1' } }])],
    ['a block object carrying overrides', call('eth_call', [{ to }, { blockNumber: '0x1', stateOverride: {} }])],
    ['no transaction', call('eth_call', [])],
    ['a transaction that is not an object', call('eth_call', ['0x00', 'latest'])],
    ['a gas that is not a hex quantity', call('eth_call', [{ to, gas: 1e30 }, 'latest'])],
    ['a gas of 70 hex digits', call('eth_call', [{ to, gas: `0x${'f'.repeat(70)}` }, 'latest'])],
  ])('refuses %s and forwards nothing', async (_name, body) => {
    expect(await proxy().forward(body)).toEqual({ ok: false, refusal: { code: 'chain_rpc_refused' } });
    expect(received).toEqual([]);
  });

  it('leaves reads that execute nothing as they are', () => {
    const read = { jsonrpc: '2.0' as const, id: 1, method: 'eth_getBalance' as const, params: [to, 'latest'] };
    expect(capExecutingCall(read, 1n)).toBe(read);
  });
});

describe('what is forwarded', () => {
  it('forwards an allowed call, rebuilt from the validated fields only, and passes the answer back as it came', async () => {
    handler = (_body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"jsonrpc":"2.0","id":1,"result":"0x7a69"}');
    };
    const result = await proxy().forward({ ...call('eth_chainId', []), extra: 'dropped' });
    expect(result).toEqual({ ok: true, value: '{"jsonrpc":"2.0","id":1,"result":"0x7a69"}' });
    expect(received.map((body) => JSON.parse(body) as unknown)).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
    ]);
  });

  it('forwards a batch up to the limit as one request', async () => {
    const batch = Array.from({ length: CHAIN_RPC_MAX_BATCH }, (_, index) => call('eth_blockNumber', [], index));
    handler = answerJson(batch.map((item) => ({ jsonrpc: '2.0', id: item.id, result: '0x1' })));
    const result = await proxy().forward(batch);
    expect(result.ok).toBe(true);
    expect(received).toHaveLength(1);
    expect((JSON.parse(received[0]!) as unknown[]).length).toBe(CHAIN_RPC_MAX_BATCH);
  });

  it.each([
    ['a method that sends', call('eth_sendRawTransaction', ['0x00'])],
    ['a method that signs', call('eth_sign', ['0x0000000000000000000000000000000000000001', '0x00'])],
    ['personal_sign', call('personal_sign', ['0x00', '0x0000000000000000000000000000000000000001'])],
    ['a development node method', call('anvil_setBalance', ['0x0000000000000000000000000000000000000001', '0x1'])],
    ['evm_mine', call('evm_mine')],
    ['an allowed call in a batch with a refused one', [call('eth_chainId'), call('eth_sendTransaction', [{}])]],
    ['a batch over the limit', Array.from({ length: CHAIN_RPC_MAX_BATCH + 1 }, (_, index) => call('eth_chainId', [], index))],
    ['an empty batch', []],
    ['JSON-RPC 1.0', { jsonrpc: '1.0', id: 1, method: 'eth_chainId' }],
    ['no id', { jsonrpc: '2.0', method: 'eth_chainId' }],
    ['params that are not an array', { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: { address: '0x' } }],
    ['too many params', call('eth_call', [1, 2, 3, 4, 5, 6, 7, 8, 9])],
    ['no body', undefined],
    ['a string', 'eth_chainId'],
  ])('refuses %s with chainRpcRefused and forwards nothing', async (_name, body) => {
    expect(await proxy().forward(body)).toEqual({ ok: false, refusal: { code: 'chain_rpc_refused' } });
    expect(received).toEqual([]);
  });

  it('answers chain unavailable (503) without a chain', async () => {
    const withoutChain = createChainRpcProxy({ rpcUrl: undefined, logger });
    expect(await withoutChain.forward(call('eth_chainId'))).toEqual({
      ok: false,
      refusal: { code: 'chain_not_configured' },
    });
  });
});

describe('what comes back', () => {
  const failed = { ok: false, refusal: { code: 'chain_upstream_failed' } };

  it.each<[string, Handler]>([
    [
      'an HTTP error',
      (_body, response) =>
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"error":{}}'),
    ],
    ['a rate-limited node (429)', (_body, response) => response.writeHead(429).end('slow down')],
    [
      'an HTML page',
      (_body, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>'),
    ],
    ['JSON that is not JSON-RPC', answerJson({ hello: 'world' })],
    ['an array of numbers', answerJson([1, 2])],
    ['an empty array', answerJson([])],
    ['null', answerJson(null)],
    ['a redirect', (_body, response) => response.writeHead(302, { location: 'http://127.0.0.1:1/' }).end()],
    [
      'a connection closed mid-answer',
      (_body, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        response.write('{"jsonrpc":');
        response.destroy();
      },
    ],
  ])('answers %s as chain unavailable (502) and logs no URL', async (_name, script) => {
    handler = script;
    expect(await proxy().forward(call('eth_chainId'))).toEqual(failed);
    expect(logLines).toHaveLength(1);
    expect(JSON.stringify(logLines)).not.toContain('secret-api-key');
  });

  it('refuses an answer larger than the limit, announced or not', async () => {
    handler = answerJson({ jsonrpc: '2.0', id: 1, result: 'x'.repeat(5_000) });
    expect(await proxy({ maxResponseBytes: 1_000 }).forward(call('eth_chainId'))).toEqual(failed);
    handler = (_body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`{"jsonrpc":"2.0","id":1,"result":"${'x'.repeat(3_000)}`);
      response.end('"}');
    };
    expect(await proxy({ maxResponseBytes: 1_000 }).forward(call('eth_chainId'))).toEqual(failed);
  });

  it('gives up on a node that does not answer in time (504)', async () => {
    handler = () => undefined;
    const started = Date.now();
    expect(await proxy({ timeoutMs: 200 }).forward(call('eth_chainId'))).toEqual({
      ok: false,
      refusal: { code: 'chain_upstream_timeout' },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(JSON.stringify(logLines)).not.toContain('secret-api-key');
  });

  it('gives up on a node that starts answering and then stalls (504)', async () => {
    handler = (_body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"jsonrpc":"2.0",');
    };
    expect(await proxy({ timeoutMs: 200 }).forward(call('eth_chainId'))).toMatchObject({
      ok: false,
      refusal: { code: 'chain_upstream_timeout' },
    });
  });

  it('answers a node that is down as chain unavailable (502) and logs no URL', async () => {
    const down = createChainRpcProxy({ rpcUrl: `http://127.0.0.1:${await freePort()}/${SECRET}`, logger });
    expect(await down.forward(call('eth_chainId'))).toEqual(failed);
    expect(JSON.stringify(logLines)).not.toContain('secret-api-key');
    expect(JSON.stringify(logLines)).toContain('ECONNREFUSED');
  });
});

describe('credentials in the URL', () => {
  it('sends them as a Basic Authorization header, not in the URL (fetch refuses those)', async () => {
    let authorization: string | undefined;
    const withCredentials = createChainRpcProxy({
      rpcUrl: `http://user:p%40ss@127.0.0.1:${new URL(baseUrl).port}/${SECRET}`,
      logger,
      fetch: (url, init) => {
        authorization = new Headers(init.headers).get('authorization') ?? undefined;
        expect(url).toBe(`${baseUrl}/${SECRET}`);
        return fetch(url, init);
      },
    });
    expect((await withCredentials.forward(call('eth_chainId'))).ok).toBe(true);
    expect(authorization).toBe(`Basic ${Buffer.from('user:p@ss').toString('base64')}`);
    expect(splitCredentials('https://rpc.example.com/v3/key')).toEqual({ url: 'https://rpc.example.com/v3/key', headers: {} });
  });
});

describe('isJsonRpcResponse', () => {
  it('accepts an answer or a batch of answers, errors included', () => {
    expect(isJsonRpcResponse({ jsonrpc: '2.0', id: 1, result: '0x1' })).toBe(true);
    expect(isJsonRpcResponse({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } })).toBe(true);
    expect(
      isJsonRpcResponse([
        { jsonrpc: '2.0', id: 1, result: '0x1' },
        { jsonrpc: '2.0', id: 2, error: {} },
      ]),
    ).toBe(true);
    expect(isJsonRpcResponse({ id: 1, result: '0x1' })).toBe(false);
    expect(isJsonRpcResponse([{ jsonrpc: '2.0', id: 1 }, 'x'])).toBe(false);
    expect(isJsonRpcResponse('{"jsonrpc":"2.0","id":1}')).toBe(false);
  });
});

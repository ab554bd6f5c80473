/**
 * `POST /api/chain/rpc` through the real app and a real anvil: reads are
 * answered by the chain, anything that signs, sends or drives the node is
 * refused before it reaches anvil (and anvil, which would execute
 * eth_sendTransaction for its unlocked accounts, shows nothing happened);
 * a node that is down is a 502, no chain at all a 503. And `GET /api/config`
 * still tells the web app the chain it builds its wagmi chain from.
 */
import { CHAIN_RPC_MAX_BATCH, CHAIN_RPC_PATH, SERVER_TEXTS, configResponseSchema } from '@shifumi/protocol';
import { parseEther, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '../src/infra/chain/anvil-testing';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { CHAIN_RPC_BODY_LIMIT_BYTES } from '../src/http/chain-rpc.routes';
import { postJson } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, payerAccount, startTestAnvil, type TestAnvil } from './support/test-chain';
import { freePort } from '../src/shared/free-port';

let anvil: TestAnvil;
let t: TestApp;

beforeAll(async () => {
  anvil = await startTestAnvil();
  t = await createTestApp({ chain: chainFor(anvil) });
});
afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });
const proxy = (body: unknown, app: TestApp = t) => postJson(app, CHAIN_RPC_PATH, body);
const onAnvil = <T>(method: string, params: unknown[] = []) => rpc<T>(anvil.rpcUrl, method, params);

describe('POST /api/chain/rpc: reads', () => {
  it('answers eth_chainId from the chain, signed out, never cached', async () => {
    const response = await proxy(call('eth_chainId'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: toHex(DEV_CHAIN_ID) });
  });

  it('answers eth_getBalance with what the chain holds', async () => {
    const address = payerAccount(3).address;
    const response = await proxy(call('eth_getBalance', [address, 'latest'], 'balance'));
    expect(response.statusCode).toBe(200);
    const { id, result } = response.json<{ id: string; result: string }>();
    expect(id).toBe('balance');
    expect(BigInt(result)).toBe(await t.chain!.publicClient.getBalance({ address }));
    expect(BigInt(result)).toBeGreaterThan(parseEther('1'));
  });

  it('answers a batch, one answer per call', async () => {
    const address = payerAccount(3).address;
    const response = await proxy([
      call('eth_chainId', [], 1),
      call('eth_blockNumber', [], 2),
      call('eth_getTransactionCount', [address, 'latest'], 3),
    ]);
    expect(response.statusCode).toBe(200);
    const answers = response.json<Array<{ id: number; result: string }>>();
    expect(answers.map((answer) => answer.id).sort()).toEqual([1, 2, 3]);
    expect(answers.find((answer) => answer.id === 1)?.result).toBe(toHex(DEV_CHAIN_ID));
    expect(BigInt(answers.find((answer) => answer.id === 2)!.result)).toBe(await t.chain!.publicClient.getBlockNumber());
  });

  it("passes the node's own JSON-RPC errors through (the call was allowed, the node refused it)", async () => {
    const response = await proxy(call('eth_getBalance', ['not an address', 'latest']));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      error: { code: expect.any(Number), message: expect.any(String) },
    });
  });
});

describe('POST /api/chain/rpc: refusals', () => {
  it('refuses eth_sendTransaction, eth_sendRawTransaction, personal_sign, eth_sign and anvil_mine with 400, and the chain shows nothing happened', async () => {
    const sender = payerAccount(4);
    const recipient = payerAccount(5).address;
    const blockBefore = await onAnvil<string>('eth_blockNumber');
    const nonceBefore = await t.chain!.publicClient.getTransactionCount({ address: sender.address });
    const recipientBefore = await t.chain!.publicClient.getBalance({ address: recipient });
    const fees = await t.chain!.publicClient.estimateFeesPerGas();
    const raw = await sender.signTransaction({
      chainId: DEV_CHAIN_ID,
      nonce: nonceBefore,
      to: recipient,
      value: parseEther('1'),
      gas: 21_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      type: 'eip1559',
    });

    const refused: Array<[string, unknown]> = [
      // Anvil's accounts are unlocked: forwarded, this would move 1 ETH.
      [
        'eth_sendTransaction',
        call('eth_sendTransaction', [{ from: sender.address, to: recipient, value: toHex(parseEther('1')) }]),
      ],
      ['eth_sendRawTransaction', call('eth_sendRawTransaction', [raw])],
      ['personal_sign', call('personal_sign', ['0x68656c6c6f', sender.address])],
      ['eth_sign', call('eth_sign', [sender.address, '0x68656c6c6f'])],
      ['anvil_mine', call('anvil_mine', ['0x10'])],
      ['evm_mine', call('evm_mine')],
      ['anvil_setBalance', call('anvil_setBalance', [recipient, toHex(parseEther('1000'))])],
      ['a refused call hidden in a batch', [call('eth_chainId', [], 1), call('anvil_mine', ['0x10'], 2)]],
    ];
    for (const [name, body] of refused) {
      const response = await proxy(body);
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ code: 'chain_rpc_refused', message: SERVER_TEXTS.chainRpcRefused });
    }

    expect(await onAnvil<string>('eth_blockNumber')).toBe(blockBefore);
    expect(await t.chain!.publicClient.getTransactionCount({ address: sender.address })).toBe(nonceBefore);
    expect(await t.chain!.publicClient.getBalance({ address: recipient })).toBe(recipientBefore);
  });

  it('refuses malformed JSON-RPC with 400', async () => {
    const malformed: unknown[] = [
      {},
      { jsonrpc: '2.0', id: 1 },
      { jsonrpc: '1.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', method: 'eth_chainId' },
      { jsonrpc: '2.0', id: { nested: true }, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: 'latest' },
      [],
      Array.from({ length: CHAIN_RPC_MAX_BATCH + 1 }, (_, index) => call('eth_chainId', [], index)),
    ];
    for (const body of malformed) {
      const response = await proxy(body);
      expect({ body, status: response.statusCode, answer: response.json() as unknown }).toEqual({
        body,
        status: 400,
        answer: { code: 'chain_rpc_refused', message: SERVER_TEXTS.chainRpcRefused },
      });
    }
    const aString = await t.app.fastify.inject({
      method: 'POST',
      url: CHAIN_RPC_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '"eth_chainId"',
    });
    expect(aString.statusCode).toBe(400);
    expect(aString.json()).toEqual({ code: 'chain_rpc_refused', message: SERVER_TEXTS.chainRpcRefused });
    const notJson = await t.app.fastify.inject({
      method: 'POST',
      url: CHAIN_RPC_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"jsonrpc":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ code: 'invalid_json', message: SERVER_TEXTS.invalidJson });
    const notPost = await t.app.fastify.inject({ method: 'GET', url: CHAIN_RPC_PATH });
    expect(notPost.statusCode).toBe(404);
  });

  it('accepts a full batch of large calls, and refuses a body over the limit with 400 unread (issue 12: depth and size alike)', async () => {
    const calldata = `0x${'ab'.repeat(4_000)}`;
    const batch = Array.from({ length: CHAIN_RPC_MAX_BATCH }, (_, index) =>
      call('eth_call', [{ to: payerAccount(5).address, data: calldata }, 'latest'], index),
    );
    expect(JSON.stringify(batch).length).toBeLessThan(CHAIN_RPC_BODY_LIMIT_BYTES);
    expect((await proxy(batch)).statusCode).toBe(200);

    const tooLarge = call('eth_call', [
      { to: payerAccount(5).address, data: `0x${'ab'.repeat(CHAIN_RPC_BODY_LIMIT_BYTES)}` },
      'latest',
    ]);
    const response = await proxy(tooLarge);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'payload_too_large', message: SERVER_TEXTS.payloadTooLarge });
  });
});

describe('POST /api/chain/rpc: the node unavailable', () => {
  it('answers 502 chainUnavailable when the node is down, and never logs its URL', async () => {
    const port = await freePort();
    const down = await createTestApp({
      chain: async (config) => ({ ...(await chainFor(anvil)(config)), rpcUrl: `http://127.0.0.1:${port}/v3/secret-api-key-42` }),
    });
    try {
      const response = await proxy(call('eth_chainId'), down);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ code: 'chain_upstream_failed', message: SERVER_TEXTS.chainUnavailable });
      expect(JSON.stringify(down.logs)).not.toContain('secret-api-key-42');
      expect(down.logs.some((line) => line.msg === 'Chain RPC proxy: the node did not answer usably')).toBe(true);
    } finally {
      await down.close();
    }
  });

  it('answers 503 chainUnavailable without a chain', async () => {
    const withoutChain = await createTestApp();
    try {
      const response = await proxy(call('eth_chainId'), withoutChain);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'chain_not_configured', message: SERVER_TEXTS.chainUnavailable });
      // A refused method is still refused first.
      expect((await proxy(call('eth_sendRawTransaction', ['0x00']), withoutChain)).statusCode).toBe(400);
    } finally {
      await withoutChain.close();
    }
  });
});

describe('GET /api/config', () => {
  it('tells the chain (id, name, development): what the web app builds its wagmi chain from', async () => {
    const response = await t.app.fastify.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const config = configResponseSchema.parse(response.json());
    expect(config.chain).toEqual({ id: DEV_CHAIN_ID, name: t.chain!.chainName, development: true });
    expect(config.chain.name.length).toBeGreaterThan(0);
    // Nothing about the node: the web app reads the chain through CHAIN_RPC_PATH only.
    expect(JSON.stringify(config)).not.toContain(anvil.rpcUrl);
  });
});

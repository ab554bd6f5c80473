/**
 * A wagmi configuration for unit tests: the development chain and wagmi's mock
 * connector (a test double at the edge: the wallet), with reads sent to a URL
 * the tests' fetch mock answers (`chainRpc`).
 */
import { defineChain, type Address } from 'viem';
import { foundry } from 'viem/chains';
import { createConfig, http, type Config } from 'wagmi';
import { connect } from 'wagmi/actions';
import { mock, type MockParameters } from 'wagmi/connectors';
import { jsonResponse, type RecordedRequest } from './fetch-mock';

export const TEST_RPC_URL = 'http://chain.test/rpc';
/** The development chain, read (by wagmi and by the mock wallet alike) at TEST_RPC_URL. */
export const testChain = defineChain({ ...foundry, rpcUrls: { default: { http: [TEST_RPC_URL] } } });
/** Anvil's first development account. */
export const TEST_WALLET_ADDRESS: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export interface TestWalletOptions {
  accounts?: readonly [Address, ...Address[]];
  features?: MockParameters['features'];
}

export function createTestWalletConfig({ accounts = [TEST_WALLET_ADDRESS], features }: TestWalletOptions = {}): Config {
  return createConfig({
    chains: [testChain],
    connectors: [mock({ accounts, ...(features ? { features } : {}) })],
    transports: { [testChain.id]: http(TEST_RPC_URL) },
    multiInjectedProviderDiscovery: false,
    // Receipts and block numbers are polled quickly, so that tests see a transaction mined without waiting seconds.
    pollingInterval: 100,
    storage: null,
  });
}

/** Connects the mock wallet, as a person would through the connect dialog. */
export async function connectTestWallet(config: Config): Promise<void> {
  const connector = config.connectors[0];
  if (!connector) throw new Error('The test wallet configuration has no connector');
  await connect(config, { connector });
}

export type ChainRpcHandlers = Record<string, (params: readonly unknown[]) => unknown>;

interface JsonRpcCall {
  id: number | string | null;
  method: string;
  params?: unknown[];
}

const DEFAULT_HANDLERS: ChainRpcHandlers = {
  eth_chainId: () => '0x7a69',
  eth_blockNumber: () => '0x10',
  eth_getBalance: () => '0x0',
};

function answer(call: JsonRpcCall, handlers: ChainRpcHandlers) {
  const handler = handlers[call.method] ?? DEFAULT_HANDLERS[call.method];
  if (!handler)
    return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `${call.method} is not answered in this test` } };
  try {
    return { jsonrpc: '2.0', id: call.id, result: handler(call.params ?? []) };
  } catch (error) {
    const code =
      typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number' ? error.code : -32603;
    return { jsonrpc: '2.0', id: call.id, error: { code, message: error instanceof Error ? error.message : String(error) } };
  }
}

/** Answers the JSON-RPC calls wagmi sends to the chain with `handlers`; undefined for any other request. */
export function chainRpc(request: RecordedRequest, handlers: ChainRpcHandlers = {}): Response | undefined {
  if (request.url !== TEST_RPC_URL) return undefined;
  const body = request.body as JsonRpcCall | JsonRpcCall[];
  return jsonResponse(200, Array.isArray(body) ? body.map((call) => answer(call, handlers)) : answer(body, handlers));
}

/** The JSON-RPC calls the wallet stack sent, by method. */
export function rpcCalls(requests: readonly RecordedRequest[], method: string): JsonRpcCall[] {
  return requests
    .filter((request) => request.url === TEST_RPC_URL)
    .flatMap((request) => (Array.isArray(request.body) ? (request.body as JsonRpcCall[]) : [request.body as JsonRpcCall]))
    .filter((call) => call.method === method);
}

/**
 * viem clients for one JSON-RPC endpoint and chain id.
 */
import {
  type Account,
  type Chain,
  type Hex,
  type HttpTransport,
  type PublicClient,
  type WalletClient,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
} from 'viem';
import { foundry, holesky, mainnet, sepolia } from 'viem/chains';

const KNOWN_CHAINS: readonly Chain[] = [mainnet, sepolia, holesky, foundry];

/**
 * The viem chain for an id: mainnet, Sepolia, Holesky and the local development chain
 * (31337) are known; any other id gets a plain ETH chain definition. The RPC URL is the
 * one given, whatever the chain's default.
 */
export function chainForId(chainId: number, rpcUrl: string): Chain {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new RangeError('a chain id is a positive integer');
  const known = KNOWN_CHAINS.find((chain) => chain.id === chainId);
  return defineChain({
    ...(known ?? {
      id: chainId,
      name: `Chain ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }),
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/**
 * The part of an RPC URL that is safe to log: scheme, host and port. Hosted providers put
 * the API key in the path or the query (`https://mainnet.infura.io/v3/<key>`).
 */
export function describeRpcUrl(rpcUrl: string): string {
  try {
    const url = new URL(rpcUrl);
    const hidden = url.pathname.length > 1 || url.search !== '' || url.username !== '';
    return `${url.protocol}//${url.host}${hidden ? '/…' : ''}`;
  } catch {
    return '(an invalid URL)';
  }
}

/** Parameters of the client factories. */
export interface ChainClientOptions {
  /** The JSON-RPC endpoint (`ETH_RPC_URL`, or the embedded anvil's URL). */
  rpcUrl: string;
  /** The chain id the endpoint must serve. */
  chainId: number;
  /** How often viem polls for watch actions, in ms (default 2000). */
  pollingIntervalMs?: number;
  /** Timeout of one JSON-RPC request, in ms (default 10 000). */
  requestTimeoutMs?: number;
}

/** A public client typed with its chain and transport. */
export type ChainPublicClient = PublicClient<HttpTransport, Chain>;
/** A wallet client that signs locally with the given account. */
export type ChainWalletClient = WalletClient<HttpTransport, Chain, Account>;

/** A read-only client for the endpoint. */
export function createChainPublicClient(options: ChainClientOptions): ChainPublicClient {
  return createPublicClient({
    chain: chainForId(options.chainId, options.rpcUrl),
    transport: http(options.rpcUrl, { timeout: options.requestTimeoutMs ?? 10_000, retryCount: 2 }),
    pollingInterval: options.pollingIntervalMs ?? 2_000,
  });
}

/** A client that signs with `account` (a local account: the key never leaves the process) and sends through the endpoint. */
export function createChainWalletClient(options: ChainClientOptions & { account: Account }): ChainWalletClient {
  return createWalletClient({
    account: options.account,
    chain: chainForId(options.chainId, options.rpcUrl),
    transport: http(options.rpcUrl, { timeout: options.requestTimeoutMs ?? 10_000, retryCount: 2 }),
    pollingInterval: options.pollingIntervalMs ?? 2_000,
  });
}

/** The endpoint serves another chain than the one configured. */
export class ChainMismatchError extends Error {
  override name = 'ChainMismatchError';
}

/**
 * Checks that the endpoint serves the expected chain id.
 *
 * @throws ChainMismatchError when it does not (the message names the host, not the full URL)
 */
export async function assertChainId(client: ChainPublicClient, expectedChainId: number): Promise<void> {
  const actual = await client.getChainId();
  if (actual !== expectedChainId) {
    const where = describeRpcUrl(client.transport.url ?? '');
    throw new ChainMismatchError(`the Ethereum node at ${where} serves chain ${actual}, expected chain ${expectedChainId}`);
  }
}

/**
 * The hash of block 0. Recorded once; a different value later means the node now serves
 * another chain (e.g. a development chain started afresh), and nothing must be credited.
 */
export async function readGenesisHash(client: ChainPublicClient): Promise<Hex> {
  const genesis = await client.getBlock({ blockNumber: 0n });
  if (genesis.hash === null) throw new Error('the node returned block 0 without a hash');
  return genesis.hash;
}

import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestAnvil, rpc, startTestAnvil } from './anvil-testing';
import {
  ChainMismatchError,
  assertChainId,
  chainForId,
  createChainPublicClient,
  createChainWalletClient,
  describeRpcUrl,
  readGenesisHash,
} from './chain-client';
import { DEV_MNEMONIC, HdWallet } from './hd-wallet';

describe('chainForId', () => {
  it('knows mainnet, Sepolia and the development chain, with the given RPC URL', () => {
    expect(chainForId(1, 'https://rpc.example').name).toBe('Ethereum');
    expect(chainForId(11155111, 'https://rpc.example').name).toBe('Sepolia');
    const dev = chainForId(31337, 'http://127.0.0.1:9999');
    expect(dev.id).toBe(31337);
    expect(dev.rpcUrls.default.http).toEqual(['http://127.0.0.1:9999']);
  });

  it('defines an ETH chain for any other id', () => {
    const chain = chainForId(424242, 'https://rpc.example');
    expect(chain).toMatchObject({ id: 424242, nativeCurrency: { symbol: 'ETH', decimals: 18 } });
    expect(() => chainForId(0, 'https://rpc.example')).toThrow(RangeError);
  });
});

describe('describeRpcUrl', () => {
  it('keeps scheme, host and port, and hides paths and queries that may hold API keys', () => {
    expect(describeRpcUrl('http://127.0.0.1:8545')).toBe('http://127.0.0.1:8545');
    expect(describeRpcUrl('https://mainnet.infura.io/v3/0123456789abcdef')).toBe('https://mainnet.infura.io/…');
    expect(describeRpcUrl('https://eth.example?key=secret')).toBe('https://eth.example/…');
    expect(describeRpcUrl('not a url')).toBe('(an invalid URL)');
  });
});

describe('clients against anvil', () => {
  let anvil: TestAnvil;
  beforeAll(async () => {
    anvil = await startTestAnvil();
  });
  afterAll(async () => {
    await anvil.dispose();
  });

  it('checks the chain id and reads the genesis hash', async () => {
    const client = createChainPublicClient({ rpcUrl: anvil.rpcUrl, chainId: 31337 });
    await expect(assertChainId(client, 31337)).resolves.toBeUndefined();
    await expect(assertChainId(client, 1)).rejects.toThrow(ChainMismatchError);
    const genesis = await rpc<{ hash: string }>(anvil.rpcUrl, 'eth_getBlockByNumber', ['0x0', false]);
    expect(await readGenesisHash(client)).toBe(genesis.hash);
  });

  it('sends a transaction signed locally by the hot wallet', async () => {
    const hotWallet = new HdWallet(DEV_MNEMONIC).hotWalletAccount();
    const wallet = createChainWalletClient({ rpcUrl: anvil.rpcUrl, chainId: 31337, account: hotWallet });
    const client = createChainPublicClient({ rpcUrl: anvil.rpcUrl, chainId: 31337, pollingIntervalMs: 50 });
    const recipient = new HdWallet(DEV_MNEMONIC).depositAccount(0).address;
    const hash = await wallet.sendTransaction({ to: recipient, value: parseEther('0.5') });
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 10_000 });
    expect(receipt.status).toBe('success');
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.5'));
  });
});

/**
 * A browser wallet for the journeys: an EIP-1193 provider injected into the
 * page and announced through EIP-6963 (as MetaMask, Rabby and others announce
 * themselves), backed by a development account of the e2e chain. It signs
 * with viem, here in the test process, and sends real transactions to the
 * chain; reads go to the chain too. The test drives what a person would do in
 * their wallet: switching it to another network, say.
 */
import type { Page } from '@playwright/test';
import { createWalletClient, http, numberToHex, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { E2E_ANVIL_URL } from './environment';

/** anvil's public development mnemonic (its accounts hold 10 000 ETH each on a fresh chain). */
const DEVELOPMENT_MNEMONIC = 'test test test test test test test test test test test junk';

export const TEST_WALLET_NAME = 'Shifumi Test Wallet';
const TEST_WALLET_RDNS = 'test.shifumi.wallet';
const ICON =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"%3E%3Crect width="32" height="32" rx="8" fill="%233ddc97"/%3E%3C/svg%3E';

interface RpcRequest {
  method: string;
  params?: unknown[];
}

class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface TestWallet {
  address: Hex;
  /** The chain the wallet is on, as the page sees it. */
  chainId(): number;
  /** Moves the wallet to another network on its own (as a user does in the wallet), telling the page. */
  switchTo(chainId: number): Promise<void>;
}

async function forwardToChain(request: RpcRequest): Promise<unknown> {
  const response = await fetch(E2E_ANVIL_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: request.method, params: request.params ?? [] }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message);
  return body.result;
}

/**
 * Installs the wallet in `page` (before any navigation). `accountIndex` picks
 * the development account; pick one no other journey uses.
 */
export async function installTestWallet(page: Page, accountIndex: number): Promise<TestWallet> {
  const account = mnemonicToAccount(DEVELOPMENT_MNEMONIC, { addressIndex: accountIndex });
  const client = createWalletClient({ account, chain: foundry, transport: http(E2E_ANVIL_URL) });
  let chainId: number = foundry.id;
  let connected = false;

  async function handle(request: RpcRequest): Promise<unknown> {
    const params = request.params ?? [];
    switch (request.method) {
      case 'eth_chainId':
        return numberToHex(chainId);
      case 'net_version':
        return String(chainId);
      case 'eth_requestAccounts':
        connected = true;
        return [account.address];
      case 'eth_accounts':
        return connected ? [account.address] : [];
      case 'wallet_requestPermissions':
        connected = true;
        return [{ parentCapability: 'eth_accounts' }];
      case 'wallet_getPermissions':
        return connected ? [{ parentCapability: 'eth_accounts' }] : [];
      case 'wallet_revokePermissions':
        connected = false;
        return null;
      case 'wallet_switchEthereumChain': {
        const requested = Number((params[0] as { chainId: string }).chainId);
        if (requested !== foundry.id && requested !== 1) throw new ProviderRpcError(4902, 'Unrecognized chain.');
        chainId = requested;
        return null;
      }
      case 'personal_sign':
        return account.signMessage({ message: { raw: params[0] as Hex } });
      case 'eth_sendTransaction': {
        if (chainId !== foundry.id) throw new ProviderRpcError(4901, 'The wallet is not on the development chain.');
        const transaction = params[0] as { to: Hex; value?: Hex; data?: Hex };
        return client.sendTransaction({
          to: transaction.to,
          value: transaction.value ? BigInt(transaction.value) : 0n,
          ...(transaction.data ? { data: transaction.data } : {}),
        });
      }
      default:
        if (request.method.startsWith('eth_')) return forwardToChain(request);
        throw new ProviderRpcError(4200, `The test wallet does not support ${request.method}.`);
    }
  }

  await page.exposeBinding('__testWalletRequest', async (_source, request: RpcRequest) => {
    try {
      const result = await handle(request);
      if (request.method === 'wallet_switchEthereumChain')
        await page.evaluate((id) => window.__testWallet?.emit('chainChanged', id), numberToHex(chainId));
      return { result };
    } catch (error) {
      const code = error instanceof ProviderRpcError ? error.code : -32603;
      return { error: { code, message: error instanceof Error ? error.message : String(error) } };
    }
  });

  await page.addInitScript(
    ({ name, rdns, icon }) => {
      type Listener = (...args: unknown[]) => void;
      const listeners = new Map<string, Set<Listener>>();
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const answer = await window.__testWalletRequest({ method, params });
          if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
          return answer.result;
        },
        on(event: string, listener: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(listener);
          return provider;
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener);
          return provider;
        },
        emit(event: string, ...args: unknown[]) {
          for (const listener of listeners.get(event) ?? []) listener(...args);
        },
      };
      window.__testWallet = provider;
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({ info: { uuid: crypto.randomUUID(), name, icon, rdns }, provider }),
          }),
        );
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    { name: TEST_WALLET_NAME, rdns: TEST_WALLET_RDNS, icon: ICON },
  );

  return {
    address: account.address,
    chainId: () => chainId,
    async switchTo(next) {
      chainId = next;
      await page.evaluate((id) => window.__testWallet?.emit('chainChanged', id), numberToHex(next));
    },
  };
}

declare global {
  interface Window {
    __testWalletRequest: (request: {
      method: string;
      params?: unknown[];
    }) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;
    __testWallet?: { emit(event: string, ...args: unknown[]): void };
  }
}

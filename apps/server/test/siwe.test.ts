/**
 * Sign-In With Ethereum against the real app and a real anvil: every refusal
 * EIP-4361 asks for accepts nothing; a contract wallet (ERC-1271) signs in
 * through the chain; linking an address held by another account is refused.
 */
import { SIWE_TEXTS, type SessionResponse } from '@shifumi/protocol';
import { eq } from 'drizzle-orm';
import { type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../src/infra/chain/anvil-testing';
import { createChainWalletClient } from '../src/infra/chain/chain-client';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { users } from '../src/infra/db/schema/index';
import { postJson, refreshCookieOf, signIn, signUp } from './support/api';
import { createTestApp, TEST_APP_URL, type TestApp } from './support/test-app';
import { chainFor, payerAccount, startTestAnvil, type TestAnvil } from './support/test-chain';

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

const HOST = new URL(TEST_APP_URL).host;

async function nonce(): Promise<string> {
  return (await t.app.fastify.inject({ method: 'GET', url: '/api/auth/siwe/nonce' })).json<{ nonce: string }>().nonce;
}

async function message(address: Address, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  return createSiweMessage({
    address,
    chainId: DEV_CHAIN_ID,
    domain: HOST,
    uri: TEST_APP_URL,
    nonce: await nonce(),
    version: '1',
    issuedAt: new Date(),
    statement: 'Sign in to Shifumi.',
    ...overrides,
  });
}

function verify(body: unknown) {
  return postJson(t, '/api/auth/siwe/verify', body);
}

describe('POST /api/auth/siwe/verify', () => {
  it('signs a new address into a new wallet-only account, then into the same one, like login', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const text = await message(account.address);
    const first = await verify({ message: text, signature: await account.signMessage({ message: text }) });
    expect(first.statusCode).toBe(200);
    const session = first.json<SessionResponse>();
    expect(session.user).toMatchObject({ email: null, name: `${account.address.toLowerCase().slice(0, 6)}…${account.address.toLowerCase().slice(-4)}` });
    expect(session.user.walletAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(refreshCookieOf(first)).toBeDefined();
    const account2 = await t.app.fastify.inject({ method: 'GET', url: '/api/account', headers: { authorization: session.accessToken } });
    expect(account2.statusCode).toBe(200);

    const again = await message(account.address);
    const second = await verify({ message: again, signature: await account.signMessage({ message: again }) });
    expect(second.json<SessionResponse>().user.id).toBe(session.user.id);
  });

  it('refuses every invalid message and accepts nothing', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const usersBefore = await t.count('users');
    const signed = async (text: string, by = account) => ({ message: text, signature: await by.signMessage({ message: text }) });

    const valid = await message(account.address);
    const validBody = await signed(valid);
    const cases: Array<[string, unknown, string]> = [
      ['wrong domain', await signed(await message(account.address, { domain: 'evil.example.com' })), SIWE_TEXTS.wrongDomain],
      ['wrong port', await signed(await message(account.address, { domain: 'localhost:1234' })), SIWE_TEXTS.wrongDomain],
      ['wrong URI', await signed(await message(account.address, { uri: 'https://evil.example.com/login' })), SIWE_TEXTS.wrongDomain],
      ['wrong chain', await signed(await message(account.address, { chainId: 1 })), SIWE_TEXTS.wrongChain],
      ['unknown nonce', await signed(await message(account.address, { nonce: 'abcdefgh12345678' })), SIWE_TEXTS.badNonce],
      ['expired', await signed(await message(account.address, { expirationTime: new Date(Date.now() - 1000) })), SIWE_TEXTS.expired],
      ['issued in the future', await signed(await message(account.address, { issuedAt: new Date(Date.now() + 3_600_000) })), SIWE_TEXTS.notYetValid],
      ['signed by another address', await signed(await message(account.address), other), SIWE_TEXTS.badSignature],
      ['tampered message', { message: valid.replace('Sign in to Shifumi.', 'Sign in to Shifumi!'), signature: validBody.signature }, SIWE_TEXTS.badSignature],
      ['garbage', { message: 'hello', signature: '0x1234' }, SIWE_TEXTS.invalidMessage],
    ];
    for (const [name, body, text] of cases) {
      const response = await verify(body);
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toEqual({ message: text });
    }
    expect((await verify({})).statusCode).toBe(400);
    // The tampered attempt consumed the valid message's nonce: replaying it now is refused too.
    const replay = await verify(validBody);
    expect(replay.json()).toEqual({ message: SIWE_TEXTS.badNonce });
    expect(await t.count('users')).toBe(usersBefore);
  });

  it('refuses a replayed nonce after a successful sign-in', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const text = await message(account.address);
    const body = { message: text, signature: await account.signMessage({ message: text }) };
    expect((await verify(body)).statusCode).toBe(200);
    const replay = await verify(body);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: SIWE_TEXTS.badNonce });
  });

  it('accepts an ERC-1271 contract wallet through the chain', async () => {
    // A minimal contract wallet whose isValidSignature returns the ERC-1271 magic value.
    const deployer = createChainWalletClient({ rpcUrl: anvil.rpcUrl, chainId: DEV_CHAIN_ID, account: payerAccount(5) });
    const hash = await deployer.sendTransaction({ data: '0x6010600c60003960106000f3631626ba7e60e01b60005260206000f3' });
    const receipt = await pollUntil(async () => (await t.chain!.publicClient.getTransactionReceipt({ hash }).catch(() => undefined)) ?? undefined);
    const wallet = receipt.contractAddress as Address;
    const text = await message(wallet);
    const response = await verify({ message: text, signature: `0x${'ab'.repeat(65)}` as Hex });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.linkedAddress, wallet.toLowerCase()));
    expect(row).toBeDefined();
  });
});

describe('POST /api/auth/siwe/link', () => {
  it('links a wallet to a signed-in e-mail account, and refuses an address another account holds', async () => {
    const session = await signIn(t, await signUp(t));
    const account = privateKeyToAccount(generatePrivateKey());
    const text = await message(account.address);
    const linked = await postJson(t, '/api/auth/siwe/link', { message: text, signature: await account.signMessage({ message: text }) }, { authorization: session.accessToken });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({ message: SIWE_TEXTS.walletLinked });
    const [row] = await t.db.select().from(users).where(eq(users.id, session.user.id));
    expect(row!.linkedAddress).toBe(account.address.toLowerCase());

    // Signing in with that wallet now opens the e-mail account.
    const signInText = await message(account.address);
    const viaWallet = await verify({ message: signInText, signature: await account.signMessage({ message: signInText }) });
    expect(viaWallet.json<SessionResponse>().user.id).toBe(session.user.id);

    const someoneElse = await signIn(t, await signUp(t));
    const again = await message(account.address);
    const refused = await postJson(t, '/api/auth/siwe/link', { message: again, signature: await account.signMessage({ message: again }) }, { authorization: someoneElse.accessToken });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: SIWE_TEXTS.addressTaken });
    const [other] = await t.db.select().from(users).where(eq(users.id, someoneElse.user.id));
    expect(other!.linkedAddress).toBeNull();
  });
});

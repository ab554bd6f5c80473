/**
 * Sign-In With Ethereum against the real app and a real anvil: every refusal
 * EIP-4361 asks for accepts nothing (no session, no cookie, no account, no
 * link); a contract wallet (ERC-1271) signs in through the chain; linking an
 * address held by another account is refused; a wallet session is bound to its
 * address, through refreshes too.
 */
import { RESPONSIBLE_GAMING_TEXTS, SIWE_STATEMENTS, SIWE_TEXTS, TERMS_VERSION, type SessionResponse } from '@shifumi/protocol';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../src/infra/chain/anvil-testing';
import { createChainWalletClient } from '../src/infra/chain/chain-client';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { sessions, termsAcceptances, users } from '../src/infra/db/schema/index';
import { SIWE_CLOCK_SKEW_MS } from '../src/modules/siwe/siwe.service';
import { ACCEPTED, postJson, refresh, refreshCookieOf, signIn, signUp } from './support/api';
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

/** Issue 23: a link message: a nonce issued to this session, and the link statement. */
async function linkMessage(
  address: Address,
  accessToken: string,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
) {
  const issued = await t.app.fastify.inject({
    method: 'GET',
    url: '/api/auth/siwe/link-nonce',
    headers: { authorization: accessToken },
  });
  expect(issued.statusCode).toBe(200);
  return message(address, { nonce: issued.json<{ nonce: string }>().nonce, statement: SIWE_STATEMENTS.link, ...overrides });
}

/** Verifies with the age and Terms confirmation a first sign-in needs (issue 19). */
function verify(body: unknown) {
  return postJson(t, '/api/auth/siwe/verify', typeof body === 'object' && body !== null ? { ...ACCEPTED, ...body } : body);
}

/** What an accepted attempt would have created: accounts, sessions, refresh tokens. */
async function acceptedRows() {
  return { users: await t.count('users'), sessions: await t.count('sessions'), refreshTokens: await t.count('refresh_tokens') };
}

/** The refused answer carried no session, and the database holds nothing new (no account, session, or link of `address`). */
async function expectNothingAccepted(
  response: LightMyRequestResponse,
  before: Awaited<ReturnType<typeof acceptedRows>>,
  address: Address,
  name: string,
) {
  expect(refreshCookieOf(response), name).toBeUndefined();
  expect(response.headers['set-cookie'], name).toBeUndefined();
  expect(Object.keys(response.json<object>()).sort(), name).toEqual(['code', 'message']);
  expect(await acceptedRows(), name).toEqual(before);
  expect(await t.db.select({ id: users.id }).from(users).where(eq(users.linkedAddress, address.toLowerCase())), name).toEqual([]);
}

describe('POST /api/auth/siwe/verify', () => {
  it('signs a new address into a new wallet-only account, then into the same one, like login', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const text = await message(account.address);
    const first = await verify({ message: text, signature: await account.signMessage({ message: text }) });
    expect(first.statusCode).toBe(200);
    const session = first.json<SessionResponse>();
    expect(session.user).toMatchObject({
      email: null,
      name: `${account.address.toLowerCase().slice(0, 6)}…${account.address.toLowerCase().slice(-4)}`,
    });
    expect(session.user.walletAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(refreshCookieOf(first)).toBeDefined();
    const account2 = await t.app.fastify.inject({
      method: 'GET',
      url: '/api/account',
      headers: { authorization: session.accessToken },
    });
    expect(account2.statusCode).toBe(200);

    const again = await message(account.address);
    const second = await verify({ message: again, signature: await account.signMessage({ message: again }) });
    expect(second.json<SessionResponse>().user.id).toBe(session.user.id);
    expect(second.json<SessionResponse>().sessionWallet).toBe(account.address.toLowerCase());
  });

  it('a new address needs the age and Terms confirmation (400, nothing created, the nonce still usable); an existing account signs in without it', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const text = await message(account.address);
    const body = { message: text, signature: await account.signMessage({ message: text }) };
    for (const flags of [{}, { ageConfirmed: true }, { termsAccepted: true }, { ageConfirmed: false, termsAccepted: true }]) {
      const before = await acceptedRows();
      const refused = await postJson(t, '/api/auth/siwe/verify', { ...body, ...flags });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'address_needs_acceptance',
        message: RESPONSIBLE_GAMING_TEXTS.addressNeedsAcceptance,
      });
      await expectNothingAccepted(refused, before, account.address, JSON.stringify(flags));
    }
    // The same signed message, now with both boxes ticked: the nonce was not used by the refusals.
    const accepted = await postJson(t, '/api/auth/siwe/verify', { ...body, ageConfirmed: true, termsAccepted: true });
    expect(accepted.statusCode).toBe(200);
    const userId = accepted.json<SessionResponse>().user.id;
    const [acceptance] = await t.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, userId));
    expect(acceptance?.termsVersion).toBe(TERMS_VERSION);

    const again = await message(account.address);
    const existing = await postJson(t, '/api/auth/siwe/verify', {
      message: again,
      signature: await account.signMessage({ message: again }),
    });
    expect(existing.statusCode).toBe(200);
    expect(existing.json<SessionResponse>().user.id).toBe(userId);
  });

  it('refuses every invalid message and accepts nothing', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const signed = async (text: string, by = account) => ({ message: text, signature: await by.signMessage({ message: text }) });
    const inAnHour = () => new Date(Date.now() + 3_600_000);

    const valid = await message(account.address);
    const validBody = await signed(valid);
    const cases: Array<[string, unknown, string]> = [
      ['wrong domain', await signed(await message(account.address, { domain: 'evil.example.com' })), SIWE_TEXTS.wrongDomain],
      ['wrong port', await signed(await message(account.address, { domain: 'localhost:1234' })), SIWE_TEXTS.wrongDomain],
      // The right domain, but the URI names a foreign origin (another host, then another port of ours).
      [
        'wrong URI',
        await signed(await message(account.address, { uri: 'https://evil.example.com/login' })),
        SIWE_TEXTS.wrongDomain,
      ],
      ['wrong URI port', await signed(await message(account.address, { uri: 'http://localhost:1234/' })), SIWE_TEXTS.wrongDomain],
      ['wrong chain', await signed(await message(account.address, { chainId: 1 })), SIWE_TEXTS.wrongChain],
      ['nonce we never issued', await signed(await message(account.address, { nonce: 'abcdefgh12345678' })), SIWE_TEXTS.badNonce],
      [
        'expired',
        await signed(await message(account.address, { expirationTime: new Date(Date.now() - 1000) })),
        SIWE_TEXTS.expired,
      ],
      [
        'issued in the future, beyond the allowed skew',
        await signed(await message(account.address, { issuedAt: new Date(Date.now() + SIWE_CLOCK_SKEW_MS + 60_000) })),
        SIWE_TEXTS.notYetValid,
      ],
      [
        'not valid before an hour from now',
        await signed(await message(account.address, { notBefore: inAnHour(), expirationTime: new Date(Date.now() + 7_200_000) })),
        SIWE_TEXTS.notYetValid,
      ],
      ['signed by another address', await signed(await message(account.address), other), SIWE_TEXTS.badSignature],
      [
        'tampered message (signed, then edited)',
        { message: valid.replace('Sign in to Shifumi.', 'Sign in to Shifumi!'), signature: validBody.signature },
        SIWE_TEXTS.badSignature,
      ],
      ['garbage', { message: 'hello', signature: '0x1234' }, SIWE_TEXTS.invalidMessage],
    ];
    for (const [name, body, text] of cases) {
      const before = await acceptedRows();
      const response = await verify(body);
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toEqual({ code: expect.stringMatching(/^siwe_/), message: text });
      await expectNothingAccepted(response, before, account.address, name);
    }

    const before = await acceptedRows();
    const empty = await verify({});
    expect(empty.statusCode).toBe(400);
    await expectNothingAccepted(empty, before, account.address, 'empty body');
    // The tampered attempt consumed the valid message's nonce: replaying it now is refused too.
    const replay = await verify(validBody);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ code: 'siwe_bad_nonce', message: SIWE_TEXTS.badNonce });
    await expectNothingAccepted(replay, before, account.address, 'nonce consumed by a refused attempt');
  });

  it('accepts a message issued slightly in the future, within the allowed clock skew', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const text = await message(account.address, { issuedAt: new Date(Date.now() + SIWE_CLOCK_SKEW_MS / 2) });
    const response = await verify({ message: text, signature: await account.signMessage({ message: text }) });
    expect(response.statusCode).toBe(200);
  });

  it('issues nonces nobody can predict from the previous one (issue 12, finding 3)', async () => {
    const first = await nonce();
    const second = await nonce();
    expect(first).toMatch(/^[0-9a-f]{48}$/);
    expect(second).toMatch(/^[0-9a-f]{48}$/);
    // viem's generateSiweNonce answered the first shifted by one character.
    expect(second.slice(0, 40)).not.toBe(first.slice(1, 41));
    expect(second.slice(0, 16)).not.toBe(first.slice(0, 16));
  });

  it('refuses a replayed nonce after a successful sign-in, and opens no second session', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const text = await message(account.address);
    const body = { message: text, signature: await account.signMessage({ message: text }) };
    const first = await verify(body);
    expect(first.statusCode).toBe(200);
    const before = await acceptedRows();
    const replay = await verify(body);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ code: 'siwe_bad_nonce', message: SIWE_TEXTS.badNonce });
    expect(refreshCookieOf(replay)).toBeUndefined();
    expect(await acceptedRows()).toEqual(before);
    const userId = first.json<SessionResponse>().user.id;
    expect(await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);
  });

  it('accepts an ERC-1271 contract wallet through the chain (the development chain)', async () => {
    // A minimal contract wallet whose isValidSignature returns the ERC-1271 magic value.
    const deployer = createChainWalletClient({ rpcUrl: anvil.rpcUrl, chainId: DEV_CHAIN_ID, account: payerAccount(5) });
    const hash = await deployer.sendTransaction({ data: '0x6010600c60003960106000f3631626ba7e60e01b60005260206000f3' });
    const receipt = await pollUntil(
      async () => (await t.chain!.publicClient.getTransactionReceipt({ hash }).catch(() => undefined)) ?? undefined,
    );
    const wallet = receipt.contractAddress as Address;
    const text = await message(wallet);
    const response = await verify({ message: text, signature: `0x${'ab'.repeat(65)}` as Hex });
    expect(response.statusCode).toBe(200);
    expect(response.json<SessionResponse>().sessionWallet).toBe(wallet.toLowerCase());
    const [row] = await t.db.select().from(users).where(eq(users.linkedAddress, wallet.toLowerCase()));
    expect(row).toBeDefined();
  });
});

describe('a wallet session is bound to its address', () => {
  it('answers sessionWallet on sign-in, stores it with the session, and every refresh answers the same binding', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const address = account.address.toLowerCase();
    const text = await message(account.address);
    const signedIn = await verify({ message: text, signature: await account.signMessage({ message: text }) });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json<SessionResponse>();
    expect(Object.keys(session).sort()).toEqual(['accessToken', 'sessionWallet', 'user']);
    expect(session.sessionWallet).toBe(address);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, session.user.id));
    expect(row?.walletAddress).toBe(address);

    let cookie = refreshCookieOf(signedIn);
    for (let round = 0; round < 2; round += 1) {
      const refreshed = await refresh(t, cookie);
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json<SessionResponse>().sessionWallet).toBe(address);
      cookie = refreshCookieOf(refreshed);
    }
  });

  it("keeps each session's own binding: an e-mail session stays unbound after a wallet is linked, the wallet's session is bound", async () => {
    const credentials = await signUp(t);
    const emailSession = await signIn(t, credentials);
    expect(emailSession.sessionWallet).toBeNull();
    const account = privateKeyToAccount(generatePrivateKey());
    const linkText = await linkMessage(account.address, emailSession.accessToken);
    const linked = await postJson(
      t,
      '/api/auth/siwe/link',
      { message: linkText, signature: await account.signMessage({ message: linkText }) },
      { authorization: emailSession.accessToken },
    );
    expect(linked.statusCode).toBe(200);

    const refreshed = await refresh(t, emailSession.refreshToken);
    expect(refreshed.json<SessionResponse>().sessionWallet).toBeNull();

    const text = await message(account.address);
    const viaWallet = await verify({ message: text, signature: await account.signMessage({ message: text }) });
    expect(viaWallet.json<SessionResponse>()).toMatchObject({
      user: { id: emailSession.user.id },
      sessionWallet: account.address.toLowerCase(),
    });
    // The e-mail session, refreshed again, is still not bound: the binding belongs to the session, not the account.
    const again = await refresh(t, refreshCookieOf(refreshed));
    expect(again.json<SessionResponse>().sessionWallet).toBeNull();
  });

  it('lets the database refuse an address that is not lower-case 0x + 40 hex', async () => {
    const session = await signIn(t, await signUp(t));
    for (const walletAddress of [`0x${'A'.repeat(40)}`, '0x1234', 'not an address']) {
      await expect(t.db.update(sessions).set({ walletAddress }).where(eq(sessions.userId, session.user.id))).rejects.toThrow();
    }
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, session.user.id));
    expect(row?.walletAddress).toBeNull();
  });
});

describe('POST /api/auth/siwe/link', () => {
  it('links a wallet to a signed-in e-mail account, and refuses an address another account holds', async () => {
    const session = await signIn(t, await signUp(t));
    const account = privateKeyToAccount(generatePrivateKey());
    const text = await linkMessage(account.address, session.accessToken);
    const linked = await postJson(
      t,
      '/api/auth/siwe/link',
      { message: text, signature: await account.signMessage({ message: text }) },
      { authorization: session.accessToken },
    );
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({ message: SIWE_TEXTS.walletLinked });
    const [row] = await t.db.select().from(users).where(eq(users.id, session.user.id));
    expect(row!.linkedAddress).toBe(account.address.toLowerCase());

    // Signing in with that wallet now opens the e-mail account.
    const signInText = await message(account.address);
    const viaWallet = await verify({ message: signInText, signature: await account.signMessage({ message: signInText }) });
    expect(viaWallet.json<SessionResponse>().user.id).toBe(session.user.id);

    const someoneElse = await signIn(t, await signUp(t));
    const again = await linkMessage(account.address, someoneElse.accessToken);
    const refused = await postJson(
      t,
      '/api/auth/siwe/link',
      { message: again, signature: await account.signMessage({ message: again }) },
      { authorization: someoneElse.accessToken },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'wallet_taken', message: SIWE_TEXTS.addressTaken });
    const [other] = await t.db.select().from(users).where(eq(users.id, someoneElse.user.id));
    expect(other!.linkedAddress).toBeNull();
  });

  it('links nothing for a refused message, and needs a signed-in user', async () => {
    const session = await signIn(t, await signUp(t));
    const account = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const text = await linkMessage(account.address, session.accessToken);
    const body = { message: text, signature: await other.signMessage({ message: text }) };
    const refused = await postJson(t, '/api/auth/siwe/link', body, { authorization: session.accessToken });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'siwe_bad_signature', message: SIWE_TEXTS.badSignature });

    const fresh = await linkMessage(account.address, session.accessToken);
    const signedOut = await postJson(t, '/api/auth/siwe/link', {
      message: fresh,
      signature: await account.signMessage({ message: fresh }),
    });
    expect(signedOut.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, session.user.id));
    expect(row!.linkedAddress).toBeNull();
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.linkedAddress, account.address.toLowerCase()))).toEqual(
      [],
    );
  });
});

describe('issue 23: a SIWE message says what it is for', () => {
  async function linkedAddressOf(userId: string) {
    const [row] = await t.db.select({ linkedAddress: users.linkedAddress }).from(users).where(eq(users.id, userId));
    return row!.linkedAddress;
  }

  it('refuses a sign-in message (its nonce) on the link route with a 4xx other than 403, links nothing, and uses the nonce up', async () => {
    const session = await signIn(t, await signUp(t));
    const account = privateKeyToAccount(generatePrivateKey());
    // Made for signing in, even with the link statement: the nonce decides.
    for (const statement of ['Sign in to Shifumi.', SIWE_STATEMENTS.link]) {
      const text = await message(account.address, { statement });
      const refused = await postJson(
        t,
        '/api/auth/siwe/link',
        { message: text, signature: await account.signMessage({ message: text }) },
        { authorization: session.accessToken },
      );
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 'siwe_not_for_linking', message: SIWE_TEXTS.notForLinking });
      expect(await linkedAddressOf(session.user.id)).toBeNull();
      // The captured message cannot be tried again anywhere.
      const replay = await verify({ message: text, signature: await account.signMessage({ message: text }) });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ code: 'siwe_bad_nonce', message: SIWE_TEXTS.badNonce });
    }
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.linkedAddress, account.address.toLowerCase()))).toEqual(
      [],
    );
  });

  it('refuses a link message issued to another session, even of the same account, and one without the link statement', async () => {
    const credentials = await signUp(t);
    const mine = await signIn(t, credentials);
    const otherSessionOfMine = await signIn(t, credentials);
    const stranger = await signIn(t, await signUp(t));
    const account = privateKeyToAccount(generatePrivateKey());
    for (const issuedTo of [stranger, otherSessionOfMine]) {
      const text = await linkMessage(account.address, issuedTo.accessToken);
      const refused = await postJson(
        t,
        '/api/auth/siwe/link',
        { message: text, signature: await account.signMessage({ message: text }) },
        { authorization: mine.accessToken },
      );
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 'siwe_not_for_linking', message: SIWE_TEXTS.notForLinking });
    }
    const unsaid = await linkMessage(account.address, mine.accessToken, { statement: 'Sign in to Shifumi.' });
    const refused = await postJson(
      t,
      '/api/auth/siwe/link',
      { message: unsaid, signature: await account.signMessage({ message: unsaid }) },
      { authorization: mine.accessToken },
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'siwe_not_for_linking', message: SIWE_TEXTS.notForLinking });
    expect(await linkedAddressOf(mine.user.id)).toBeNull();
    expect(await linkedAddressOf(stranger.user.id)).toBeNull();
  });

  it('refuses a link message for signing in, and a link nonce to a signed-out caller', async () => {
    const session = await signIn(t, await signUp(t));
    const account = privateKeyToAccount(generatePrivateKey());
    const before = await acceptedRows();
    const text = await linkMessage(account.address, session.accessToken);
    const refused = await verify({ message: text, signature: await account.signMessage({ message: text }) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'siwe_not_for_sign_in', message: SIWE_TEXTS.notForSignIn });
    await expectNothingAccepted(refused, before, account.address, 'link message used to sign in');
    expect((await t.app.fastify.inject({ method: 'GET', url: '/api/auth/siwe/link-nonce' })).statusCode).toBe(403);
  });
});

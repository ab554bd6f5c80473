/**
 * Withdrawals end to end on a real anvil and a real database (PGlite, or
 * PostgreSQL with DATABASE_URL): the spec's validation texts, the
 * verified-e-mail rule (a real mail arrives), 50 concurrent requests against
 * one balance, idempotency keys, and the sender — payments refused before and
 * after mining refunded, a crash between signing and broadcasting, two senders
 * at once, a stuck transaction re-priced, a nonce used outside the sender.
 *
 * After every scenario: nothing is left queued or sent, every wei that left
 * the hot wallet is in the ledger (paid out or network fee), every nonce the
 * database handed out was mined (no gap), and the ledger check passes.
 */
import {
  cashoutResponseSchema,
  REFUSAL_TEXTS,
  SERVER_TEXTS,
  SOCKET_PATH,
  TEXTS,
  type BalanceEvent,
  type CashoutResponse,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SessionResponse,
  WITHDRAWAL_FEE_PATH,
  withdrawalFeeResponseSchema,
} from '@shifumi/protocol';
import { formatEth, weiToEthNumber } from '@shifumi/money';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { type Address, type Hex, getAddress, parseEther, parseGwei } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil, rpc } from '../src/infra/chain/anvil-testing';
import { createChainWalletClient } from '../src/infra/chain/chain-client';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { hotWalletNonces, mailThrottle, users, withdrawalAttempts, withdrawals } from '../src/infra/db/schema/index';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf, transfer } from '../src/modules/ledger/ledger.service';
import { buildWithdrawalSender, type WithdrawalSenderOptions } from '../src/compose/chain-workers';
import { noBalanceEvents } from '../src/modules/ledger/balance-events';
import { postJson, signIn, signUp, uniqueEmail } from './support/api';
import { findVerificationLink } from './support/smtp-receiver';
import { createTestApp, TEST_APP_URL, type TestApp } from './support/test-app';
import { chainFor, expectLedgerConsistent, payerAccount, startTestAnvil, type TestAnvil } from './support/test-chain';

const STUCK_MS = 60_000;

let anvil: TestAnvil;
let t: TestApp;
let hotWalletAtStart: bigint;
/** What tests themselves spent from the hot wallet (value and gas), outside the sender. */
let spentOutsideSender = 0n;
let recipientIndex = 0;

beforeAll(async () => {
  anvil = await startTestAnvil();
  t = await createTestApp({
    chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '1', WITHDRAWAL_CONFIRMATIONS: '1', WITHDRAWAL_STUCK_MS: String(STUCK_MS) }),
    // Many withdrawals per player here (50 at once): the hourly limit has its own tests (withdrawal-fees-and-limits.test.ts).
    env: { WITHDRAWALS_PER_HOUR: '1000' },
  });
  hotWalletAtStart = await onChain(hotWallet());
});

afterEach(async () => {
  // Every scenario settles what it starts.
  const open = await t.db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(inArray(withdrawals.status, ['queued', 'sent']));
  expect(open).toEqual([]);
  // Every wei that left the hot wallet is booked: paid to a recipient or spent as gas.
  const paid = await balanceOf(t.db, LedgerAccounts.withdrawalsSent);
  const fees = await balanceOf(t.db, LedgerAccounts.networkFees);
  expect(hotWalletAtStart - (await onChain(hotWallet()))).toBe(paid + fees + spentOutsideSender);
  expect(await balanceOf(t.db, LedgerAccounts.withdrawalsInFlight)).toBe(0n);
  // Every nonce handed out was mined: no gap holds later payments back.
  const [nonces] = await t.db.select().from(hotWalletNonces);
  if (nonces) expect(await t.chain!.publicClient.getTransactionCount({ address: hotWallet() })).toBe(nonces.nextNonce);
  await expectLedgerConsistent(t.db, t.chain);
});

afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

const call = <T = unknown>(method: string, params: unknown[] = []) => rpc<T>(anvil.rpcUrl, method, params);
const hotWallet = () => t.chain!.hotWalletAddress;
const balance = (userId: string) => balanceOf(t.db, LedgerAccounts.user(userId));
const onChain = (address: Address) => t.chain!.publicClient.getBalance({ address });
const sender = () => t.app.withdrawalSender!;
const rowOf = async (id: string) => (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const attemptsOf = (id: string) =>
  t.db.select().from(withdrawalAttempts).where(eq(withdrawalAttempts.withdrawalId, id)).orderBy(withdrawalAttempts.createdAt);

/** A fresh address that holds nothing (with letters a–f, to test its case). */
function freshRecipient(): Address {
  recipientIndex += 1;
  return `0x${(0xabc000 + recipientIndex).toString(16).padStart(40, '0')}` as Address;
}

async function fund(userId: string, eth: string): Promise<void> {
  await t.db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-deposit:${randomUUID()}`,
      kind: 'deposit',
      legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(userId), amount: parseEther(eth) }],
    }),
  );
}

/** A signed-in player holding `eth` (credited through the ledger, as a deposit would be). */
async function player(eth: string, options: { verified?: boolean } = {}) {
  const credentials = await signUp(t);
  const session = await signIn(t, credentials);
  if (options.verified !== false)
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
  if (eth !== '0') await fund(session.user.id, eth);
  return { id: session.user.id, token: session.accessToken, email: credentials.email };
}

function cashout(token: string, body: unknown, key?: string) {
  return postJson(t, '/api/wallet/cashout', body, {
    authorization: token,
    ...(key === undefined ? {} : { 'idempotency-key': key }),
  });
}

async function cashoutOk(token: string, body: unknown, key?: string): Promise<CashoutResponse> {
  const response = await cashout(token, body, key);
  expect(response.statusCode, response.body).toBe(201);
  return cashoutResponseSchema.parse(response.json());
}

/** The network fee of an answer, in wei. */
const feeOf = (answer: CashoutResponse) => parseEther(answer.fee);

/** The fee the form would show now, in wei. */
async function quotedFee(token: string): Promise<bigint> {
  const response = await t.app.fastify.inject({ method: 'GET', url: WITHDRAWAL_FEE_PATH, headers: { authorization: token } });
  expect(response.statusCode).toBe(200);
  return BigInt(withdrawalFeeResponseSchema.parse(response.json()).feeWei);
}

/** Runs the app's sender until nothing is queued or sent. */
async function settleAll(): Promise<void> {
  await pollUntil(
    async () => {
      await sender().tick();
      const open = await t.db
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(inArray(withdrawals.status, ['queued', 'sent']));
      return open.length === 0 ? true : undefined;
    },
    30_000,
    'every withdrawal settled',
  );
}

/** Issue 23: as if the account's last verification mail was long ago (one every 5 minutes per account). */
async function forgetVerificationMails(userId: string): Promise<void> {
  await t.db.delete(mailThrottle).where(eq(mailThrottle.userId, userId));
}

/** Row counts that a refused request must leave as they were. */
async function moneyRows() {
  return {
    withdrawals: await t.count('withdrawals'),
    transfers: await t.count('ledger_transfers'),
    entries: await t.count('ledger_entries'),
  };
}

function otherSender(overrides: Partial<WithdrawalSenderOptions> = {}) {
  const deps: WithdrawalSenderOptions = {
    db: t.db,
    chain: t.chain!,
    balanceEvents: noBalanceEvents,
    logger: t.app.fastify.log,
    clock: t.clock,
  };
  return buildWithdrawalSender({ ...deps, ...overrides });
}

describe('POST /api/wallet/cashout: the request', () => {
  it('refuses each invalid request with 400 and the spec text, and changes nothing', async () => {
    const p = await player('1');
    const good = freshRecipient();
    const before = await moneyRows();
    const cases: Array<[unknown, string]> = [
      [{ recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: null, recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: 0, recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: '0', recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: '0.000', recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: -1, recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: '-0.1', recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: 'abc', recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: '', recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: '0x10', recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: '1,5', recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      // 19 decimals: finer than one wei.
      [{ amount: '0.0000000000000000001', recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: true, recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: { eth: 1 }, recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      // Both wrong: the first rule (the amount) speaks.
      [{ amount: 'abc', recipientAddress: '0x123' }, TEXTS.withdrawalInvalidAmount],
      [{ amount: '0.1' }, TEXTS.withdrawalAddressMissing],
      [{ amount: '0.1', recipientAddress: null }, TEXTS.withdrawalAddressMissing],
      [{ amount: '0.1', recipientAddress: '' }, TEXTS.withdrawalAddressMissing],
      [{ amount: '0.1', recipientAddress: '   ' }, TEXTS.withdrawalAddressMissing],
      [{ amount: '0.1', recipientAddress: 42 }, TEXTS.withdrawalAddressInvalid],
      [{ amount: '0.1', recipientAddress: '0x123' }, TEXTS.withdrawalAddressInvalid],
      [{ amount: '0.1', recipientAddress: good.slice(2) }, TEXTS.withdrawalAddressInvalid],
      [{ amount: '0.1', recipientAddress: `${good}0` }, TEXTS.withdrawalAddressInvalid],
      [{ amount: '0.1', recipientAddress: `0x${'g'.repeat(40)}` }, TEXTS.withdrawalAddressInvalid],
      // Mixed case with a wrong EIP-55 checksum (one letter's case flipped in the EIP's own example).
      [
        { amount: '0.1', recipientAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'.replace('aAeb', 'aaeb') },
        TEXTS.withdrawalAddressInvalid,
      ],
      // Not an object at all.
      [['0.1', good], SERVER_TEXTS.invalidRequest],
    ];
    for (const [body, message] of cases) {
      const response = await cashout(p.token, body);
      const code = message === SERVER_TEXTS.invalidRequest ? 'invalid_request' : 'invalid_input';
      expect({ body, status: response.statusCode, answer: response.json() as unknown }).toEqual({
        body,
        status: 400,
        answer: { code, message },
      });
    }

    const badKey = await cashout(p.token, { amount: '0.1', recipientAddress: good }, 'bad key!');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toEqual({ code: 'invalid_input', message: expect.stringContaining('Idempotency-Key') });
    expect((await cashout(p.token, { amount: '0.1', recipientAddress: good }, 'short')).statusCode).toBe(400);
    expect((await cashout('not-a-token', { amount: '0.1', recipientAddress: good })).statusCode).toBe(403);

    expect(await moneyRows()).toEqual(before);
    expect(await balance(p.id)).toBe(parseEther('1'));
  });

  it('refuses an amount above the balance with 422 and the spec text; exactly the balance minus the fee is accepted', async () => {
    const p = await player('1');
    const broke = await player('0');
    const recipient = freshRecipient();
    const before = await moneyRows();
    for (const [token, amount] of [
      [p.token, '1.000000000000000001'],
      [p.token, 2],
      [p.token, 1e21],
      [broke.token, '0.01'],
    ] as const) {
      const response = await cashout(token, { amount, recipientAddress: recipient });
      expect({ amount, status: response.statusCode, answer: response.json() as unknown }).toEqual({
        amount,
        status: 422,
        answer: { code: 'insufficient_funds', message: TEXTS.withdrawalAboveBalance },
      });
    }
    // The whole balance leaves nothing for the network fee on top (issue 12).
    const fee = await quotedFee(p.token);
    const whole = await cashout(p.token, { amount: '1', recipientAddress: recipient });
    expect({ status: whole.statusCode, answer: whole.json() as unknown }).toEqual({
      status: 422,
      answer: { code: 'insufficient_funds_with_fee', message: SERVER_TEXTS.withdrawalAboveBalanceWithFee(formatEth(fee)) },
    });
    expect(await moneyRows()).toEqual(before);
    expect(await balance(p.id)).toBe(parseEther('1'));

    const all = await cashoutOk(p.token, { amount: formatEth(parseEther('1') - fee), recipientAddress: recipient });
    expect(all).toMatchObject({
      newBalance: 0,
      newBalanceWei: '0',
      status: 'queued',
      message: TEXTS.withdrawalInfo,
      fee: formatEth(fee),
    });
    await settleAll();
    expect(await onChain(recipient)).toBe(parseEther('1') - fee);
    expect(await rowOf(all.id)).toMatchObject({ status: 'confirmed', amount: parseEther('1') - fee, fee });
  });

  it('accepts a number amount and lower-case or correctly checksummed addresses, and pays each', async () => {
    const p = await player('1');
    const lower = freshRecipient();
    const other = freshRecipient();
    const checksummed = getAddress(freshRecipient());
    expect(checksummed).not.toBe(checksummed.toLowerCase());
    const first = await cashoutOk(p.token, { amount: 0.25, recipientAddress: lower });
    expect(first).toMatchObject({
      newBalanceWei: (parseEther('0.75') - feeOf(first)).toString(),
      status: 'queued',
      message: TEXTS.withdrawalInfo,
    });
    const second = await cashoutOk(p.token, { amount: '0.125', recipientAddress: other });
    // The minimum (WITHDRAWAL_MIN_ETH, 0.001 by default) is accepted.
    const last = await cashoutOk(p.token, { amount: ' 0.001 ', recipientAddress: checksummed });
    expect(last.newBalanceWei).toBe((parseEther('0.624') - feeOf(first) - feeOf(second) - feeOf(last)).toString());

    const rows = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, p.id));
    expect(rows.map((row) => row.recipientAddress).sort()).toEqual([lower, other, checksummed.toLowerCase()].sort());
    await settleAll();
    expect(await onChain(lower)).toBe(parseEther('0.25'));
    expect(await onChain(other)).toBe(parseEther('0.125'));
    expect(await onChain(checksummed)).toBe(parseEther('0.001'));
  });

  it('refuses an unverified e-mail with 422 and the failure text, sends the verification mail, and moves nothing', async () => {
    const p = await player('1', { verified: false });
    await forgetVerificationMails(p.id);
    const before = await moneyRows();
    const response = await cashout(p.token, { amount: '0.1', recipientAddress: freshRecipient() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'email_not_verified', message: TEXTS.withdrawalFailure });
    // Registration sent the first link; the refused withdrawal sends another (the sign-up's was more than 5 minutes ago).
    await t.smtp.waitForMail(() => t.smtp.mailsTo(p.email).length >= 2);
    expect(t.smtp.mailsTo(p.email)).toHaveLength(2);
    expect(t.smtp.mailsTo(p.email)[1]!.decoded).toMatch(/verify-email\//);
    expect(await moneyRows()).toEqual(before);
    expect(await balance(p.id)).toBe(parseEther('1'));
  });

  it('refuses a wallet-only account (no e-mail), telling it to add and verify an e-mail, and sends no mail', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = (await t.app.fastify.inject({ method: 'GET', url: '/api/auth/siwe/nonce' })).json<{ nonce: string }>().nonce;
    const message = createSiweMessage({
      address: wallet.address,
      chainId: DEV_CHAIN_ID,
      domain: new URL(TEST_APP_URL).host,
      uri: TEST_APP_URL,
      nonce,
      version: '1',
      issuedAt: new Date(),
    });
    const signedIn = await postJson(t, '/api/auth/siwe/verify', {
      message,
      signature: await wallet.signMessage({ message }),
      ageConfirmed: true,
      termsAccepted: true,
    });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json<SessionResponse>();
    expect(session.user.email).toBeNull();
    await fund(session.user.id, '1');
    const mailsBefore = await t.count('mail_outbox');
    const before = await moneyRows();

    const response = await cashout(session.accessToken, { amount: '0.1', recipientAddress: freshRecipient() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'withdrawal_needs_email', message: REFUSAL_TEXTS.en.withdrawal_needs_email });
    expect(REFUSAL_TEXTS.en.withdrawal_needs_email).toMatch(/add your e-mail address on your account page/i);
    expect(await t.count('mail_outbox')).toBe(mailsBefore);
    expect(await moneyRows()).toEqual(before);
    expect(await balance(session.user.id)).toBe(parseEther('1'));

    // Following the advice: an e-mail added but not verified yet still refuses (and mails a link), a verified one pays.
    const email = uniqueEmail('wallet');
    const added = await postJson(t, '/api/account/email', { email }, { authorization: session.accessToken });
    expect(added.statusCode).toBe(200);
    await forgetVerificationMails(session.user.id);
    const unverified = await cashout(session.accessToken, { amount: '0.1', recipientAddress: freshRecipient() });
    expect(unverified.statusCode).toBe(422);
    expect(unverified.json()).toEqual({ code: 'email_not_verified', message: TEXTS.withdrawalFailure });
    // The second mail to the address: the link the refused withdrawal sent (the first came with the address).
    const mail = await t.smtp.waitForMail((candidate) => t.smtp.mailsTo(email).indexOf(candidate) === 1);
    const verified = await t.app.fastify.inject({
      method: 'GET',
      url: `/api/auth/verify-email/${findVerificationLink(mail).pathname.split('/').at(-1)}`,
    });
    expect(verified.statusCode).toBe(200);
    expect(await moneyRows()).toEqual(before);
    const paid = await cashoutOk(session.accessToken, { amount: '0.1', recipientAddress: freshRecipient() });
    expect(paid.newBalanceWei).toBe((parseEther('0.9') - feeOf(paid)).toString());
    await settleAll();
  });

  it('issue 23: 60 refused withdrawals at once mail the unverified address one verification link, not 60', async () => {
    const p = await player('1', { verified: false });
    await forgetVerificationMails(p.id);
    // The sign-up's own mail is delivered before counting (mails go through the outbox, issue 29).
    await t.mailsTried();
    const mailsBefore = t.smtp.mailsTo(p.email).length;
    const before = await moneyRows();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => cashout(p.token, { amount: '0.1', recipientAddress: freshRecipient() })),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({ code: 'email_not_verified', message: TEXTS.withdrawalFailure });
    }
    await t.smtp.waitForMail(() => t.smtp.mailsTo(p.email).length > mailsBefore);
    // Give any straggler the time to arrive: still one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(t.smtp.mailsTo(p.email).length - mailsBefore).toBe(1);
    expect(await moneyRows()).toEqual(before);
    // A resend within the 5 minutes is refused too (429), whatever asked first.
    const resend = await postJson(t, '/api/auth/resend-verification', {}, { authorization: p.token });
    expect(resend.statusCode).toBe(429);
    expect(resend.headers['retry-after']).toBeDefined();
  });

  it('issue 23: refuses, before any debit, a withdrawal to an address that can only lose it: burn addresses, the hot wallet, a deposit address', async () => {
    const p = await player('1');
    const other = await player('0');
    const [mine] = await t.db.select({ walletAddress: users.walletAddress }).from(users).where(eq(users.id, p.id));
    const [theirs] = await t.db.select({ walletAddress: users.walletAddress }).from(users).where(eq(users.id, other.id));
    const before = await moneyRows();
    const cases: Array<[string, string]> = [
      ['0x0000000000000000000000000000000000000000', SERVER_TEXTS.withdrawalToBurnAddress],
      ['0x0000000000000000000000000000000000000001', SERVER_TEXTS.withdrawalToBurnAddress],
      ['0x000000000000000000000000000000000000dEaD', SERVER_TEXTS.withdrawalToBurnAddress],
      [getAddress(hotWallet()), SERVER_TEXTS.withdrawalToHouseAddress],
      [mine!.walletAddress!, SERVER_TEXTS.withdrawalToHouseAddress],
      [theirs!.walletAddress!.toUpperCase().replace('0X', '0x'), SERVER_TEXTS.withdrawalToHouseAddress],
    ];
    for (const [recipientAddress, message] of cases) {
      const response = await cashout(p.token, { amount: '0.1', recipientAddress }, randomUUID());
      expect(response.statusCode, recipientAddress).toBe(422);
      expect(response.json(), recipientAddress).toEqual({
        code: message === SERVER_TEXTS.withdrawalToBurnAddress ? 'withdrawal_to_burn_address' : 'withdrawal_to_house_address',
        message,
      });
    }
    expect(await moneyRows()).toEqual(before);
    expect(await balance(p.id)).toBe(parseEther('1'));
  });

  it("tells the player's open sockets the new balance when a withdrawal is requested", async () => {
    const p = await player('1');
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(await t.listen(), {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: p.token },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const received = new Promise<BalanceEvent>((resolve) => socket.once('balance', resolve));
      const answer = await cashoutOk(p.token, { amount: '0.375', recipientAddress: freshRecipient() });
      const after = parseEther('0.625') - feeOf(answer);
      expect(await received).toEqual({ balance: weiToEthNumber(after), balanceWei: after.toString() });
    } finally {
      socket.disconnect();
    }
    await settleAll();
  });
});

describe('withdrawal_update (issue 14)', () => {
  it("tells the player's open sockets when the withdrawal is confirmed on chain, not when it is accepted", async () => {
    const p = await player('1');
    // The app listens once per file (the balance test above may have started it).
    const address = t.app.fastify.server.address();
    const url = address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : await t.listen();
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: p.token },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const updates: unknown[] = [];
      socket.on('withdrawal_update', (payload) => updates.push(payload));
      const answer = await cashoutOk(p.token, { amount: '0.25', recipientAddress: freshRecipient() });
      // Accepted, queued: nothing said yet.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(updates).toEqual([]);
      await settleAll();
      await pollUntil(async () => (updates.length > 0 ? true : undefined), 5_000, 'the withdrawal_update event');
      expect(updates).toEqual([{ id: answer.id, status: 'confirmed' }]);
    } finally {
      socket.disconnect();
    }
  });
});

describe('concurrent withdrawals', () => {
  it('50 requests against one balance never overdraw, and the recipient receives exactly the successful total', async () => {
    const p = await player('1');
    const recipient = freshRecipient();
    const amount = parseEther('0.03');
    const fee = await quotedFee(p.token); // one quote for all 50 (it is reused for FEE_QUOTE_TTL_MS)
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => cashout(p.token, { amount: '0.03', recipientAddress: recipient })),
    );
    const succeeded = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => cashoutResponseSchema.parse(response.json()));
    const refused = responses.filter((response) => response.statusCode !== 201);
    const expected = parseEther('1') / (amount + fee); // floor(1 / (0.03 + fee)) = 33
    expect(BigInt(succeeded.length)).toBe(expected);
    expect(succeeded.every((answer) => feeOf(answer) === fee)).toBe(true);
    for (const response of refused) {
      expect(response.statusCode).toBe(422);
      expect([TEXTS.withdrawalAboveBalance, SERVER_TEXTS.withdrawalAboveBalanceWithFee(formatEth(fee))]).toContain(
        response.json<{ message: string }>().message,
      );
    }
    // The debits happened one after the other: each answer saw one more of them, none below zero.
    const balancesAfter = succeeded.map((answer) => BigInt(answer.newBalanceWei)).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    expect(balancesAfter).toEqual(
      Array.from({ length: succeeded.length }, (_, index) => parseEther('1') - BigInt(index + 1) * (amount + fee)),
    );
    expect(await balance(p.id)).toBe(parseEther('1') - expected * (amount + fee));
    expect(await balanceOf(t.db, LedgerAccounts.withdrawalsInFlight)).toBe(expected * amount);

    await settleAll();
    expect(await onChain(recipient)).toBe(expected * amount);
    const rows = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, p.id));
    expect(rows).toHaveLength(succeeded.length);
    expect(rows.every((row) => row.status === 'confirmed')).toBe(true);
    expect(new Set(rows.map((row) => row.nonce)).size).toBe(succeeded.length);
    expect(await balance(p.id)).toBe(parseEther('1') - expected * (amount + fee));
  });
});

describe('Idempotency-Key', () => {
  it('a replay answers the original answer (status now) and moves nothing; another body is refused with 409; keys are per user', async () => {
    const p = await player('1');
    const recipient = freshRecipient();
    const body = { amount: '0.2', recipientAddress: recipient };
    const first = await cashoutOk(p.token, body, 'key-00000001');
    const rowsAfterFirst = await moneyRows();
    const replay = await cashoutOk(p.token, { amount: 0.2, recipientAddress: getAddress(recipient) }, 'key-00000001');
    expect(replay).toEqual(first);
    expect(await moneyRows()).toEqual(rowsAfterFirst);
    expect(await balance(p.id)).toBe(parseEther('0.8') - feeOf(first));

    for (const other of [
      { ...body, amount: '0.3' },
      { ...body, recipientAddress: freshRecipient() },
    ]) {
      const conflict = await cashout(p.token, other, 'key-00000001');
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toEqual({ code: 'idempotency_conflict', message: expect.any(String) });
    }
    expect(await moneyRows()).toEqual(rowsAfterFirst);

    // Another player may use the same key for a withdrawal of their own.
    const q = await player('1');
    const theirs = await cashoutOk(q.token, body, 'key-00000001');
    expect(theirs.id).not.toBe(first.id);

    await settleAll();
    // Replayed after it was paid: the same answer, with the status now; the balance spent since does not matter.
    await cashoutOk(p.token, { amount: '0.7', recipientAddress: freshRecipient() });
    await settleAll();
    const later = await cashoutOk(p.token, body, 'key-00000001');
    expect(later).toEqual({ ...first, status: 'confirmed' });
    expect(await onChain(recipient)).toBe(parseEther('0.4'));
    expect(await balance(p.id)).toBeLessThan(parseEther('0.1'));
  });

  it('concurrent requests with one key make one withdrawal, even when the balance covers only one', async () => {
    const rich = await player('1');
    const poor = await player('0.201'); // 0.2 and a fee of at most 0.001
    const recipient = freshRecipient();
    for (const p of [rich, poor]) {
      const racing = await Promise.all(
        Array.from({ length: 10 }, () => cashout(p.token, { amount: '0.2', recipientAddress: recipient }, `race-${p.id}`)),
      );
      expect(racing.map((response) => response.statusCode)).toEqual(Array.from({ length: 10 }, () => 201));
      const answers = racing.map((response) => cashoutResponseSchema.parse(response.json()));
      expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
      expect(new Set(answers.map((answer) => answer.newBalanceWei)).size).toBe(1);
      expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, p.id))).toHaveLength(1);
    }
    const [richRow] = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, rich.id));
    const [poorRow] = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, poor.id));
    expect(await balance(rich.id)).toBe(parseEther('0.8') - richRow!.fee);
    expect(await balance(poor.id)).toBe(parseEther('0.001') - poorRow!.fee);
    await settleAll();
    expect(await onChain(recipient)).toBe(parseEther('0.4'));
  });
});

describe('the sender', () => {
  it('returns the amount at once when the recipient refuses the payment: nothing signed, no nonce taken', async () => {
    const p = await player('1');
    const deployer = createChainWalletClient({ rpcUrl: anvil.rpcUrl, chainId: DEV_CHAIN_ID, account: payerAccount(4) });
    // Deploys runtime 0x60006000fd: REVERT on any call.
    const hash = await deployer.sendTransaction({ data: '0x600580600b6000396000f360006000fd' });
    const receipt = await pollUntil(
      async () => (await t.chain!.publicClient.getTransactionReceipt({ hash }).catch(() => undefined)) ?? undefined,
    );
    const refuser = receipt.contractAddress as Address;

    const refused = await cashoutOk(p.token, { amount: '0.4', recipientAddress: refuser }, 'refused-0001');
    const paid = await cashoutOk(p.token, { amount: '0.1', recipientAddress: freshRecipient() });
    expect(await balance(p.id)).toBe(parseEther('0.5') - feeOf(refused) - feeOf(paid));
    await settleAll();

    expect(await rowOf(refused.id)).toMatchObject({
      status: 'failed',
      nonce: null,
      txHash: null,
      failureReason: expect.stringMatching(/refused/),
    });
    expect(await attemptsOf(refused.id)).toEqual([]);
    expect(await rowOf(paid.id)).toMatchObject({ status: 'confirmed' });
    // Nothing was signed for the refused one: its fee came back with its amount; the paid one's fee is kept.
    expect(await balance(p.id)).toBe(parseEther('0.9') - feeOf(paid));
    expect(await onChain(refuser)).toBe(0n);
    // Replayed, the request shows how it ended.
    expect(await cashoutOk(p.token, { amount: '0.4', recipientAddress: refuser }, 'refused-0001')).toEqual({
      ...refused,
      status: 'failed',
    });
  });

  it('issue 30: a pass with nothing queued or in flight reads no list and asks the chain nothing; a request wakes it', async () => {
    const chain = t.chain!;
    const asked: string[] = [];
    const counting = {
      ...chain,
      publicClient: new Proxy(chain.publicClient, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            asked.push(String(property));
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      }),
    };
    const idle = otherSender({ chain: counting });
    await idle.tick();
    await idle.tick();
    expect(asked).toEqual([]);

    const p = await player('1');
    const paid = await cashoutOk(p.token, { amount: '0.1', recipientAddress: freshRecipient() });
    await idle.tick(); // queued: signed and sent through the counting client
    expect(asked.length).toBeGreaterThan(0);
    await settleAll();
    expect(await rowOf(paid.id)).toMatchObject({ status: 'confirmed' });
  });

  it('refunds a payment mined reverted, and books its gas as a network fee', async () => {
    const p = await player('1');
    const recipient = freshRecipient();
    const requested = await cashoutOk(p.token, { amount: '0.3', recipientAddress: recipient });
    const feesBefore = await balanceOf(t.db, LedgerAccounts.networkFees);
    await call('evm_setAutomine', [false]);
    try {
      await sender().tick(); // estimated against an empty account: fine; signed and broadcast
      expect(await rowOf(requested.id)).toMatchObject({ status: 'sent' });
      // Before it is mined, the recipient becomes a contract that refuses ETH.
      await call('anvil_setCode', [recipient, '0x60006000fd']);
      await call('anvil_mine', ['0x1']);
    } finally {
      await call('evm_setAutomine', [true]);
    }
    await settleAll();

    const row = await rowOf(requested.id);
    expect(row).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/reverted/) });
    const mined = await t.chain!.publicClient.getTransactionReceipt({ hash: row.txHash as Hex });
    expect(mined.status).toBe('reverted');
    expect(await attemptsOf(requested.id)).toEqual([expect.objectContaining({ status: 'reverted', txHash: row.txHash })]);
    // Mined: its gas was paid, so the fee is kept (and covered that gas); the amount came back.
    expect(await balance(p.id)).toBe(parseEther('1') - feeOf(requested));
    expect(row.gasPaid).toBe(mined.gasUsed * mined.effectiveGasPrice);
    expect(row.gasPaid!).toBeLessThanOrEqual(row.fee);
    expect(await onChain(recipient)).toBe(0n);
    expect(mined.gasUsed).toBeGreaterThan(0n);
    expect((await balanceOf(t.db, LedgerAccounts.networkFees)) - feesBefore).toBe(mined.gasUsed * mined.effectiveGasPrice);
  });

  it('a crash between signing and broadcasting never pays twice: the stored transaction is broadcast again', async () => {
    const p = await player('1');
    const recipient = freshRecipient();
    const { id } = await cashoutOk(p.token, { amount: '0.5', recipientAddress: recipient });
    const crashing = otherSender({
      broadcast: () => Promise.reject(new Error('process killed')),
    });
    await crashing.tick();
    await crashing.tick(); // still down: the same stored bytes, nothing signed again
    const [stored, ...more] = await attemptsOf(id);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ status: 'signed' });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', nonce: stored!.nonce });
    expect(await onChain(recipient)).toBe(0n);

    // The restarted process broadcasts the very same bytes; ticking again changes nothing.
    await settleAll();
    await sender().tick();
    expect((await attemptsOf(id)).map((row) => [row.txHash, row.rawTransaction, row.status])).toEqual([
      [stored!.txHash, stored!.rawTransaction, 'mined'],
    ]);
    expect(await onChain(recipient)).toBe(parseEther('0.5'));
    expect(await rowOf(id)).toMatchObject({ status: 'confirmed', txHash: stored!.txHash });
  });

  it('two senders at once take each withdrawal once, with distinct consecutive nonces', async () => {
    const p = await player('1');
    const recipient = freshRecipient();
    for (let index = 0; index < 6; index += 1) await cashoutOk(p.token, { amount: '0.01', recipientAddress: recipient });
    const second = otherSender();
    await Promise.all([sender().tick(), second.tick(), sender().tick(), second.tick()]);
    await settleAll();

    const rows = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, p.id));
    const nonces = rows.map((row) => row.nonce!).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 6 }, (_, index) => nonces[0]! + index));
    const attempts = await t.db
      .select()
      .from(withdrawalAttempts)
      .where(
        inArray(
          withdrawalAttempts.withdrawalId,
          rows.map((row) => row.id),
        ),
      );
    expect(attempts).toHaveLength(6);
    expect(await onChain(recipient)).toBe(parseEther('0.06'));
  });

  it('re-prices a stuck transaction (same nonce, both fee fields +10 % or more) until it pays twice the going rate or the cap of its fee, and pays once', async () => {
    const p = await player('1');
    const recipient = freshRecipient();
    const { id } = await cashoutOk(p.token, { amount: '0.3', recipientAddress: recipient });
    await call('evm_setAutomine', [false]);
    try {
      await sender().tick();
      t.clock.advance(STUCK_MS - 1000);
      await sender().tick();
      expect(await attemptsOf(id)).toHaveLength(1);

      t.clock.advance(1000);
      await sender().tick();
      const [first, second] = await attemptsOf(id);
      expect(second!.nonce).toBe(first!.nonce);
      expect(second!.maxFeePerGas * 10n).toBeGreaterThanOrEqual(first!.maxFeePerGas * 11n);
      expect(second!.maxPriorityFeePerGas * 10n).toBeGreaterThanOrEqual(first!.maxPriorityFeePerGas * 11n);
      expect(second!.maxPriorityFeePerGas).toBeGreaterThan(0n);
      expect(first!.status).toBe('replaced');
      expect(await rowOf(id)).toMatchObject({ txHash: second!.txHash });
      // The node took the replacement: it is the one in its pool.
      const pooled = await t.chain!.publicClient.getTransaction({ hash: second!.txHash as Hex });
      expect(pooled.nonce).toBe(first!.nonce);

      // Still stuck: raised again each period, until twice the estimate — then only broadcast again.
      for (let period = 0; period < 10; period += 1) {
        t.clock.advance(STUCK_MS);
        await sender().tick();
      }
      const attempts = await attemptsOf(id);
      const estimate = await t.chain!.publicClient.estimateFeesPerGas();
      const last = attempts.at(-1)!;
      const beforeLast = attempts.at(-2)!;
      // Issue 12: never above the price per gas the withdrawal's fee paid for; re-pricing stops at
      // twice the going rate or at that cap, whichever comes first.
      const cap = (await rowOf(id)).maxFeePerGas!;
      expect(attempts.every((attempt) => attempt.maxFeePerGas <= cap)).toBe(true);
      expect(attempts.length).toBeGreaterThanOrEqual(2);
      expect(attempts.length).toBeLessThan(12);
      const lastCapped = last.maxFeePerGas * 11n > cap * 10n; // another +10 % would pass the cap
      expect(lastCapped || last.maxFeePerGas >= 2n * estimate.maxFeePerGas).toBe(true);
      const beforeLastOverpays =
        beforeLast.maxFeePerGas >= 2n * estimate.maxFeePerGas &&
        beforeLast.maxPriorityFeePerGas >= 2n * estimate.maxPriorityFeePerGas;
      expect(beforeLastOverpays).toBe(false);
      expect(last.maxFeePerGas).toBeLessThan(parseGwei('1000'));
      for (const [index, attempt] of attempts.entries()) {
        expect(attempt.nonce).toBe(first!.nonce);
        if (index > 0) expect(attempt.maxFeePerGas * 10n).toBeGreaterThanOrEqual(attempts[index - 1]!.maxFeePerGas * 11n);
        expect(attempt.status).toBe(index === attempts.length - 1 ? 'broadcast' : 'replaced');
      }
      await call('anvil_mine', ['0x1']);
    } finally {
      await call('evm_setAutomine', [true]);
    }
    await settleAll();

    expect(await onChain(recipient)).toBe(parseEther('0.3'));
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'confirmed' });
    const attempts = await attemptsOf(id);
    expect(attempts.filter((attempt) => attempt.status === 'mined').map((attempt) => attempt.txHash)).toEqual([row.txHash]);
    expect(attempts.filter((attempt) => attempt.status !== 'mined').every((attempt) => attempt.status === 'replaced')).toBe(true);
    const mined = await t.chain!.publicClient.getTransactionReceipt({ hash: row.txHash as Hex });
    expect(mined.status).toBe('success');
  });

  it('never hands out a nonce the chain has already used (a transaction sent from the hot wallet outside the sender)', async () => {
    const p = await player('1');
    const recipient = freshRecipient();
    const before = await cashoutOk(p.token, { amount: '0.1', recipientAddress: recipient });
    await settleAll();
    const [counter] = await t.db
      .select()
      .from(hotWalletNonces)
      .where(and(eq(hotWalletNonces.chainId, DEV_CHAIN_ID), eq(hotWalletNonces.address, hotWallet())));
    expect(counter!.nextNonce).toBe((await rowOf(before.id)).nonce! + 1);

    // Someone uses the hot wallet's next nonce behind the sender's back.
    const hash = await t.chain!.hotWallet.sendTransaction({ to: payerAccount(5).address, value: 1n });
    const outside = await t.chain!.publicClient.waitForTransactionReceipt({ hash });
    const outsideTx = await t.chain!.publicClient.getTransaction({ hash });
    expect(outsideTx.nonce).toBe(counter!.nextNonce);
    spentOutsideSender += 1n + outside.gasUsed * outside.effectiveGasPrice;

    const after = await cashoutOk(p.token, { amount: '0.2', recipientAddress: recipient });
    await settleAll();
    expect(await rowOf(after.id)).toMatchObject({ status: 'confirmed', nonce: counter!.nextNonce + 1 });
    expect(await onChain(recipient)).toBe(parseEther('0.3'));
  });
});

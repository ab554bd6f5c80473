/**
 * Issue 12 on a real anvil and a real database: dust withdrawals (finding 1)
 * are refused below WITHDRAWAL_MIN_ETH; the network fee is debited on top of
 * the amount into fee income, and the recipient gets exactly the amount; a fee
 * that rose after the user confirmed is refused; the sender never signs above
 * the charged max fee per gas, so the gas paid stays within the fee even when
 * the chain's fees jump and the payment is re-priced; WITHDRAWALS_PER_HOUR is
 * counted in the database (two app nodes on one PostgreSQL share it), replays
 * and refusals do not count, and past it the answer is 429 with Retry-After.
 */
import {
  accountResponseSchema,
  cashoutResponseSchema,
  SERVER_TEXTS,
  WITHDRAWAL_FEE_PATH,
  withdrawalFeeResponseSchema,
  type CashoutResponse,
} from '@shifumi/protocol';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { type Address, type Hex, parseEther, parseGwei } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil, rpc } from '../src/infra/chain/anvil-testing';
import { users, withdrawalAttempts, withdrawals } from '../src/infra/db/schema/index';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf, transfer } from '../src/modules/ledger/ledger.service';
import { WITHDRAWAL_GAS_LIMIT } from '../src/modules/withdrawals/withdrawal-fees';
import { getAccount, postJson, signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, expectLedgerConsistent, startTestAnvil, type TestAnvil } from './support/test-chain';

const STUCK_MS = 60_000;
const PER_HOUR = 3;

let anvil: TestAnvil;
let t: TestApp;
let recipientIndex = 0;

beforeAll(async () => {
  anvil = await startTestAnvil();
  t = await createTestApp({
    chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '1', WITHDRAWAL_CONFIRMATIONS: '1', WITHDRAWAL_STUCK_MS: String(STUCK_MS) }),
    env: { WITHDRAWALS_PER_HOUR: String(PER_HOUR) },
  });
});
afterEach(async () => {
  await expectLedgerConsistent(t.db, t.chain);
});
afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

const call = <T = unknown>(method: string, params: unknown[] = []) => rpc<T>(anvil.rpcUrl, method, params);
const balance = (userId: string) => balanceOf(t.db, LedgerAccounts.user(userId));
const feeOf = (answer: CashoutResponse) => parseEther(answer.fee);

function freshRecipient(): Address {
  recipientIndex += 1;
  return `0x${(0xfee000 + recipientIndex).toString(16).padStart(40, '0')}` as Address;
}

async function player(eth: string, app: TestApp = t) {
  const credentials = await signUp(app);
  const session = await signIn(app, credentials);
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
  await app.db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-deposit:${randomUUID()}`,
      kind: 'deposit',
      legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(session.user.id), amount: parseEther(eth) }],
    }),
  );
  return { id: session.user.id, token: session.accessToken, credentials };
}

function cashout(token: string, body: unknown, key?: string, app: TestApp = t) {
  return postJson(app, '/api/wallet/cashout', body, {
    authorization: token,
    ...(key === undefined ? {} : { 'idempotency-key': key }),
  });
}

async function moneyRows() {
  return {
    withdrawals: await t.count('withdrawals'),
    transfers: await t.count('ledger_transfers'),
    entries: await t.count('ledger_entries'),
  };
}

async function settleAll(): Promise<void> {
  await pollUntil(
    async () => {
      await t.app.withdrawalSender!.tick();
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

describe('finding 1: dust withdrawals drained the hot wallet', () => {
  it('refuses the reported 1-wei withdrawal, and anything below WITHDRAWAL_MIN_ETH, with 422 naming the minimum; nothing debited', async () => {
    const p = await player('1');
    const before = await moneyRows();
    for (const amount of ['0.000000000000000001', '0.000999999999999999', 0.0005]) {
      const response = await cashout(p.token, { amount, recipientAddress: freshRecipient() });
      expect({ amount, status: response.statusCode, body: response.json() as unknown }).toEqual({
        amount,
        status: 422,
        body: { code: 'below_minimum', message: SERVER_TEXTS.withdrawalBelowMinimum('0.001') },
      });
    }
    expect(SERVER_TEXTS.withdrawalBelowMinimum('0.001')).toContain('0.001 ETH');
    expect(await moneyRows()).toEqual(before);
    expect(await balance(p.id)).toBe(parseEther('1'));
  });
});

describe('the network fee', () => {
  it('is quoted before confirming, debited on top into fee income with the amount, reported as fee, and the recipient gets exactly the amount', async () => {
    const p = await player('1');
    const quote = await t.app.fastify.inject({ method: 'GET', url: WITHDRAWAL_FEE_PATH, headers: { authorization: p.token } });
    expect(quote.statusCode).toBe(200);
    const quoted = withdrawalFeeResponseSchema.parse(quote.json());
    expect(quoted).toMatchObject({ minimum: '0.001', withdrawalsPerHour: PER_HOUR });
    const fee = BigInt(quoted.feeWei);
    expect(fee).toBeGreaterThan(0n);
    expect(fee % WITHDRAWAL_GAS_LIMIT).toBe(0n);
    expect((await t.app.fastify.inject({ method: 'GET', url: WITHDRAWAL_FEE_PATH })).statusCode).toBe(403);

    const incomeBefore = await balanceOf(t.db, LedgerAccounts.withdrawalFees);
    const recipient = freshRecipient();
    const response = await cashout(p.token, { amount: '0.25', recipientAddress: recipient, fee: quoted.fee });
    expect(response.statusCode, response.body).toBe(201);
    const answer = cashoutResponseSchema.parse(response.json());
    expect(answer.fee).toBe(quoted.fee);
    expect(BigInt(answer.newBalanceWei)).toBe(parseEther('0.75') - fee);
    expect(await balance(p.id)).toBe(parseEther('0.75') - fee);
    expect((await balanceOf(t.db, LedgerAccounts.withdrawalFees)) - incomeBefore).toBe(fee);
    // One transfer holds both legs.
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, answer.id));
    expect(row).toMatchObject({ fee, maxFeePerGas: fee / WITHDRAWAL_GAS_LIMIT });

    const account = accountResponseSchema.parse((await getAccount(t, p.token)).json());
    expect(account.withdrawals).toEqual([expect.objectContaining({ id: answer.id, amount: '0.25', fee: quoted.fee })]);

    await settleAll();
    expect(await t.chain!.publicClient.getBalance({ address: recipient })).toBe(parseEther('0.25'));
    const [paid] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, answer.id));
    expect(paid!.status).toBe('confirmed');
    expect(paid!.gasPaid).toBeGreaterThan(0n);
    expect(paid!.gasPaid!).toBeLessThanOrEqual(fee);
  });

  it('refuses (409) a fee that rose above the one the user confirmed, and debits nothing', async () => {
    const p = await player('1');
    const before = await moneyRows();
    const response = await cashout(p.token, { amount: '0.1', recipientAddress: freshRecipient(), fee: '0.000000000000000001' });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/^The network fee has just risen to \d/);
    expect(await moneyRows()).toEqual(before);
    const invalid = await cashout(p.token, { amount: '0.1', recipientAddress: freshRecipient(), fee: 'lots' });
    expect(invalid.statusCode).toBe(400);
    expect(await moneyRows()).toEqual(before);
  });

  it('never lets the gas paid exceed the fee: fees jump while a payment waits, it is re-priced only up to what was charged', async () => {
    const p = await player('1');
    const recipient = freshRecipient();
    const answer = cashoutResponseSchema.parse((await cashout(p.token, { amount: '0.2', recipientAddress: recipient })).json());
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, answer.id));
    const cap = row!.maxFeePerGas!;
    await call('evm_setAutomine', [false]);
    try {
      await t.app.withdrawalSender!.tick();
      // The chain's fees jump far above what was charged: every estimate now asks for more than the cap.
      await call('anvil_setNextBlockBaseFeePerGas', [`0x${(cap * 10n).toString(16)}`]);
      await call('evm_mine'); // an empty block at the high base fee: the payment cannot get in
      for (let period = 0; period < 8; period += 1) {
        t.clock.advance(STUCK_MS);
        await t.app.withdrawalSender!.tick();
      }
      const attempts = await t.db.select().from(withdrawalAttempts).where(eq(withdrawalAttempts.withdrawalId, answer.id));
      expect(attempts.length).toBeGreaterThan(1); // re-priced at least once
      for (const attempt of attempts) {
        expect(attempt.maxFeePerGas).toBeLessThanOrEqual(cap);
        expect(attempt.maxPriorityFeePerGas).toBeLessThanOrEqual(attempt.maxFeePerGas);
        expect(attempt.gasLimit).toBe(WITHDRAWAL_GAS_LIMIT);
      }
      expect(attempts.some((attempt) => attempt.maxFeePerGas === cap)).toBe(true);
      // Fees come back down; the capped payment is mined.
      await call('anvil_setNextBlockBaseFeePerGas', [`0x${parseGwei('0.01').toString(16)}`]);
      await call('evm_mine');
      await call('evm_mine');
    } finally {
      await call('evm_setAutomine', [true]);
    }
    await settleAll();
    const [paid] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, answer.id));
    expect(paid!.status).toBe('confirmed');
    const receipt = await t.chain!.publicClient.getTransactionReceipt({ hash: paid!.txHash as Hex });
    expect(paid!.gasPaid).toBe(receipt.gasUsed * receipt.effectiveGasPrice);
    expect(paid!.gasPaid!).toBeLessThanOrEqual(paid!.fee);
    expect(await t.chain!.publicClient.getBalance({ address: recipient })).toBe(parseEther('0.2'));
    const report = await checkLedger(t.db);
    expect(report.withdrawalGasPaid).toBeLessThanOrEqual(report.withdrawalFeeIncome);
    expect(feeOf(answer)).toBe(paid!.fee);
  });

  it('the database itself refuses a withdrawal row whose gas paid exceeds its fee', async () => {
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.status, 'confirmed')).limit(1);
    await expect(
      t.db
        .update(withdrawals)
        .set({ gasPaid: row!.fee + 1n })
        .where(eq(withdrawals.id, row!.id)),
    ).rejects.toThrow();
  });
});

describe('WITHDRAWALS_PER_HOUR', () => {
  it(`accepts ${PER_HOUR} of 20 concurrent requests and answers the rest 429 with Retry-After, debiting nothing for them`, async () => {
    const p = await player('1');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => cashout(p.token, { amount: '0.01', recipientAddress: freshRecipient() })),
    );
    const accepted = responses.filter((response) => response.statusCode === 201);
    const limited = responses.filter((response) => response.statusCode === 429);
    expect(accepted).toHaveLength(PER_HOUR);
    expect(limited).toHaveLength(20 - PER_HOUR);
    for (const response of limited) {
      expect(response.json()).toEqual({ code: 'too_many_withdrawals', message: SERVER_TEXTS.tooManyWithdrawals(PER_HOUR) });
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3_500);
      expect(retryAfter).toBeLessThanOrEqual(3_600);
    }
    const fees = accepted.map((response) => feeOf(cashoutResponseSchema.parse(response.json())));
    expect(await balance(p.id)).toBe(parseEther('1') - BigInt(PER_HOUR) * parseEther('0.01') - fees.reduce((a, b) => a + b, 0n));
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, p.id))).toHaveLength(PER_HOUR);
    await settleAll();

    // An hour later the oldest leave the window (signed in again: the access token has expired meanwhile).
    t.clock.advance(3_600_000);
    const again = await signIn(t, p.credentials);
    expect((await cashout(again.accessToken, { amount: '0.01', recipientAddress: freshRecipient() })).statusCode).toBe(201);
    await settleAll();
  });

  it('does not count replays of an Idempotency-Key nor refused requests', async () => {
    const p = await player('1');
    const body = { amount: '0.01', recipientAddress: freshRecipient() };
    expect((await cashout(p.token, body, 'limit-key-0001')).statusCode).toBe(201);
    for (let replay = 0; replay < 5; replay += 1) expect((await cashout(p.token, body, 'limit-key-0001')).statusCode).toBe(201);
    for (let refused = 0; refused < 5; refused += 1) {
      expect((await cashout(p.token, { amount: '0.0001', recipientAddress: freshRecipient() })).statusCode).toBe(422);
      expect((await cashout(p.token, { amount: '5', recipientAddress: freshRecipient() })).statusCode).toBe(422);
    }
    for (let index = 1; index < PER_HOUR; index += 1) {
      expect((await cashout(p.token, { amount: '0.01', recipientAddress: freshRecipient() })).statusCode).toBe(201);
    }
    expect((await cashout(p.token, { amount: '0.01', recipientAddress: freshRecipient() })).statusCode).toBe(429);
    // A replay past the limit still answers the original answer.
    expect((await cashout(p.token, body, 'limit-key-0001')).statusCode).toBe(201);
    await settleAll();
  });

  it.skipIf(!process.env.DATABASE_URL)('is shared by two app nodes on one PostgreSQL database', async () => {
    const other = await createTestApp({
      databaseUrl: t.databaseUrl!,
      env: { WITHDRAWALS_PER_HOUR: String(PER_HOUR) },
      chain: chainFor(anvil),
    });
    // Both nodes' clocks agree (this file's clock was moved forward an hour above).
    other.clock.advance(t.clock().getTime() - other.clock().getTime());
    try {
      const p = await player('1');
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          cashout(p.token, { amount: '0.01', recipientAddress: freshRecipient() }, undefined, index % 2 ? t : other),
        ),
      );
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(PER_HOUR);
      expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(12 - PER_HOUR);
    } finally {
      await other.close();
    }
    await settleAll();
  });
});

/**
 * Withdrawals end to end on a real anvil and a real database: the spec's
 * validation texts, the verified-e-mail rule (a real mail arrives), 50
 * concurrent requests against one balance, idempotency keys, a failed payment
 * refunded, a crash between signing and broadcasting, and a stuck transaction
 * re-priced. The ledger check runs after every scenario.
 */
import { cashoutResponseSchema, TEXTS, type CashoutResponse } from '@shifumi/protocol';
import { eq } from 'drizzle-orm';
import { type Address, type Hex, getAddress, parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil, rpc } from '../src/infra/chain/anvil-testing';
import { createChainWalletClient } from '../src/infra/chain/chain-client';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { users, withdrawalAttempts, withdrawals } from '../src/infra/db/schema/index';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf, transfer } from '../src/modules/ledger/ledger.service';
import { createWithdrawalSender } from '../src/modules/withdrawals/withdrawal-sender';
import { noBalanceEvents } from '../src/realtime/balance-events';
import { postJson, signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, expectLedgerConsistent, payerAccount, startTestAnvil, type TestAnvil } from './support/test-chain';

let anvil: TestAnvil;
let t: TestApp;
let recipientIndex = 0;

beforeAll(async () => {
  anvil = await startTestAnvil();
  t = await createTestApp({ chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '1', WITHDRAWAL_CONFIRMATIONS: '1', WITHDRAWAL_STUCK_MS: '60000' }) });
});
afterEach(async () => {
  await expectLedgerConsistent(t.db, t.chain);
});
afterAll(async () => {
  await t.close();
  await anvil.dispose();
});

const call = <T = unknown>(method: string, params: unknown[] = []) => rpc<T>(anvil.rpcUrl, method, params);
const balance = (userId: string) => balanceOf(t.db, LedgerAccounts.user(userId));
const onChain = (address: Address) => t.chain!.publicClient.getBalance({ address });

/** A fresh address that holds nothing. */
function freshRecipient(): Address {
  recipientIndex += 1;
  return `0x${(0xabc000 + recipientIndex).toString(16).padStart(40, '0')}` as Address;
}

/** A signed-in player holding `eth` (credited through the ledger, as a deposit would be). */
async function player(eth: string, options: { verified?: boolean } = {}) {
  const credentials = await signUp(t);
  const session = await signIn(t, credentials);
  if (options.verified !== false) await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
  if (eth !== '0') {
    await t.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `test-deposit:${session.user.id}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(session.user.id), amount: parseEther(eth) }],
      }),
    );
  }
  return { id: session.user.id, token: session.accessToken, email: credentials.email };
}

function cashout(token: string, body: unknown, key?: string) {
  return postJson(t, '/api/wallet/cashout', body, { authorization: token, ...(key ? { 'idempotency-key': key } : {}) });
}

/** Runs the sender until every withdrawal has settled. */
async function settleAll(): Promise<void> {
  await pollUntil(async () => {
    await t.app.withdrawalSender!.tick();
    const open = await t.db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.status, 'queued'));
    const sent = await t.db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.status, 'sent'));
    return open.length + sent.length === 0 ? true : undefined;
  }, 30_000, 'every withdrawal settled');
}

describe('POST /api/wallet/cashout validation', () => {
  it('refuses each invalid request with the spec text and changes nothing', async () => {
    const p = await player('1');
    const good = freshRecipient();
    const cases: Array<[unknown, string]> = [
      [{ recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: 0, recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: '-0.1', recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: 'abc', recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: '0.0000000000000000001', recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: true, recipientAddress: good }, TEXTS.withdrawalInvalidAmount],
      [{ amount: '0.1' }, TEXTS.withdrawalAddressMissing],
      [{ amount: '0.1', recipientAddress: '   ' }, TEXTS.withdrawalAddressMissing],
      [{ amount: '0.1', recipientAddress: '0x123' }, TEXTS.withdrawalAddressInvalid],
      [{ amount: '0.1', recipientAddress: 'abc0000000000000000000000000000000000000de' }, TEXTS.withdrawalAddressInvalid],
      // Mixed case with a wrong EIP-55 checksum (one letter's case flipped).
      [{ amount: '0.1', recipientAddress: '0x52908400098527886E0F7030069857D2E4169EE7'.replace('E0F', 'e0F') }, TEXTS.withdrawalAddressInvalid],
      [{ amount: '1.000000000000000001', recipientAddress: good }, TEXTS.withdrawalAboveBalance],
    ];
    for (const [body, message] of cases) {
      const response = await cashout(p.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).not.toBe(403);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json(), JSON.stringify(body)).toEqual({ message });
    }
    expect(await t.count('withdrawals')).toBe(0);
    expect(await balance(p.id)).toBe(parseEther('1'));
    expect((await cashout(p.token, { amount: '0.1', recipientAddress: good }, 'bad key!')).statusCode).toBe(400);
    expect((await cashout('not-a-token', { amount: '0.1', recipientAddress: good })).statusCode).toBe(403);
  });

  it('accepts a correctly checksummed mixed-case address and a number amount', async () => {
    const p = await player('1');
    const checksummed = getAddress(freshRecipient());
    const response = await cashout(p.token, { amount: 0.25, recipientAddress: checksummed });
    expect(response.statusCode).toBe(201);
    const body = cashoutResponseSchema.parse(response.json());
    expect(body).toMatchObject({ newBalance: 0.75, newBalanceWei: parseEther('0.75').toString(), status: 'queued', message: TEXTS.withdrawalInfo });
    await settleAll();
    expect(await onChain(checksummed)).toBe(parseEther('0.25'));
  });

  it('refuses an unverified e-mail with the failure text, sends the verification mail, and moves nothing', async () => {
    const p = await player('1', { verified: false });
    const response = await cashout(p.token, { amount: '0.1', recipientAddress: freshRecipient() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: TEXTS.withdrawalFailure });
    // Registration sent the first link; the refused withdrawal sends another.
    const mail = await t.smtp.waitForMail((received) => received.to.includes(p.email) && t.smtp.mailsTo(p.email).length >= 2);
    expect(t.smtp.mailsTo(p.email)).toHaveLength(2);
    expect(mail.decoded).toMatch(/verify-email\//);
    expect(await balance(p.id)).toBe(parseEther('1'));
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, p.id))).toHaveLength(0);
  });
});

describe('concurrent withdrawals', () => {
  it('50 requests against one balance never overdraw, and the recipient receives exactly the successful total', async () => {
    const p = await player('1');
    const recipient = freshRecipient();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => cashout(p.token, { amount: '0.03', recipientAddress: recipient })),
    );
    const succeeded = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(succeeded).toHaveLength(33); // floor(1 / 0.03)
    for (const response of refused) expect(response.json()).toEqual({ message: TEXTS.withdrawalAboveBalance });
    expect(await balance(p.id)).toBe(parseEther('1') - 33n * parseEther('0.03'));
    const balancesAfter = succeeded.map((response) => BigInt((response.json() as CashoutResponse).newBalanceWei));
    expect(balancesAfter.every((value) => value >= 0n)).toBe(true);

    await settleAll();
    expect(await onChain(recipient)).toBe(33n * parseEther('0.03'));
    const rows = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, p.id));
    expect(rows.every((row) => row.status === 'confirmed')).toBe(true);
    expect(new Set(rows.map((row) => row.nonce)).size).toBe(33);
    expect(await balanceOf(t.db, LedgerAccounts.withdrawalsInFlight)).toBe(0n);
  });
});

describe('idempotency', () => {
  it('a replay answers the original answer and moves nothing; concurrent duplicates make one withdrawal; another body is refused', async () => {
    const p = await player('1');
    const recipient = freshRecipient();
    const body = { amount: '0.2', recipientAddress: recipient };
    const first = await cashout(p.token, body, 'key-00000001');
    expect(first.statusCode).toBe(201);
    const replay = await cashout(p.token, body, 'key-00000001');
    expect(replay.json()).toEqual(first.json());
    expect(await balance(p.id)).toBe(parseEther('0.8'));

    const racing = await Promise.all(Array.from({ length: 10 }, () => cashout(p.token, body, 'key-00000002')));
    const ids = new Set(racing.map((response) => (response.json() as CashoutResponse).id));
    expect(racing.every((response) => response.statusCode === 201)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await balance(p.id)).toBe(parseEther('0.6'));

    const conflict = await cashout(p.token, { ...body, amount: '0.3' }, 'key-00000001');
    expect(conflict.statusCode).toBe(409);
    expect(await balance(p.id)).toBe(parseEther('0.6'));
    await settleAll();
    expect(await onChain(recipient)).toBe(parseEther('0.4'));
  });
});

describe('payments that fail', () => {
  it('returns the amount when the recipient refuses the payment', async () => {
    const p = await player('1');
    const deployer = createChainWalletClient({ rpcUrl: anvil.rpcUrl, chainId: DEV_CHAIN_ID, account: payerAccount(4) });
    // Deploys runtime 0x60006000fd: REVERT on any call.
    const hash = await deployer.sendTransaction({ data: '0x600580600b6000396000f360006000fd' });
    const receipt = await pollUntil(async () => (await t.chain!.publicClient.getTransactionReceipt({ hash }).catch(() => undefined)) ?? undefined);
    const refuser = receipt.contractAddress as Address;

    const response = await cashout(p.token, { amount: '0.4', recipientAddress: refuser });
    expect(response.statusCode).toBe(201);
    expect(await balance(p.id)).toBe(parseEther('0.6'));
    await settleAll();
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, (response.json() as CashoutResponse).id));
    expect(row).toMatchObject({ status: 'failed' });
    expect(await balance(p.id)).toBe(parseEther('1'));
    expect(await onChain(refuser)).toBe(0n);
  });

  it('a crash between signing and broadcasting never pays twice: the stored transaction is broadcast again', async () => {
    const p = await player('1');
    const recipient = freshRecipient();
    const response = await cashout(p.token, { amount: '0.5', recipientAddress: recipient });
    const id = (response.json() as CashoutResponse).id;
    const crashing = createWithdrawalSender({
      db: t.db,
      chain: t.chain!,
      balanceEvents: noBalanceEvents,
      logger: t.app.fastify.log,
      clock: t.clock,
      broadcast: async () => {
        throw new Error('process killed');
      },
    });
    await crashing.tick();
    const [attempt] = await t.db.select().from(withdrawalAttempts).where(eq(withdrawalAttempts.withdrawalId, id));
    expect(attempt).toMatchObject({ status: 'signed' });
    expect(await onChain(recipient)).toBe(0n);

    // The restarted sender broadcasts the very same bytes; ticking again changes nothing.
    await settleAll();
    await t.app.withdrawalSender!.tick();
    const attempts = await t.db.select().from(withdrawalAttempts).where(eq(withdrawalAttempts.withdrawalId, id));
    expect(attempts.map((row) => row.txHash)).toEqual([attempt!.txHash]);
    expect(await onChain(recipient)).toBe(parseEther('0.5'));
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: 'confirmed', txHash: attempt!.txHash });
  });

  it('re-prices a stuck transaction (+10 % or more on both fee fields, same nonce) and pays once', async () => {
    const p = await player('1');
    const recipient = freshRecipient();
    const response = await cashout(p.token, { amount: '0.3', recipientAddress: recipient });
    const id = (response.json() as CashoutResponse).id;
    await call('evm_setAutomine', [false]);
    try {
      await t.app.withdrawalSender!.tick();
      await t.app.withdrawalSender!.tick();
      let attempts = await t.db.select().from(withdrawalAttempts).where(eq(withdrawalAttempts.withdrawalId, id));
      expect(attempts).toHaveLength(1);
      t.clock.advance(61_000);
      await t.app.withdrawalSender!.tick();
      attempts = await t.db.select().from(withdrawalAttempts).where(eq(withdrawalAttempts.withdrawalId, id));
      expect(attempts).toHaveLength(2);
      const [first, second] = attempts as [(typeof attempts)[0], (typeof attempts)[0]];
      expect(second.nonce).toBe(first.nonce);
      expect(second.maxFeePerGas * 10n).toBeGreaterThanOrEqual(first.maxFeePerGas * 11n);
      expect(second.maxPriorityFeePerGas * 10n).toBeGreaterThanOrEqual(first.maxPriorityFeePerGas * 11n);
      await call('anvil_mine', ['0x1']);
    } finally {
      await call('evm_setAutomine', [true]);
    }
    await settleAll();
    await call('anvil_mine', ['0x3']);
    expect(await onChain(recipient)).toBe(parseEther('0.3'));
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: 'confirmed' });
    const mined = await t.chain!.publicClient.getTransactionReceipt({ hash: row!.txHash as Hex });
    expect(mined.status).toBe('success');
  });
});

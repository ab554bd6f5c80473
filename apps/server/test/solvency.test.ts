/**
 * Issue 28: proof of solvency through the real stack on anvil: liabilities
 * (balance + escrow of games in play + withdrawals not yet paid, per player)
 * and reserves (hot wallet, deposit addresses holding anything, cold
 * addresses) at a block DEPOSIT_CONFIRMATIONS deep; every proof verifies with
 * the shared checks; an operator's cold signature is checked, counted and
 * audited; a reserve drained behind the ledger's back makes the next
 * snapshot's ratio fall below 1, and a proof from the earlier snapshot still
 * verifies against it; `npm run verify:solvency` on the product's own answers.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { allSolvencyChecksPassed, checkSolvencyProof } from '@shifumi/fairness';
import { nodeFairnessCrypto } from '@shifumi/fairness/node';
import {
  reserveMessage,
  solvencyProofSchema,
  solvencySnapshotSchema,
  type AdminOverview,
  type AuditResponse,
  type SolvencyHistoryEntry,
  type SolvencyProof,
  type SolvencySnapshot,
} from '@shifumi/protocol';
import { eq } from 'drizzle-orm';
import { parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil, rpc } from '../src/infra/chain/anvil-testing';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { games, solvencySnapshots, users, withdrawals } from '../src/infra/db/schema/index';
import { CLI_ACTOR } from '../src/modules/admin/audit-log';
import { grantRole } from '../src/modules/admin/staff.repo';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf, transfer } from '../src/modules/ledger/ledger.service';
import { recoverWithViem, runVerifySolvency } from '../src/scripts/verify-solvency';
import { runSignReserve } from '../src/scripts/solvency-sign-reserve';
import { signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, payerAccount, sendEth, startTestAnvil, type TestAnvil } from './support/test-chain';

// A cold address of the operator's own (not one of anvil's funded accounts).
const cold = privateKeyToAccount(generatePrivateKey());
const coldAddress = cold.address.toLowerCase();
let anvil: TestAnvil;
let t: TestApp;
let publicKey: string;

beforeAll(async () => {
  anvil = await startTestAnvil();
  t = await createTestApp({
    chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '3', WITHDRAWAL_CONFIRMATIONS: '3' }),
    env: { RESERVE_ADDRESSES: cold.address, SOLVENCY_SNAPSHOT_MINUTES: '60' },
  });
  publicKey = ((await t.app.fastify.inject({ method: 'GET', url: '/api/fairness/key' })).json() as { publicKey: string })
    .publicKey;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

function call(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) {
  return t.app.fastify.inject({
    method,
    url,
    headers: token === undefined ? {} : { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function credit(userId: string, wei: bigint): Promise<void> {
  await t.db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-deposit:${randomUUID()}`,
      kind: 'deposit',
      legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(userId), amount: wei }],
    }),
  );
}

async function player(eth: string) {
  const credentials = await signUp(t);
  const session = await signIn(t, credentials);
  if (eth !== '0') await credit(session.user.id, parseEther(eth));
  return { id: session.user.id, token: session.accessToken, email: credentials.email, password: credentials.password };
}

/** Signs in again (after the test clock moved past the access token's life). */
async function again(who: { email: string; password: string; token: string }): Promise<void> {
  who.token = (await signIn(t, who)).accessToken;
}

async function staff(role: 'admin' | 'finance' | 'support') {
  const p = await player('0');
  expect((await grantRole(t.db, p.email, role, { actor: CLI_ACTOR, role: null, now: new Date() })).ok).toBe(true);
  return p;
}

async function mine(blocks: number): Promise<void> {
  await rpc(anvil.rpcUrl, 'anvil_mine', [`0x${blocks.toString(16)}`]);
}

async function setBalance(address: string, eth: string): Promise<void> {
  await rpc(anvil.rpcUrl, 'anvil_setBalance', [address, `0x${parseEther(eth).toString(16)}`]);
}

async function mined(sent: Promise<Hex>): Promise<void> {
  await t.chain!.publicClient.waitForTransactionReceipt({ hash: await sent, pollingInterval: 50 });
}

async function head(): Promise<bigint> {
  return t.chain!.publicClient.getBlockNumber({ cacheTime: 0 });
}

const verify = (proof: unknown, snapshot: unknown) =>
  checkSolvencyProof(proof, snapshot, publicKey, nodeFairnessCrypto, recoverWithViem);

describe('proof of solvency', () => {
  let admin: Awaited<ReturnType<typeof staff>>;
  let alice: Awaited<ReturnType<typeof player>>;
  let bob: Awaited<ReturnType<typeof player>>;
  let carol: Awaited<ReturnType<typeof player>>;
  let first: SolvencySnapshot;
  let firstProof: SolvencyProof;
  const stake = parseEther('0.01');
  const pending = parseEther('0.3');

  it('refuses the routes before a snapshot, a player, a support agent and bad input with clear 4xx', async () => {
    admin = await staff('admin');
    const support = await staff('support');
    expect((await call('GET', '/api/solvency')).statusCode).toBe(404);
    expect((await call('GET', '/api/solvency')).json()).toEqual({
      code: 'no_snapshot',
      message: 'No solvency snapshot has been taken yet.',
    });
    expect((await call('GET', '/api/solvency/history')).json()).toEqual([]);
    expect((await call('GET', '/api/solvency/proof')).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/solvency/snapshot', support.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/solvency/proof?snapshot=nope', admin.token)).statusCode).toBe(400);
    const bad = await call('POST', '/api/admin/solvency/reserve-signatures', admin.token, {
      snapshotId: randomUUID(),
      address: '0x12',
      signature: '0x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });

  it('computes the liabilities per player and the reserves at a block DEPOSIT_CONFIRMATIONS deep, signed', async () => {
    alice = await player('2');
    bob = await player('0.5');
    carol = await player('1');
    // Alice's 2 ETH sit unswept on her deposit address; the hot wallet holds 1 ETH (anvil's 10 000 set aside).
    const [aliceRow] = await t.db.select().from(users).where(eq(users.id, alice.id));
    const aliceDeposit = aliceRow!.walletAddress!.toLowerCase();
    await setBalance(aliceDeposit, '2');
    await setBalance(t.chain!.hotWalletAddress, '1');
    // Bob and Carol play a game (each stake in its escrow); Carol has a withdrawal waiting for review (debited, not paid).
    const gameId = randomUUID();
    await t.db.transaction(async (tx) => {
      await tx.insert(games).values({
        id: gameId,
        player1Id: bob.id,
        player2Id: carol.id,
        player1Character: 'a',
        player2Character: 'b',
        betUsd: 10,
        stakeWei: stake,
        priceMicroUsd: 3_000_000_000n,
        state: {},
        status: 'playing',
      });
      await transfer(tx, {
        idempotencyKey: `test-escrow:${gameId}`,
        kind: 'escrow',
        legs: [
          { from: LedgerAccounts.user(bob.id), to: LedgerAccounts.escrow(gameId), amount: stake },
          { from: LedgerAccounts.user(carol.id), to: LedgerAccounts.escrow(gameId), amount: stake },
        ],
      });
      const withdrawalId = randomUUID();
      await tx.insert(withdrawals).values({
        id: withdrawalId,
        userId: carol.id,
        chainId: DEV_CHAIN_ID,
        amount: pending,
        recipientAddress: `0x${'ab'.repeat(20)}`,
        status: 'review',
        balanceAfter: 0n,
        reviewReason: 'test',
      });
      await transfer(tx, {
        idempotencyKey: `test-withdrawal:${withdrawalId}`,
        kind: 'withdrawal',
        legs: [{ from: LedgerAccounts.user(carol.id), to: LedgerAccounts.withdrawalsInFlight, amount: pending }],
      });
    });
    // The cold address holds 4 ETH at the block; 10 more arrive in the newest block, which is not deep enough.
    await mined(sendEth(anvil, coldAddress as Address, '4'));
    await mine(3);
    // Mined before the head is read: anvil may answer a transaction's hash before its block exists (seen under load).
    await mined(sendEth(anvil, coldAddress as Address, '10'));
    const headBefore = await head();

    const response = await call('POST', '/api/admin/solvency/snapshot', admin.token);
    expect(response.statusCode, response.body).toBe(200);
    first = solvencySnapshotSchema.parse(response.json());
    expect(BigInt(first.blockNumber)).toBe(headBefore - 2n);
    const byAddress = new Map(first.reserves.addresses.map((entry) => [entry.address, entry]));
    expect(byAddress.get(t.chain!.hotWalletAddress)).toMatchObject({ balanceWei: parseEther('1').toString() });
    expect(byAddress.get(aliceDeposit)).toMatchObject({ balanceWei: parseEther('2').toString() });
    expect(byAddress.get(coldAddress)).toEqual({ address: coldAddress, balanceWei: parseEther('4').toString(), signature: null });
    for (const entry of first.reserves.addresses.filter((candidate) => candidate.address !== coldAddress)) {
      expect(await recoverWithViem(reserveMessage(first.id, first.blockNumber), entry.signature as `0x${string}`)).toBe(
        entry.address,
      );
    }
    // The cold address is listed but not counted until its signature is supplied.
    expect(first.reserves.totalWei).toBe(parseEther('3').toString());
    const owed = parseEther('2') + parseEther('0.5') + parseEther('1');
    expect(first.liabilities.root.sumWei).toBe(owed.toString());
    expect(first.ratio).toBe('0.857142');
    // Public, and in the history.
    expect((await call('GET', '/api/solvency')).json()).toEqual(first);
    const history = (await call('GET', '/api/solvency/history')).json() as SolvencyHistoryEntry[];
    expect(history).toEqual([
      {
        id: first.id,
        at: first.at,
        blockNumber: first.blockNumber,
        liabilitiesWei: owed.toString(),
        reservesWei: first.reserves.totalWei,
        ratio: first.ratio,
      },
    ]);
    // Audited.
    const audit = (await call('GET', `/api/admin/audit?action=solvency.snapshot`, admin.token)).json() as AuditResponse;
    expect(audit.entries[0]).toMatchObject({ actor: admin.id, action: 'solvency.snapshot', target: `solvency:${first.id}` });
  });

  it('gives each player a proof of what is owed to them that passes every check: balance, stake in escrow, unpaid withdrawal', async () => {
    const expected = new Map([
      [alice.id, parseEther('2')],
      [bob.id, parseEther('0.5')],
      [carol.id, parseEther('1')],
    ]);
    for (const who of [alice, bob, carol]) {
      const response = await call('GET', '/api/solvency/proof', who.token);
      expect(response.statusCode, response.body).toBe(200);
      const proof = solvencyProofSchema.parse(response.json());
      expect(proof).toMatchObject({ snapshotId: first.id, userId: who.id, amountWei: expected.get(who.id)!.toString() });
      const checks = await verify(proof, first);
      expect(checks.filter((entry) => !entry.ok)).toEqual([]);
    }
    // Bob's ledger balance is his 0.5 less his stake; the proof adds the stake back.
    expect(await balanceOf(t.db, LedgerAccounts.user(bob.id))).toBe(parseEther('0.5') - stake);
    firstProof = (await call('GET', '/api/solvency/proof', alice.token)).json() as SolvencyProof;
    // A staff member without a balance has no leaf.
    const none = await call('GET', '/api/solvency/proof', admin.token);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      code: 'not_in_snapshot',
      message: 'You were not a player with anything owed when this snapshot was taken.',
    });
  });

  it("counts a cold address once its operator's signature is stored (checked, re-signed, audited); refuses another key's", async () => {
    const message = reserveMessage(first.id, first.blockNumber);
    const lines: string[] = [];
    expect(
      await runSignReserve([], { out: (line) => lines.push(line), error: (line) => lines.push(line), latest: async () => first }),
    ).toBe(0);
    expect(lines).toContain(message);
    expect(lines.join('\n')).toContain(coldAddress);
    const forged = await payerAccount(6).signMessage({ message });
    const refused = await call('POST', '/api/admin/solvency/reserve-signatures', admin.token, {
      snapshotId: first.id,
      address: cold.address,
      signature: forged,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'signature_not_by_address',
      message: "This signature is not by that address's key for that snapshot's message.",
    });
    const unlisted = await call('POST', '/api/admin/solvency/reserve-signatures', admin.token, {
      snapshotId: first.id,
      address: payerAccount(6).address,
      signature: forged,
    });
    expect(unlisted.statusCode).toBe(404);

    const signature = await cold.signMessage({ message });
    const stored = await call('POST', '/api/admin/solvency/reserve-signatures', admin.token, {
      snapshotId: first.id,
      address: cold.address,
      signature,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    first = solvencySnapshotSchema.parse(stored.json());
    expect(first.reserves.totalWei).toBe(parseEther('7').toString());
    expect(first.ratio).toBe('2.000000');
    expect((await call('GET', '/api/solvency')).json()).toEqual(first);
    expect(allSolvencyChecksPassed(await verify(firstProof, first))).toBe(true);
    const audit = (await call('GET', `/api/admin/audit?action=solvency.reserve-signature`, admin.token)).json() as AuditResponse;
    expect(audit.entries[0]).toMatchObject({
      actor: admin.id,
      target: `solvency:${first.id}`,
      after: { address: coldAddress, signature, ratio: '2.000000' },
    });
    const overview = (await call('GET', '/api/admin/overview', admin.token)).json() as AdminOverview;
    expect(overview.solvency).toMatchObject({ id: first.id, ratio: '2.000000', unsignedAddresses: [] });
  });

  it("a reserve drained behind the ledger's back takes the next ratio below 1; the earlier proof still verifies against its snapshot", async () => {
    await setBalance(t.chain!.hotWalletAddress, '0');
    await mine(3);
    // The schedule's run (the leader's timer in production): the latest is not an hour old, so nothing is taken…
    await t.app.solvency.tick();
    expect(((await call('GET', '/api/solvency/history')).json() as unknown[]).length).toBe(1);
    // …until an hour has passed.
    t.clock.advance(3_600_000);
    await again(admin);
    await again(alice);
    const second = await t.app.solvency.takeSnapshot('schedule');
    expect(second.id).not.toBe(first.id);
    expect(Number(second.ratio)).toBeLessThan(1);
    // The cold address's signature was for the earlier snapshot: listed again, not counted.
    expect(second.reserves.addresses.find((entry) => entry.address === coldAddress)).toMatchObject({ signature: null });
    expect(second.reserves.totalWei).toBe(parseEther('2').toString());
    const overview = (await call('GET', '/api/admin/overview', admin.token)).json() as AdminOverview;
    expect(overview.solvency).toMatchObject({ id: second.id, ratio: second.ratio, unsignedAddresses: [coldAddress] });
    expect(overview.alarm).toBe(true);

    // Alice's proof in the new snapshot has a fresh salt (she cannot be recognised across snapshots).
    const latestProof = (await call('GET', '/api/solvency/proof', alice.token)).json() as SolvencyProof;
    expect(latestProof.salt).not.toBe(firstProof.salt);
    expect(allSolvencyChecksPassed(await verify(latestProof, second))).toBe(true);
    // The earlier proof, asked again, is the same and still verifies against the earlier snapshot — not against the new one.
    const earlier = (await call('GET', `/api/solvency/proof?snapshot=${first.id}`, alice.token)).json() as SolvencyProof;
    expect(earlier).toEqual(firstProof);
    const earlierSnapshot = (await call('GET', `/api/solvency/snapshots/${first.id}`)).json() as SolvencySnapshot;
    expect(earlierSnapshot).toEqual(first);
    expect(allSolvencyChecksPassed(await verify(earlier, earlierSnapshot))).toBe(true);
    expect(allSolvencyChecksPassed(await verify(earlier, second))).toBe(false);
    expect((await call('GET', `/api/solvency/proof?snapshot=${randomUUID()}`, alice.token)).statusCode).toBe(404);
  });

  it("npm run verify:solvency passes on the product's own answers (with --rpc re-reading the reserves at the block) and fails a tampered proof", async () => {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'verify-solvency-'));
    try {
      await again(carol);
      const snapshot = (await call('GET', '/api/solvency')).json() as SolvencySnapshot;
      const proof = (await call('GET', '/api/solvency/proof', carol.token)).json() as SolvencyProof;
      await fs.writeFile(path.join(directory, 'snapshot.json'), JSON.stringify(snapshot));
      await fs.writeFile(path.join(directory, 'proof.json'), JSON.stringify(proof));
      await fs.writeFile(
        path.join(directory, 'tampered.json'),
        JSON.stringify({ ...proof, amountWei: (BigInt(proof.amountWei) + 1n).toString() }),
      );
      const run = async (args: string[]) => {
        const out: string[] = [];
        const code = await runVerifySolvency(args, {
          cwd: directory,
          out: (line) => out.push(line),
          error: (line) => out.push(line),
        });
        return { code, out: out.join('\n') };
      };
      const passed = await run(['proof.json', '--snapshot', 'snapshot.json', '--key', publicKey, '--rpc', anvil.rpcUrl]);
      expect(passed.out).toContain('All 7 checks passed.');
      expect(passed.code).toBe(0);
      expect(passed.out).toContain(`✓ ${t.chain!.hotWalletAddress}`);
      const tampered = await run(['tampered.json', '--snapshot', 'snapshot.json', '--key', publicKey]);
      expect(tampered.code).toBe(1);
      expect(tampered.out).toContain('✗ Your balance is in the tree');
      expect((await run(['proof.json'])).code).toBe(2);
      // The hot wallet refilled after the fact changes nothing at the block; a balance the snapshot misstates fails --rpc.
      const misstated = {
        ...snapshot,
        reserves: {
          ...snapshot.reserves,
          addresses: snapshot.reserves.addresses.map((entry) =>
            entry.address === coldAddress ? { ...entry, balanceWei: '1' } : entry,
          ),
        },
      };
      await fs.writeFile(path.join(directory, 'misstated.json'), JSON.stringify(misstated));
      const wrong = await run(['proof.json', '--snapshot', 'misstated.json', '--key', publicKey, '--rpc', anvil.rpcUrl]);
      expect(wrong.code).toBe(1);
      expect(wrong.out).toContain(`✗ ${coldAddress}: holds`);
    } finally {
      await fs.rm(directory, { recursive: true, force: true });
    }
  });

  it('the schedule runs with the chain workers: a node that starts them takes a snapshot at once, once, then waits for the period', async () => {
    const node = await createTestApp({
      chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '3' }),
      startChainWorkers: true,
      env: { SOLVENCY_SNAPSHOT_MINUTES: '30' },
    });
    try {
      const taken = await pollUntil(
        async () => {
          const rows = await node.db.select().from(solvencySnapshots);
          return rows.length > 0 ? rows : undefined;
        },
        20_000,
        'the scheduled snapshot',
      );
      expect(taken).toHaveLength(1);
      expect(taken[0]!.takenBy).toBe('schedule');
      await node.app.solvency.tick();
      expect(await node.count('solvency_snapshots')).toBe(1);
      node.clock.advance(30 * 60_000);
      await node.app.solvency.tick();
      expect(await node.count('solvency_snapshots')).toBe(2);
    } finally {
      await node.close();
    }
  });
});

/**
 * `npm run bench:withdrawal-fees -- [withdrawals]` (default 100): issue 12's
 * figure. N withdrawals of 0.01 ETH requested through the real app (HTTP,
 * fee quoted from the chain) on a fresh anvil and an in-memory database, paid
 * by the real sender. Every other batch of ten is held: automine off, the
 * chain's base fee pushed to ten times what was charged, the clock moved past
 * WITHDRAWAL_STUCK_MS again and again so that the sender re-prices (up to the
 * charged cap, never above), then the base fee falls back and they are mined.
 * Prints the gas the hot wallet paid against the fees charged (and the
 * ledger check), for docs/benchmarks.md.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { formatEth } from '@shifumi/money';
import { cashoutResponseSchema } from '@shifumi/protocol';
import { inArray, sql } from 'drizzle-orm';
import { composeApp } from '../composition';
import { loadConfig } from '../config';
import { startAnvil } from '../infra/chain/anvil-launcher';
import { connectChain } from '../infra/chain/chain-runtime';
import { openDatabase } from '../infra/db/database';
import { sessions, users, withdrawals } from '../infra/db/schema/index';
import { createLogMailer } from '../infra/mailer/log-mailer';
import { createLogger } from '../infra/logger';
import { createAccessTokens } from '../modules/auth/access-tokens';
import { generateReferralCode } from '../modules/auth/referral-codes';
import { checkLedger } from '../modules/ledger/ledger-check';
import { LedgerAccounts } from '../modules/ledger/ledger-accounts';
import { transfer } from '../modules/ledger/ledger.service';

const COUNT = Number(process.argv[2] ?? 100);
const BATCH = 10;
const STUCK_MS = 60_000;
const JWT_SECRET = 'bench-withdrawal-fees-secret-0123456789abcdef';
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined };

async function main(): Promise<void> {
  const anvilDir = await mkdtemp(path.join(os.tmpdir(), 'shifumi-bench-fees-'));
  const anvil = await startAnvil({ port: 0, dataDir: anvilDir, blockTimeSeconds: null, logger: quiet });
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      ETH_RPC_URL: anvil.rpcUrl,
      JWT_SECRET,
      WITHDRAWAL_CONFIRMATIONS: '1',
      WITHDRAWAL_STUCK_MS: String(STUCK_MS),
      WITHDRAWALS_PER_HOUR: '1000000',
      CHAIN_POLL_MS: '100',
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: '/nonexistent',
    }),
    jwtSecret: JWT_SECRET,
  };
  const logger = createLogger({ level: 'silent' });
  const chain = await connectChain(config, anvil.rpcUrl);
  const app = await composeApp({
    config,
    db: database.db,
    mailer: createLogMailer({ logger, from: config.mailFrom }),
    logger,
    clock,
    chain,
    startChainWorkers: false,
  });
  const rpc = (method: string, params: unknown[] = []) =>
    chain.publicClient.request({ method: method as never, params: params as never });
  const tokens = createAccessTokens({ secret: JWT_SECRET, clock });
  const sender = app.withdrawalSender!;

  try {
    const [user] = await database.db
      .insert(users)
      .values({
        name: 'Bench',
        email: `bench-${randomUUID()}@example.com`,
        emailVerifiedAt: new Date(),
        referralCode: generateReferralCode(),
      })
      .returning({ id: users.id });
    const sessionId = randomUUID();
    await database.db.insert(sessions).values({ id: sessionId, userId: user!.id });
    await database.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `bench-fund:${user!.id}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(user!.id), amount: 10n ** 20n }],
      }),
    );

    const hotBefore = await chain.publicClient.getBalance({ address: chain.hotWalletAddress });
    let held = 0;
    for (let start = 0; start < COUNT; start += BATCH) {
      const token = await tokens.issue({ userId: user!.id, sessionId });
      const ids: string[] = [];
      for (let index = start; index < Math.min(COUNT, start + BATCH); index += 1) {
        const recipient = `0x${(0xbe0000 + index).toString(16).padStart(40, '0')}`;
        const response = await app.fastify.inject({
          method: 'POST',
          url: '/api/wallet/cashout',
          headers: { authorization: token, 'content-type': 'application/json' },
          payload: JSON.stringify({ amount: '0.01', recipientAddress: recipient }),
        });
        if (response.statusCode !== 201) throw new Error(`cashout answered ${response.statusCode}: ${response.body}`);
        ids.push(cashoutResponseSchema.parse(response.json()).id);
      }
      const hold = (start / BATCH) % 2 === 1;
      if (hold) {
        held += ids.length;
        const [row] = await database.db.select().from(withdrawals).where(inArray(withdrawals.id, ids)).limit(1);
        await rpc('evm_setAutomine', [false]);
        await sender.tick(); // signed and broadcast at the current estimate
        await rpc('anvil_setNextBlockBaseFeePerGas', [`0x${(row!.maxFeePerGas! * 10n).toString(16)}`]);
        await rpc('evm_mine'); // an empty block at ten times the charged price: nothing gets in
        for (let period = 0; period < 6; period += 1) {
          offset += STUCK_MS;
          await sender.tick();
        }
        await rpc('anvil_setNextBlockBaseFeePerGas', ['0x3b9aca00']); // back to 1 gwei
        await rpc('evm_mine');
        await rpc('evm_setAutomine', [true]);
      }
      for (let round = 0; round < 200; round += 1) {
        await sender.tick();
        const open = await database.db
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(inArray(withdrawals.status, ['queued', 'sent']));
        if (open.length === 0) break;
        await rpc('evm_mine');
      }
    }

    const [totals] = (
      await database.db.execute<{
        count: string;
        fees: string;
        gas: string;
        attempts: string;
        repriced: string;
        max_ratio: string;
      }>(sql`
        SELECT COUNT(*)::text AS count, SUM(fee)::text AS fees, SUM(gas_paid)::text AS gas,
               (SELECT COUNT(*) FROM withdrawal_attempts)::text AS attempts,
               (SELECT COUNT(DISTINCT withdrawal_id) FROM withdrawal_attempts a WHERE (SELECT COUNT(*) FROM withdrawal_attempts b WHERE b.withdrawal_id = a.withdrawal_id) > 1)::text AS repriced,
               MAX(gas_paid::float8 / fee::float8)::text AS max_ratio
        FROM withdrawals WHERE status = 'confirmed'`)
    ).rows;
    const hotAfter = await chain.publicClient.getBalance({ address: chain.hotWalletAddress });
    const report = await checkLedger(database.db);
    const fees = BigInt(totals!.fees);
    const gas = BigInt(totals!.gas);
    const paidOut = BigInt(totals!.count) * 10n ** 16n;
    console.log(`withdrawals confirmed:       ${totals!.count} of ${COUNT} (${held} held while fees jumped ×10)`);
    console.log(`signed transactions:         ${totals!.attempts} (${totals!.repriced} withdrawals re-priced at least once)`);
    console.log(`fees charged:                ${formatEth(fees)} ETH`);
    console.log(
      `gas paid by the hot wallet:  ${formatEth(gas)} ETH (on chain: ${formatEth(hotBefore - hotAfter - paidOut)} ETH)`,
    );
    console.log(
      `gas / fees:                  ${(Number(gas) / Number(fees)).toFixed(3)} overall, ${Number(totals!.max_ratio).toFixed(3)} at most for one withdrawal`,
    );
    console.log(
      `ledger:check:                ${report.ok ? 'ok' : `FAILED ${report.problems.join('; ')}`} (gas ${report.withdrawalGasPaid} ≤ fee income ${report.withdrawalFeeIncome})`,
    );
    if (gas > fees || !report.ok) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    await anvil.stop();
    await rm(anvilDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});

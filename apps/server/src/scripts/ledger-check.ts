/**
 * `npm run ledger:check`: re-proves the ledger's invariants on the configured
 * database (DATABASE_URL, or the embedded PGlite in DATA_DIR — stop the server
 * first, PGlite admits one process) and that on-chain holdings (hot wallet +
 * unswept deposit addresses) cover what players are owed; exits non-zero on
 * any drift.
 *
 * The chain: ETH_RPC_URL; else the embedded anvil on ANVIL_PORT if it runs;
 * else the embedded chain is started from its state in DATA_DIR just for the
 * check (no block is mined meanwhile) and stopped again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { ANVIL_STATE_FILE, startAnvil } from '../infra/chain/anvil-launcher';
import { createChainPublicClient } from '../infra/chain/chain-client';
import { connectChain } from '../infra/chain/chain-runtime';
import { DEV_CHAIN_ID } from '../infra/chain/hd-wallet';
import { databaseTargetOf, openDatabase } from '../infra/db/database';
import { createChainHoldings } from '../modules/ledger/chain-holdings';
import { checkLedger } from '../modules/ledger/ledger-check';
import { recordLedgerCheck } from '../modules/admin/overview.service';
import { CLI_ACTOR } from '../modules/admin/audit-log';

const quietLogger = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined };

async function answers(rpcUrl: string): Promise<boolean> {
  try {
    await createChainPublicClient({ rpcUrl, chainId: DEV_CHAIN_ID, requestTimeoutMs: 2_000 }).getChainId();
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  let rpcUrl = config.ethRpcUrl ?? `http://127.0.0.1:${config.anvilPort}`;
  let stopChain = async () => undefined as void;
  let chainNote = '';
  if (config.ethRpcUrl === undefined && !(await answers(rpcUrl))) {
    const anvilDir = path.join(config.dataDir, 'anvil');
    if (fs.existsSync(path.join(anvilDir, ANVIL_STATE_FILE))) {
      const anvil = await startAnvil({ port: 0, dataDir: anvilDir, blockTimeSeconds: null, logger: quietLogger });
      rpcUrl = anvil.rpcUrl;
      stopChain = () => anvil.stop();
    } else {
      rpcUrl = '';
      chainNote = ' (no chain has run in DATA_DIR yet: on-chain holdings not checked)';
    }
  }

  const handle = await openDatabase(databaseTargetOf(config));
  try {
    await handle.migrate();
    const chain = rpcUrl === '' ? undefined : await connectChain(config, rpcUrl);
    const report = await checkLedger(handle.db, chain ? createChainHoldings(handle.db, chain) : undefined);
    // Issue 18: the console's overview shows the last result and its time.
    await recordLedgerCheck(handle.db, report, CLI_ACTOR, new Date());
    for (const problem of report.problems) console.error(`ledger:check: ${problem}`);
    const holdings = report.holdings === undefined ? '' : `, ${report.holdings} wei held on chain`;
    const fees = `, withdrawal gas ${report.withdrawalGasPaid} wei ≤ fees ${report.withdrawalFeeIncome} wei`;
    console.log(
      `ledger:check: ${report.ok ? 'ok' : 'FAILED'} — ${report.liabilities} wei owed to players${holdings}${fees}${chainNote}`,
    );
    return report.ok ? 0 : 1;
  } finally {
    await handle.close();
    await stopChain();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`ledger:check: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);

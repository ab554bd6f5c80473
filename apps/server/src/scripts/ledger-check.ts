/**
 * `npm run ledger:check`: re-proves the ledger's invariants on the configured
 * database (DATABASE_URL, or the embedded PGlite in DATA_DIR — stop the server
 * first, PGlite allows one process) and exits non-zero on any drift.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../infra/db/database';
import { checkLedger } from '../modules/ledger/ledger-check';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const handle = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    await handle.migrate();
    const report = await checkLedger(handle.db);
    for (const problem of report.problems) console.error(`ledger:check: ${problem}`);
    console.log(`ledger:check: ${report.ok ? 'ok' : 'FAILED'} — ${report.liabilities} wei owed to players`);
    return report.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`ledger:check: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);

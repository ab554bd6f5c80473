/**
 * `npm run solvency:sign-reserve -- [<snapshot id> <block number>]`: prints
 * the message an operator signs offline (EIP-191 `personal_sign`, e.g. with
 * `cast wallet sign` or a hardware wallet) with the key of a cold reserve
 * address listed in RESERVE_ADDRESSES (issue 28). Without arguments, reads the
 * latest snapshot from the configured database and prints its message and the
 * cold addresses awaiting a signature. The signature is then stored with
 * `POST /api/admin/solvency/reserve-signatures` `{ snapshotId, address, signature }`.
 * Reads no key and signs nothing.
 *
 * Exit code: 0, 1 when there is no snapshot, 2 for a usage error.
 */
import { pathToFileURL } from 'node:url';
import { reserveMessage, type SolvencySnapshot } from '@shifumi/protocol';
import { ConfigError, loadConfig } from '../config';
import { databaseTargetOf, openDatabase } from '../infra/db/database';
import { latestSnapshot } from '../modules/solvency/solvency.repo';

export const SIGN_RESERVE_USAGE =
  'Usage: npm run solvency:sign-reserve -- [<snapshot id> <block number>]   (no arguments: the latest snapshot of the configured database)';

export interface SignReserveIo {
  out: (line: string) => void;
  error: (line: string) => void;
  /** The latest snapshot's document (tests inject one; default: the configured database). */
  latest?: () => Promise<SolvencySnapshot | undefined>;
}

function printFor(io: SignReserveIo, id: string, blockNumber: string, unsigned: readonly string[]): void {
  io.out('Sign this message (EIP-191 personal_sign) with the key of each cold reserve address:');
  io.out('');
  io.out(reserveMessage(id, blockNumber));
  io.out('');
  if (unsigned.length > 0) io.out(`Addresses of this snapshot without a signature: ${unsigned.join(', ')}`);
  io.out(`Then: POST /api/admin/solvency/reserve-signatures {"snapshotId":"${id}","address":"0x…","signature":"0x…"}`);
}

export async function runSignReserve(args: readonly string[], io: SignReserveIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.error(SIGN_RESERVE_USAGE);
    return 0;
  }
  if (args.length === 2) {
    const [id, block] = args as [string, string];
    if (!/^[0-9a-f-]{36}$/i.test(id) || !/^\d+$/.test(block)) {
      io.error('Give a snapshot id (a UUID) and a block number.');
      io.error(SIGN_RESERVE_USAGE);
      return 2;
    }
    printFor(io, id.toLowerCase(), BigInt(block).toString(), []);
    return 0;
  }
  if (args.length !== 0) {
    io.error(SIGN_RESERVE_USAGE);
    return 2;
  }
  const latest = await (io.latest ?? latestFromDatabase)();
  if (!latest) {
    io.error('No solvency snapshot yet: take one with POST /api/admin/solvency/snapshot.');
    return 1;
  }
  printFor(
    io,
    latest.id,
    latest.blockNumber,
    latest.reserves.addresses.filter((entry) => entry.signature === null).map((entry) => entry.address),
  );
  return 0;
}

async function latestFromDatabase(): Promise<SolvencySnapshot | undefined> {
  const config = loadConfig(process.env);
  const database = await openDatabase(databaseTargetOf(config));
  try {
    await database.migrate();
    const row = await latestSnapshot(database.db);
    return row?.document as unknown as SolvencySnapshot | undefined;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSignReserve(process.argv.slice(2), { out: (line) => console.log(line), error: (line) => console.error(line) }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exitCode = 2;
    },
  );
}

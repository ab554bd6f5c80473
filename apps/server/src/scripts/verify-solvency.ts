/**
 * `npm run verify:solvency -- <proof.json> --snapshot <snapshot.json> [--key <base64>] [--rpc <url>]`:
 * every check of a player's inclusion proof against a signed solvency
 * snapshot (issue 28), offline, with `@shifumi/fairness` — the same checks the
 * `/solvency` page runs in the browser. With `--rpc`, also re-reads each
 * reserve address's balance at the snapshot's block from that node and checks
 * each address's signature of the snapshot's message.
 *
 * The proof is `GET /api/solvency/proof`'s answer, the snapshot
 * `GET /api/solvency`'s (or `GET /api/solvency/snapshots/{id}`'s), the key
 * `GET /api/fairness/key`'s `publicKey`. Nothing is fetched but the balances
 * with `--rpc`.
 *
 * Exit code: 0 when every check passes, 1 when one fails, 2 for a usage error
 * (no file, an unreadable file, not JSON, a bad URL).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { allSolvencyChecksPassed, checkSolvencyProof, type RecoverSigner } from '@shifumi/fairness';
import { nodeFairnessCrypto } from '@shifumi/fairness/node';
import { reserveMessage, solvencySnapshotSchema, type SolvencySnapshot } from '@shifumi/protocol';
import { createPublicClient, http, recoverMessageAddress, type Address } from 'viem';

export const VERIFY_SOLVENCY_USAGE =
  'Usage: npm run verify:solvency -- <proof.json> --snapshot <snapshot.json> [--key <base64 public key from GET /api/fairness/key>] [--rpc <Ethereum JSON-RPC URL>]';

export interface VerifySolvencyIo {
  cwd: string;
  out: (line: string) => void;
  error: (line: string) => void;
  /** Reads an address's balance at a block (tests inject one; default: viem on the --rpc URL). */
  balanceAt?: (rpcUrl: string, address: Address, blockNumber: bigint) => Promise<bigint>;
}

interface Arguments {
  proof: string;
  snapshot: string;
  key: string | null;
  rpc: string | null;
}

const OPTIONS = ['--snapshot', '--key', '--rpc'] as const;

function parseArguments(args: readonly string[]): Arguments | string {
  let proof: string | null = null;
  const values: Record<(typeof OPTIONS)[number], string | null> = { '--snapshot': null, '--key': null, '--rpc': null };
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index]!;
    const option = OPTIONS.find((name) => argument === name || argument.startsWith(`${name}=`));
    if (option) {
      const value = argument === option ? args[index + 1] : argument.slice(option.length + 1);
      if (value === undefined) return `${option} needs a value.`;
      values[option] = value;
      if (argument === option) index += 1;
    } else if (argument === '--help' || argument === '-h') {
      return '';
    } else if (argument.startsWith('-')) {
      return `Unknown option ${argument}.`;
    } else if (proof === null) {
      proof = argument;
    } else {
      return 'Give one proof file.';
    }
  }
  if (proof === null) return 'Give the proof file.';
  if (values['--snapshot'] === null) return 'Give the snapshot file with --snapshot.';
  if (values['--rpc'] !== null && !/^https?:\/\/\S+$/.test(values['--rpc'])) return '--rpc needs an http(s) URL.';
  return { proof, snapshot: values['--snapshot'], key: values['--key'], rpc: values['--rpc'] };
}

async function readJson(io: VerifySolvencyIo, file: string, what: string): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: JSON.parse(await fs.readFile(path.resolve(io.cwd, file), 'utf8')) };
  } catch (error) {
    const reason = error instanceof SyntaxError ? 'it is not JSON' : ((error as NodeJS.ErrnoException).code ?? 'unreadable');
    io.error(`Cannot read the ${what} ${file}: ${reason}.`);
    return { ok: false };
  }
}

/** EIP-191 signer recovery with viem (pure: no node asked). */
export const recoverWithViem: RecoverSigner = async (message, signature) => {
  try {
    return (await recoverMessageAddress({ message, signature })).toLowerCase();
  } catch {
    return null;
  }
};

function viemBalanceAt(rpcUrl: string, address: Address, blockNumber: bigint): Promise<bigint> {
  return createPublicClient({ transport: http(rpcUrl, { timeout: 15_000, retryCount: 1 }) }).getBalance({ address, blockNumber });
}

/** With --rpc: each address's balance at the block is what the snapshot says, and each signature listed is by its address. */
async function checkOnChain(io: VerifySolvencyIo, snapshot: SolvencySnapshot, rpcUrl: string): Promise<number> {
  const balanceAt = io.balanceAt ?? viemBalanceAt;
  const block = BigInt(snapshot.blockNumber);
  const message = reserveMessage(snapshot.id, snapshot.blockNumber);
  let failures = 0;
  for (const entry of snapshot.reserves.addresses) {
    let balance: bigint;
    try {
      balance = await balanceAt(rpcUrl, entry.address as Address, block);
    } catch (error) {
      io.out(
        `✗ ${entry.address}: its balance at block ${snapshot.blockNumber} could not be read (${error instanceof Error ? error.message.split('\n')[0] : 'error'}).`,
      );
      failures += 1;
      continue;
    }
    if (balance.toString() !== entry.balanceWei) {
      io.out(
        `✗ ${entry.address}: holds ${balance} wei at block ${snapshot.blockNumber}, the snapshot says ${entry.balanceWei} wei.`,
      );
      failures += 1;
      continue;
    }
    if (entry.signature === null) {
      io.out(`• ${entry.address}: ${balance} wei at block ${snapshot.blockNumber}, as listed; no signature, not counted.`);
      continue;
    }
    const signer = await recoverWithViem(message, entry.signature as `0x${string}`);
    if (signer !== entry.address) {
      io.out(`✗ ${entry.address}: the signature is not by this address's key.`);
      failures += 1;
      continue;
    }
    io.out(`✓ ${entry.address}: ${balance} wei at block ${snapshot.blockNumber}, signed by its key.`);
  }
  return failures;
}

/** Runs the CLI and answers its exit code. */
export async function runVerifySolvency(args: readonly string[], io: VerifySolvencyIo): Promise<number> {
  const parsed = parseArguments(args);
  if (typeof parsed === 'string') {
    if (parsed !== '') io.error(parsed);
    io.error(VERIFY_SOLVENCY_USAGE);
    return parsed === '' ? 0 : 2;
  }
  const proof = await readJson(io, parsed.proof, 'proof');
  if (!proof.ok) return 2;
  const snapshot = await readJson(io, parsed.snapshot, 'snapshot');
  if (!snapshot.ok) return 2;
  const checks = await checkSolvencyProof(proof.value, snapshot.value, parsed.key, nodeFairnessCrypto, recoverWithViem);
  for (const check of checks) io.out(`${check.ok ? '✓' : '✗'} ${check.title}: ${check.detail}`);
  let failures = checks.filter((check) => !check.ok).length;
  let total = checks.length;
  if (parsed.key === null) io.out('No --key given: pass the publicKey of GET /api/fairness/key to check the signature.');
  if (parsed.rpc !== null) {
    const wellFormed = solvencySnapshotSchema.safeParse(snapshot.value);
    total += 1;
    if (!wellFormed.success) {
      io.out('✗ The reserves on chain: not checked, the snapshot is not well-formed.');
      failures += 1;
    } else {
      io.out(`The reserves on chain, at block ${wellFormed.data.blockNumber}:`);
      const onChain = await checkOnChain(io, wellFormed.data, parsed.rpc);
      if (onChain > 0) failures += 1;
    }
  }
  io.out(failures === 0 ? `All ${total} checks passed.` : `${failures} of ${total} checks failed.`);
  return failures === 0 && allSolvencyChecksPassed(checks) ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cwd = process.env.INIT_CWD ?? process.cwd();
  runVerifySolvency(process.argv.slice(2), { cwd, out: (line) => console.log(line), error: (line) => console.error(line) }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 2;
    },
  );
}

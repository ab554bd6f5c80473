/**
 * `npm run verify:game -- <transcript.json> [--key <base64>]`: every check of
 * a game's signed transcript (issue 17), offline, with `@shifumi/fairness`
 * — the same checks the `/verify` page runs in the browser.
 *
 * The key is the `publicKey` of `GET /api/fairness/key` (base64 of the raw 32
 * bytes). Nothing is fetched: without `--key` the signature check fails (a
 * transcript carries no key, and a key taken from the same place as the
 * transcript would prove nothing), the other checks still run.
 *
 * Exit code: 0 when every check passes, 1 when one fails, 2 for a usage error
 * (no file, an unreadable file, not JSON).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { allPassed, checkTranscript } from '@shifumi/fairness';
import { nodeFairnessCrypto } from '@shifumi/fairness/node';

export const VERIFY_GAME_USAGE =
  'Usage: npm run verify:game -- <transcript.json> [--key <base64 public key from GET /api/fairness/key>]';

/** Where the CLI writes, and the directory relative paths are taken from. */
export interface VerifyGameIo {
  cwd: string;
  out: (line: string) => void;
  error: (line: string) => void;
}

function parseArguments(args: readonly string[]): { file: string; key: string | null } | string {
  let file: string | null = null;
  let key: string | null = null;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index]!;
    if (argument === '--key') {
      const value = args[index + 1];
      if (value === undefined) return '--key needs a value.';
      key = value;
      index += 1;
    } else if (argument.startsWith('--key=')) {
      key = argument.slice('--key='.length);
    } else if (argument === '--help' || argument === '-h') {
      return '';
    } else if (argument.startsWith('-')) {
      return `Unknown option ${argument}.`;
    } else if (file === null) {
      file = argument;
    } else {
      return 'Give one transcript file.';
    }
  }
  if (file === null) return 'Give the transcript file.';
  return { file, key };
}

/** Runs the CLI and answers its exit code. */
export async function runVerifyGame(args: readonly string[], io: VerifyGameIo): Promise<number> {
  const parsed = parseArguments(args);
  if (typeof parsed === 'string') {
    if (parsed !== '') io.error(parsed);
    io.error(VERIFY_GAME_USAGE);
    return parsed === '' ? 0 : 2;
  }
  const file = path.resolve(io.cwd, parsed.file);
  let input: unknown;
  try {
    input = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof SyntaxError ? 'it is not JSON' : ((error as NodeJS.ErrnoException).code ?? 'unreadable');
    io.error(`Cannot read the transcript ${parsed.file}: ${reason}.`);
    return 2;
  }
  const checks = await checkTranscript(input, parsed.key, nodeFairnessCrypto);
  for (const check of checks) {
    io.out(`${check.ok ? '✓' : '✗'} ${check.title}: ${check.detail}${check.exactWei ? ` (${check.exactWei})` : ''}`);
  }
  const failures = checks.filter((check) => !check.ok).length;
  if (parsed.key === null) io.out('No --key given: pass the publicKey of GET /api/fairness/key to check the signature.');
  io.out(failures === 0 ? `All ${checks.length} checks passed.` : `${failures} of ${checks.length} checks failed.`);
  return allPassed(checks) ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // npm runs workspace scripts in the workspace's folder; INIT_CWD is where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  runVerifyGame(process.argv.slice(2), { cwd, out: (line) => console.log(line), error: (line) => console.error(line) }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 2;
    },
  );
}

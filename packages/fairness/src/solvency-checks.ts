/**
 * Proof of solvency (issue 28): every check of a player's inclusion proof
 * against a signed snapshot, each named, with a verdict and a sentence a
 * person can read — run by the `/solvency` page and `npm run verify:solvency`
 * alike. Pure: SHA-256, Ed25519 and the EIP-191 signer recovery are injected.
 */
import {
  reserveMessage,
  solvencyProofSchema,
  solvencySnapshotSchema,
  type SolvencyProof,
  type SolvencySnapshot,
} from '@shifumi/protocol/solvency';
import { SOLVENCY_CHECK_IDS, SOLVENCY_TEXTS, type SolvencyCheckId } from '@shifumi/protocol/solvency-texts';
import { Ed25519UnavailableError, type FairnessCrypto } from './crypto';
import { fromBase64, toHex } from './encoding';
import { hex32ToBytes, leafOf, TreeAmountError, userHashOf, walkPath } from './solvency-tree';
import { formatProblemOf } from './format-problem';
import { sayerOf, type CheckReason, type ReasonKey, type Said as SaidOf } from './reasons';
import { signedBytes } from './transcript-bytes';
import { MAX_TREE_WEI } from '@shifumi/protocol/solvency';

/** One check's verdict. */
export interface SolvencyCheck {
  id: SolvencyCheckId;
  title: string;
  meaning: string;
  ok: boolean;
  detail: string;
  /** Issue 27: `detail` as a key of `SOLVENCY_TEXTS` and its values, in order: a page says it in its reader's language. */
  reason: CheckReason<SolvencyReasonKey>;
}

/** The keys of `SOLVENCY_TEXTS` that say a check's outcome. */
export type SolvencyReasonKey = ReasonKey<typeof SOLVENCY_TEXTS>;
type Said = SaidOf<SolvencyReasonKey>;
const say = sayerOf(SOLVENCY_TEXTS);

/**
 * The address that signed `message` with EIP-191 `personal_sign`
 * (lower-case), or null when the signature is not one. Injected (viem's
 * `recoverMessageAddress` in the browser and the CLI).
 */
export type RecoverSigner = (message: string, signature: `0x${string}`) => Promise<string | null>;

function check(id: SolvencyCheckId, ok: boolean, said: Said): SolvencyCheck {
  const { title, meaning } = SOLVENCY_TEXTS.checks[id];
  return { id, title, meaning, ok, ...said };
}

/** Digits of the ratio: 6 decimals, rounded down (never overstates the cover). */
const RATIO_DECIMALS = 6n;

/**
 * Counted reserves / liabilities as a decimal string with 6 decimals, rounded
 * down. Nothing owed is fully covered: "1.000000" when liabilities are 0
 * (decision 031).
 */
export function solvencyRatio(reservesWei: bigint, liabilitiesWei: bigint): string {
  if (liabilitiesWei <= 0n) return '1.000000';
  const scale = 10n ** RATIO_DECIMALS;
  const scaled = (reservesWei * scale) / liabilitiesWei;
  return `${scaled / scale}.${(scaled % scale).toString().padStart(Number(RATIO_DECIMALS), '0')}`;
}

function parseError(
  input: unknown,
  schema: typeof solvencyProofSchema | typeof solvencySnapshotSchema,
  name: string,
): Said | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${name}.${issue.path.join('.')}` : name;
  return say('badFormat', where, formatProblemOf(issue, input));
}

/** Whether a base64 Ed25519 signature over the snapshot (without `signature`) verifies with `publicKey`. */
async function checkSignature(input: unknown, publicKey: string | null, crypto: FairnessCrypto): Promise<SolvencyCheck> {
  if (publicKey === null) return check('signature', false, say('signatureNoKey'));
  const key = fromBase64(publicKey.trim());
  if (key === null || key.length !== 32) return check('signature', false, say('signatureBadKey'));
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return check('signature', false, say('signatureMalformed'));
  const record = input as Record<string, unknown>;
  const signature = typeof record.signature === 'string' ? fromBase64(record.signature) : null;
  if (signature === null || signature.length !== 64) return check('signature', false, say('signatureMalformed'));
  let message: Uint8Array;
  try {
    message = signedBytes(record);
  } catch {
    return check('signature', false, say('signatureInvalid'));
  }
  try {
    const valid = await crypto.verifyEd25519(key, message, signature);
    return check('signature', valid, valid ? say('signatureValid') : say('signatureInvalid'));
  } catch (error) {
    if (error instanceof Ed25519UnavailableError) return check('signature', false, say('signatureUnavailable'));
    throw error;
  }
}

/** The leaf recomputed from the proof's user id, salt and amount. */
async function checkLeaf(
  proof: SolvencyProof,
  crypto: FairnessCrypto,
  expectedUserId: string | undefined,
): Promise<{ check: SolvencyCheck; ok: boolean }> {
  if (expectedUserId !== undefined && proof.userId !== expectedUserId)
    return { check: check('leaf', false, say('otherUser', proof.userId)), ok: false };
  const amount = BigInt(proof.amountWei);
  if (amount < 0n) return { check: check('leaf', false, say('amountNegative', proof.amountWei)), ok: false };
  if (amount > MAX_TREE_WEI) return { check: check('leaf', false, say('amountOverflow', proof.amountWei)), ok: false };
  const salt = hex32ToBytes(proof.salt)!;
  const leaf = await leafOf(crypto, await userHashOf(crypto, salt, proof.userId), amount);
  const ok = toHex(leaf.hash) === proof.leaf;
  return { check: check('leaf', ok, ok ? say('leafMatches') : say('leafMismatch')), ok };
}

async function checkPathAndRoot(
  proof: SolvencyProof,
  snapshot: SolvencySnapshot,
  crypto: FairnessCrypto,
): Promise<[SolvencyCheck, SolvencyCheck]> {
  const amount = BigInt(proof.amountWei);
  if (amount < 0n || amount > MAX_TREE_WEI) {
    return [check('path', false, say('notCheckable')), check('root', false, say('notCheckable'))];
  }
  // The walk starts from the proof's leaf: a wrong leaf is the leaf check's failure, the path is judged on its own.
  const start = { hash: hex32ToBytes(proof.leaf)!, sum: amount };
  let walk;
  try {
    walk = await walkPath(crypto, start, proof.path);
  } catch (error) {
    if (!(error instanceof TreeAmountError)) throw error;
    walk = { ok: false as const, step: 0, reason: 'node-overflow' as const };
  }
  if (!walk.ok) {
    const detail =
      walk.reason === 'negative'
        ? say('stepNegative', walk.step, walk.sum ?? '')
        : walk.reason === 'overflow'
          ? say('stepOverflow', walk.step, walk.sum ?? '')
          : say('nodeOverflow', walk.step);
    return [check('path', false, detail), check('root', false, say('notCheckable'))];
  }
  const pathCheck = check('path', true, say('pathFine', proof.path.length));
  const published = snapshot.liabilities.root;
  if (proof.root.hash !== published.hash || proof.root.sumWei !== published.sumWei)
    return [pathCheck, check('root', false, say('proofRootMismatch'))];
  if (toHex(walk.root.hash) !== published.hash) return [pathCheck, check('root', false, say('rootHashMismatch'))];
  if (walk.root.sum.toString() !== published.sumWei)
    return [pathCheck, check('root', false, say('rootSumMismatch', walk.root.sum.toString(), published.sumWei))];
  return [pathCheck, check('root', true, say('rootMatches', published.sumWei))];
}

/**
 * The reserves: each address with a signature must have signed the
 * snapshot's message with its own key (else the snapshot counts what it
 * cannot prove); the total is the sum of the signed addresses' balances, and
 * the ratio that total over the root's sum.
 */
export async function checkReserves(snapshot: SolvencySnapshot, recoverSigner: RecoverSigner): Promise<SolvencyCheck> {
  const message = reserveMessage(snapshot.id, snapshot.blockNumber);
  let counted = 0n;
  let countedAddresses = 0;
  for (const entry of snapshot.reserves.addresses) {
    if (entry.signature === null) continue;
    let signer: string | null;
    try {
      signer = await recoverSigner(message, entry.signature as `0x${string}`);
    } catch {
      signer = null;
    }
    if (signer?.toLowerCase() !== entry.address) return check('reserves', false, say('reserveBadSignature', entry.address));
    counted += BigInt(entry.balanceWei);
    countedAddresses += 1;
  }
  if (counted.toString() !== snapshot.reserves.totalWei)
    return check('reserves', false, say('reservesTotalMismatch', counted.toString(), snapshot.reserves.totalWei));
  const ratio = solvencyRatio(counted, BigInt(snapshot.liabilities.root.sumWei));
  if (ratio !== snapshot.ratio) return check('reserves', false, say('ratioMismatch', ratio, snapshot.ratio));
  return check('reserves', true, say('reservesFine', countedAddresses, snapshot.reserves.addresses.length));
}

/**
 * Runs every check of an inclusion proof (any parsed JSON value) against a
 * snapshot (any parsed JSON value) and the server's public key (base64 of
 * the raw 32 bytes; null when none was given), in {@link SOLVENCY_CHECK_IDS}
 * order. The balance is proven counted only when every check is `ok`. Never
 * throws for bad input; rejects only if the injected crypto itself fails.
 * `options.userId`: the id of the player checking (the page knows it): a
 * proof of anybody else's leaf fails the leaf check.
 */
export async function checkSolvencyProof(
  proofInput: unknown,
  snapshotInput: unknown,
  publicKey: string | null,
  crypto: FairnessCrypto,
  recoverSigner: RecoverSigner,
  options: { userId?: string } = {},
): Promise<SolvencyCheck[]> {
  const signature = await checkSignature(snapshotInput, publicKey, crypto);
  const formatError =
    parseError(proofInput, solvencyProofSchema, 'proof') ??
    parseError(snapshotInput, solvencySnapshotSchema, 'snapshot') ??
    ((proofInput as SolvencyProof).snapshotId !== (snapshotInput as SolvencySnapshot).id
      ? say('otherSnapshot', (proofInput as SolvencyProof).snapshotId, (snapshotInput as SolvencySnapshot).id)
      : null);
  if (formatError !== null) {
    return SOLVENCY_CHECK_IDS.map((id) => {
      if (id === 'format') return check('format', false, formatError);
      if (id === 'signature') return signature;
      return check(id, false, say('notCheckable'));
    });
  }
  const proof = solvencyProofSchema.parse(proofInput);
  const snapshot = solvencySnapshotSchema.parse(snapshotInput);
  const leaf = await checkLeaf(proof, crypto, options.userId);
  const [path, root] = await checkPathAndRoot(proof, snapshot, crypto);
  return [check('format', true, say('passed')), leaf.check, path, root, signature, await checkReserves(snapshot, recoverSigner)];
}

/** Whether every check passed. */
export function allSolvencyChecksPassed(checks: readonly SolvencyCheck[]): boolean {
  return checks.length > 0 && checks.every((entry) => entry.ok);
}

/**
 * Proof of solvency (issue 28): the wire formats of a snapshot
 * (`GET /api/solvency`), its history (`GET /api/solvency/history`) and a
 * player's inclusion proof (`GET /api/solvency/proof`). The tree and the
 * checks live in `@shifumi/fairness`; the formats live here, with every other
 * contract. Decision 031 explains the construction.
 */
import { z } from 'zod';

/** The first bytes of a leaf's preimage (then 0x00, the user hash, the amount). */
export const LIABILITY_LEAF_DOMAIN = 'shifumi-liability-leaf';
/** The first bytes of a node's preimage (then 0x01, left hash, left sum, right hash, right sum). */
export const LIABILITY_NODE_DOMAIN = 'shifumi-liability-node';
/** The largest amount a 32-byte big-endian unsigned integer holds: 2^256 − 1 wei. */
export const MAX_TREE_WEI = (1n << 256n) - 1n;
/** How many snapshots `GET /api/solvency/history` returns, and how long (days) proofs of earlier snapshots are kept. */
export const SOLVENCY_HISTORY_LENGTH = 90;
export const SOLVENCY_PROOF_RETENTION_DAYS = 90;

/** The message a reserve address's key signs (EIP-191 `personal_sign`) to prove control of it at a snapshot. */
export function reserveMessage(snapshotId: string, blockNumber: string | number | bigint): string {
  return `Shifumi solvency snapshot ${snapshotId} at block ${String(blockNumber)}`;
}

const hex32 = z.string().regex(/^[0-9a-f]{64}$/, { error: 'must be 64 lower-case hexadecimal characters' });
const unsignedWei = z.string().regex(/^(0|[1-9]\d{0,77})$/, { error: 'must be a whole, non-negative number of wei' });
/**
 * A sum in a proof: the format accepts any integer so that the checks can
 * say why a negative or overflowing one is refused, instead of a format error.
 */
const signedInteger = z.string().regex(/^-?(0|[1-9]\d{0,99})$/, { error: 'must be a whole number of wei' });
const base64 = z.string().regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, { error: 'must be base64' });
const address = z.string().regex(/^0x[0-9a-f]{40}$/, { error: 'must be a lower-case 0x address' });
const blockNumber = z.string().regex(/^(0|[1-9]\d{0,30})$/, { error: 'must be a block number' });
const ratio = z.string().regex(/^\d+(\.\d+)?$/, { error: 'must be a decimal number' });

/** A tree node as the snapshot and the proofs show it: its hash and the sum of the amounts below it. */
export const treeRootSchema = z.strictObject({ hash: hex32, sumWei: signedInteger });
export type TreeRoot = z.infer<typeof treeRootSchema>;

/** One reserve address: its ETH balance at the snapshot's block, and the EIP-191 signature of the snapshot's message by its key (null: not supplied, listed but not counted). */
export const reserveAddressSchema = z.strictObject({
  address,
  balanceWei: unsignedWei,
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]{130}$/, { error: 'must be a 65-byte hexadecimal signature' })
    .nullable(),
});
export type ReserveAddress = z.infer<typeof reserveAddressSchema>;

/** `GET /api/solvency`: the latest snapshot, signed (Ed25519, RFC 8785 canonical JSON of it without `signature`, base64). */
export const solvencySnapshotSchema = z.strictObject({
  id: z.uuid(),
  at: z.iso.datetime(),
  blockNumber,
  liabilities: z.strictObject({ root: treeRootSchema, players: z.number().int().min(0) }),
  reserves: z.strictObject({ totalWei: unsignedWei, addresses: z.array(reserveAddressSchema) }),
  ratio,
  signature: base64,
});
export type SolvencySnapshot = z.infer<typeof solvencySnapshotSchema>;
export type UnsignedSolvencySnapshot = Omit<SolvencySnapshot, 'signature'>;

/** One entry of `GET /api/solvency/history` (newest first). */
export const solvencyHistoryEntrySchema = z.strictObject({
  id: z.uuid(),
  at: z.iso.datetime(),
  blockNumber,
  liabilitiesWei: unsignedWei,
  reservesWei: unsignedWei,
  ratio,
});
export type SolvencyHistoryEntry = z.infer<typeof solvencyHistoryEntrySchema>;
export const solvencyHistorySchema = z.array(solvencyHistoryEntrySchema);

/** One step of a proof's path, from the leaf up: the sibling's hash and sum, and the sibling's side. */
export const proofStepSchema = z.strictObject({ hash: hex32, sumWei: signedInteger, position: z.enum(['left', 'right']) });
export type ProofStep = z.infer<typeof proofStepSchema>;

/** `GET /api/solvency/proof`: a player's inclusion proof in a snapshot. */
export const solvencyProofSchema = z.strictObject({
  snapshotId: z.uuid(),
  userId: z.string().min(1).max(64),
  salt: hex32,
  amountWei: signedInteger,
  leaf: hex32,
  path: z.array(proofStepSchema).max(64),
  root: treeRootSchema,
});
export type SolvencyProof = z.infer<typeof solvencyProofSchema>;

/** `GET /api/solvency/proof?snapshot={id}`. */
export const solvencyProofQuerySchema = z.strictObject({ snapshot: z.uuid({ error: 'Unknown snapshot.' }).optional() });

/** `POST /api/admin/solvency/reserve-signatures`: an operator's signature for a cold address of a snapshot. */
export const reserveSignatureRequestSchema = z.strictObject({
  snapshotId: z.uuid({ error: 'Unknown snapshot.' }),
  address: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'An address is 0x followed by 40 hexadecimal characters.' })
    .transform((value) => value.toLowerCase()),
  signature: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{130}$/, { error: 'A signature is 0x followed by 130 hexadecimal characters (65 bytes).' }),
});
export type ReserveSignatureRequest = z.infer<typeof reserveSignatureRequestSchema>;

/** The console's view of the latest snapshot (part of the overview). */
export const adminSolvencySchema = z.strictObject({
  id: z.uuid(),
  at: z.iso.datetime(),
  blockNumber,
  liabilitiesWei: unsignedWei,
  reservesWei: unsignedWei,
  ratio,
  /** Reserve addresses listed without a valid signature (not counted). */
  unsignedAddresses: z.array(address),
});
export type AdminSolvency = z.infer<typeof adminSolvencySchema>;

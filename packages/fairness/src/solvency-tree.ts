/**
 * Proof of solvency (issue 28, decision 031): the Merkle sum tree of the
 * liabilities. Pure: SHA-256 comes in through {@link FairnessCrypto}.
 *
 * - amounts: 32-byte big-endian unsigned integers of wei (0 … 2^256 − 1);
 * - userHash = SHA256(salt ‖ userId as UTF-8), salt 32 bytes;
 * - leaf = SHA256("shifumi-liability-leaf" ‖ 0x00 ‖ userHash ‖ amount);
 * - node = SHA256("shifumi-liability-node" ‖ 0x01 ‖ leftHash ‖ leftSum ‖ rightHash ‖ rightSum), sum leftSum + rightSum;
 * - leaves sorted by userHash, padded to a power of two with empty leaves (userHash of 32 zero bytes, amount 0).
 */
import {
  LIABILITY_LEAF_DOMAIN,
  LIABILITY_NODE_DOMAIN,
  MAX_TREE_WEI,
  type ProofStep,
  type SolvencyProof,
  type TreeRoot,
} from '@shifumi/protocol/solvency';
import type { FairnessCrypto } from './crypto';
import { toHex, utf8 } from './encoding';

/** An amount that is negative or does not fit 32 bytes: refused everywhere in the tree. */
export class TreeAmountError extends RangeError {
  override name = 'TreeAmountError';
}

/** A hash and the sum of the amounts below it. */
export interface SumNode {
  hash: Uint8Array;
  sum: bigint;
}

/** One player's entry: their id, their salt for this snapshot (32 bytes, hex) and what is owed to them (wei). */
export interface LiabilityEntry {
  userId: string;
  salt: string;
  amountWei: bigint;
}

/** The 32-byte big-endian encoding of an amount; throws {@link TreeAmountError} for a negative or overflowing one. */
export function amountBytes(amount: bigint): Uint8Array {
  if (amount < 0n) throw new TreeAmountError('an amount in the tree cannot be negative');
  if (amount > MAX_TREE_WEI) throw new TreeAmountError('an amount in the tree must fit 32 bytes');
  const bytes = new Uint8Array(32);
  let rest = amount;
  for (let index = 31; index >= 0; index -= 1) {
    bytes[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}

/** The bytes of 64 lower-case hex characters, or null. */
export function hex32ToBytes(hex: string): Uint8Array | null {
  if (!/^[0-9a-f]{64}$/.test(hex)) return null;
  const bytes = new Uint8Array(32);
  for (let index = 0; index < 32; index += 1) bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const length = parts.reduce((total, part) => total + part.length, 0);
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const LEAF_PREFIX = concat([utf8(LIABILITY_LEAF_DOMAIN), Uint8Array.of(0x00)]);
const NODE_PREFIX = concat([utf8(LIABILITY_NODE_DOMAIN), Uint8Array.of(0x01)]);
/** The user hash of a padding leaf: 32 zero bytes. */
export const EMPTY_USER_HASH = new Uint8Array(32);

/** userHash = SHA256(salt ‖ userId as UTF-8). */
export function userHashOf(crypto: FairnessCrypto, salt: Uint8Array, userId: string): Promise<Uint8Array> {
  return crypto.sha256(concat([salt, utf8(userId)]));
}

/** A leaf: SHA256("shifumi-liability-leaf" ‖ 0x00 ‖ userHash ‖ amount), with the amount as its sum. */
export async function leafOf(crypto: FairnessCrypto, userHash: Uint8Array, amount: bigint): Promise<SumNode> {
  const encoded = amountBytes(amount);
  return { hash: await crypto.sha256(concat([LEAF_PREFIX, userHash, encoded])), sum: amount };
}

/** A node: SHA256("shifumi-liability-node" ‖ 0x01 ‖ leftHash ‖ leftSum ‖ rightHash ‖ rightSum), sum leftSum + rightSum (refused past 2^256 − 1). */
export async function nodeOf(crypto: FairnessCrypto, left: SumNode, right: SumNode): Promise<SumNode> {
  const sum = left.sum + right.sum;
  const leftSum = amountBytes(left.sum);
  const rightSum = amountBytes(right.sum);
  amountBytes(sum);
  return { hash: await crypto.sha256(concat([NODE_PREFIX, left.hash, leftSum, right.hash, rightSum])), sum };
}

/** One leaf of a built tree: who it is (null for padding), with its salt and user hash. */
export interface TreeLeaf extends SumNode {
  userId: string | null;
  salt: string | null;
  userHash: Uint8Array;
}

/** A built tree: `levels[0]` the sorted, padded leaves, the last level the root alone. */
export interface LiabilityTree {
  levels: SumNode[][];
  leaves: TreeLeaf[];
  root: SumNode;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let index = 0; index < a.length && index < b.length; index += 1) {
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  }
  return a.length - b.length;
}

/**
 * Builds the tree of some liabilities (any order; one entry per player).
 * Throws {@link TreeAmountError} for a negative or overflowing amount or
 * total, and a RangeError for a malformed salt or a player twice.
 */
export async function buildLiabilityTree(crypto: FairnessCrypto, entries: readonly LiabilityEntry[]): Promise<LiabilityTree> {
  const seen = new Set<string>();
  const leaves: TreeLeaf[] = [];
  for (const entry of entries) {
    if (seen.has(entry.userId)) throw new RangeError('a player appears twice in the liabilities');
    seen.add(entry.userId);
    const salt = hex32ToBytes(entry.salt);
    if (salt === null) throw new RangeError('a salt is 32 bytes in lower-case hex');
    const userHash = await userHashOf(crypto, salt, entry.userId);
    const leaf = await leafOf(crypto, userHash, entry.amountWei);
    leaves.push({ ...leaf, userId: entry.userId, salt: entry.salt, userHash });
  }
  leaves.sort((a, b) => compareBytes(a.userHash, b.userHash));
  let width = 1;
  while (width < leaves.length) width *= 2;
  if (leaves.length < width) {
    const empty = await leafOf(crypto, EMPTY_USER_HASH, 0n);
    while (leaves.length < width) leaves.push({ ...empty, userId: null, salt: null, userHash: EMPTY_USER_HASH });
  }
  const levels: SumNode[][] = [leaves.map(({ hash, sum }) => ({ hash, sum }))];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const level: SumNode[] = [];
    for (let index = 0; index < below.length; index += 2) level.push(await nodeOf(crypto, below[index]!, below[index + 1]!));
    levels.push(level);
  }
  return { levels, leaves, root: levels[levels.length - 1]![0]! };
}

/** The wire form of a node: lower-case hex hash, decimal sum. */
export function rootOf(node: SumNode): TreeRoot {
  return { hash: toHex(node.hash), sumWei: node.sum.toString() };
}

/** The path of the leaf at `index`, from the leaf up: each sibling and its side. */
export function pathOf(levels: readonly SumNode[][], index: number): ProofStep[] {
  const path: ProofStep[] = [];
  let position = index;
  for (let level = 0; level < levels.length - 1; level += 1) {
    const sibling = levels[level]![position ^ 1]!;
    path.push({ hash: toHex(sibling.hash), sumWei: sibling.sum.toString(), position: position % 2 === 0 ? 'right' : 'left' });
    position >>= 1;
  }
  return path;
}

/** A player's inclusion proof in a built tree, or undefined when they are not in it. */
export function proofOf(tree: LiabilityTree, snapshotId: string, userId: string): SolvencyProof | undefined {
  const index = tree.leaves.findIndex((leaf) => leaf.userId === userId);
  if (index < 0) return undefined;
  const leaf = tree.leaves[index]!;
  return {
    snapshotId,
    userId,
    salt: leaf.salt!,
    amountWei: leaf.sum.toString(),
    leaf: toHex(leaf.hash),
    path: pathOf(tree.levels, index),
    root: rootOf(tree.root),
  };
}

/** Where walking a path failed: the step (1-based) and why; or the root it reached. */
export type PathWalk =
  | { ok: true; root: SumNode }
  | { ok: false; step: number; reason: 'negative' | 'overflow' | 'node-overflow' | 'malformed'; sum?: string };

/**
 * Walks a proof's path from a leaf to the root: every sibling sum must be a
 * whole number from 0 to 2^256 − 1, and every node's sum must fit too.
 */
export async function walkPath(crypto: FairnessCrypto, leaf: SumNode, path: readonly ProofStep[]): Promise<PathWalk> {
  let current = leaf;
  for (const [index, step] of path.entries()) {
    const number = index + 1;
    const hash = hex32ToBytes(step.hash);
    if (hash === null || !/^-?\d+$/.test(step.sumWei)) return { ok: false, step: number, reason: 'malformed' };
    const sum = BigInt(step.sumWei);
    if (sum < 0n) return { ok: false, step: number, reason: 'negative', sum: step.sumWei };
    if (sum > MAX_TREE_WEI) return { ok: false, step: number, reason: 'overflow', sum: step.sumWei };
    if (current.sum + sum > MAX_TREE_WEI) return { ok: false, step: number, reason: 'node-overflow' };
    const sibling = { hash, sum };
    current = step.position === 'left' ? await nodeOf(crypto, sibling, current) : await nodeOf(crypto, current, sibling);
  }
  return { ok: true, root: current };
}

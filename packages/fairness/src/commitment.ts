/**
 * The sealed choice: a SHA-256 commitment bound to the game, the round and
 * the player, so that a commitment copied from the opponent (or from another
 * round or game) can never be revealed as one's own.
 */
import type { Choice } from '@shifumi/protocol/constants';
import { COMMITMENT_DOMAIN, HEX_32_BYTES_PATTERN } from '@shifumi/protocol/fairness';
import type { FairnessCrypto } from './crypto';
import { toHex, utf8 } from './encoding';

/** What a commitment binds: the room, the round, the player's user id, the choice and a 32-byte salt (lower-case hex). */
export interface CommitmentInput {
  room: string;
  round: number;
  userId: string;
  choice: Choice;
  salt: string;
}

/** The committed text: `shifumi-commit-v1|{room}|{round}|{userId}|{choice}|{salt}`. */
export function commitmentPreimage(input: CommitmentInput): string {
  return `${COMMITMENT_DOMAIN}|${input.room}|${input.round}|${input.userId}|${input.choice}|${input.salt}`;
}

/**
 * The commitment: lower-case hex SHA-256 of the UTF-8 preimage. Throws a
 * `RangeError` for a salt that is not 64 lower-case hex characters (a
 * programming error: the browser makes its salt from 32 random bytes).
 */
export async function computeCommitment(crypto: FairnessCrypto, input: CommitmentInput): Promise<string> {
  if (!HEX_32_BYTES_PATTERN.test(input.salt)) throw new RangeError('a salt is 64 lower-case hex characters');
  if (!Number.isSafeInteger(input.round) || input.round < 1) throw new RangeError('a round is a positive integer');
  return toHex(await crypto.sha256(utf8(commitmentPreimage(input))));
}

/** Whether `choice` and `salt` are what `commitment` sealed for this room, round and player. */
export async function commitmentMatches(
  crypto: FairnessCrypto,
  input: CommitmentInput & { commitment: string },
): Promise<boolean> {
  if (!HEX_32_BYTES_PATTERN.test(input.salt) || !HEX_32_BYTES_PATTERN.test(input.commitment)) return false;
  if (!Number.isSafeInteger(input.round) || input.round < 1) return false;
  return (await computeCommitment(crypto, input)) === input.commitment;
}

/**
 * Seals a choice: a fresh salt and its commitment. What the browser keeps (in
 * memory and `sessionStorage`) until the `reveal_request`, and sends as
 * `commit_choice {room, round, commitment}` at once.
 */
export async function sealChoice(
  crypto: FairnessCrypto,
  input: Omit<CommitmentInput, 'salt'>,
  randomBytes: (length: number) => Uint8Array,
): Promise<{ commitment: string; salt: string }> {
  const salt = newSalt(randomBytes);
  return { commitment: await computeCommitment(crypto, { ...input, salt }), salt };
}

/** A fresh salt from a random source (the browser's `crypto.getRandomValues`, Node's `randomBytes`). */
export function newSalt(randomBytes: (length: number) => Uint8Array): string {
  const bytes = randomBytes(32);
  if (bytes.length !== 32) throw new RangeError('a salt is 32 random bytes');
  return toHex(bytes);
}

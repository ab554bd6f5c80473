/**
 * Proof of solvency (issue 28): the texts of its checks (shared with
 * `npm run verify:solvency`) and of the server's refusals. The page's own
 * texts are in `catalogue/<language>/solvency.ts` (issue 27).
 */
import { SOLVENCY_EN } from './catalogue/en/solvency';

/** The checks of a player's inclusion proof, in the order they are listed. */
export const SOLVENCY_CHECK_IDS = ['format', 'leaf', 'path', 'root', 'signature', 'reserves'] as const;
export type SolvencyCheckId = (typeof SOLVENCY_CHECK_IDS)[number];

export const SOLVENCY_TEXTS = {
  // The same words as the /solvency page's English (one place for each text, issue 27).
  checks: SOLVENCY_EN.checks,
  passed: SOLVENCY_EN.details.passed,
  notCheckable: SOLVENCY_EN.details.notCheckable,
  badFormat: (where: string, why: string) => `${where}: ${why}`,
  otherSnapshot: (proof: string, snapshot: string) => `The proof is for snapshot ${proof}, not for snapshot ${snapshot}.`,
  leafMatches: SOLVENCY_EN.details.leafMatches,
  otherUser: (userId: string) => `The proof is for the user ${userId}, not for you: it says nothing about your balance.`,
  leafMismatch: SOLVENCY_EN.details.leafMismatch,
  amountNegative: (amount: string) => `The amount ${amount} wei is negative: a balance in the tree can never be.`,
  amountOverflow: (amount: string) => `The amount ${amount} wei does not fit 32 bytes (more than 2^256 − 1).`,
  stepNegative: (step: number, sum: string) => `Step ${step} of the path has a negative sum (${sum} wei): refused.`,
  stepOverflow: (step: number, sum: string) =>
    `Step ${step} of the path has a sum that does not fit 32 bytes (${sum} wei): refused.`,
  nodeOverflow: (step: number) => `At step ${step} of the path the two sums add up to more than 2^256 − 1: refused.`,
  pathFine: (steps: number) =>
    steps === 0
      ? 'Your leaf is the whole tree: there is no path to walk, and your amount is non-negative.'
      : `All ${steps} steps of the path have non-negative sums that add up.`,
  rootMatches: (sum: string) => `The path ends at the snapshot's root, whose sum is ${sum} wei.`,
  rootHashMismatch: SOLVENCY_EN.details.rootHashMismatch,
  rootSumMismatch: (computed: string, published: string) =>
    `The path adds up to ${computed} wei, but the snapshot's root says ${published} wei.`,
  proofRootMismatch: SOLVENCY_EN.details.proofRootMismatch,
  signatureValid: SOLVENCY_EN.details.signatureValid,
  signatureInvalid: SOLVENCY_EN.details.signatureInvalid,
  signatureMalformed: SOLVENCY_EN.details.signatureMalformed,
  signatureNoKey: SOLVENCY_EN.details.signatureNoKey,
  signatureBadKey: SOLVENCY_EN.details.signatureBadKey,
  signatureUnavailable: SOLVENCY_EN.details.signatureUnavailable,
  reservesFine: (counted: number, listed: number) =>
    `${counted} of ${listed} reserve addresses are counted, each with a valid signature; the total and the ratio add up.`,
  reserveBadSignature: (address: string) =>
    `The signature of ${address} is not by that address's key, yet the snapshot counts it.`,
  reservesTotalMismatch: (computed: string, published: string) =>
    `The counted addresses hold ${computed} wei, but the snapshot's total says ${published} wei.`,
  ratioMismatch: (computed: string, published: string) =>
    `The ratio of the counted reserves over the liabilities is ${computed}, but the snapshot says ${published}.`,

  // The page's texts, and the console's, are in `catalogue/<language>/solvency.ts` and `admin.ts`; the account
  // page's link to /solvency in `account.ts` (issue 27). What the server says stays here:
  server: {
    noSnapshot: 'No solvency snapshot has been taken yet.',
    snapshotNotFound: 'Unknown snapshot, or one older than 90 days.',
    notInSnapshot: 'You were not a player with anything owed when this snapshot was taken.',
    snapshotsOff: 'Solvency snapshots need a chain.',
    addressNotListed: 'This address is not a reserve address of that snapshot.',
    notColdAddress: 'This address is signed by the server itself.',
    signatureNotByAddress: "This signature is not by that address's key for that snapshot's message.",
  },
} as const;

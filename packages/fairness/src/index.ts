/**
 * `@shifumi/fairness`: verifiable play (issue 17). The commitment of a sealed
 * choice and the checks of a game's signed transcript. Pure: no I/O, no
 * clock, no randomness; SHA-256 and Ed25519 come in through
 * {@link FairnessCrypto}, so the same checks run in Node and in the browser.
 * Signing (server side) is in `@shifumi/fairness/node`. Issue 28 adds the
 * Merkle sum tree of the liabilities and the checks of a solvency proof.
 */
export {
  commitmentMatches,
  commitmentPreimage,
  computeCommitment,
  newSalt,
  sealChoice,
  type CommitmentInput,
} from './commitment';
export { Ed25519UnavailableError, webCryptoFairness, type FairnessCrypto, type SubtleCryptoLike } from './crypto';
export { fromBase64, toBase64, toHex, utf8 } from './encoding';
export { gameOutcomeOf, roundWinnerOf, type GameOutcome } from './rules';
export { signedBytes } from './transcript-bytes';
export {
  CHECK_IDS,
  allPassed,
  checkTranscript,
  expectedPayoutWei,
  expectedStakeWei,
  type CheckId,
  type CheckReasonKey,
  type TranscriptCheck,
} from './checks';
export {
  EMPTY_USER_HASH,
  TreeAmountError,
  amountBytes,
  buildLiabilityTree,
  hex32ToBytes,
  leafOf,
  nodeOf,
  pathOf,
  proofOf,
  rootOf,
  userHashOf,
  walkPath,
  type LiabilityEntry,
  type LiabilityTree,
  type PathWalk,
  type SumNode,
  type TreeLeaf,
} from './solvency-tree';
export {
  allSolvencyChecksPassed,
  checkReserves,
  checkSolvencyProof,
  solvencyRatio,
  type RecoverSigner,
  type SolvencyCheck,
  type SolvencyReasonKey,
} from './solvency-checks';
export { FORMAT_PROBLEMS, formatProblemOf, type FormatProblem, type FormatProblemValue } from './format-problem';
export { DRAW_VALUE, ethValue, englishValue, type CheckReason, type ReasonValue, type TypedValue } from './reasons';

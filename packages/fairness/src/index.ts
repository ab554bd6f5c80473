/**
 * `@shifumi/fairness`: verifiable play (issue 17). The commitment of a sealed
 * choice and the checks of a game's signed transcript. Pure: no I/O, no
 * clock, no randomness; SHA-256 and Ed25519 come in through
 * {@link FairnessCrypto}, so the same checks run in Node and in the browser.
 * Signing (server side) is in `@shifumi/fairness/node`.
 */
export { commitmentMatches, commitmentPreimage, computeCommitment, newSalt, sealChoice, type CommitmentInput } from './commitment';
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
  type TranscriptCheck,
} from './checks';

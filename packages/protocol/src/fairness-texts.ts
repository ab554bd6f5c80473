/**
 * Verifiable play (issue 17): the texts of the transcript checks, as `/verify`
 * and `npm run verify:game` show them. A module of their own, apart from
 * texts.ts: home's first load holds texts.ts, and these are for a page
 * loaded on demand.
 */
import { VERIFY_EN } from './catalogue/en/verify';

/** Each check of a transcript: its title, what passing it means, and the explanation of its outcome. */
export const FAIRNESS_TEXTS = {
  // The same words as the /verify page's English (one place for each text, issue 27).
  checks: VERIFY_EN.checks,
  passed: VERIFY_EN.details.passed,
  notCheckable: VERIFY_EN.details.notCheckable,
  badFormat: (where: string, problem: string) => `${where}: ${problem}`,
  resultsNotThePlayers: (round: number) => `Round ${round} does not hold exactly one result for each of the two players.`,
  roundsOutOfOrder: (position: number, round: number) => `The round at position ${position} is numbered ${round}.`,
  commitmentsNone: VERIFY_EN.details.commitmentsNone,
  commitmentsAll: (count: number) => `All ${count} sealed choices match their seals.`,
  commitmentMismatch: (round: number, name: string) =>
    `Round ${round}: the choice and salt of ${name} do not give back the commitment.`,
  roundsAll: (count: number) => `All ${count} rounds were won by who the rules say.`,
  roundWrongWinner: (round: number, recorded: string, expected: string) =>
    `Round ${round}: the transcript says ${recorded}, the rules say ${expected}.`,
  winnerByRounds: (name: string) => `${name} reached 2 round wins first.`,
  drawByMaxRounds: VERIFY_EN.details.drawByMaxRounds,
  endedEarly: (outcome: string) =>
    `The game ended before the rounds decided it (a player left, or did not come back in time): ${outcome}. The rounds cannot show who left; the signature vouches for it.`,
  roundsAfterWinner: (round: number) => `A player had already won the game when round ${round} was played.`,
  winnerWrong: (recorded: string, expected: string) => `The transcript says ${recorded}, the rounds say ${expected}.`,
  winnerNotAPlayer: VERIFY_EN.details.winnerNotAPlayer,
  stakeRight: (stakeEth: string) => `The stake of ${stakeEth} ETH is the bet at the recorded price.`,
  stakeWrong: (recordedEth: string, expectedEth: string) =>
    `The stake is ${recordedEth} ETH; the bet at the recorded price is ${expectedEth} ETH.`,
  /** Issue 26: the exact amounts in wei, beside the ETH of the check (the page shows them on hover). */
  stakeWei: (recorded: string, expected: string) => `Stake ${recorded} wei; bet at the recorded price ${expected} wei.`,
  amountWei: (wei: string) => `${wei} wei`,
  payoutWei: (recorded: string, expected: string) => `Payout ${recorded} wei; the result says ${expected} wei.`,
  stakeBadPrice: VERIFY_EN.details.stakeBadPrice,
  payoutRight: (payoutEth: string) => `${payoutEth} ETH, as the result says.`,
  payoutWrong: (recordedEth: string, expectedEth: string) =>
    `The payout is ${recordedEth} ETH; the result says ${expectedEth} ETH.`,
  signatureValid: VERIFY_EN.details.signatureValid,
  signatureInvalid: VERIFY_EN.details.signatureInvalid,
  signatureNoKey: VERIFY_EN.details.signatureNoKey,
  signatureBadKey: VERIFY_EN.details.signatureBadKey,
  signatureMalformed: VERIFY_EN.details.signatureMalformed,
  signatureUnavailable: VERIFY_EN.details.signatureUnavailable,
  draw: VERIFY_EN.details.draw,
  /** What is wrong with a transcript's or a proof's format (`badFormat`'s second value); `{bound}` is the limit broken. */
  problems: VERIFY_EN.details.problems,
  // The `/verify` page's own texts are in `catalogue/<language>/verify.ts`, the game screen's seal in `game.ts`, the
  // account history's link in `account.ts`, how to play's "Fair play" in `how-to-play.ts` (issue 27).
} as const;

/**
 * The checks of a transcript, each named, with a verdict and a sentence a
 * person can read. Pure: the crypto is injected, nothing is fetched.
 */
import { parseUsdPrice, usdToWei } from '@shifumi/money';
import { transcriptSchema, type Transcript } from '@shifumi/protocol/fairness';
import { FAIRNESS_TEXTS } from '@shifumi/protocol/fairness-texts';
import { commitmentMatches } from './commitment';
import { Ed25519UnavailableError, type FairnessCrypto } from './crypto';
import { fromBase64 } from './encoding';
import { DRAW_VALUE, ethValue, sayerOf, type CheckReason, type ReasonKey, type Said as SaidOf, type TypedValue } from './reasons';
import { formatProblemOf } from './format-problem';
import { gameOutcomeOf, roundWinnerOf } from './rules';
import { signedBytes } from './transcript-bytes';

/** The checks, in the order they are listed. */
export const CHECK_IDS = ['format', 'signature', 'commitments', 'rounds', 'winner', 'stake', 'payout'] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/** One check's verdict: what it is, what passing means, whether it passed, and why. */
export interface TranscriptCheck {
  id: CheckId;
  title: string;
  meaning: string;
  ok: boolean;
  detail: string;
  /** Issue 27: `detail` as a key of `FAIRNESS_TEXTS` and its values, in order: a page says it in its reader's language. */
  reason: CheckReason<CheckReasonKey>;
  /** Issue 26: the amounts of `detail` (said in ETH) in wei, exactly, for whoever wants them (the page's hover). */
  exactWei?: string;
}

/** The keys of `FAIRNESS_TEXTS` that say a check's outcome. */
export type CheckReasonKey = ReasonKey<typeof FAIRNESS_TEXTS>;
export type { CheckReason };
type Said = SaidOf<CheckReasonKey>;
const say = sayerOf(FAIRNESS_TEXTS);

function check(id: CheckId, ok: boolean, said: Said): TranscriptCheck {
  const { title, meaning } = FAIRNESS_TEXTS.checks[id];
  return { id, title, meaning, ok, ...said };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses the format, plus what zod cannot say: rounds numbered 1, 2, 3… and each holding exactly the two players' results. */
function parseTranscript(input: unknown): { ok: true; transcript: Transcript } | { ok: false; said: Said } {
  const parsed = transcriptSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'transcript';
    return { ok: false, said: say('badFormat', where, formatProblemOf(issue, input)) };
  }
  const transcript = parsed.data;
  const [first, second] = transcript.players;
  if (first.id === second.id) return { ok: false, said: say('badFormat', 'players', { problem: 'samePlayerTwice' }) };
  for (const [index, round] of transcript.rounds.entries()) {
    if (round.round !== index + 1) return { ok: false, said: say('roundsOutOfOrder', index + 1, round.round) };
    const ids = Object.keys(round.results);
    if (ids.length !== 2 || !(first.id in round.results) || !(second.id in round.results)) {
      return { ok: false, said: say('resultsNotThePlayers', round.round) };
    }
  }
  return { ok: true, transcript };
}

async function checkSignature(input: unknown, publicKey: string | null, crypto: FairnessCrypto): Promise<TranscriptCheck> {
  if (publicKey === null) return check('signature', false, say('signatureNoKey'));
  const key = fromBase64(publicKey.trim());
  if (key === null || key.length !== 32) return check('signature', false, say('signatureBadKey'));
  if (!isRecord(input) || typeof input.signature !== 'string') return check('signature', false, say('signatureMalformed'));
  const signature = fromBase64(input.signature);
  if (signature === null || signature.length !== 64) return check('signature', false, say('signatureMalformed'));
  let message: Uint8Array;
  try {
    message = signedBytes(input);
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

async function checkCommitments(transcript: Transcript, crypto: FairnessCrypto): Promise<TranscriptCheck> {
  let count = 0;
  for (const round of transcript.rounds) {
    for (const player of transcript.players) {
      const result = round.results[player.id]!;
      if (result.mode !== 'sealed') continue;
      count += 1;
      const matches = await commitmentMatches(crypto, {
        room: transcript.room,
        round: round.round,
        userId: player.id,
        choice: result.choice!,
        salt: result.salt!,
        commitment: result.commitment!,
      });
      if (!matches) return check('commitments', false, say('commitmentMismatch', round.round, player.name));
    }
  }
  return check('commitments', true, count === 0 ? say('commitmentsNone') : say('commitmentsAll', count));
}

/** A draw, where a winner's name would be: a typed value, which the detail says as `FAIRNESS_TEXTS.draw` and a page in its reader's words. */
const DRAW = DRAW_VALUE;

function describeWinner(transcript: Transcript, winnerId: string): string | TypedValue {
  if (winnerId === 'draw') return DRAW;
  return transcript.players.find((player) => player.id === winnerId)?.name ?? winnerId;
}

function playerIds(transcript: Transcript): [string, string] {
  return [transcript.players[0].id, transcript.players[1].id];
}

function checkRounds(transcript: Transcript): TranscriptCheck {
  const ids = playerIds(transcript);
  for (const round of transcript.rounds) {
    const expected = roundWinnerOf(ids, round.results[ids[0]]!, round.results[ids[1]]!);
    if (round.winnerId !== expected) {
      return check(
        'rounds',
        false,
        say('roundWrongWinner', round.round, describeWinner(transcript, round.winnerId), describeWinner(transcript, expected)),
      );
    }
  }
  return check('rounds', true, say('roundsAll', transcript.rounds.length));
}

function checkWinner(transcript: Transcript): TranscriptCheck {
  const ids = playerIds(transcript);
  if (transcript.winnerId !== 'draw' && !ids.includes(transcript.winnerId))
    return check('winner', false, say('winnerNotAPlayer'));
  const outcome = gameOutcomeOf(
    ids,
    transcript.rounds.map((round) => round.winnerId),
  );
  const recorded = describeWinner(transcript, transcript.winnerId);
  switch (outcome.kind) {
    case 'wins':
      if (outcome.decidedAt !== transcript.rounds.length)
        return check('winner', false, say('roundsAfterWinner', outcome.decidedAt + 1));
      if (transcript.winnerId !== outcome.winnerId) {
        return check('winner', false, say('winnerWrong', recorded, describeWinner(transcript, outcome.winnerId)));
      }
      return check('winner', true, say('winnerByRounds', recorded));
    case 'max-rounds':
      if (transcript.winnerId !== 'draw') return check('winner', false, say('winnerWrong', recorded, DRAW));
      return check('winner', true, say('drawByMaxRounds'));
    case 'undecided':
      return check('winner', true, say('endedEarly', recorded));
  }
}

/** The stake of a bet at a price, as the server computes it (`usdToWei`, rounded up); null for an unusable price. */
export function expectedStakeWei(amountUsdt: number, price: string): bigint | null {
  const parsed = parseUsdPrice(price);
  if (!parsed.ok) return null;
  return usdToWei(amountUsdt, parsed.microUsdPerEth, 'up');
}

function checkStake(transcript: Transcript): TranscriptCheck {
  const expected = expectedStakeWei(transcript.amountUsdt, transcript.price);
  const recorded = BigInt(transcript.stakeWei);
  if (expected === null) return check('stake', false, say('stakeBadPrice'));
  if (expected !== recorded) {
    return {
      ...check('stake', false, say('stakeWrong', ethValue(recorded), ethValue(expected))),
      exactWei: FAIRNESS_TEXTS.stakeWei(recorded.toString(), expected.toString()),
    };
  }
  return {
    ...check('stake', true, say('stakeRight', ethValue(recorded))),
    exactWei: FAIRNESS_TEXTS.amountWei(recorded.toString()),
  };
}

/** What the payout is for a result: the pot (2 × stake) to a winner; each stake back in a draw. */
export function expectedPayoutWei(winnerId: string, stakeWei: bigint): bigint {
  return winnerId === 'draw' ? stakeWei : 2n * stakeWei;
}

function checkPayout(transcript: Transcript): TranscriptCheck {
  const expected = expectedPayoutWei(transcript.winnerId, BigInt(transcript.stakeWei));
  const recorded = BigInt(transcript.payoutWei);
  if (recorded !== expected) {
    return {
      ...check('payout', false, say('payoutWrong', ethValue(recorded), ethValue(expected))),
      exactWei: FAIRNESS_TEXTS.payoutWei(recorded.toString(), expected.toString()),
    };
  }
  return {
    ...check('payout', true, say('payoutRight', ethValue(recorded))),
    exactWei: FAIRNESS_TEXTS.amountWei(recorded.toString()),
  };
}

/**
 * Runs every check of a transcript (any parsed JSON value) against the
 * server's public key (base64 of the raw 32 bytes; null when none was given)
 * and answers them all, in {@link CHECK_IDS} order. The transcript is fair
 * and authentic only when every check is `ok`. Never throws for a bad
 * transcript or key; rejects only if the injected crypto itself fails.
 */
export async function checkTranscript(
  input: unknown,
  publicKey: string | null,
  crypto: FairnessCrypto,
): Promise<TranscriptCheck[]> {
  const parsed = parseTranscript(input);
  const signature = await checkSignature(input, publicKey, crypto);
  if (!parsed.ok) {
    return CHECK_IDS.map((id) => {
      if (id === 'format') return check('format', false, parsed.said);
      if (id === 'signature') return signature;
      return check(id, false, say('notCheckable'));
    });
  }
  const { transcript } = parsed;
  return [
    check('format', true, say('passed')),
    signature,
    await checkCommitments(transcript, crypto),
    checkRounds(transcript),
    checkWinner(transcript),
    checkStake(transcript),
    checkPayout(transcript),
  ];
}

/** Whether every check passed. */
export function allPassed(checks: readonly TranscriptCheck[]): boolean {
  return checks.length > 0 && checks.every((entry) => entry.ok);
}

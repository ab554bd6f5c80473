/**
 * Verifiable play (issue 17): the sealed-choice events and the signed
 * transcript of a game (`GET /api/games/{room}/transcript`). The pure checks
 * of a transcript live in `@shifumi/fairness`; the wire format lives here,
 * with every other contract.
 */
import { z } from 'zod';
import { CHOICES } from './constants';

/** The first field of every commitment's preimage: a new scheme gets a new tag, never a silent change. */
export const COMMITMENT_DOMAIN = 'shifumi-commit-v1';

/** 32 bytes in lower-case hex: a salt or a SHA-256 commitment. */
export const HEX_32_BYTES_PATTERN = /^[0-9a-f]{64}$/;

const roomSchema = z.string({ error: 'Unknown game.' }).min(1, { error: 'Unknown game.' }).max(64, { error: 'Unknown game.' });
const roundSchema = z
  .number({ error: 'Unknown round.' })
  .int({ error: 'Unknown round.' })
  .min(1, { error: 'Unknown round.' })
  .max(1_000, { error: 'Unknown round.' });
const commitmentSchema = z
  .string({ error: 'A commitment is 64 lower-case hexadecimal characters.' })
  .regex(HEX_32_BYTES_PATTERN, { error: 'A commitment is 64 lower-case hexadecimal characters.' });
const saltSchema = z
  .string({ error: 'A salt is 64 lower-case hexadecimal characters.' })
  .regex(HEX_32_BYTES_PATTERN, { error: 'A salt is 64 lower-case hexadecimal characters.' });
const choiceSchema = z.enum(CHOICES, { error: 'Choose rock, paper or scissors.' });

/** Client → server `commit_choice`: a sealed choice for one round (accepted under the rules of `make_choice`). */
export const commitChoiceSchema = z.object({ room: roomSchema, round: roundSchema, commitment: commitmentSchema });
export type CommitChoicePayload = z.infer<typeof commitChoiceSchema>;

/** Server → client `reveal_request`: both players have locked; reveal the sealed choice of this round. */
export const revealRequestSchema = z.object({ room: roomSchema, round: roundSchema });
export type RevealRequestEvent = z.infer<typeof revealRequestSchema>;

/** Client → server `reveal_choice`: the choice and salt behind this round's commitment. */
export const revealChoiceSchema = z.object({ room: roomSchema, round: roundSchema, choice: choiceSchema, salt: saltSchema });
export type RevealChoicePayload = z.infer<typeof revealChoiceSchema>;

/** A sealed choice as `game_result` shows it once the round is resolved; `null` for a plain or automatic choice. */
export const sealSchema = z.object({ commitment: commitmentSchema, salt: saltSchema }).nullable();
export type Seal = z.infer<typeof sealSchema>;

/**
 * How a player's choice of a round came to be:
 * - `sealed`: committed (`commit_choice`) then revealed with a matching salt;
 * - `plain`: sent in clear (`make_choice`), not sealed;
 * - `auto`: nothing arrived by the deadline, the player played rock;
 * - `unrevealed`: committed, but no matching reveal arrived within the reveal window: the round is lost.
 */
export const RESULT_MODES = ['sealed', 'plain', 'auto', 'unrevealed'] as const;
export type ResultMode = (typeof RESULT_MODES)[number];

/** The transcript's format version; another format gets another number. */
export const TRANSCRIPT_VERSION = 1;
/** The only signature algorithm of version 1. */
export const TRANSCRIPT_SIGNATURE_ALGORITHM = 'Ed25519';

const isoDateTime = z.iso.datetime();
const userIdSchema = z.string().min(1).max(64);
const weiSchema = z.string().regex(/^(0|[1-9]\d{0,77})$/);
/** Base64 (standard alphabet, padded). Whether it decodes to the right length is the signature check's business. */
const base64Schema = z.string().regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/);

/**
 * One player's part of a round. `choice` is what they played (null only when
 * `unrevealed`); `commitment` is present exactly for `sealed` and
 * `unrevealed`, `salt` exactly for `sealed`; `lockedAt` is when the choice or
 * commitment was locked (null for `auto`: nothing was).
 */
export const transcriptResultSchema = z
  .strictObject({
    mode: z.enum(RESULT_MODES),
    choice: choiceSchema.nullable(),
    commitment: commitmentSchema.optional(),
    salt: saltSchema.optional(),
    lockedAt: isoDateTime.nullable(),
  })
  .superRefine((result, context) => {
    const problem = resultShapeProblem(result);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  });
export type TranscriptResult = z.infer<typeof transcriptResultSchema>;

function resultShapeProblem(result: {
  mode: ResultMode;
  choice: string | null;
  commitment?: string | undefined;
  salt?: string | undefined;
  lockedAt: string | null;
}): string | null {
  const sealed = result.mode === 'sealed' || result.mode === 'unrevealed';
  if (sealed !== (result.commitment !== undefined)) return `a ${result.mode} result ${sealed ? 'has' : 'has no'} commitment`;
  if ((result.mode === 'sealed') !== (result.salt !== undefined))
    return `a ${result.mode} result ${result.mode === 'sealed' ? 'has' : 'has no'} salt`;
  if ((result.mode === 'unrevealed') !== (result.choice === null))
    return `a ${result.mode} result ${result.mode === 'unrevealed' ? 'has no' : 'has a'} choice`;
  if ((result.mode === 'auto') !== (result.lockedAt === null))
    return `a ${result.mode} result ${result.mode === 'auto' ? 'has no' : 'has a'} lock time`;
  if (result.mode === 'auto' && result.choice !== 'rock') return 'an automatic choice is rock';
  return null;
}

/** One round: when it started, its deadline, each player's result (by user id) and the round's winner (`'draw'` for none). */
export const transcriptRoundSchema = z.strictObject({
  round: z.number().int().min(1),
  startedAt: isoDateTime,
  deadline: isoDateTime,
  results: z.record(userIdSchema, transcriptResultSchema),
  winnerId: userIdSchema,
});
export type TranscriptRound = z.infer<typeof transcriptRoundSchema>;

/**
 * The signed transcript of a finished game (issue 17). Amounts: `stakeWei`
 * each player's stake (decimal wei), `amountUsdt` the bet in USDT, `price`
 * the ETH/USD price the stake was computed at (decimal US dollars), and
 * `payoutWei` what the winner received (2 × stake) or, for a draw, what each
 * player got back (the stake). `signature` is Ed25519, base64, over the
 * RFC 8785 canonical JSON of everything else.
 */
export const transcriptSchema = z.strictObject({
  version: z.literal(TRANSCRIPT_VERSION),
  room: roomSchema,
  players: z.tuple([
    z.strictObject({ id: userIdSchema, name: z.string().max(256) }),
    z.strictObject({ id: userIdSchema, name: z.string().max(256) }),
  ]),
  stakeWei: weiSchema,
  // Any whole number of dollars, not only today's bet options: a transcript stays checkable after the options change.
  amountUsdt: z.number().int().positive().max(1_000_000),
  price: z.string().regex(/^\d{1,15}(\.\d{1,6})?$/),
  rounds: z.array(transcriptRoundSchema).max(1_000),
  winnerId: userIdSchema,
  payoutWei: weiSchema,
  endedAt: isoDateTime,
  ledgerTransfers: z.array(z.string().min(1).max(128)).max(64),
  signature: base64Schema,
});
export type Transcript = z.infer<typeof transcriptSchema>;
/** What the server signs: the transcript without its signature. */
export type UnsignedTranscript = Omit<Transcript, 'signature'>;

/** `GET /api/fairness/key`: the server's transcript-signing public key, base64 of the raw 32 bytes. */
export const fairnessKeyResponseSchema = z.strictObject({
  algorithm: z.literal(TRANSCRIPT_SIGNATURE_ALGORITHM),
  publicKey: base64Schema,
});
export type FairnessKeyResponse = z.infer<typeof fairnessKeyResponseSchema>;

/**
 * HTTP contract: request schemas (validated by the server, reused by the web
 * forms) and response types. Every message is a sentence a user can read.
 */
import { z } from 'zod';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRICE_SOURCES,
} from './constants';
import { languageSchema } from './language';
import { REFUSAL_CODES } from './refusal-codes';
import { depositItemSchema, gameHistoryItemSchema, withdrawalItemSchema } from './money';
import { ageConfirmedSchema, termsAcceptedSchema } from './responsible-gaming';
import { formCheck } from './form-checks';
import { isDisplayName, isPlainLine, isPlainText, TEXT_RULE_MESSAGES } from './text-rules';

/**
 * A required, trimmed text field with a label used in its messages. Issue 12:
 * control characters are refused (`multiline` keeps line breaks and tabs).
 */
function requiredText(label: string, max: number, kind: 'line' | 'multiline' = 'line') {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required.` : `${label} must be text.`),
    })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .refine(kind === 'multiline' ? isPlainText : isPlainLine, {
      error: TEXT_RULE_MESSAGES.control(label),
      params: formCheck('notAllowed'),
      abort: true,
    });
}

/** Issue 12: a display name others read: no control, invisible or direction-changing character; NFC. */
function displayName(label: string, max: number) {
  return requiredText(label, max)
    .refine(isDisplayName, { error: TEXT_RULE_MESSAGES.invisible(label), params: formCheck('invisible') })
    .transform((value) => value.normalize('NFC'));
}

/** An e-mail address, trimmed and lower-cased so that uniqueness ignores case. */
export const emailSchema = requiredText('E-mail', EMAIL_MAX_LENGTH)
  .pipe(z.email({ error: 'Please enter a valid e-mail address.' }))
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? 'Password is required.' : 'Password must be text.'),
  })
  .min(1, { error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` });

/** Referral codes: short, unambiguous upper-case letters and digits. */
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{6,16}$/;
export const referralCodeSchema = z
  .string({ error: 'Referral code must be text.' })
  .trim()
  .toUpperCase()
  .regex(REFERRAL_CODE_PATTERN, { error: 'This referral code does not exist.' });

export const registerRequestSchema = z.object({
  name: displayName('Name', NAME_MAX_LENGTH),
  email: emailSchema,
  password: passwordSchema,
  referralCode: z
    .union([referralCodeSchema, z.literal(''), z.null()])
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** Issue 19: being 18 or older and the Terms, confirmed at sign-up. */
  ageConfirmed: ageConfirmedSchema,
  termsAccepted: termsAcceptedSchema,
  /** Issue 27: the language the visitor reads the site in (mails, notices); optional, else `Accept-Language`. */
  language: languageSchema.optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: (issue) => (issue.input === undefined ? 'Password is required.' : 'Password must be text.') })
    .min(1, { error: 'Password is required.' })
    .refine((value) => value.length <= PASSWORD_MAX_LENGTH, {
      error: 'Incorrect e-mail or password.',
      params: formCheck('signInFailed'),
    }),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const contactRequestSchema = z.object({
  name: requiredText('Full Name', NAME_MAX_LENGTH),
  email: emailSchema,
  message: requiredText('Message', CONTACT_MESSAGE_MAX_LENGTH, 'multiline'),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** Verification tokens are 43 base64url characters (32 random bytes). */
export const verifyEmailParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, { error: 'The verification link is invalid or has expired.' }),
});

/** The user as the client knows it (S3.02). */
export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  walletAddress: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Answer of login, SIWE verify and refresh (S3.01). */
export const sessionResponseSchema = z.object({
  accessToken: z.string(),
  user: publicUserSchema,
  /**
   * The wallet address (lower-case) this session is bound to when it was
   * opened by Sign-In With Ethereum; null for an e-mail and password session.
   */
  sessionWallet: z.string().nullable().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Every refusal and every plain acknowledgement: `{ message }`. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** `GET /api/account`. */
export const accountResponseSchema = z.object({
  user: publicUserSchema,
  referralCode: z.string(),
  /** Issue 14: how many players signed up with the referral code. */
  referralCount: z.number().int().nonnegative(),
  emailVerified: z.boolean(),
  /** Balance in ETH, for display only (S3.04). */
  balance: z.number(),
  /** Exact balance in wei, as a decimal string. */
  balanceWei: z.string().regex(/^\d+$/),
  /** Issue 19: the part of the balance a deposit limit holds as not playable (withdrawable), wei; '0' when none. */
  heldWei: z.string().regex(/^\d+$/),
  /** Finished games, newest first (S3.05). */
  gameHistory: z.array(gameHistoryItemSchema),
  /** Deposits seen on chain, newest first. */
  deposits: z.array(depositItemSchema),
  /** Withdrawals, newest first. */
  withdrawals: z.array(withdrawalItemSchema),
  /** The wallet linked for Sign-In With Ethereum (lower-case), if any. */
  linkedAddress: z.string().nullable(),
  /**
   * Issue 27: the language the player chose (`PATCH /api/account/preferences`,
   * or at sign-up); null when they never chose one. Always sent by the server;
   * optional here so that older answers still parse.
   */
  language: languageSchema.nullable().optional(),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

/** `GET /api/price`. */
export const priceResponseSchema = z.object({
  ethUsd: z.number().positive(),
  updatedAt: z.iso.datetime(),
  source: z.enum(PRICE_SOURCES),
  stale: z.boolean(),
});
export type PriceResponse = z.infer<typeof priceResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * Issue 29: `GET /api/ready`, for balancers — 200 when this node can serve,
 * 503 (with a `message`) while its database or Redis does not answer or it is draining.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'error']),
  /** `none`: a single node without Redis. */
  redis: z.enum(['ok', 'error', 'none']),
  draining: z.boolean(),
  /** Not ready: the refusal's code (`draining` or `service_unavailable`, decision 037) and its sentence. */
  code: z.enum(REFUSAL_CODES).optional(),
  message: z.string().optional(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

/**
 * Issue 29: `GET /api/chain/status` — whether deposits and withdrawals are
 * delayed because the server does not reach the chain's RPC node (the deposit
 * dialog and the withdraw form show a notice while `delayed`).
 */
export const chainStatusResponseSchema = z.object({
  delayed: z.boolean(),
  since: z.iso.datetime().nullable(),
});
export type ChainStatusResponse = z.infer<typeof chainStatusResponseSchema>;

/** Claims of the access token; `sub` is the user id, `sid` the session (refresh-token family). */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
  exp: z.number().int(),
  iat: z.number().int(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/**
 * The first readable message of a validation failure. Issue 12: an input of
 * the wrong kind altogether (an array or a string where an object is
 * expected) carries only the validation library's wording; it gets a
 * sentence of ours instead.
 */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue || (issue.path.length === 0 && issue.code === 'invalid_type')) return 'The request is not valid.';
  return issue.message;
}

/**
 * Account security contract (issue 13): password reset and change,
 * two-factor codes (TOTP), the sign-in's second step and the sessions list.
 */
import { z } from 'zod';
import { formCheck } from './form-checks';
import { passwordSchema, emailSchema, sessionResponseSchema } from './http';
import { ACCOUNT_SECURITY_TEXTS } from './server-texts';
import { recipientAddressSchema } from './money';

/** Password reset links are valid this long. */
export const PASSWORD_RESET_TTL_SECONDS = 30 * 60;
/** The second step of a sign-in must come within this delay. */
export const LOGIN_CHALLENGE_TTL_SECONDS = 5 * 60;
/** Wrong codes in a row that lock the second step ... */
export const TWO_FACTOR_MAX_FAILURES = 5;
/** ... for this long. */
export const TWO_FACTOR_LOCK_SECONDS = 15 * 60;
/** How many recovery codes enabling two-factor gives. */
export const RECOVERY_CODE_COUNT = 10;

/** Opaque tokens of links and challenges: 43 base64url characters. */
const opaqueToken = (message: string) => z.string({ error: message }).regex(/^[A-Za-z0-9_-]{43}$/, { error: message });

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: opaqueToken(ACCOUNT_SECURITY_TEXTS.resetLinkInvalid),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required.' })
    .min(1, { error: 'Current password is required.' })
    .max(1024, { error: ACCOUNT_SECURITY_TEXTS.currentPasswordWrong }),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`, case and dash optional); spaces are ignored. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;
export const twoFactorCodeSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? ACCOUNT_SECURITY_TEXTS.twoFactorCodeRequired
        : ACCOUNT_SECURITY_TEXTS.twoFactorCodeFormat,
  })
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .refine((value) => value.length > 0, { error: ACCOUNT_SECURITY_TEXTS.twoFactorCodeRequired, params: formCheck('codeRequired') })
  .refine((value) => TOTP_CODE_PATTERN.test(value) || RECOVERY_CODE_PATTERN.test(value), {
    error: ACCOUNT_SECURITY_TEXTS.twoFactorCodeFormat,
    params: formCheck('codeFormat'),
  });

/** `POST /api/account/2fa/enable` and `/disable`. */
export const twoFactorCodeRequestSchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeRequest = z.input<typeof twoFactorCodeRequestSchema>;

/** The optional `code` of `POST /api/wallet/cashout` (required when two-factor is on). */
export const cashoutCodeSchema = z.object({ code: twoFactorCodeSchema.optional() });

export const twoFactorSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorEnableResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

/** `POST /api/auth/login` and `/siwe/verify` with two-factor on: no session yet, a challenge for the second step. */
export const twoFactorChallengeResponseSchema = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });
export type TwoFactorChallengeResponse = z.infer<typeof twoFactorChallengeResponseSchema>;

export const loginResponseSchema = z.union([sessionResponseSchema, twoFactorChallengeResponseSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `POST /api/auth/login/2fa`. */
export const loginTwoFactorRequestSchema = z.object({
  challenge: opaqueToken(ACCOUNT_SECURITY_TEXTS.challengeInvalid),
  code: twoFactorCodeSchema,
});
export type LoginTwoFactorRequest = z.input<typeof loginTwoFactorRequestSchema>;

/** `GET /api/account/security`: what the Security section shows. */
export const accountSecurityResponseSchema = z.object({
  twoFactorEnabled: z.boolean(),
  hasPassword: z.boolean(),
  /** Withdrawals are refused until then (ISO date-time), or null. */
  withdrawalsHeldUntil: z.string().nullable(),
});
export type AccountSecurityResponse = z.infer<typeof accountSecurityResponseSchema>;

/** One live session (a refresh-token family) of `GET /api/account/sessions`. */
export const sessionItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;

export const sessionIdParamsSchema = z.object({
  id: z.uuid({ error: ACCOUNT_SECURITY_TEXTS.sessionNotFound }),
});

/**
 * `POST /api/account/email {email, currentPassword?, code?}` (issue 23): adds
 * an e-mail address or changes it. An account with a password gives it
 * (`currentPassword`), and the two-factor `code` when two-factor is on; a
 * verified address stays the account's until the link mailed to the new one
 * is opened. A wallet-only account proves the wallet by a sign-in of the last
 * RECENT_WALLET_SIGN_IN_SECONDS.
 */
export const addEmailRequestSchema = z.object({
  email: emailSchema,
  currentPassword: z
    .string({ error: ACCOUNT_SECURITY_TEXTS.currentPasswordWrong })
    .max(1024, { error: ACCOUNT_SECURITY_TEXTS.currentPasswordWrong })
    .optional(),
  code: twoFactorCodeSchema.optional(),
});
export type AddEmailRequest = z.input<typeof addEmailRequestSchema>;

/** Issue 23: a wallet-only account adds or changes its e-mail within this long of signing in with its wallet. */
export const RECENT_WALLET_SIGN_IN_SECONDS = 10 * 60;

/**
 * Issue 23: mails an account is sent at most `max` of per `windowSeconds`,
 * whatever asks for them (registration, resend, a refused withdrawal, an
 * e-mail change, forgotten passwords, the address book).
 */
export const MAIL_LIMITS = {
  verification: { max: 1, windowSeconds: 5 * 60 },
  password_reset: { max: 1, windowSeconds: 2 * 60 },
  address_confirmation: { max: 5, windowSeconds: 60 * 60 },
} as const;
export type ThrottledMailKind = keyof typeof MAIL_LIMITS;

/** Address book confirmation links are valid this long. */
export const ADDRESS_CONFIRMATION_TTL_SECONDS = 30 * 60;
export const ADDRESS_LABEL_MAX_LENGTH = 64;

/** `POST /api/account/withdrawal-addresses`. */
export const withdrawalAddressRequestSchema = z.object({
  address: recipientAddressSchema,
  label: z
    .string({ error: ACCOUNT_SECURITY_TEXTS.addressLabelRequired })
    .trim()
    .min(1, { error: ACCOUNT_SECURITY_TEXTS.addressLabelRequired })
    .max(ADDRESS_LABEL_MAX_LENGTH, { error: ACCOUNT_SECURITY_TEXTS.addressLabelTooLong }),
});
export type WithdrawalAddressRequest = z.input<typeof withdrawalAddressRequestSchema>;

/** `POST /api/account/withdrawal-addresses/confirm`. */
export const confirmAddressRequestSchema = z.object({ token: opaqueToken(ACCOUNT_SECURITY_TEXTS.addressLinkInvalid) });

/** `POST /api/account/withdrawal-addresses/lock`: on at once; off after the hold, with the code when two-factor is on. */
export const addressBookLockRequestSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false.' }),
  code: twoFactorCodeSchema.optional(),
});
export type AddressBookLockRequest = z.input<typeof addressBookLockRequestSchema>;

export const withdrawalAddressParamsSchema = z.object({ id: z.uuid({ error: ACCOUNT_SECURITY_TEXTS.addressNotFound }) });

export const withdrawalAddressItemSchema = z.object({
  id: z.string(),
  address: z.string(),
  label: z.string(),
  status: z.enum(['pending', 'active']),
  /** When a confirmed address can receive withdrawals (ISO), null until confirmed. */
  activeFrom: z.string().nullable(),
});
export type WithdrawalAddressItem = z.infer<typeof withdrawalAddressItemSchema>;

export const withdrawalAddressesResponseSchema = z.object({
  enabled: z.boolean(),
  /** When a requested turn-off takes effect (ISO), or null. */
  disablesAt: z.string().nullable().optional(),
  addresses: z.array(withdrawalAddressItemSchema),
});
export type WithdrawalAddressesResponse = z.infer<typeof withdrawalAddressesResponseSchema>;

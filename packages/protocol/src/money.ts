/**
 * Money contract: withdrawals (`POST /api/wallet/cashout`), the deposit and
 * withdrawal items of `GET /api/account`, and `GET /api/config` (the chain
 * deposits live on). Amounts cross the wire as exact decimal ETH strings
 * (plus the spec's `balance`/`newBalance` numbers, for display only).
 */
import { keccak_256 } from '@noble/hashes/sha3';
import { utf8ToBytes } from '@noble/hashes/utils';
import { parseEthAmount } from '@shifumi/money';
import { z } from 'zod';
import { ADDRESS_PATTERN } from './constants';
import { formCheck } from './form-checks';
import { TEXTS } from './texts';

/**
 * A withdrawal amount in ETH: a positive JSON number or decimal string, at
 * most 18 decimals. Every refusal is the spec's 'Please enter a valid amount
 * to withdraw.'; the output is exact wei.
 */
export const withdrawalAmountSchema = z
  .union([z.number(), z.string()], { error: TEXTS.withdrawalInvalidAmount })
  .transform((value, context) => {
    const parsed = parseEthAmount(value);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: TEXTS.withdrawalInvalidAmount });
      return z.NEVER;
    }
    return parsed.wei;
  });

/**
 * EIP-55's checksummed spelling of 40 hex characters: a letter is upper case
 * where the matching nibble of keccak-256(lower-case hex, as ASCII) is 8 or
 * more. Keccak from @noble/hashes, the audited hash viem itself uses: the
 * withdraw form checks addresses without loading viem (decision 067).
 */
function eip55(hex: string): string {
  const lower = hex.toLowerCase();
  const hash = keccak_256(utf8ToBytes(lower));
  let out = '';
  for (let index = 0; index < lower.length; index += 1) {
    const byte = hash[index >> 1] as number;
    const nibble = index % 2 === 0 ? byte >> 4 : byte & 0x0f;
    out += nibble >= 8 ? (lower[index] as string).toUpperCase() : (lower[index] as string);
  }
  return out;
}

/**
 * Whether a text is an Ethereum address the spec accepts: 0x and 40 hex
 * characters; an all-lower or all-upper address is taken as it is, a
 * mixed-case one must pass its EIP-55 checksum (a typo is caught).
 */
export function isValidEthereumAddress(value: string): boolean {
  if (!ADDRESS_PATTERN.test(value)) return false;
  const hex = value.slice(2);
  // One case throughout carries no checksum; mixed case must be the EIP-55 one.
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return eip55(hex) === hex;
}

/**
 * Issue 23: addresses that can never give the money back: the zero address,
 * the low addresses of the chain's precompiled contracts (0x…01 to 0x…ff),
 * and the customary burn address 0x…dEaD. Lower-case input or any case.
 */
export function isBurnAddress(address: string): boolean {
  const hex = address.toLowerCase();
  return /^0x0{38}[0-9a-f]{2}$/.test(hex) || hex === '0x000000000000000000000000000000000000dead';
}

/** Issue 23: how many characters of an opponent's wallet address the screens show (the spec: "the first 5 characters", e.g. `0x2b3`). */
export const SHOWN_ADDRESS_LENGTH = 5;

/** What another player may learn of a deposit address: its first SHOWN_ADDRESS_LENGTH characters, never the address. */
export function shownWalletAddress(address: string | null | undefined): string | null {
  return address ? address.slice(0, SHOWN_ADDRESS_LENGTH) : null;
}

/** A recipient address: present ('Please enter your Ethereum wallet address.') and valid ('Please enter a valid Ethereum address (ERC-20).'). Output lower-case. */
export const recipientAddressSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? TEXTS.withdrawalAddressMissing : TEXTS.withdrawalAddressInvalid,
  })
  .trim()
  .min(1, { error: TEXTS.withdrawalAddressMissing })
  .refine(isValidEthereumAddress, { error: TEXTS.withdrawalAddressInvalid, params: formCheck('addressInvalid') })
  .transform((value) => value.toLowerCase() as `0x${string}`);

/** `POST /api/wallet/cashout` body. The balance rule ('greater than your balance') is the server's. */
export const cashoutRequestSchema = z.object({
  amount: withdrawalAmountSchema,
  recipientAddress: recipientAddressSchema,
  /**
   * Issue 12: the network fee (ETH) the user saw and confirmed. When given and
   * the fee has risen above it since, the request is refused (409) and
   * nothing is debited; the fee charged is never above it.
   */
  fee: z
    .union([z.number(), z.string()], { error: 'The network fee is not valid.' })
    .transform((value, context) => {
      const parsed = parseEthAmount(value, { allowZero: true });
      if (!parsed.ok) {
        context.addIssue({ code: 'custom', message: 'The network fee is not valid.' });
        return z.NEVER;
      }
      return parsed.wei;
    })
    .optional(),
});
export type CashoutRequest = z.input<typeof cashoutRequestSchema>;

export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_.:-]{8,128}$/, {
  error: 'The Idempotency-Key header must be 8 to 128 letters, digits, dots, colons, dashes or underscores.',
});

/**
 * Life of a withdrawal: `queued` (debited, waiting for the sender), `sent`
 * (signed and broadcast, waiting for confirmations), `confirmed` (paid),
 * `failed` (not paid: the amount is back on the balance). Issue 18: `review`
 * (waits for a staff decision), `rejected` (refused by staff, amount and fee back
 * on the balance, `rejectReason` says why).
 */
export const WITHDRAWAL_STATUSES = ['queued', 'sent', 'confirmed', 'failed', 'review', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** A decimal amount of ETH, exact (e.g. "0.05"). */
const ethStringSchema = z.string().regex(/^\d+(\.\d+)?$/);
const txHashSchema = z.string().regex(/^0x[0-9a-f]{64}$/);

export const cashoutResponseSchema = z.object({
  /** Balance after the debit, ETH, for display (S7.06). */
  newBalance: z.number(),
  /** The same, exact, in wei. */
  newBalanceWei: z.string().regex(/^\d+$/),
  id: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  message: z.string(),
  /** Issue 12: the network fee debited on top of the amount, ETH (exact, like `amount`). */
  fee: ethStringSchema,
});
export type CashoutResponse = z.infer<typeof cashoutResponseSchema>;

/**
 * Issue 12: `GET /api/wallet/withdrawal-fee`, what the withdraw form shows
 * before the confirm button: the network fee a withdrawal is charged now (on
 * top of the amount), the minimum amount and the hourly limit.
 */
export const WITHDRAWAL_FEE_PATH = '/api/wallet/withdrawal-fee';
export const withdrawalFeeResponseSchema = z.object({
  /** ETH, exact. */
  fee: ethStringSchema,
  feeWei: z.string().regex(/^\d+$/),
  /** The smallest amount a withdrawal may ask for, ETH. */
  minimum: ethStringSchema,
  withdrawalsPerHour: z.number().int().positive(),
});
export type WithdrawalFeeResponse = z.infer<typeof withdrawalFeeResponseSchema>;

/**
 * A deposit seen on chain: `pending` until its block has the required
 * confirmations (its own block counts as the first), then `credited`.
 */
export const DEPOSIT_STATUSES = ['pending', 'credited'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const depositItemSchema = z.object({
  /** `null` for ETH found by reconciliation (an internal transfer from a contract has no transaction of its own to us). */
  txHash: txHashSchema.nullable(),
  amount: ethStringSchema,
  status: z.enum(DEPOSIT_STATUSES),
  confirmations: z.number().int().nonnegative(),
  requiredConfirmations: z.number().int().positive(),
  createdAt: z.iso.datetime(),
});
export type DepositItem = z.infer<typeof depositItemSchema>;

export const withdrawalItemSchema = z.object({
  id: z.string(),
  /** The transaction that paid (or last tried to pay) it; `null` while queued. */
  txHash: txHashSchema.nullable(),
  amount: ethStringSchema,
  recipientAddress: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  createdAt: z.iso.datetime(),
  /** Issue 12: the network fee debited on top of the amount, ETH ("0" for withdrawals from before fees). */
  fee: ethStringSchema,
  /** Issue 18: why staff rejected it (status `rejected`); absent otherwise. */
  rejectReason: z.string().optional(),
});
export type WithdrawalItem = z.infer<typeof withdrawalItemSchema>;

/** Result values of a game history item (S3.05); the web shows anything else as Draw. */
export const GAME_RESULTS = ['Victory', 'Defeat', 'Draw'] as const;
export type GameResult = (typeof GAME_RESULTS)[number];

export const gameHistoryItemSchema = z.object({
  /** Issue 14: the game, whose detail `GET /api/games/{id}` answers. */
  id: z.string().optional(),
  /** ISO date the game ended. */
  date: z.iso.datetime(),
  result: z.enum(GAME_RESULTS),
  /** Issue 23: `walletAddress` is the first 5 characters of the opponent's deposit address (what the account page shows), never the address. */
  oppUserId: z.object({ id: z.string(), name: z.string(), walletAddress: z.string().nullable().optional() }),
  /** The bet in USDT. */
  amount: z.number(),
  /** Issue 17: the game's room, to open its signed transcript (`GET /api/games/{room}/transcript`). */
  game: z.string().optional(),
});
export type GameHistoryItem = z.infer<typeof gameHistoryItemSchema>;

/** `GET /api/config`: what the web app needs to know about the server's chain. */
export const configResponseSchema = z.object({
  chain: z.object({ id: z.number().int().positive(), name: z.string(), development: z.boolean() }),
  depositConfirmations: z.number().int().positive(),
  /** Issue 14: the block explorer transaction hashes link to (`${explorerUrl}/tx/${hash}`), or null. */
  explorerUrl: z.string().nullable().optional(),
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;

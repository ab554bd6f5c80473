/**
 * Every environment variable the server reads, with its shape (env-values.ts):
 * one zod object, grouped by the issue that brought each variable.
 */
import { parseEthAmount, parseUsdPrice } from '@shifumi/money';
import { z } from 'zod';
import { mnemonicProblem } from '../infra/chain/hd-wallet';
import { DEFAULT_PRICE_URL, JWT_SECRET_MIN_LENGTH, LOG_LEVELS, NODE_ID_PATTERN } from './config-type';
import {
  appUrlSchema,
  ethAmountSchema,
  integer,
  isSigningKey,
  optional,
  reserveAddressesSchema,
  trustProxySchema,
  url,
} from './env-values';

export const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' })),
  PORT: optional(integer(1, 65535)),
  HOST: optional(z.string().regex(/^[A-Za-z0-9.:_-]+$/, { error: 'must be a host name or an IP address' })),
  APP_URL: optional(appUrlSchema),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(url(['postgres', 'postgresql'], 'postgres://user:password@host:5432/shifumi')),
  JWT_SECRET: optional(
    z.string().min(JWT_SECRET_MIN_LENGTH, { error: `must be at least ${JWT_SECRET_MIN_LENGTH} characters long` }),
  ),
  SMTP_URL: optional(url(['smtp', 'smtps'], 'smtps://user:password@smtp.example.com:465')),
  MAIL_FROM: optional(z.string().regex(/\S+@\S+/, { error: 'must be an address, e.g. Shifumi <no-reply@shifumi.example.com>' })),
  SUPPORT_EMAIL: optional(z.string().regex(/^[^\s@<>]+@[^\s@<>]+$/, { error: 'must be an e-mail address' })),
  RATE_LIMIT_AUTH_PER_MINUTE: optional(integer(1, 1_000_000)),
  RATE_LIMIT_CONTACT_PER_MINUTE: optional(integer(1, 1_000_000)),
  RATE_LIMIT_CHAIN_RPC_PER_MINUTE: optional(integer(1, 1_000_000)),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  TRUST_PROXY: optional(trustProxySchema),
  WEB_DIST_DIR: optional(z.string()),
  PRICE_URL: optional(url(['http', 'https'], DEFAULT_PRICE_URL)),
  ETH_USD_PRICE: optional(
    z
      .string()
      .trim()
      .refine((value) => /^\d+(\.\d+)?$/.test(value) && parseUsdPrice(value).ok, {
        error: 'must be a positive decimal number of US dollars, e.g. 3000 or 2543.17',
      }),
  ),
  PRICE_POLL_MS: optional(integer(1000, 86_400_000)),
  PRICE_STALE_MS: optional(integer(1000, 86_400_000)),
  MAIL_OUTBOX_POLL_MS: optional(integer(100, 3_600_000)),
  SHUTDOWN_GRACE_MS: optional(integer(1000, 600_000)),
  REVEAL_WINDOW_MS: optional(integer(100, 60_000)),
  ETH_RPC_URL: optional(url(['http', 'https'], 'https://mainnet.infura.io/v3/<key>')),
  CHAIN_ID: optional(integer(1, 2 ** 31 - 1)),
  ANVIL_PORT: optional(integer(1, 65535)),
  DEPOSIT_MNEMONIC: optional(
    z.string().refine((value) => mnemonicProblem(value) === null, {
      // Never echo the value: it is a secret.
      error: 'must be a valid BIP-39 English mnemonic (12 to 24 words with a correct checksum)',
    }),
  ),
  HOT_WALLET_PRIVATE_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^(0x)?[0-9a-fA-F]{64}$/, { error: 'must be 32 bytes in hex (64 hex digits, optionally after 0x)' }),
  ),
  CHAIN_POLL_MS: optional(integer(100, 3_600_000)),
  EXPLORER_URL: optional(url(['http', 'https'], 'https://etherscan.io')),
  DEPOSIT_CONFIRMATIONS: optional(integer(1, 10_000)),
  WITHDRAWAL_CONFIRMATIONS: optional(integer(1, 10_000)),
  RECONCILE_INTERVAL_MS: optional(integer(1000, 86_400_000)),
  WITHDRAWAL_STUCK_MS: optional(integer(1000, 86_400_000)),
  REDIS_URL: optional(url(['redis', 'rediss'], 'redis://:password@redis.internal:6379/0')),
  REDIS_KEY_PREFIX: optional(
    z.string().regex(/^[A-Za-z0-9:{}._-]{1,64}$/, { error: 'must be 1 to 64 letters, digits or : { } . _ -, e.g. shifumi:' }),
  ),
  NODE_ID: optional(
    z.string().regex(NODE_ID_PATTERN, { error: 'must be 1 to 64 letters, digits, dots, underscores or hyphens' }),
  ),
  METRICS_TOKEN: optional(
    z.string().regex(/^[\x21-\x7e]{16,256}$/, { error: 'must be 16 to 256 printable characters without spaces' }),
  ),
  // Issue 19: responsible gaming.
  LIMIT_INCREASE_DELAY_HOURS: optional(integer(1, 8760)),
  // Issue 24: challenges by link.
  CHALLENGE_TTL_MINUTES: optional(integer(1, 10080)),
  // Issue 13 (account security).
  TWO_FACTOR_ENCRYPTION_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{64}$/, { error: 'must be 32 bytes in hex (64 hex digits)' }),
  ),
  WITHDRAWAL_HOLD_AFTER_SECURITY_CHANGE_HOURS: optional(integer(0, 24 * 365)),
  WITHDRAWAL_NEW_ADDRESS_HOLD_HOURS: optional(integer(0, 24 * 365)),
  // Verifiable play (issue 17)
  FAIRNESS_SIGNING_KEY: optional(
    z.string().refine(isSigningKey, {
      // Never echo the value: it is a secret.
      error: 'must be an Ed25519 private key: PKCS#8 PEM, or the base64 of its 32-byte seed',
    }),
  ),
  // Issue 12.
  WITHDRAWAL_MIN_ETH: optional(
    z
      .string()
      .trim()
      .refine((value) => /^\d+(\.\d+)?$/.test(value) && parseEthAmount(value).ok, {
        error: 'must be a positive amount of ETH with at most 18 decimals, e.g. 0.001',
      }),
  ),
  WITHDRAWALS_PER_HOUR: optional(integer(1, 1_000_000)),
  CHAIN_RPC_GAS_CAP: optional(integer(21_000, 1_000_000_000)),
  // Issue 18.
  STAFF_REQUIRE_2FA: optional(z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' })),
  WITHDRAWAL_REVIEW_ABOVE_ETH: optional(ethAmountSchema()),
  WITHDRAWAL_DAILY_LIMIT_ETH: optional(ethAmountSchema()),
  WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH: optional(ethAmountSchema()),
  // Issue 28.
  SOLVENCY_SNAPSHOT_MINUTES: optional(integer(0, 525_600)),
  RESERVE_ADDRESSES: optional(reserveAddressesSchema()),
  // Issue 23.
  LOGIN_FAILURES_PER_ACCOUNT: optional(integer(1, 1000)),
  LOGIN_FAILURE_WINDOW_MINUTES: optional(integer(1, 24 * 60)),
});

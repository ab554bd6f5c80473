/**
 * The only reader of the environment. `loadConfig` is pure: it turns an
 * environment object into one typed, validated `Config` or throws a
 * `ConfigError` whose message is one line naming the variable at fault.
 * The only side effect (creating the development JWT secret in DATA_DIR)
 * lives in `resolveJwtSecret`, called once by main.ts.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEthAmount, parseUsdPrice } from '@shifumi/money';
import { PRICE_POLL_MS, REVEAL_WINDOW_MS } from '@shifumi/protocol';
import { z } from 'zod';
import { parseSigningKey } from '@shifumi/fairness/node';
import { describeRpcUrl } from './infra/chain/chain-client';
import { readOrCreateSecretFile } from './shared/secret-file';
import { ConfigError } from './shared/config-error';
import { describeRedisUrl } from './shared/redis-url';
import { resolveChainSettings, type ChainSettings } from './infra/chain/chain-settings';
import { mnemonicProblem } from './infra/chain/hd-wallet';

/** apps/server/src/config.ts → the repository root, whatever the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const JWT_SECRET_MIN_LENGTH = 32;
/** What NODE_ID may be: it appears in Redis keys, connection names and metric labels. */
export const NODE_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type LogLevel = (typeof LOG_LEVELS)[number];
/** What Fastify's `trustProxy` accepts: off/on, a hop count, or trusted addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** The app's public origin, without a trailing slash (links in mails, allowed Socket.IO origin). */
  appUrl: string;
  dataDir: string;
  /** Unset → embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** Unset → generated once into `${dataDir}/jwt-secret` (never in production). */
  jwtSecret: string | undefined;
  /** Unset → mails are written to the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  rateLimitAuthPerMinute: number;
  rateLimitContactPerMinute: number;
  /** Per-IP budget of the read-only chain RPC proxy (wallet dialogs poll it). */
  rateLimitChainRpcPerMinute: number;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  webDistDir: string;
  /** Price API polled for ETH/USD when no fixed price applies. */
  priceUrl: string;
  /** A fixed ETH/USD price (decimal string): ETH_USD_PRICE, or the development default. Unset → poll priceUrl. */
  fixedEthUsdPrice: { ethUsd: string; source: 'fixed' | 'development' } | undefined;
  pricePollMs: number;
  priceStaleMs: number;
  /** Issue 29: how often each node looks for due mails in the outbox (MAIL_OUTBOX_POLL_MS). */
  mailOutboxPollMs: number;
  /** Issue 29: how long a SIGTERM's drain may take before the process exits anyway (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** Issue 17: how long a player who sealed their choice has to reveal it (REVEAL_WINDOW_MS). */
  revealWindowMs: number;
  /** Ethereum JSON-RPC endpoint. Unset → main.ts starts the embedded anvil (development chain). */
  ethRpcUrl: string | undefined;
  /** Chain id the endpoint must serve; unset → whatever it serves (31337 for the embedded anvil). */
  chainId: number | undefined;
  /** Port of the embedded anvil. */
  anvilPort: number;
  /** HD wallet of the deposit addresses (and of the hot wallet without a private key). Unset → the development mnemonic, on the development chain only. Secret. */
  depositMnemonic: string | undefined;
  /** The hot wallet's private key; unset → m/44'/60'/0'/0/0 of the mnemonic. Secret. */
  hotWalletPrivateKey: string | undefined;
  /** Block polling interval of the chain watcher. */
  chainPollMs: number;
  /** Issue 14: a block explorer (e.g. https://etherscan.io); transaction hashes link to `${explorerUrl}/tx/${hash}`. Unset → no links. */
  explorerUrl: string | undefined;
  /** Confirmations before a deposit is credited; unset → 12, or 1 on the development chain. */
  depositConfirmations: number | undefined;
  /** Confirmations before a withdrawal counts as paid; unset → as deposits. */
  withdrawalConfirmations: number | undefined;
  /** How often deposit-address balances are reconciled with the ledger. */
  reconcileIntervalMs: number;
  /** A withdrawal transaction not mined after this long is re-priced. */
  withdrawalStuckMs: number;
  /** Redis shared by every node (redis:// or rediss://). Unset → one node with in-process queue, presence and socket rooms. May hold a password. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel of this cluster (several clusters may share one Redis). */
  redisKeyPrefix: string;
  /** This node's name among several (connection names, queue tickets, leases, metrics). Unset → `<host>-<pid>-<random>`, new at every start. */
  nodeId: string;
  /** Bearer token GET /metrics requires. Unset → /metrics is open outside production and not served in production. Secret. */
  metricsToken: string | undefined;
  // Issue 19: responsible gaming.
  /** Hours before a raised or removed limit (or a less frequent reality check) takes effect. */
  limitIncreaseDelayHours: number;
  /** Issue 24: how long a challenge by link stays open, in minutes. */
  challengeTtlMinutes: number;
  // Issue 13 (account security).
  /** AES-256-GCM key of the two-factor secrets (64 hex digits). Unset → generated once into `${dataDir}/two-factor-key` (required in production). Secret. */
  twoFactorEncryptionKey: string | undefined;
  /** Withdrawals wait this long after a password reset or change, or two-factor turned off. */
  withdrawalHoldAfterSecurityChangeHours: number;
  /** A confirmed address-book address becomes active after this long; turning the book off takes effect after it too. */
  withdrawalNewAddressHoldHours: number;
  // Verifiable play (issue 17)
  /**
   * The Ed25519 key that signs game transcripts (PKCS#8 PEM or base64 seed). Unset → generated once into
   * `${dataDir}/fairness-signing-key` (never in production, nor with REDIS_URL: every node must sign with the same). Secret.
   */
  fairnessSigningKey: string | undefined;
  // Issue 12: money and the chain under attack.
  /** Smallest withdrawal, in wei (WITHDRAWAL_MIN_ETH, default 0.001 ETH). */
  withdrawalMinWei: bigint;
  /** New withdrawals a user may request per rolling hour (WITHDRAWALS_PER_HOUR, default 10). */
  withdrawalsPerHour: number;
  /** Gas cap of eth_call / eth_estimateGas / eth_createAccessList through the chain proxy (CHAIN_RPC_GAS_CAP, default 10,000,000). */
  chainRpcGasCap: bigint;
  // Issue 18: the operator's console.
  /** Staff without two-factor are refused the console (STAFF_REQUIRE_2FA; default true in production, false otherwise). */
  staffRequireTwoFactor: boolean;
  /** A withdrawal above this waits for staff review (WITHDRAWAL_REVIEW_ABOVE_ETH, default 1 ETH). */
  withdrawalReviewAboveWei: bigint;
  /** A player's withdrawals over 24 h above this wait for review (WITHDRAWAL_DAILY_LIMIT_ETH, default 5 ETH). */
  withdrawalDailyLimitWei: bigint;
  /** Issue 23: a withdrawal in review above this needs two different staff members' approvals (WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH, default 10 ETH). */
  withdrawalSecondApprovalAboveWei: bigint;
  // Issue 28: proof of solvency.
  /** Minutes between solvency snapshots on the chain workers' leader (SOLVENCY_SNAPSHOT_MINUTES, default 60; 0 turns the schedule off). */
  solvencySnapshotMinutes: number;
  /** The operator's other addresses (cold storage) listed as reserves (RESERVE_ADDRESSES, comma-separated), lower-case, no duplicates. */
  reserveAddresses: string[];
  // Issue 23: accounts a stolen session or link cannot keep.
  /** Wrong passwords for one e-mail address, from any IP, that pause its sign-in (LOGIN_FAILURES_PER_ACCOUNT, default 10). */
  loginFailuresPerAccount: number;
  /** The window of those failures and the length of the pause (LOGIN_FAILURE_WINDOW_MINUTES, default 15). */
  loginFailureWindowMinutes: number;
}

export const DEFAULT_PRICE_URL = 'https://api.coingecko.com/api/v3/simple/price?ids=ethereum&vs_currencies=usd';
/** The development price used when neither ETH_USD_PRICE nor PRICE_URL is set outside production. */
export const DEVELOPMENT_ETH_USD_PRICE = '3000';
/** Default of WITHDRAWAL_MIN_ETH. */
export const DEFAULT_WITHDRAWAL_MIN_ETH = '0.001';

/** A config whose JWT secret is known: what the app is built from. */
export type AppConfig = Config & { jwtSecret: string };

export { ConfigError };

export interface LoadConfigOptions {
  /** Directory relative DATA_DIR / WEB_DIST_DIR values are resolved against. */
  cwd?: string;
  /** Directory the defaults of DATA_DIR / WEB_DIST_DIR live in. */
  repoRoot?: string;
}

/** Treats empty strings like unset variables, as `.env` files and shells often produce them. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

function integer(min: number, max: number) {
  const message = `must be an integer between ${min} and ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error: message })
    .transform(Number)
    .refine((value) => Number.isSafeInteger(value) && value >= min && value <= max, { error: message });
}

function url(protocols: string[], example: string) {
  const message = `must be a ${protocols.join(' or ')} URL, e.g. ${example}`;
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { error: message },
  );
}

const appUrlSchema = url(['http', 'https'], 'https://shifumi.example.com')
  .refine((value) => {
    const parsed = new URL(value);
    return (parsed.pathname === '/' || parsed.pathname === '') && !parsed.search && !parsed.hash && !parsed.username;
  }, { error: 'must be an origin without a path, e.g. https://shifumi.example.com' })
  .transform((value) => new URL(value).origin);

const trustProxySchema = z.string().transform((value, context): TrustProxy => {
  const normalised = value.trim().toLowerCase();
  if (normalised === 'true') return true;
  if (normalised === 'false') return false;
  if (/^\d+$/.test(normalised)) return Number(normalised);
  const addresses = normalised.split(',').map((part) => part.trim()).filter(Boolean);
  if (addresses.length > 0 && addresses.every((address) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(address))) return addresses;
  context.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a comma-separated list of addresses' });
  return z.NEVER;
});

const envSchema = z.object({
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
    z.string().trim().refine((value) => /^\d+(\.\d+)?$/.test(value) && parseUsdPrice(value).ok, {
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
    z.string().trim().regex(/^(0x)?[0-9a-fA-F]{64}$/, { error: 'must be 32 bytes in hex (64 hex digits, optionally after 0x)' }),
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
  NODE_ID: optional(z.string().regex(NODE_ID_PATTERN, { error: 'must be 1 to 64 letters, digits, dots, underscores or hyphens' })),
  METRICS_TOKEN: optional(
    z.string().regex(/^[\x21-\x7e]{16,256}$/, { error: 'must be 16 to 256 printable characters without spaces' }),
  ),
  // Issue 19: responsible gaming.
  LIMIT_INCREASE_DELAY_HOURS: optional(integer(1, 8760)),
  // Issue 24: challenges by link.
  CHALLENGE_TTL_MINUTES: optional(integer(1, 10080)),
  // Issue 13 (account security).
  TWO_FACTOR_ENCRYPTION_KEY: optional(z.string().trim().regex(/^[0-9a-fA-F]{64}$/, { error: 'must be 32 bytes in hex (64 hex digits)' })),
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

/** Comma-separated 0x addresses (any case, spaces allowed), lower-cased, duplicates dropped; empty → none. */
function reserveAddressesSchema() {
  return z.string().transform((value, context) => {
    const parts = value.split(',').map((part) => part.trim()).filter((part) => part !== '');
    if (!parts.every((part) => /^0x[0-9a-fA-F]{40}$/.test(part))) {
      context.addIssue({ code: 'custom', message: 'must be comma-separated addresses, each 0x followed by 40 hexadecimal characters' });
      return z.NEVER;
    }
    return [...new Set(parts.map((part) => part.toLowerCase()))];
  });
}

function ethAmountSchema() {
  return z
    .string()
    .trim()
    .refine((value) => /^\d+(\.\d+)?$/.test(value) && parseEthAmount(value).ok, {
      error: 'must be a positive amount of ETH with at most 18 decimals, e.g. 0.001',
    });
}

function isSigningKey(value: string): boolean {
  try {
    parseSigningKey(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Parses the environment. Throws `ConfigError` with a message such as
 * `Invalid environment: PORT must be an integer between 1 and 65535`.
 * Error messages never echo the offending value (it may be a secret).
 */
export function loadConfig(env: Record<string, string | undefined>, options: LoadConfigOptions = {}): Config {
  const cwd = options.cwd ?? process.cwd();
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const message = issue?.code === 'invalid_type' ? 'must be text' : (issue?.message ?? 'is invalid');
    throw new ConfigError(`Invalid environment: ${variable} ${message}`);
  }
  const values = parsed.data;
  const nodeEnv = values.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  if (isProduction && values.JWT_SECRET === undefined) {
    throw new ConfigError(
      `Invalid environment: JWT_SECRET is required when NODE_ENV=production (at least ${JWT_SECRET_MIN_LENGTH} characters)`,
    );
  }
  if (values.REDIS_URL !== undefined && values.JWT_SECRET === undefined) {
    // Each node would otherwise generate its own secret and refuse the others' access tokens.
    throw new ConfigError(
      'Invalid environment: JWT_SECRET is required when REDIS_URL is set (every node must share the same secret)',
    );
  }
  const port = values.PORT ?? 3000;
  const fixedEthUsdPrice =
    values.ETH_USD_PRICE !== undefined
      ? { ethUsd: values.ETH_USD_PRICE, source: 'fixed' as const }
      : values.PRICE_URL === undefined && !isProduction
        ? { ethUsd: DEVELOPMENT_ETH_USD_PRICE, source: 'development' as const }
        : undefined;
  return {
    nodeEnv,
    isProduction,
    port,
    host: values.HOST ?? '127.0.0.1',
    appUrl: values.APP_URL ?? `http://localhost:${port}`,
    dataDir: values.DATA_DIR ? path.resolve(cwd, values.DATA_DIR) : path.join(repoRoot, '.data'),
    databaseUrl: values.DATABASE_URL,
    jwtSecret: values.JWT_SECRET,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? 'Shifumi <no-reply@localhost>',
    supportEmail: values.SUPPORT_EMAIL ?? 'support@localhost',
    rateLimitAuthPerMinute: values.RATE_LIMIT_AUTH_PER_MINUTE ?? 20,
    rateLimitContactPerMinute: values.RATE_LIMIT_CONTACT_PER_MINUTE ?? 5,
    // wagmi polls the block number every few seconds per tab and batches its reads: 10 calls a second per IP.
    rateLimitChainRpcPerMinute: values.RATE_LIMIT_CHAIN_RPC_PER_MINUTE ?? 600,
    logLevel: values.LOG_LEVEL ?? 'info',
    trustProxy: values.TRUST_PROXY ?? false,
    webDistDir: values.WEB_DIST_DIR ? path.resolve(cwd, values.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    priceUrl: values.PRICE_URL ?? DEFAULT_PRICE_URL,
    fixedEthUsdPrice,
    pricePollMs: values.PRICE_POLL_MS ?? PRICE_POLL_MS,
    priceStaleMs: values.PRICE_STALE_MS ?? 300_000,
    mailOutboxPollMs: values.MAIL_OUTBOX_POLL_MS ?? 2000,
    shutdownGraceMs: values.SHUTDOWN_GRACE_MS ?? 25_000,
    revealWindowMs: values.REVEAL_WINDOW_MS ?? REVEAL_WINDOW_MS,
    ethRpcUrl: values.ETH_RPC_URL,
    chainId: values.CHAIN_ID,
    anvilPort: values.ANVIL_PORT ?? 8545,
    depositMnemonic: values.DEPOSIT_MNEMONIC,
    hotWalletPrivateKey: values.HOT_WALLET_PRIVATE_KEY,
    chainPollMs: values.CHAIN_POLL_MS ?? 2000,
    explorerUrl: values.EXPLORER_URL?.trim().replace(/\/+$/, ''),
    depositConfirmations: values.DEPOSIT_CONFIRMATIONS,
    withdrawalConfirmations: values.WITHDRAWAL_CONFIRMATIONS,
    reconcileIntervalMs: values.RECONCILE_INTERVAL_MS ?? 60_000,
    withdrawalStuckMs: values.WITHDRAWAL_STUCK_MS ?? 180_000,
    redisUrl: values.REDIS_URL,
    redisKeyPrefix: values.REDIS_KEY_PREFIX ?? 'shifumi:',
    nodeId: values.NODE_ID ?? defaultNodeId(),
    metricsToken: values.METRICS_TOKEN,
    limitIncreaseDelayHours: values.LIMIT_INCREASE_DELAY_HOURS ?? 24,
    challengeTtlMinutes: values.CHALLENGE_TTL_MINUTES ?? 15,
    twoFactorEncryptionKey: values.TWO_FACTOR_ENCRYPTION_KEY?.toLowerCase(),
    withdrawalHoldAfterSecurityChangeHours: values.WITHDRAWAL_HOLD_AFTER_SECURITY_CHANGE_HOURS ?? 24,
    withdrawalNewAddressHoldHours: values.WITHDRAWAL_NEW_ADDRESS_HOLD_HOURS ?? 24,
    // Verifiable play (issue 17)
    fairnessSigningKey: values.FAIRNESS_SIGNING_KEY,
    withdrawalMinWei: ethToWei(values.WITHDRAWAL_MIN_ETH ?? DEFAULT_WITHDRAWAL_MIN_ETH),
    withdrawalsPerHour: values.WITHDRAWALS_PER_HOUR ?? 10,
    chainRpcGasCap: BigInt(values.CHAIN_RPC_GAS_CAP ?? 10_000_000),
    staffRequireTwoFactor: values.STAFF_REQUIRE_2FA === undefined ? isProduction : values.STAFF_REQUIRE_2FA === 'true' || values.STAFF_REQUIRE_2FA === '1',
    withdrawalReviewAboveWei: ethToWei(values.WITHDRAWAL_REVIEW_ABOVE_ETH ?? '1'),
    withdrawalDailyLimitWei: ethToWei(values.WITHDRAWAL_DAILY_LIMIT_ETH ?? '5'),
    withdrawalSecondApprovalAboveWei: ethToWei(values.WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH ?? '10'),
    solvencySnapshotMinutes: values.SOLVENCY_SNAPSHOT_MINUTES ?? 60,
    reserveAddresses: values.RESERVE_ADDRESSES ?? [],
    loginFailuresPerAccount: values.LOGIN_FAILURES_PER_ACCOUNT ?? 10,
    loginFailureWindowMinutes: values.LOGIN_FAILURE_WINDOW_MINUTES ?? 15,
  };
}

/** An amount already validated by the schema, in wei. */
function ethToWei(value: string): bigint {
  const parsed = parseEthAmount(value);
  if (!parsed.ok) throw new ConfigError(`Invalid amount of ETH: ${parsed.reason}`);
  return parsed.wei;
}

/**
 * `<host>-<pid>-<6 hex>`: unique per start, so that a restarted process (in a
 * container every node may be pid 1 with the same host name) is a new node
 * and never mistakes the leases or tickets of its previous life for its own.
 */
export function defaultNodeId(hostname = os.hostname(), pid = process.pid): string {
  const host = hostname.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 40) || 'node';
  return `${host}-${pid}-${randomBytes(3).toString('hex')}`;
}

export { resolveChainSettings, type ChainSettings };

/**
 * Returns the configured JWT secret, or (outside production) the one kept in
 * `${dataDir}/jwt-secret`, creating it with 48 random bytes and mode 0600 the
 * first time. Keeping it on disk means restarts do not sign everybody out.
 */
export async function resolveJwtSecret(config: Config): Promise<AppConfig> {
  if (config.jwtSecret !== undefined) return { ...config, jwtSecret: config.jwtSecret, twoFactorEncryptionKey: await resolveTwoFactorKey(config) };
  if (config.isProduction) throw new ConfigError('Invalid environment: JWT_SECRET is required when NODE_ENV=production');
  const file = path.join(config.dataDir, 'jwt-secret');
  const secret = (await readOrCreateSecretFile(config.dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'))).trim();
  if (secret.length < JWT_SECRET_MIN_LENGTH) {
    throw new ConfigError(`Invalid environment: the JWT secret in ${file} is shorter than ${JWT_SECRET_MIN_LENGTH} characters; delete the file to generate a new one`);
  }
  return { ...config, jwtSecret: secret, twoFactorEncryptionKey: await resolveTwoFactorKey(config) };
}

/**
 * Issue 13: the configured TWO_FACTOR_ENCRYPTION_KEY, or (outside production)
 * the one kept in `${dataDir}/two-factor-key`, created like the JWT secret.
 * Losing it makes every two-factor secret unreadable, so it is kept on disk.
 */
export async function resolveTwoFactorKey(config: Config): Promise<string> {
  if (config.twoFactorEncryptionKey !== undefined) return config.twoFactorEncryptionKey;
  if (config.isProduction) {
    throw new ConfigError('Invalid environment: TWO_FACTOR_ENCRYPTION_KEY is required when NODE_ENV=production (64 hex digits)');
  }
  const file = path.join(config.dataDir, 'two-factor-key');
  const key = (await readOrCreateSecretFile(config.dataDir, 'two-factor-key', () => randomBytes(32).toString('hex'))).trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(key)) {
    throw new ConfigError(`Invalid environment: the two-factor key in ${file} is not 64 hex digits; restore it (deleting it makes every two-factor secret unreadable)`);
  }
  return key;
}

export { describeRedisUrl };

/** Hides the password of a connection URL so that the config can be logged. */
function withoutPassword(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = new URL(value);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** The config as it may appear in a log line: no secret, no password. */
export function describeConfig(config: Config): Record<string, unknown> {
  return {
    nodeEnv: config.nodeEnv,
    host: config.host,
    port: config.port,
    appUrl: config.appUrl,
    dataDir: config.dataDir,
    database: config.databaseUrl ? withoutPassword(config.databaseUrl) : 'embedded PGlite',
    mail: config.smtpUrl ? withoutPassword(config.smtpUrl) : 'written to the log',
    supportEmail: config.supportEmail,
    rateLimitAuthPerMinute: config.rateLimitAuthPerMinute,
    rateLimitContactPerMinute: config.rateLimitContactPerMinute,
    rateLimitChainRpcPerMinute: config.rateLimitChainRpcPerMinute,
    trustProxy: config.trustProxy,
    webDistDir: config.webDistDir,
    nodeId: config.nodeId,
    redis: config.redisUrl
      ? { url: describeRedisUrl(config.redisUrl), keyPrefix: config.redisKeyPrefix }
      : 'none (one node, in-process queue and presence)',
    metrics: config.metricsToken ? 'bearer token' : config.isProduction ? 'not served (no METRICS_TOKEN)' : 'open',
    accountSecurity: {
      twoFactorKey: config.twoFactorEncryptionKey ? 'set' : 'generated in DATA_DIR',
      withdrawalHoldAfterSecurityChangeHours: config.withdrawalHoldAfterSecurityChangeHours,
      withdrawalNewAddressHoldHours: config.withdrawalNewAddressHoldHours,
      loginFailuresPerAccount: config.loginFailuresPerAccount,
      loginFailureWindowMinutes: config.loginFailureWindowMinutes,
    },
    price: config.fixedEthUsdPrice
      ? `${config.fixedEthUsdPrice.source} ${config.fixedEthUsdPrice.ethUsd} USD`
      : { url: config.priceUrl, pollMs: config.pricePollMs, staleMs: config.priceStaleMs },
    chain: {
      rpc: config.ethRpcUrl ? describeRpcUrl(config.ethRpcUrl) : `embedded anvil on port ${config.anvilPort}`,
      chainId: config.chainId ?? 'from the node',
      depositMnemonic: config.depositMnemonic ? 'set' : 'development default (development chain only)',
      hotWallet: config.hotWalletPrivateKey ? 'private key set' : 'from the mnemonic',
      pollMs: config.chainPollMs,
      depositConfirmations: config.depositConfirmations ?? 'default',
      withdrawalConfirmations: config.withdrawalConfirmations ?? 'default',
    },
    // Verifiable play (issue 17)
    fairnessSigningKey: config.fairnessSigningKey ? 'set' : 'generated in DATA_DIR',
    // Proof of solvency (issue 28): public addresses, safe to log.
    solvency: { snapshotMinutes: config.solvencySnapshotMinutes || 'off', reserveAddresses: config.reserveAddresses },
  };
}

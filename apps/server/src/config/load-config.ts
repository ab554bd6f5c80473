/**
 * `loadConfig` is pure: it turns an environment object into one typed,
 * validated `Config` (the defaults embedded here) or throws a `ConfigError`
 * whose message is one line naming the variable at fault.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseEthAmount } from '@shifumi/money';
import { PRICE_POLL_MS, REVEAL_WINDOW_MS } from '@shifumi/protocol';
import { ConfigError } from '../shared/config-error';
import {
  DEFAULT_PRICE_URL,
  DEFAULT_WITHDRAWAL_MIN_ETH,
  DEVELOPMENT_ETH_USD_PRICE,
  JWT_SECRET_MIN_LENGTH,
  REPO_ROOT,
  type Config,
  type LoadConfigOptions,
} from './config-type';
import { envSchema } from './env-schema';

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
    staffRequireTwoFactor:
      values.STAFF_REQUIRE_2FA === undefined
        ? isProduction
        : values.STAFF_REQUIRE_2FA === 'true' || values.STAFF_REQUIRE_2FA === '1',
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

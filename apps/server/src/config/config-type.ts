/**
 * The server's configuration as a type: what `loadConfig` (load-config.ts)
 * returns, with the defaults and patterns other files name.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server/src/config/ → the repository root, whatever the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const JWT_SECRET_MIN_LENGTH = 32;
/** What NODE_ID may be: it appears in Redis keys, connection names and metric labels. */
export const NODE_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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

export interface LoadConfigOptions {
  /** Directory relative DATA_DIR / WEB_DIST_DIR values are resolved against. */
  cwd?: string;
  /** Directory the defaults of DATA_DIR / WEB_DIST_DIR live in. */
  repoRoot?: string;
}

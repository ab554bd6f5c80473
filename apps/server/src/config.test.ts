import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_PRICE_URL,
  defaultNodeId,
  describeConfig,
  loadConfig,
  NODE_ID_PATTERN,
  resolveChainSettings,
  resolveJwtSecret,
} from './config';
import { DEV_MNEMONIC } from './infra/chain/hd-wallet';

/** A valid BIP-39 mnemonic other than the development one. */
const REAL_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

const paths = { cwd: '/srv/cwd', repoRoot: '/srv/repo' };
const SECRET = 's'.repeat(32);

function errorOf(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env, paths);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('reads LIMIT_INCREASE_DELAY_HOURS (issue 19) and refuses a bad value', () => {
    expect(loadConfig({ LIMIT_INCREASE_DELAY_HOURS: '48' }, paths).limitIncreaseDelayHours).toBe(48);
    expect(() => loadConfig({ LIMIT_INCREASE_DELAY_HOURS: '0' }, paths)).toThrow(/LIMIT_INCREASE_DELAY_HOURS/);
  });

  it('reads CHALLENGE_TTL_MINUTES (issue 24, default 15) and refuses a bad value', () => {
    expect(loadConfig({}, paths).challengeTtlMinutes).toBe(15);
    expect(loadConfig({ CHALLENGE_TTL_MINUTES: '60' }, paths).challengeTtlMinutes).toBe(60);
    expect(() => loadConfig({ CHALLENGE_TTL_MINUTES: '0' }, paths)).toThrow(/CHALLENGE_TTL_MINUTES/);
    expect(() => loadConfig({ CHALLENGE_TTL_MINUTES: 'soon' }, paths)).toThrow(/CHALLENGE_TTL_MINUTES/);
  });

  it('has embedded defaults for everything', () => {
    expect(loadConfig({}, paths)).toEqual({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      dataDir: '/srv/repo/.data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      smtpUrl: undefined,
      mailFrom: 'Shifumi <no-reply@localhost>',
      supportEmail: 'support@localhost',
      rateLimitAuthPerMinute: 20,
      rateLimitContactPerMinute: 5,
      rateLimitChainRpcPerMinute: 600,
      logLevel: 'info',
      trustProxy: false,
      webDistDir: '/srv/repo/apps/web/dist',
      priceUrl: DEFAULT_PRICE_URL,
      fixedEthUsdPrice: { ethUsd: '3000', source: 'development' },
      pricePollMs: 60_000,
      priceStaleMs: 300_000,
      revealWindowMs: 3_000,
      ethRpcUrl: undefined,
      chainId: undefined,
      anvilPort: 8545,
      depositMnemonic: undefined,
      hotWalletPrivateKey: undefined,
      chainPollMs: 2000,
      depositConfirmations: undefined,
      withdrawalConfirmations: undefined,
      reconcileIntervalMs: 60_000,
      withdrawalStuckMs: 180_000,
      redisUrl: undefined,
      redisKeyPrefix: 'shifumi:',
      nodeId: expect.stringMatching(NODE_ID_PATTERN),
      metricsToken: undefined,
      limitIncreaseDelayHours: 24,
      challengeTtlMinutes: 15,
      mailOutboxPollMs: 2000,
      shutdownGraceMs: 25_000,
      twoFactorEncryptionKey: undefined,
      withdrawalHoldAfterSecurityChangeHours: 24,
      withdrawalNewAddressHoldHours: 24,
      withdrawalMinWei: 10n ** 15n,
      withdrawalsPerHour: 10,
      chainRpcGasCap: 10_000_000n,
      staffRequireTwoFactor: false,
      withdrawalReviewAboveWei: 10n ** 18n,
      withdrawalDailyLimitWei: 5n * 10n ** 18n,
      withdrawalSecondApprovalAboveWei: 10n * 10n ** 18n,
      solvencySnapshotMinutes: 60,
      reserveAddresses: [],
      loginFailuresPerAccount: 10,
      loginFailureWindowMinutes: 15,
    });
  });

  it('reads the solvency variables (issue 28): minutes between snapshots (0: off) and the cold addresses, validated', () => {
    expect(loadConfig({ SOLVENCY_SNAPSHOT_MINUTES: '0' }).solvencySnapshotMinutes).toBe(0);
    expect(() => loadConfig({ SOLVENCY_SNAPSHOT_MINUTES: '-5' })).toThrow('SOLVENCY_SNAPSHOT_MINUTES');
    const cold = `0x${'Ab'.repeat(20)}`;
    expect(loadConfig({ RESERVE_ADDRESSES: ` ${cold}, 0x${'1'.repeat(40)} ,${cold.toLowerCase()}` }).reserveAddresses).toEqual([
      cold.toLowerCase(),
      `0x${'1'.repeat(40)}`,
    ]);
    expect(() => loadConfig({ RESERVE_ADDRESSES: '0x1234' })).toThrow('RESERVE_ADDRESSES');
    expect(loadConfig({ RESERVE_ADDRESSES: '' }).reserveAddresses).toEqual([]);
  });

  it('reads the per-account sign-in limit (issue 23) and refuses bad values', () => {
    const config = loadConfig({ LOGIN_FAILURES_PER_ACCOUNT: '5', LOGIN_FAILURE_WINDOW_MINUTES: '30' }, paths);
    expect(config.loginFailuresPerAccount).toBe(5);
    expect(config.loginFailureWindowMinutes).toBe(30);
    for (const value of ['0', '-1', 'ten', '1.5', '1001'])
      expect(() => loadConfig({ LOGIN_FAILURES_PER_ACCOUNT: value }, paths)).toThrow(/LOGIN_FAILURES_PER_ACCOUNT/);
    for (const value of ['0', '1441', 'soon'])
      expect(() => loadConfig({ LOGIN_FAILURE_WINDOW_MINUTES: value }, paths)).toThrow(/LOGIN_FAILURE_WINDOW_MINUTES/);
  });

  it('reads the console variables (issue 18): STAFF_REQUIRE_2FA defaults to on in production only; review thresholds in ETH', () => {
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        DEPOSIT_MNEMONIC: undefined,
        ETH_USD_PRICE: '3000',
      } as NodeJS.ProcessEnv).staffRequireTwoFactor,
    ).toBe(true);
    expect(loadConfig({ STAFF_REQUIRE_2FA: 'true' }).staffRequireTwoFactor).toBe(true);
    expect(loadConfig({ STAFF_REQUIRE_2FA: '0' }).staffRequireTwoFactor).toBe(false);
    expect(() => loadConfig({ STAFF_REQUIRE_2FA: 'yes' })).toThrow('STAFF_REQUIRE_2FA');
    const config = loadConfig({ WITHDRAWAL_REVIEW_ABOVE_ETH: '0.5', WITHDRAWAL_DAILY_LIMIT_ETH: '2.25' });
    expect(config.withdrawalReviewAboveWei).toBe(5n * 10n ** 17n);
    expect(config.withdrawalDailyLimitWei).toBe(225n * 10n ** 16n);
    expect(() => loadConfig({ WITHDRAWAL_DAILY_LIMIT_ETH: '-1' })).toThrow('WITHDRAWAL_DAILY_LIMIT_ETH');
    // Issue 23: the two-person threshold, validated like the others.
    expect(loadConfig({ WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH: '2.5' }).withdrawalSecondApprovalAboveWei).toBe(25n * 10n ** 17n);
    expect(() => loadConfig({ WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH: 'ten' })).toThrow('WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH');
    expect(() => loadConfig({ WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH: '-1' })).toThrow('WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH');
  });

  it('reads and validates the withdrawal minimum, the hourly limit and the chain proxy gas cap (issue 12)', () => {
    expect(
      loadConfig({ WITHDRAWAL_MIN_ETH: '0.05', WITHDRAWALS_PER_HOUR: '3', CHAIN_RPC_GAS_CAP: '30000000' }, paths),
    ).toMatchObject({
      withdrawalMinWei: 5n * 10n ** 16n,
      withdrawalsPerHour: 3,
      chainRpcGasCap: 30_000_000n,
    });
    for (const [name, value] of [
      ['WITHDRAWAL_MIN_ETH', '0'],
      ['WITHDRAWAL_MIN_ETH', '-1'],
      ['WITHDRAWAL_MIN_ETH', '0.0000000000000000001'],
      ['WITHDRAWAL_MIN_ETH', '1e-3'],
      ['WITHDRAWALS_PER_HOUR', '0'],
      ['CHAIN_RPC_GAS_CAP', '100'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }, paths), `${name}=${value}`).toThrow(
        new RegExp(`^Invalid environment: ${name} `),
      );
    }
  });

  it('reads REDIS_URL, NODE_ID and METRICS_TOKEN', () => {
    const config = loadConfig(
      {
        REDIS_URL: 'rediss://:pw@redis.internal:6380/2',
        REDIS_KEY_PREFIX: 'shifumi-staging:{eu}:',
        JWT_SECRET: SECRET,
        NODE_ID: 'node-1.eu_west',
        METRICS_TOKEN: 'm'.repeat(16),
      },
      paths,
    );
    expect(config).toMatchObject({
      redisUrl: 'rediss://:pw@redis.internal:6380/2',
      redisKeyPrefix: 'shifumi-staging:{eu}:',
      nodeId: 'node-1.eu_west',
      metricsToken: 'm'.repeat(16),
    });
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: SECRET }, paths).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
  });

  it('refuses REDIS_URL without JWT_SECRET: nodes must share the secret', () => {
    expect(errorOf({ REDIS_URL: 'redis://127.0.0.1:6379' })).toBe(
      'Invalid environment: JWT_SECRET is required when REDIS_URL is set (every node must share the same secret)',
    );
  });

  it('gives each start its own node id by default', () => {
    const first = loadConfig({}, paths).nodeId;
    const second = loadConfig({}, paths).nodeId;
    expect(first).not.toBe(second);
    expect(first).toMatch(new RegExp(`-${process.pid}-[0-9a-f]{6}$`));
    expect(defaultNodeId('web 01.example.com', 7)).toMatch(/^web-01\.example\.com-7-[0-9a-f]{6}$/);
    expect(defaultNodeId('h'.repeat(200), 1234567)).toMatch(NODE_ID_PATTERN);
    expect(defaultNodeId('', 1)).toMatch(/^node-1-/);
  });

  it('reads the chain variables and refuses bad ones without echoing secrets', () => {
    const config = loadConfig(
      {
        ETH_RPC_URL: 'https://rpc.example.com/v3/key',
        CHAIN_ID: '1',
        ANVIL_PORT: '9545',
        DEPOSIT_MNEMONIC: REAL_MNEMONIC,
        HOT_WALLET_PRIVATE_KEY: '0x' + '11'.repeat(32),
        CHAIN_POLL_MS: '500',
        DEPOSIT_CONFIRMATIONS: '20',
        WITHDRAWAL_CONFIRMATIONS: '6',
      },
      paths,
    );
    expect(config).toMatchObject({ ethRpcUrl: 'https://rpc.example.com/v3/key', chainId: 1, anvilPort: 9545, chainPollMs: 500 });
    expect(errorOf({ ETH_RPC_URL: 'ftp://x' })).toMatch(/^Invalid environment: ETH_RPC_URL must be a http or https URL/);
    // Issue 14: the block explorer, without a trailing slash; unset by default.
    expect(loadConfig({ EXPLORER_URL: 'https://etherscan.io/' }, paths).explorerUrl).toBe('https://etherscan.io');
    expect(loadConfig({}, paths).explorerUrl).toBeUndefined();
    expect(errorOf({ EXPLORER_URL: 'javascript:alert(1)' })).toMatch(
      /^Invalid environment: EXPLORER_URL must be a http or https URL/,
    );
    expect(errorOf({ DEPOSIT_CONFIRMATIONS: '0' })).toBe(
      'Invalid environment: DEPOSIT_CONFIRMATIONS must be an integer between 1 and 10000',
    );
    const badMnemonic = errorOf({ DEPOSIT_MNEMONIC: 'test test test test test test test test test test test test' });
    expect(badMnemonic).toMatch(/^Invalid environment: DEPOSIT_MNEMONIC must be a valid BIP-39/);
    expect(badMnemonic).not.toContain('test test');
    const badKey = errorOf({ HOT_WALLET_PRIVATE_KEY: 'zz' + '1'.repeat(62) });
    expect(badKey).toBe(
      'Invalid environment: HOT_WALLET_PRIVATE_KEY must be 32 bytes in hex (64 hex digits, optionally after 0x)',
    );
    const described = JSON.stringify(describeConfig(config));
    expect(described).not.toContain('abandon');
    expect(described).not.toContain('11'.repeat(32));
    expect(described).not.toContain('/v3/key');
  });
});

describe('resolveChainSettings', () => {
  it('allows the development mnemonic and 1 confirmation on the development chain only', () => {
    expect(resolveChainSettings(loadConfig({}, paths), 31337)).toMatchObject({
      development: true,
      depositMnemonic: DEV_MNEMONIC,
      depositConfirmations: 1,
      withdrawalConfirmations: 1,
    });
    expect(() => resolveChainSettings(loadConfig({}, paths), 1)).toThrow(
      'Invalid environment: DEPOSIT_MNEMONIC is required on chain 1 (the development mnemonic is only a default on the development chain 31337)',
    );
    expect(() => resolveChainSettings(loadConfig({ DEPOSIT_MNEMONIC: DEV_MNEMONIC }, paths), 1)).toThrow(
      'Invalid environment: DEPOSIT_MNEMONIC is the public development mnemonic, which is refused on chain 1',
    );
    expect(resolveChainSettings(loadConfig({ DEPOSIT_MNEMONIC: REAL_MNEMONIC }, paths), 1)).toMatchObject({
      development: false,
      depositConfirmations: 12,
      withdrawalConfirmations: 12,
    });
    expect(
      resolveChainSettings(
        loadConfig({ DEPOSIT_MNEMONIC: REAL_MNEMONIC, DEPOSIT_CONFIRMATIONS: '30', WITHDRAWAL_CONFIRMATIONS: '5' }, paths),
        1,
      ),
    ).toMatchObject({
      depositConfirmations: 30,
      withdrawalConfirmations: 5,
    });
    expect(() => resolveChainSettings(loadConfig({ CHAIN_ID: '1' }, paths), 31337)).toThrow(
      'Invalid environment: CHAIN_ID is 1 but the Ethereum node serves chain 31337',
    );
  });

  it('reads the price variables', () => {
    expect(DEFAULT_PRICE_URL).toBe('https://api.coingecko.com/api/v3/simple/price?ids=ethereum&vs_currencies=usd');
    expect(loadConfig({ ETH_USD_PRICE: '2543.17' }, paths).fixedEthUsdPrice).toEqual({ ethUsd: '2543.17', source: 'fixed' });
    expect(loadConfig({ ETH_USD_PRICE: '2500', NODE_ENV: 'production', JWT_SECRET: SECRET }, paths).fixedEthUsdPrice).toEqual({
      ethUsd: '2500',
      source: 'fixed',
    });
    const live = loadConfig(
      { PRICE_URL: 'https://prices.example.com/eth', PRICE_POLL_MS: '5000', PRICE_STALE_MS: '20000' },
      paths,
    );
    expect(live).toMatchObject({
      priceUrl: 'https://prices.example.com/eth',
      fixedEthUsdPrice: undefined,
      pricePollMs: 5000,
      priceStaleMs: 20000,
    });
    const production = loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET }, paths);
    expect(production).toMatchObject({ priceUrl: DEFAULT_PRICE_URL, fixedEthUsdPrice: undefined });
  });

  it('refuses invalid price variables with one line naming the variable', () => {
    for (const value of ['0', '-1', 'abc', '1e3', 'NaN', 'Infinity', '0.0000001']) {
      expect(errorOf({ ETH_USD_PRICE: value })).toMatch(/^Invalid environment: ETH_USD_PRICE must be a positive decimal number/);
    }
    expect(errorOf({ PRICE_URL: 'ftp://x' })).toMatch(/^Invalid environment: PRICE_URL must be a http or https URL/);
    expect(errorOf({ PRICE_POLL_MS: '10' })).toMatch(/^Invalid environment: PRICE_POLL_MS must be an integer/);
    expect(errorOf({ PRICE_STALE_MS: 'soon' })).toMatch(/^Invalid environment: PRICE_STALE_MS must be an integer/);
    // Issue 17: the reveal window of sealed choices.
    expect(loadConfig({ REVEAL_WINDOW_MS: '5000' }, paths).revealWindowMs).toBe(5_000);
    expect(errorOf({ REVEAL_WINDOW_MS: '0' })).toMatch(/REVEAL_WINDOW_MS/);
  });

  it('derives APP_URL from PORT and resolves relative directories against the working directory', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: 'data', WEB_DIST_DIR: '../web/dist' }, paths);
    expect(config.appUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe('/srv/cwd/data');
    expect(config.webDistDir).toBe('/srv/web/dist');
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        PORT: '443',
        HOST: '0.0.0.0',
        APP_URL: 'https://shifumi.example.com/',
        DATA_DIR: '/var/lib/shifumi',
        DATABASE_URL: 'postgres://app:pw@db:5432/shifumi',
        JWT_SECRET: SECRET,
        SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
        MAIL_FROM: 'Shifumi <no-reply@shifumi.example.com>',
        SUPPORT_EMAIL: 'support@shifumi.example.com',
        RATE_LIMIT_AUTH_PER_MINUTE: '50',
        RATE_LIMIT_CONTACT_PER_MINUTE: '7',
        RATE_LIMIT_CHAIN_RPC_PER_MINUTE: '1200',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
        WEB_DIST_DIR: '/srv/web',
      },
      paths,
    );
    expect(config).toMatchObject({
      isProduction: true,
      port: 443,
      host: '0.0.0.0',
      appUrl: 'https://shifumi.example.com',
      databaseUrl: 'postgres://app:pw@db:5432/shifumi',
      jwtSecret: SECRET,
      smtpUrl: 'smtps://user:pw@smtp.example.com:465',
      rateLimitAuthPerMinute: 50,
      rateLimitContactPerMinute: 7,
      rateLimitChainRpcPerMinute: 1200,
      logLevel: 'warn',
      trustProxy: 1,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, paths)).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid environment: PORT must be an integer between 1 and 65535'],
    [{ PORT: '0' }, 'Invalid environment: PORT must be an integer between 1 and 65535'],
    [{ PORT: '70000' }, 'Invalid environment: PORT must be an integer between 1 and 65535'],
    [{ PORT: '30.5' }, 'Invalid environment: PORT must be an integer between 1 and 65535'],
    [{ NODE_ENV: 'staging' }, 'Invalid environment: NODE_ENV must be development, production or test'],
    [{ APP_URL: 'localhost:3000' }, 'Invalid environment: APP_URL must be a http or https URL, e.g. https://shifumi.example.com'],
    [
      { APP_URL: 'https://shifumi.example.com/app' },
      'Invalid environment: APP_URL must be an origin without a path, e.g. https://shifumi.example.com',
    ],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid environment: DATABASE_URL must be a postgres or postgresql URL, e.g. postgres://user:password@host:5432/shifumi',
    ],
    [{ JWT_SECRET: 'short' }, 'Invalid environment: JWT_SECRET must be at least 32 characters long'],
    [
      { SMTP_URL: 'http://mail' },
      'Invalid environment: SMTP_URL must be a smtp or smtps URL, e.g. smtps://user:password@smtp.example.com:465',
    ],
    [{ SUPPORT_EMAIL: 'nobody' }, 'Invalid environment: SUPPORT_EMAIL must be an e-mail address'],
    [
      { RATE_LIMIT_AUTH_PER_MINUTE: '-1' },
      'Invalid environment: RATE_LIMIT_AUTH_PER_MINUTE must be an integer between 1 and 1000000',
    ],
    [
      { RATE_LIMIT_CONTACT_PER_MINUTE: 'lots' },
      'Invalid environment: RATE_LIMIT_CONTACT_PER_MINUTE must be an integer between 1 and 1000000',
    ],
    [
      { RATE_LIMIT_CHAIN_RPC_PER_MINUTE: '0' },
      'Invalid environment: RATE_LIMIT_CHAIN_RPC_PER_MINUTE must be an integer between 1 and 1000000',
    ],
    [
      { RATE_LIMIT_CHAIN_RPC_PER_MINUTE: '1.5' },
      'Invalid environment: RATE_LIMIT_CHAIN_RPC_PER_MINUTE must be an integer between 1 and 1000000',
    ],
    [{ LOG_LEVEL: 'loud' }, 'Invalid environment: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [
      { TRUST_PROXY: 'maybe' },
      'Invalid environment: TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses',
    ],
    [
      { REDIS_URL: 'http://127.0.0.1:6379', JWT_SECRET: SECRET },
      'Invalid environment: REDIS_URL must be a redis or rediss URL, e.g. redis://:password@redis.internal:6379/0',
    ],
    [
      { REDIS_URL: '127.0.0.1:6379', JWT_SECRET: SECRET },
      'Invalid environment: REDIS_URL must be a redis or rediss URL, e.g. redis://:password@redis.internal:6379/0',
    ],
    [
      { REDIS_KEY_PREFIX: 'has space' },
      'Invalid environment: REDIS_KEY_PREFIX must be 1 to 64 letters, digits or : { } . _ -, e.g. shifumi:',
    ],
    [
      { REDIS_KEY_PREFIX: 'glob*' },
      'Invalid environment: REDIS_KEY_PREFIX must be 1 to 64 letters, digits or : { } . _ -, e.g. shifumi:',
    ],
    [{ NODE_ID: 'node 1' }, 'Invalid environment: NODE_ID must be 1 to 64 letters, digits, dots, underscores or hyphens'],
    [{ NODE_ID: 'n'.repeat(65) }, 'Invalid environment: NODE_ID must be 1 to 64 letters, digits, dots, underscores or hyphens'],
    [{ NODE_ID: 'node/1' }, 'Invalid environment: NODE_ID must be 1 to 64 letters, digits, dots, underscores or hyphens'],
    [{ METRICS_TOKEN: 'short' }, 'Invalid environment: METRICS_TOKEN must be 16 to 256 printable characters without spaces'],
    [
      { METRICS_TOKEN: 'with a space in it!' },
      'Invalid environment: METRICS_TOKEN must be 16 to 256 printable characters without spaces',
    ],
  ])('refuses %j with one line naming the variable', (env, message) => {
    const text = errorOf(env);
    expect(text).toBe(message);
    expect(text).not.toContain('\n');
  });

  it('requires JWT_SECRET in production', () => {
    expect(errorOf({ NODE_ENV: 'production' })).toBe(
      'Invalid environment: JWT_SECRET is required when NODE_ENV=production (at least 32 characters)',
    );
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET }, paths).jwtSecret).toBe(SECRET);
  });

  it('never echoes a refused value', () => {
    expect(errorOf({ JWT_SECRET: 'hunter2-secret' })).not.toContain('hunter2');
  });

  it('parses TRUST_PROXY forms', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }, paths).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'FALSE' }, paths).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }, paths).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }, paths).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('describes itself without secrets', () => {
    const description = JSON.stringify(
      describeConfig(
        loadConfig(
          {
            JWT_SECRET: SECRET,
            DATABASE_URL: 'postgres://app:db-password@db/shifumi',
            SMTP_URL: 'smtps://u:smtp-password@smtp.example.com',
            REDIS_URL: 'redis://redis-user:redis-password@redis.internal:6379/3',
            METRICS_TOKEN: 'metrics-token-secret',
          },
          paths,
        ),
      ),
    );
    expect(description).not.toContain(SECRET);
    expect(description).not.toContain('db-password');
    expect(description).not.toContain('smtp-password');
    expect(description).not.toContain('redis-password');
    expect(description).not.toContain('redis-user');
    expect(description).not.toContain('metrics-token-secret');
    expect(description).toContain('db/shifumi');
    expect(description).toContain('redis://redis.internal:6379/3');
  });
});

describe('resolveJwtSecret', () => {
  it('generates the development secret once, mode 0600, and reuses it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-config-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir }, paths);
      const first = await resolveJwtSecret(config);
      const second = await resolveJwtSecret(config);
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(second.jwtSecret).toBe(first.jwtSecret);
      const stat = fs.statSync(path.join(dataDir, 'jwt-secret'));
      expect(stat.mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a configured secret and writes nothing', async () => {
    const dataDir = path.join(os.tmpdir(), `shifumi-config-unused-${process.pid}`);
    const key = 'ab'.repeat(32);
    const config = await resolveJwtSecret(
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, TWO_FACTOR_ENCRYPTION_KEY: key }, paths),
    );
    expect(config.jwtSecret).toBe(SECRET);
    expect(config.twoFactorEncryptionKey).toBe(key);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('generates the two-factor key once outside production (mode 0600) and requires it in production', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-config-'));
    try {
      const first = await resolveJwtSecret(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }, paths));
      const second = await resolveJwtSecret(loadConfig({ DATA_DIR: dataDir }, paths));
      expect(first.twoFactorEncryptionKey).toMatch(/^[0-9a-f]{64}$/);
      expect(second.twoFactorEncryptionKey).toBe(first.twoFactorEncryptionKey);
      expect(fs.statSync(path.join(dataDir, 'two-factor-key')).mode & 0o777).toBe(0o600);
      await expect(
        resolveJwtSecret(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: SECRET }, paths)),
      ).rejects.toThrow('Invalid environment: TWO_FACTOR_ENCRYPTION_KEY is required when NODE_ENV=production (64 hex digits)');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

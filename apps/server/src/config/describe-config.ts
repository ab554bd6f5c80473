/** The config as a log line may show it: no secret, no password. */
import { describeRpcUrl } from '../infra/chain/chain-client';
import { describeRedisUrl } from '../shared/redis-url';
import type { Config } from './config-type';

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

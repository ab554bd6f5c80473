/**
 * Entry point: read the config, open the database and apply its
 * migrations, build the adapters (Redis and the cluster adapters on it, chain,
 * mailer), compose the app (composition.ts),
 * listen, and shut down cleanly on SIGINT/SIGTERM. `startServer` is also the
 * entry of the benchmark's own server (scripts/bench-server.ts), which injects
 * instant game timing without going through SHIFUMI_TEST_TIMING (refused in
 * production).
 */
import { pathToFileURL } from 'node:url';
import { composeApp, type AppDeps } from './composition';
import { buildClusterAdapters } from './compose/cluster';
import { loadTestTiming } from './test-timing';
import { ConfigError, describeConfig, loadConfig, resolveJwtSecret, type AppConfig } from './config';
import { databaseTargetOf, openDatabase } from './infra/db/database';
import { createLogger } from './infra/logger';
import { createLogMailer } from './infra/mailer/log-mailer';
import { createSmtpMailer } from './infra/mailer/smtp-mailer';
import { AnvilNotFoundError, AnvilStartError } from './infra/chain/anvil-launcher';
import { connectChain } from './infra/chain/chain-runtime';
import { openChainEndpoint } from './infra/chain/embedded-chain';
import { WalletSecretError } from './infra/chain/hd-wallet';
import { createDepositAddresses, DepositMnemonicMismatchError } from './modules/deposits/deposit-addresses';
import { connectRedis, RedisUnavailableError, type RedisContext } from './infra/redis/redis';
import { resolveFairnessSigningKey } from './modules/fairness/signing-key';

/** Start-up failures the operator can fix: one line on stderr, exit 1. */
function isOperatorError(error: unknown): error is Error {
  return (
    error instanceof ConfigError ||
    error instanceof AnvilNotFoundError ||
    error instanceof AnvilStartError ||
    error instanceof WalletSecretError ||
    error instanceof DepositMnemonicMismatchError ||
    error instanceof RedisUnavailableError
  );
}

/** Game and lease timing injected by the caller (tests' SHIFUMI_TEST_TIMING, the benchmark's instant games). */
export interface ServerTiming {
  matchOptions?: AppDeps['matchOptions'];
  leaseTiming?: AppDeps['leaseTiming'];
}

/**
 * The composition root proper: builds the adapters (database, Redis, chain,
 * mailer), the app, listens, and shuts down cleanly on SIGINT/SIGTERM. main.ts
 * calls it with the environment's configuration; the benchmark's own server
 * entry (scripts/bench-server.ts) with injected game timing.
 */
export async function startServer(config: AppConfig, timing: ServerTiming = {}): Promise<void> {
  // Issue 17: the transcripts' signing key (required in production; generated into DATA_DIR otherwise).
  const fairnessSigningKey = await resolveFairnessSigningKey(config);
  const logger = createLogger({ level: config.logLevel });
  logger.info({ config: describeConfig(config) }, 'Starting Shifumi');

  const database = await openDatabase(databaseTargetOf(config));
  await database.migrate();
  logger.info({ database: database.kind }, 'Database ready, migrations applied');

  let redis: RedisContext | undefined;
  if (config.redisUrl) {
    try {
      redis = await connectRedis(config.redisUrl, logger, { nodeId: config.nodeId, keyPrefix: config.redisKeyPrefix });
    } catch (error) {
      await database.close();
      throw error;
    }
    logger.info(
      { redis: redis.description, nodeId: config.nodeId },
      'Redis ready: queue, presence and socket rooms span every node',
    );
  }

  const endpoint = await openChainEndpoint(config, logger);
  let chain;
  try {
    chain = await connectChain(config, endpoint.rpcUrl);
    await createDepositAddresses(database.db, chain.hdWallet).verifyDerivation();
  } catch (error) {
    await endpoint.stop();
    await redis?.close();
    await database.close();
    throw error;
  }
  logger.info(
    {
      rpc: endpoint.description,
      chainId: chain.settings.chainId,
      development: chain.settings.development,
      hotWallet: chain.hotWalletAddress,
      depositConfirmations: chain.settings.depositConfirmations,
      withdrawalConfirmations: chain.settings.withdrawalConfirmations,
    },
    'Chain ready',
  );

  const mailer = config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createLogMailer({ logger, from: config.mailFrom });

  // The cluster adapters (presence, queue, leases, relay, liveness): on Redis with several nodes, in process alone.
  const cluster = await buildClusterAdapters({ config, logger, ...(redis ? { redis } : {}) });
  const app = await composeApp({
    config,
    db: database.db,
    mailer,
    logger,
    chain,
    fairnessSigningKey,
    cluster,
    ...(redis ? { redis } : {}),
    ...(timing.matchOptions ? { matchOptions: timing.matchOptions } : {}),
    ...(timing.leaseTiming ? { leaseTiming: timing.leaseTiming } : {}),
  });
  await app.fastify.listen({ port: config.port, host: config.host });
  logger.info(`Shifumi is running on ${config.appUrl} (listening on ${config.host}:${config.port})`);

  let stopping = false;
  /**
   * Issue 29: SIGTERM (or SIGINT) drains: readiness answers 503 and no new
   * live connection or search is taken at once; closing then stops the loops,
   * gives this node's game leases up (another node takes the games over and
   * the players' sockets reconnect to it through the balancer), closes the
   * sockets and the HTTP server (requests under way end), and the process
   * exits — within SHUTDOWN_GRACE_MS, or anyway then (decision 034).
   */
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    app.startDraining();
    logger.info({ signal, graceMs: config.shutdownGraceMs }, 'Draining, then shutting down');
    const forceExit = setTimeout(() => {
      logger.error(`Shutdown took longer than SHUTDOWN_GRACE_MS (${config.shutdownGraceMs} ms), exiting`);
      process.exit(1);
    }, config.shutdownGraceMs);
    forceExit.unref();
    try {
      await app.close();
      await mailer.close();
      await redis?.close();
      await endpoint.stop();
      await database.close();
      logger.info('Stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

async function main(): Promise<void> {
  let config;
  let testTiming;
  try {
    config = await resolveJwtSecret(loadConfig(process.env));
    testTiming = loadTestTiming(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  await startServer(config, {
    ...(testTiming?.match ? { matchOptions: testTiming.match } : {}),
    ...(testTiming ? { leaseTiming: testTiming } : {}),
  });
}

/** Run only as the entry point (the bench's server entry imports startServer). */
const isEntry = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntry) {
  main().catch((error: unknown) => {
    if (isOperatorError(error)) {
      process.stderr.write(`Shifumi could not start: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`Shifumi could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}

/**
 * Composition root: read the config, open the database and apply its
 * migrations, pick the mailer, build the app, listen, and shut down cleanly
 * on SIGINT/SIGTERM.
 */
import path from 'node:path';
import { buildApp } from './app';
import { loadTestTiming } from './test-timing';
import { ConfigError, describeConfig, loadConfig, resolveJwtSecret } from './config';
import { openDatabase } from './infra/db/database';
import { createLogger } from './infra/logger';
import { createLogMailer } from './infra/mailer/log-mailer';
import { createSmtpMailer } from './infra/mailer/smtp-mailer';
import { AnvilNotFoundError, AnvilStartError } from './infra/chain/anvil-launcher';
import { connectChain } from './infra/chain/chain-runtime';
import { openChainEndpoint } from './infra/chain/embedded-chain';
import { WalletSecretError } from './infra/chain/hd-wallet';
import { createDepositAddresses, DepositMnemonicMismatchError } from './modules/deposits/deposit-addresses';
import { connectRedis, RedisUnavailableError, type RedisContext } from './infra/redis/redis';

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

  const logger = createLogger({ level: config.logLevel });
  logger.info({ config: describeConfig(config) }, 'Starting Shifumi');

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
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
    logger.info({ redis: redis.description, nodeId: config.nodeId }, 'Redis ready: queue, presence and socket rooms span every node');
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

  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    logger,
    chain,
    ...(redis ? { redis } : {}),
    ...(testTiming?.match ? { matchOptions: testTiming.match } : {}),
    ...(testTiming ? { leaseTiming: testTiming } : {}),
  });
  await app.fastify.listen({ port: config.port, host: config.host });
  logger.info(`Shifumi is running on ${config.appUrl} (listening on ${config.host}:${config.port})`);

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    const forceExit = setTimeout(() => {
      logger.error('Shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
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

main().catch((error: unknown) => {
  if (isOperatorError(error)) {
    process.stderr.write(`Shifumi could not start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Shifumi could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

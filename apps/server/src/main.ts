/**
 * Composition root: read the config, open the database and apply its
 * migrations, pick the mailer, build the app, listen, and shut down cleanly
 * on SIGINT/SIGTERM.
 */
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, describeConfig, loadConfig, resolveJwtSecret } from './config';
import { openDatabase } from './infra/db/database';
import { createLogger } from './infra/logger';
import { createLogMailer } from './infra/mailer/log-mailer';
import { createSmtpMailer } from './infra/mailer/smtp-mailer';

async function main(): Promise<void> {
  let config;
  try {
    config = await resolveJwtSecret(loadConfig(process.env));
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

  const mailer = config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createLogMailer({ logger, from: config.mailFrom });

  const app = await buildApp({ config, db: database.db, mailer, logger });
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
  process.stderr.write(`Shifumi could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

/**
 * The secrets a development server keeps in DATA_DIR when the environment
 * gives none (the JWT secret, the two-factor key): the only side effects of
 * the configuration, called once by main.ts.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ConfigError } from '../shared/config-error';
import { readOrCreateSecretFile } from '../shared/secret-file';
import { JWT_SECRET_MIN_LENGTH, type AppConfig, type Config } from './config-type';

/**
 * Returns the configured JWT secret, or (outside production) the one kept in
 * `${dataDir}/jwt-secret`, creating it with 48 random bytes and mode 0600 the
 * first time. Keeping it on disk means restarts do not sign everybody out.
 */
export async function resolveJwtSecret(config: Config): Promise<AppConfig> {
  if (config.jwtSecret !== undefined)
    return { ...config, jwtSecret: config.jwtSecret, twoFactorEncryptionKey: await resolveTwoFactorKey(config) };
  if (config.isProduction) throw new ConfigError('Invalid environment: JWT_SECRET is required when NODE_ENV=production');
  const file = path.join(config.dataDir, 'jwt-secret');
  const secret = (await readOrCreateSecretFile(config.dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'))).trim();
  if (secret.length < JWT_SECRET_MIN_LENGTH) {
    throw new ConfigError(
      `Invalid environment: the JWT secret in ${file} is shorter than ${JWT_SECRET_MIN_LENGTH} characters; delete the file to generate a new one`,
    );
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
  const key = (await readOrCreateSecretFile(config.dataDir, 'two-factor-key', () => randomBytes(32).toString('hex')))
    .trim()
    .toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(key)) {
    throw new ConfigError(
      `Invalid environment: the two-factor key in ${file} is not 64 hex digits; restore it (deleting it makes every two-factor secret unreadable)`,
    );
  }
  return key;
}

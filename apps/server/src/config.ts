/**
 * The only reader of the environment, and the one door to the configuration:
 * importers take everything from here. Each job has its file in config/:
 *
 * - config-type.ts — the `Config` type, its defaults and patterns;
 * - env-values.ts — the shapes a variable may take, with their messages;
 * - env-schema.ts — every variable the server reads;
 * - load-config.ts — `loadConfig`, pure: environment → `Config` or a one-line `ConfigError`;
 * - secrets.ts — the only side effect (the development JWT secret and two-factor key in DATA_DIR), called once by main.ts;
 * - describe-config.ts — the config as a log line may show it.
 */
import { ConfigError } from './shared/config-error';
import { describeRedisUrl } from './shared/redis-url';
import { resolveChainSettings, type ChainSettings } from './infra/chain/chain-settings';

export {
  DEFAULT_PRICE_URL,
  DEFAULT_WITHDRAWAL_MIN_ETH,
  DEVELOPMENT_ETH_USD_PRICE,
  JWT_SECRET_MIN_LENGTH,
  NODE_ID_PATTERN,
  REPO_ROOT,
  type AppConfig,
  type Config,
  type LoadConfigOptions,
  type LogLevel,
  type TrustProxy,
} from './config/config-type';
export { defaultNodeId, loadConfig } from './config/load-config';
export { resolveJwtSecret, resolveTwoFactorKey } from './config/secrets';
export { describeConfig } from './config/describe-config';
export { ConfigError };
export { resolveChainSettings, type ChainSettings };
export { describeRedisUrl };

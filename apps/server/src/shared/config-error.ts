/** A setting (an environment variable) that does not fit: the server says so in one line and stops. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

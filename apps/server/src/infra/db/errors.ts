/** PostgreSQL error codes the repositories react to. */
const UNIQUE_VIOLATION = '23505';

interface PostgresErrorFields {
  code?: unknown;
  constraint?: unknown;
}

/**
 * Drizzle wraps driver errors (`DrizzleQueryError`) and node-postgres and
 * PGlite shape them slightly differently, so walk the `cause` chain looking
 * for the SQLSTATE.
 */
function findPostgresError(error: unknown): PostgresErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const fields = current as Error & PostgresErrorFields;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return undefined;
}

/** True when `error` is a unique violation (of `constraint`, when given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = findPostgresError(error);
  if (found?.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || found.constraint === constraint;
}

/** SQLSTATEs of a database that is away or going away (class 08, shutdown, refusing connections, out of slots). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
/** Socket errors of a connection that cannot be made or was cut. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words for a cut or impossible connection (it sets no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'is not currently accepting connections',
];

/**
 * Issue 29: true when `error` says the database cannot be reached (its server
 * restarted, every connection terminated, refused or timed out) rather than
 * that a query was wrong — the error handler answers 503 for these.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    const fields = current as Error & { code?: unknown };
    if (typeof fields.code === 'string' && (UNAVAILABLE_STATES.has(fields.code) || UNAVAILABLE_SOCKET_CODES.has(fields.code)))
      return true;
    if (UNAVAILABLE_MESSAGES.some((words) => fields.message.includes(words))) return true;
    current = fields.cause;
  }
  return false;
}

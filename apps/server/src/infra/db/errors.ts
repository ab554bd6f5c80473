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

/** A Redis URL as it may be logged: scheme, host, port and database, never the user name or password. */
export function describeRedisUrl(value: string): string {
  const parsed = new URL(value);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

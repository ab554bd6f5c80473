/**
 * Reads the expiry of an access token without verifying it: the server is the
 * judge of validity, the client only avoids sending a token it knows is dead.
 */

/** The `exp` claim (seconds since the epoch), or null when the token cannot be read. */
export function readTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json: unknown = JSON.parse(atob(padded));
    if (typeof json === 'object' && json !== null && 'exp' in json && typeof json.exp === 'number') return json.exp;
    return null;
  } catch {
    return null;
  }
}

/** True when the token's `exp` (seconds) is at or before `nowMs` (milliseconds). */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const exp = readTokenExpiry(token);
  if (exp === null) return true;
  return exp * 1000 <= nowMs;
}

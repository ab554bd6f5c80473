/**
 * Issue 18: linked accounts — two accounts the same browser signed into (a
 * device id the web app keeps), or one withdrawing to an address the other
 * deposited from. Matchmaking never pairs them; the collusion scan flags them.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { userDevices } from '../../infra/db/schema/index';
import type { Finding } from './collusion-finding';

export async function recordDevice(db: Executor, userId: string, deviceId: string, now: Date): Promise<void> {
  await db
    .insert(userDevices)
    .values({ userId, deviceId, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [userDevices.userId, userDevices.deviceId], set: { lastSeenAt: now } });
}

/** Why `a` and `b` are linked (`device`, `address`), or undefined. */
export async function linkBetween(db: Executor, a: string, b: string): Promise<'device' | 'address' | undefined> {
  const rows = await db.execute<{ device: boolean; address: boolean }>(sql`
    SELECT
      EXISTS (SELECT 1 FROM user_devices x JOIN user_devices y ON y.device_id = x.device_id WHERE x.user_id = ${a} AND y.user_id = ${b}) AS device,
      EXISTS (
        SELECT 1 FROM withdrawals w JOIN deposits d ON d.from_address = w.recipient_address
        WHERE (w.user_id = ${a} AND d.user_id = ${b}) OR (w.user_id = ${b} AND d.user_id = ${a})
      ) AS address`);
  const row = rows.rows[0];
  if (row?.device) return 'device';
  if (row?.address) return 'address';
  return undefined;
}

/** Every linked pair (or, with `among`, every pair with one of these accounts), for the collusion scan (a flag each, with its evidence). */
export async function linkedFindings(db: Executor, among?: readonly string[]): Promise<Finding[]> {
  const ids = among === undefined ? undefined : sql.join(among.map((id) => sql`${id}::uuid`), sql`, `);
  const devices = ids === undefined ? sql`` : sql` WHERE x.user_id IN (${ids}) OR y.user_id IN (${ids})`;
  const addresses = ids === undefined ? sql`` : sql` WHERE w.user_id IN (${ids}) OR d.user_id IN (${ids})`;
  const rows = await db.execute<{ a: string; b: string; why: string; evidence: string }>(sql`
    SELECT DISTINCT x.user_id::text AS a, y.user_id::text AS b, 'device' AS why, x.device_id AS evidence
    FROM user_devices x JOIN user_devices y ON y.device_id = x.device_id AND x.user_id < y.user_id${devices}
    UNION
    SELECT DISTINCT LEAST(w.user_id, d.user_id)::text, GREATEST(w.user_id, d.user_id)::text, 'address', w.recipient_address
    FROM withdrawals w JOIN deposits d ON d.from_address = w.recipient_address AND d.user_id <> w.user_id${addresses}`);
  return rows.rows.map((row) => ({
    rule: 'linked_accounts',
    userId: row.a,
    otherUserId: row.b,
    evidence: { link: row.why, [row.why === 'device' ? 'deviceId' : 'address']: row.evidence },
    dedupeKey: `linked_accounts:${row.a}:${row.b}:${row.why}`,
  }));
}

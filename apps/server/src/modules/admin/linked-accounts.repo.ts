/** The queries behind linked accounts (decision 039: SQL only in repositories). */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { userDevices } from '../../infra/db/schema/index';

export async function upsertDevice(db: Executor, userId: string, deviceId: string, now: Date): Promise<void> {
  await db
    .insert(userDevices)
    .values({ userId, deviceId, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [userDevices.userId, userDevices.deviceId], set: { lastSeenAt: now } });
}

/** Whether `a` and `b` share a browser, and whether one withdrew to an address the other deposited from. */
export async function linksBetween(
  db: Executor,
  a: string,
  b: string,
): Promise<{ device: boolean; address: boolean } | undefined> {
  const rows = await db.execute<{ device: boolean; address: boolean }>(sql`
    SELECT
      EXISTS (SELECT 1 FROM user_devices x JOIN user_devices y ON y.device_id = x.device_id WHERE x.user_id = ${a} AND y.user_id = ${b}) AS device,
      EXISTS (
        SELECT 1 FROM withdrawals w JOIN deposits d ON d.from_address = w.recipient_address
        WHERE (w.user_id = ${a} AND d.user_id = ${b}) OR (w.user_id = ${b} AND d.user_id = ${a})
      ) AS address`);
  return rows.rows[0];
}

/** Every linked pair (`a` < `b`), or with `among` every pair with one of these accounts: why, and the device id or address. */
export async function linkedPairs(
  db: Executor,
  among?: readonly string[],
): Promise<{ a: string; b: string; why: string; evidence: string }[]> {
  const ids =
    among === undefined
      ? undefined
      : sql.join(
          among.map((id) => sql`${id}::uuid`),
          sql`, `,
        );
  const devices = ids === undefined ? sql`` : sql` WHERE x.user_id IN (${ids}) OR y.user_id IN (${ids})`;
  const addresses = ids === undefined ? sql`` : sql` WHERE w.user_id IN (${ids}) OR d.user_id IN (${ids})`;
  const rows = await db.execute<{ a: string; b: string; why: string; evidence: string }>(sql`
    SELECT DISTINCT x.user_id::text AS a, y.user_id::text AS b, 'device' AS why, x.device_id AS evidence
    FROM user_devices x JOIN user_devices y ON y.device_id = x.device_id AND x.user_id < y.user_id${devices}
    UNION
    SELECT DISTINCT LEAST(w.user_id, d.user_id)::text, GREATEST(w.user_id, d.user_id)::text, 'address', w.recipient_address
    FROM withdrawals w JOIN deposits d ON d.from_address = w.recipient_address AND d.user_id <> w.user_id${addresses}`);
  return rows.rows;
}

/**
 * Issue 18: linked accounts — two accounts the same browser signed into (a
 * device id the web app keeps), or one withdrawing to an address the other
 * deposited from. Matchmaking never pairs them; the collusion scan flags them.
 */
import type { Executor } from '../../infra/db/database';
import type { Finding } from './collusion-finding';
import { linkedPairs, linksBetween, upsertDevice } from './linked-accounts.repo';

export async function recordDevice(db: Executor, userId: string, deviceId: string, now: Date): Promise<void> {
  await upsertDevice(db, userId, deviceId, now);
}

/** The browsers signed-in accounts report (`POST /api/account/device`). */
export interface DeviceReports {
  record(userId: string, deviceId: string): Promise<void>;
}

export function createDeviceReports(db: Executor, clock: () => Date): DeviceReports {
  return { record: (userId, deviceId) => recordDevice(db, userId, deviceId, clock()) };
}

/** Why `a` and `b` are linked (`device`, `address`), or undefined. */
export async function linkBetween(db: Executor, a: string, b: string): Promise<'device' | 'address' | undefined> {
  const row = await linksBetween(db, a, b);
  if (row?.device) return 'device';
  if (row?.address) return 'address';
  return undefined;
}

/** Every linked pair (or, with `among`, every pair with one of these accounts), for the collusion scan (a flag each, with its evidence). */
export async function linkedFindings(db: Executor, among?: readonly string[]): Promise<Finding[]> {
  const rows = await linkedPairs(db, among);
  return rows.map((row) => ({
    rule: 'linked_accounts',
    userId: row.a,
    otherUserId: row.b,
    evidence: { link: row.why, [row.why === 'device' ? 'deviceId' : 'address']: row.evidence },
    dedupeKey: `linked_accounts:${row.a}:${row.b}:${row.why}`,
  }));
}

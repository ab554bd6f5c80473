/** The queries behind linked accounts (decision 039: SQL only in repositories). */
import type { Executor } from '../../infra/db/database';
import { hotStatement, runHot, uuidArray } from '../../infra/db/hot-statement';
import { userDevices } from '../../infra/db/schema/index';

export async function upsertDevice(db: Executor, userId: string, deviceId: string, now: Date): Promise<void> {
  await db
    .insert(userDevices)
    .values({ userId, deviceId, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [userDevices.userId, userDevices.deviceId], set: { lastSeenAt: now } });
}

/** Whether `a` and `b` share a browser, and whether one withdrew to an address the other deposited from (issue 30: prepared, every game start asks). */
export async function linksBetween(
  db: Executor,
  a: string,
  b: string,
): Promise<{ device: boolean; address: boolean } | undefined> {
  const [row] = await runHot<{ device: boolean; address: boolean }>(db, LINKS_BETWEEN, [a, b]);
  return row;
}

/** Whether the accounts $1 and $2 (uuid) share a browser: a boolean SQL expression. */
const DEVICE_LINK = `exists (select 1 from user_devices x join user_devices y on y.device_id = x.device_id where x.user_id = $1::uuid and y.user_id = $2::uuid)`;
/** Whether one of the accounts $1 and $2 withdrew to an address the other deposited from: a boolean SQL expression. */
const ADDRESS_LINK = `exists (
       select 1 from withdrawals w join deposits d on d.from_address = w.recipient_address
       where (w.user_id = $1::uuid and d.user_id = $2::uuid) or (w.user_id = $2::uuid and d.user_id = $1::uuid)
     )`;

/**
 * Issue 30: whether the accounts $1 and $2 (uuid) are linked, as a boolean SQL expression, for a statement of
 * another module's that asks it with its own (the game start's lock of both players: one round trip less).
 */
export const LINKED_ACCOUNTS_SQL = `(${DEVICE_LINK} or ${ADDRESS_LINK})`;

const LINKS_BETWEEN = hotStatement(
  'linked_between_v1',
  `select
     ${DEVICE_LINK} as device,
     ${ADDRESS_LINK} as address`,
);

/** Every linked pair (`a` < `b`), or with `among` every pair with one of these accounts: why, and the device id or address. */
export async function linkedPairs(
  db: Executor,
  among?: readonly string[],
): Promise<{ a: string; b: string; why: string; evidence: string }[]> {
  // Issue 30: the check after each game (`among`) is prepared; the full scan reads everything.
  return runHot(db, among === undefined ? LINKED_PAIRS : LINKED_PAIRS_AMONG, among === undefined ? [] : [uuidArray(among)]);
}

const linkedPairsText = (devices: string, addresses: string) => `
    select distinct x.user_id::text as a, y.user_id::text as b, 'device' as why, x.device_id as evidence
    from user_devices x join user_devices y on y.device_id = x.device_id and x.user_id < y.user_id${devices}
    union
    select distinct least(w.user_id, d.user_id)::text, greatest(w.user_id, d.user_id)::text, 'address', w.recipient_address
    from withdrawals w join deposits d on d.from_address = w.recipient_address and d.user_id <> w.user_id${addresses}`;
const LINKED_PAIRS = hotStatement('linked_pairs_v1', linkedPairsText('', ''));
const LINKED_PAIRS_AMONG = hotStatement(
  'linked_pairs_among_v1',
  linkedPairsText(
    ' where x.user_id = any($1::uuid[]) or y.user_id = any($1::uuid[])',
    ' where w.user_id = any($1::uuid[]) or d.user_id = any($1::uuid[])',
  ),
);

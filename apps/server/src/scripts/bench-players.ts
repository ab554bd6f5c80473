/**
 * The benches' players (bench:games, bench:soak, bench:search): `count` users
 * on a fresh database, each with a session, an access token signed with the
 * bench's secret and `fundsWei` credited through the ledger (a deposit
 * transfer), as real accounts are. Also the CPU time of a process (/proc),
 * which the benches read before and after their window.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { PROTOCOL_VERSION, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@shifumi/protocol';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { Database } from '../infra/db/database';
import { sessions, users } from '../infra/db/schema/index';
import { createAccessTokens } from '../modules/auth/access-tokens';
import { generateReferralCode } from '../modules/auth/referral-codes';
import { LedgerAccounts } from '../modules/ledger/ledger-accounts';
import { transfer } from '../modules/ledger/ledger.service';

export interface BenchPlayer {
  id: string;
  token: string;
}

export interface BenchPlayersOptions {
  count: number;
  /** Each player's name is this and its index (`Bot0`, `Soak1`…). */
  namePrefix: string;
  /** The funding transfer's idempotency key is this, a colon and the user id. */
  fundingKey: string;
  fundsWei: bigint;
  secret: string;
}

export async function seedBenchPlayers(db: Database, options: BenchPlayersOptions): Promise<BenchPlayer[]> {
  const tokens = createAccessTokens({ secret: options.secret, clock: () => new Date() });
  const players: BenchPlayer[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const [user] = await db
      .insert(users)
      .values({ name: `${options.namePrefix}${index}`, referralCode: generateReferralCode() })
      .returning({ id: users.id });
    const sessionId = randomUUID();
    await db.insert(sessions).values({ id: sessionId, userId: user!.id });
    await db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `${options.fundingKey}:${user!.id}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(user!.id), amount: options.fundsWei }],
      }),
    );
    players.push({ id: user!.id, token: await tokens.issue({ userId: user!.id, sessionId }) });
  }
  // Issue 30: statistics for the seeded tables, as a database in service has them. Each pooled connection plans its
  // prepared statements once; without this, the first ones are planned on tables PostgreSQL believes empty until
  // autovacuum's first analyze (a minute in), and a run's figures depend on when its connections were opened.
  await db.execute(sql`analyze`);
  return players;
}

/** A process's CPU seconds so far (user + system): fields 14 and 15 of /proc/<pid>/stat, 12 and 13 after the command name. */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A bot's Socket.IO connection, as the web app's. */
export type BenchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Connects a bot to a server as the web app does (WebSocket, no reconnection, its own connection, the protocol
 * version); `created` sees the socket before it connects (to count what it receives from the first event).
 */
export async function connectBenchSocket(
  url: string,
  token: string,
  created?: (socket: BenchSocket) => void,
): Promise<BenchSocket> {
  const socket: BenchSocket = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token, protocolVersion: PROTOCOL_VERSION },
  });
  created?.(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

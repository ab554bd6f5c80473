/**
 * Socket.IO players for the integration tests: open a signed-in socket (closed
 * by `closeAll` after each test), wait for it to connect, wait for the next
 * event of a kind, wait for a condition, and fund a user through the ledger.
 */
import { randomUUID } from 'node:crypto';
import { PROTOCOL_VERSION, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@shifumi/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import { parseEther } from 'viem';
import type { Database } from '../../src/infra/db/database';
import { LedgerAccounts } from '../../src/modules/ledger/ledger-accounts';
import { transfer } from '../../src/modules/ledger/ledger.service';

export type PlayerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Sockets opened by a test file; `closeAll` in its afterEach. */
export function createSockets() {
  const open: Socket[] = [];
  return {
    /** A websocket to `baseUrl` signed in with `token`, no reconnection. */
    open(baseUrl: string, token: string): PlayerSocket {
      const socket: PlayerSocket = connect(baseUrl, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token, protocolVersion: PROTOCOL_VERSION },
      });
      open.push(socket);
      return socket;
    },
    /** Keeps `socket` to be closed with the others. */
    track(socket: Socket): void {
      open.push(socket);
    },
    closeAll(): void {
      for (const socket of open.splice(0)) socket.disconnect();
    },
  };
}

export async function connected(socket: Socket | PlayerSocket): Promise<void> {
  const untyped = socket as Socket;
  if (untyped.connected) return;
  await new Promise<void>((resolve, reject) => {
    untyped.once('connect', () => resolve());
    untyped.once('connect_error', reject);
  });
}

/** The next `event` on `socket` (rejects after `timeoutMs`). */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: PlayerSocket,
  event: E,
  timeoutMs = 5_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${timeoutMs} ms`)), timeoutMs);
    // socket.io's typed `once` cannot be narrowed by a generic event name: listen untyped, the signature above types it.
    (socket as unknown as Socket).once(event as string, (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Credits `eth` to the user as a deposit (a ledger transfer of its own). */
export async function fundUser(db: Database, userId: string, eth: string): Promise<void> {
  await db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-fund:${userId}:${eth}:${randomUUID()}`,
      kind: 'deposit',
      legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(userId), amount: parseEther(eth) }],
    }),
  );
}

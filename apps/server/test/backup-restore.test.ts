/**
 * Issue 29: the backup and restore drill (README "Operations"). A database
 * with players, a game played and a withdrawal queued is dumped with
 * `pg_dump -Fc`, restored with `pg_restore` into a fresh database, and a node
 * started on the restored one: the ledger check passes with the same
 * liabilities, the rows are there, and a new game plays and settles.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createScratchDatabase, type ScratchDatabase } from '../src/infra/db/scratch-database';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { queueWithdrawal } from './support/queued-withdrawal';
import { signIn, signUp } from './support/api';
import { connected, createSockets, fundUser, waitUntil } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';

const serverDatabaseUrl = loadConfig({ DATABASE_URL: process.env.DATABASE_URL }).databaseUrl;
const hasTools = spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0;
const runnable = serverDatabaseUrl !== undefined && hasTools;
if (!runnable)
  console.warn('backup-restore.test.ts skipped: it needs DATABASE_URL (PostgreSQL) and the pg_dump and pg_restore binaries');

const MATCH = { roundMs: 1_000, graceMs: 100, revealMs: 100, reconnectGraceMs: 3_000 };
const sockets = createSockets();
afterEach(() => sockets.closeAll());

/** Two funded players play a whole game (paper beats rock every round); resolves with its id once settled. */
async function playOneGame(t: TestApp): Promise<string> {
  const baseUrl = await t.listen();
  const players = await Promise.all(
    (['paper', 'rock'] as const).map(async (choice) => {
      const session = await signIn(t, await signUp(t));
      await fundUser(t.db, session.user.id, '1');
      const socket = sockets.open(baseUrl, session.accessToken);
      await connected(socket);
      let room: string | undefined;
      const choose = () => setTimeout(() => room && socket.emit('make_choice', { room, choice }), 100);
      socket.on('game_found', (event) => {
        room = event.room;
      });
      socket.on('new_round', choose);
      return { id: session.user.id, socket, room: () => room };
    }),
  );
  const [a, b] = players as [(typeof players)[0], (typeof players)[0]];
  a.socket.emit('search_game', { character: 'Character1', amount: 1 });
  await waitUntil(() => t.app.matchQueue.has(a.id));
  b.socket.emit('search_game', { character: 'Character2', amount: 1 });
  await waitUntil(() => a.room() !== undefined && a.room() === b.room(), 10_000, 'matched');
  const gameId = a.room()!;
  await waitUntil(
    async () =>
      (await t.db.execute<{ status: string }>(sql`select status from games where id = ${gameId}`)).rows[0]?.status === 'finished',
    30_000,
    'game finished',
  );
  return gameId;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr}`);
}

describe.skipIf(!runnable)('backup and restore drill', () => {
  const dumpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-backup-'));
  let original: TestApp | undefined;
  let restoredDatabase: ScratchDatabase | undefined;
  let restored: TestApp | undefined;

  afterAll(async () => {
    await restored?.close();
    await restoredDatabase?.drop();
    await original?.close();
    fs.rmSync(dumpDir, { recursive: true, force: true });
  }, 60_000);

  it('dumps after games and withdrawals, restores into a fresh database, and a node on it passes the ledger check and plays', async () => {
    original = await createTestApp({ env: { ETH_USD_PRICE: '2000' }, matchOptions: MATCH });
    const gameId = await playOneGame(original);
    const [winner] = (await original.db.execute<{ winner_id: string }>(sql`select winner_id from games where id = ${gameId}`))
      .rows;
    const withdrawalId = (await queueWithdrawal(original.db, winner!.winner_id, parseEther('0.1'))).id;
    const before = await checkLedger(original.db);
    expect(before.problems).toEqual([]);

    // The backup, as README "Operations" says to take it.
    const dumpFile = path.join(dumpDir, 'shifumi.dump');
    run('pg_dump', ['--format=custom', '--no-owner', '--file', dumpFile, original.databaseUrl!]);
    await original.close();
    original = undefined;

    // The restore, into a database of its own.
    restoredDatabase = await createScratchDatabase(serverDatabaseUrl!, 'shifumi_restored');
    run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restoredDatabase.url, dumpFile]);
    restored = await createTestApp({ databaseUrl: restoredDatabase.url, env: { ETH_USD_PRICE: '2000' }, matchOptions: MATCH });

    const after = await checkLedger(restored.db);
    expect(after.problems).toEqual([]);
    expect(after.liabilities).toBe(before.liabilities);
    const games = await restored.db.execute<{ status: string }>(sql`select status from games where id = ${gameId}`);
    expect(games.rows[0]?.status).toBe('finished');
    const queued = await restored.db.execute<{ status: string }>(sql`select status from withdrawals where id = ${withdrawalId}`);
    expect(queued.rows[0]?.status).toBe('queued');

    // The restored node plays on.
    const next = await playOneGame(restored);
    const settled = await restored.db.execute<{ count: number }>(
      sql`select count(*)::int as count from ledger_transfers where idempotency_key = ${`game-settle:${next}`}`,
    );
    expect(Number(settled.rows[0]?.count)).toBe(1);
    expect((await checkLedger(restored.db)).problems).toEqual([]);
  }, 120_000);
});

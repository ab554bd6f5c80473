import { randomUUID } from 'node:crypto';
import { createMatch } from '@shifumi/game';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../infra/db/database';
import { createInProcessLeaseStore } from '../leases/lease-store';
import { createGameScan, nodeLeaseKey } from './game-scan';

const silent = {
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
};

describe('the takeover scan reads this node’s games and those of gone owners only', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
  });

  async function game(owner: string | null, status: 'playing' | 'finished' = 'playing'): Promise<string> {
    const id = randomUUID();
    const { rows } = await database.db.execute<{ id: string }>(
      sql`insert into users (name, referral_code) values ('A', ${`SCAN${id.slice(0, 8).toUpperCase()}A`}), ('B', ${`SCAN${id.slice(0, 8).toUpperCase()}B`}) returning id`,
    );
    const state = JSON.stringify(createMatch({ id, players: ['a', 'b'], now: Date.now() }));
    await database.db.execute(
      sql`insert into games (id, player1_id, player2_id, player1_character, player2_character, bet_usd, stake_wei, price_micro_usd, state, owner_node, owner_token, status, ended_at, winner_id)
          values (${id}, ${rows[0]!.id}, ${rows[1]!.id}, 'rock', 'rock', 1, 1, 1, ${state}::jsonb, ${owner}, 3, ${status},
                  ${status === 'playing' ? null : new Date().toISOString()}::timestamptz, ${status === 'playing' ? null : rows[0]!.id})`,
    );
    return id;
  }

  it('answers its own games, the games of owners whose node lease is not held and unnamed ones; not those of live owners', async () => {
    const leases = createInProcessLeaseStore();
    const self = createGameScan({ db: database.db, leases, holder: 'node-a/1', ttlMs: 60_000, logger: silent });
    const alive = createGameScan({ db: database.db, leases, holder: 'node-b/2', ttlMs: 60_000, logger: silent });
    await Promise.all([self.start(), alive.start()]);
    const mine = [await game('node-a/1'), await game('node-a/1')];
    await game('node-b/2');
    await game('node-b/2');
    const dead = await game('node-c/3');
    const unnamed = await game(null);
    await game('node-c/3', 'finished');

    const found = await self.candidates();
    expect(new Set(found.map((row) => row.id))).toEqual(new Set([...mine, dead, unnamed]));
    expect(found.every((row) => row.ownerToken === 3n)).toBe(true);

    // The live owner stops: it gives its node lease up and its games are looked at at once.
    await alive.stop();
    expect(await leases.current(nodeLeaseKey('node-b/2'))).toBeUndefined();
    expect(await self.candidates()).toHaveLength(6);
    await self.stop();
  });
});

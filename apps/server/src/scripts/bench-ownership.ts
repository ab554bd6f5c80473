/**
 * `npm run bench:ownership -- [owned] [others] [ticks]` (defaults 1000, 9000, 50):
 * what one takeover scan reads, on a node that runs `owned` games while other
 * live nodes run `others`, before and after issue 16 (decision 024).
 *
 * On a fresh PostgreSQL database next to DATABASE_URL (migrated) and the
 * Redis at REDIS_URL (or a redis-server of the bench's own), with real game
 * leases and node leases in the Redis lease store:
 *
 * - before: every game in play read from the database, then the leases of
 *   every game this node does not run asked of Redis (O(all games));
 * - after: game-scan.ts's `candidates()` — this node's own games, the
 *   distinct owners (a loose index scan), the node leases of the other
 *   owners — all alive, so none of their games is read (O(owned)).
 *
 * Prints, for each, the wall time and this process's CPU time per scan, the
 * rows read and the lease keys asked. The connection audit needs no figure:
 * it walks this node's running games only (game.service.ts's `live`) and
 * asks the other nodes only about rooms with no socket here.
 */
import { performance } from 'node:perf_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { createMatch } from '@shifumi/game';
import { sql } from 'drizzle-orm';
import { createScratchDatabase } from '../infra/db/scratch-database';
import { openDatabase } from '../infra/db/database';
import { createLogger } from '../infra/logger';
import { connectRedis } from '../infra/redis/redis';
import { createRedisLeaseStore } from '../modules/leases/redis-lease-store';
import { gameLeaseKey } from '../modules/games/game.service';
import { createGameScan } from '../modules/games/game-scan';
import { playingGameRefs } from '../modules/games/games.repo';
import { startRedisServer } from './local-processes';

const [owned = 1000, others = 9000, ticks = 50] = process.argv.slice(2).map(Number);
const TTL_MS = 60_000;
const round2 = (value: number) => Math.round(value * 100) / 100;

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL (a PostgreSQL server) is required');
  const logger = createLogger({ level: 'warn' });
  const scratch = await createScratchDatabase(serverUrl, 'shifumi_bench');
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  const ownRedis = process.env.REDIS_URL ? undefined : await startRedisServer();
  const redis = await connectRedis(process.env.REDIS_URL ?? ownRedis!.url, logger, {
    keyPrefix: `shifumi-bench:${randomBytes(4).toString('hex')}:`,
  });
  try {
    await database.migrate();
    const db = database.db;
    const leases = createRedisLeaseStore(redis.client, { prefix: redis.keyPrefix });
    const self = `bench-a/${randomUUID().slice(0, 8)}`;
    const other = `bench-b/${randomUUID().slice(0, 8)}`;
    const total = owned + others;

    // Players (two per game), then the games in play: the first `owned` claimed by this node, the rest by the other.
    await db.execute(
      sql`insert into users (name, referral_code) select 'P' || n, 'BENCH' || lpad(n::text, 8, '0') from generate_series(1, ${total * 2}) n`,
    );
    const state = JSON.stringify(createMatch({ id: 'bench', players: ['a', 'b'], now: Date.now() }));
    await db.execute(sql`
      with numbered as (select id, row_number() over (order by id) as n from users)
      insert into games (id, player1_id, player2_id, player1_character, player2_character, bet_usd, stake_wei, price_micro_usd, state, owner_node, owner_token)
      select gen_random_uuid(), p1.id, p2.id, 'rock', 'rock', 1, 1, 1, ${state}::jsonb,
             case when p1.n <= ${owned * 2} then ${self} else ${other} end, 1
      from numbered p1 join numbered p2 on p2.n = p1.n + 1 where p1.n % 2 = 1`);
    await db.execute(sql`analyze games`);
    const rows = await playingGameRefs(db);
    const { rows: ownerRows } = await db.execute<{ id: string; owner_node: string }>(
      sql`select id, owner_node from games where status = 'playing'`,
    );
    const mine = new Set(ownerRows.filter((row) => row.owner_node === self).map((row) => row.id));
    // Every game's lease held by its owner; both nodes' node leases held (every node alive).
    for (const [holder, ids] of [
      [self, ownerRows.filter((row) => row.owner_node === self).map((row) => row.id)],
      [other, ownerRows.filter((row) => row.owner_node === other).map((row) => row.id)],
    ] as const) {
      for (let start = 0; start < ids.length; start += 100) {
        await Promise.all(ids.slice(start, start + 100).map((id) => leases.acquire(gameLeaseKey(id), holder, TTL_MS)));
      }
    }
    const otherScan = createGameScan({ db, leases, holder: other, ttlMs: TTL_MS * 1.5, logger });
    const scan = createGameScan({ db, leases, holder: self, ttlMs: TTL_MS * 1.5, logger });
    await Promise.all([otherScan.start(), scan.start()]);

    const measure = async (run: () => Promise<{ rows: number; keys: number; free: number }>) => {
      await run(); // warm-up
      let rowsRead = 0;
      let keysAsked = 0;
      let free = 0;
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let tick = 0; tick < ticks; tick += 1) {
        const result = await run();
        rowsRead = result.rows;
        keysAsked = result.keys;
        free = result.free;
      }
      const used = process.cpuUsage(cpu);
      return {
        msPerScan: round2((performance.now() - started) / ticks),
        nodeCpuMsPerScan: round2((used.user + used.system) / 1000 / ticks),
        rowsRead,
        leaseKeysAsked: keysAsked,
        freeFound: free,
      };
    };

    // Before: game.service.ts's scan as it was (every game in play, the leases of every game not run here).
    const before = await measure(async () => {
      const candidates = (await playingGameRefs(db)).filter((row) => !mine.has(row.id));
      const held = candidates.length > 0 ? await leases.currentMany(candidates.map((row) => gameLeaseKey(row.id))) : new Map();
      return { rows: total, keys: candidates.length, free: candidates.filter((row) => !held.has(gameLeaseKey(row.id))).length };
    });
    // After: what the scan reads now, then the same lease check on what is left.
    const after = await measure(async () => {
      const found = await scan.candidates();
      const candidates = found.filter((row) => !mine.has(row.id));
      const held = candidates.length > 0 ? await leases.currentMany(candidates.map((row) => gameLeaseKey(row.id))) : new Map();
      return {
        rows: found.length,
        keys: candidates.length + (others > 0 ? 1 : 0),
        free: candidates.filter((row) => !held.has(gameLeaseKey(row.id))).length,
      };
    });
    await Promise.all([otherScan.stop(), scan.stop()]);
    console.log(
      JSON.stringify(
        {
          ownedGames: owned,
          otherNodesGames: others,
          gamesInPlay: rows.length,
          ticks,
          cpus: os.cpus().length,
          loadAverage: os.loadavg().map(round2),
          before,
          after,
        },
        null,
        2,
      ),
    );
  } finally {
    await redis.close();
    await ownRedis?.stop();
    await database.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

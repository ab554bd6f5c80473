import { randomBytes } from 'node:crypto';
import { createScratchDatabase } from '../../infra/db/scratch-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../infra/db/database';
import { createLogger } from '../../infra/logger';
import { currentEpoch, raiseEpoch } from './leader-epochs.repo';
import { createLeaderElection, NotLeaderError, type LeaderElection } from './leader';
import { createInProcessLeaseStore, type LeaseStore } from './lease-store';

const logger = createLogger({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TTL_MS = 300;

interface Candidate {
  election: LeaderElection;
  events: string[];
}

function candidate(database: DatabaseHandle, leases: LeaseStore, holder: string, role: string): Candidate {
  const events: string[] = [];
  const election = createLeaderElection({
    db: database.db,
    leases,
    role,
    holder,
    ttlMs: TTL_MS,
    logger,
    onElected: (epoch) => {
      events.push(`elected ${epoch}`);
    },
    onDeposed: async () => {
      events.push('deposed');
    },
  });
  return { election, events };
}

/** A lease store whose renewals can be made to fail (Redis unreachable from one node). */
function flakyRenewals(store: LeaseStore) {
  let failing = false;
  const wrapped: LeaseStore = {
    ...store,
    renew: (...args) => (failing ? Promise.reject(new Error('unreachable')) : store.renew(...args)),
  };
  return { store: wrapped, fail: () => (failing = true) };
}

describe('leader election', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('elects exactly one of two nodes, records its epoch, and only its fence passes', async () => {
    const role = `role-${randomBytes(3).toString('hex')}`;
    const leases = createInProcessLeaseStore();
    const a = candidate(database, leases, 'a', role);
    const b = candidate(database, leases, 'b', role);
    await a.election.round();
    await b.election.round();
    expect(a.events).toEqual([`elected ${a.election.epoch()}`]);
    expect(b.events).toEqual([]);
    expect(b.election.epoch()).toBeUndefined();
    expect(await currentEpoch(database.db, role)).toBe(a.election.epoch());
    await database.db.transaction((tx) => a.election.fence(tx));
    await expect(database.db.transaction((tx) => b.election.fence(tx))).rejects.toBeInstanceOf(NotLeaderError);
    await a.election.stop();
    await b.election.stop();
  });

  it('a leader that cannot renew stops before its lease could lapse; the other node is elected after, with a greater epoch, and the old fence fails', async () => {
    const role = `role-${randomBytes(3).toString('hex')}`;
    const shared = createInProcessLeaseStore();
    const flaky = flakyRenewals(shared);
    let holderWhenStopped: string | undefined = 'not stopped';
    const a = {
      events: [] as string[],
      election: createLeaderElection({
        db: database.db,
        leases: flaky.store,
        role,
        holder: 'a',
        ttlMs: TTL_MS,
        logger,
        onElected: () => undefined,
        onDeposed: async () => {
          // Its role has stopped: the store must still show its lease, so nobody else can have been elected yet.
          holderWhenStopped = (await shared.current(`leader:${role}`))?.holder;
        },
      }),
    };
    const b = candidate(database, shared, 'b', role);
    a.election.start();
    await sleep(50);
    const first = a.election.epoch()!;
    expect(first).toBeDefined();
    b.election.start();
    flaky.fail();
    const stopBy = Date.now() + 3_000;
    while (holderWhenStopped === 'not stopped' && Date.now() < stopBy) await sleep(5);
    expect(holderWhenStopped).toBe('a');
    expect(b.events).toEqual([]);
    await expect(database.db.transaction((tx) => a.election.fence(tx))).rejects.toBeInstanceOf(NotLeaderError);
    const deadline = Date.now() + 3_000;
    while (b.election.epoch() === undefined && Date.now() < deadline) await sleep(20);
    expect(b.election.epoch()).toBeGreaterThan(first);
    expect(await currentEpoch(database.db, role)).toBe(b.election.epoch());
    await database.db.transaction((tx) => b.election.fence(tx));
    await a.election.stop();
    await b.election.stop();
    expect(b.events.at(-1)).toBe('deposed');
  });

  it('a leader whose lease was taken stops at its next renewal', async () => {
    const role = `role-${randomBytes(3).toString('hex')}`;
    const leases = createInProcessLeaseStore();
    const a = candidate(database, leases, 'a', role);
    await a.election.round();
    const epoch = a.election.epoch()!;
    await leases.release(`leader:${role}`, 'a', epoch);
    await leases.acquire(`leader:${role}`, 'intruder', 10_000);
    await a.election.round();
    expect(a.events).toEqual([`elected ${epoch}`, 'deposed']);
    expect(a.election.epoch()).toBeUndefined();
  });

  it('an epoch is only ever raised', async () => {
    const role = `role-${randomBytes(3).toString('hex')}`;
    expect(await raiseEpoch(database.db, role, 5n, 'a')).toBe(true);
    expect(await raiseEpoch(database.db, role, 5n, 'b')).toBe(false);
    expect(await raiseEpoch(database.db, role, 3n, 'b')).toBe(false);
    expect(await raiseEpoch(database.db, role, 6n, 'b')).toBe(true);
    expect(await currentEpoch(database.db, role)).toBe(6n);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('leader election on PostgreSQL', () => {
  it('a new leader waits for the old leader’s claiming transaction to end; the old one claims nothing after', async () => {
    const serverUrl = process.env.DATABASE_URL!;
    const scratch = await createScratchDatabase(serverUrl);
    const database = await openDatabase({ kind: 'postgres', url: scratch.url });
    try {
      await database.migrate();
      const role = 'chain-workers';
      const leases = createInProcessLeaseStore();
      const a = candidate(database, leases, 'a', role);
      await a.election.round();
      const order: string[] = [];
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // A's claim is under way (it holds the epoch row share-locked) when B is elected.
      const claim = database.db.transaction(async (tx) => {
        await a.election.fence(tx);
        await held;
        order.push('old leader committed');
      });
      await sleep(50);
      const raising = raiseEpoch(database.db, role, a.election.epoch()! + 1n, 'b').then((raised) => {
        order.push('new epoch recorded');
        return raised;
      });
      await sleep(200);
      expect(order).toEqual([]);
      release();
      await claim;
      expect(await raising).toBe(true);
      expect(order).toEqual(['old leader committed', 'new epoch recorded']);
      await expect(database.db.transaction((tx) => a.election.fence(tx))).rejects.toBeInstanceOf(NotLeaderError);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});

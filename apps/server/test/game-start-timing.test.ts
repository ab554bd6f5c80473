/**
 * Issue 30 (decision 061): a game's start logs its own times with "Game
 * started" — the wait for the start gate, the lease and the start transaction
 * — and bench:search reads them from that line to tell the queue's latency
 * from the start transaction's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTimingOf } from '../src/scripts/search-latency';
import { signIn, signUp } from './support/api';
import { connected, createSockets, fundUser, nextEvent } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let baseUrl: string;
const sockets = createSockets();

beforeAll(async () => {
  t = await createTestApp({ env: { ETH_USD_PRICE: '2000' } });
  baseUrl = await t.listen();
});
afterEach(() => sockets.closeAll());
afterAll(async () => {
  await t?.close();
});

async function searcher() {
  const session = await signIn(t, await signUp(t));
  await fundUser(t.db, session.user.id, '1');
  const socket = sockets.open(baseUrl, session.accessToken);
  await connected(socket);
  return socket;
}

describe('"Game started" carries the start\'s own times', () => {
  it('logs the gate wait, the lease and the transaction in ms, as bench:search reads them', async () => {
    const [a, b] = [await searcher(), await searcher()];
    const found = nextEvent(b, 'game_found');
    a.emit('search_game', { character: 'Character1', amount: 5 });
    b.emit('search_game', { character: 'Character2', amount: 5 });
    const { room } = await found;
    const line = t.logs.find((entry) => entry.msg === 'Game started' && entry.gameId === room);
    expect(line).toBeDefined();
    const read = startTimingOf(JSON.stringify(line));
    expect(read?.gameId).toBe(room);
    const { gateMs, leaseMs, transactionMs } = read!.timing;
    // The transaction did work (several statements on a real database); the gate was free (one start at a time).
    expect(transactionMs).toBeGreaterThan(0);
    expect(transactionMs).toBeLessThan(5_000);
    expect(gateMs).toBeGreaterThanOrEqual(0);
    expect(leaseMs).toBeGreaterThanOrEqual(0);
    expect(gateMs).toBeLessThan(transactionMs + 1_000);
  });
});

import { describe, expect, it } from 'vitest';
import { createPlayerFacts, rememberingBalances } from './player-facts';

describe('player facts (issue 16: a search skips its query only on what this node knows)', () => {
  function facts(ttlMs = 1_000, maxPlayers = 3) {
    let now = 0;
    return { facts: createPlayerFacts({ now: () => now, ttlMs, maxPlayers }), advance: (ms: number) => (now += ms) };
  }

  it('answers yes only with both a clear check and a balance that covers the stake, each fresh', () => {
    const { facts: known, advance } = facts();
    expect(known.clearToSearch('ann', 5n)).toBe(false);
    known.noteBalance('ann', 10n);
    expect(known.clearToSearch('ann', 5n), 'a balance alone is not enough').toBe(false);
    known.noteClear('ann');
    expect(known.clearToSearch('ann', 5n)).toBe(true);
    expect(known.clearToSearch('ann', 10n)).toBe(true);
    expect(known.clearToSearch('ann', 11n), 'a stake above the known balance asks the database').toBe(false);
    advance(999);
    expect(known.clearToSearch('ann', 5n)).toBe(true);
    advance(1);
    expect(known.clearToSearch('ann', 5n), 'past the ttl').toBe(false);
    known.noteBalance('ann', 10n);
    expect(known.clearToSearch('ann', 5n), 'a fresh balance does not refresh an old clear check').toBe(false);
  });

  it('forgets a player whose protections changed, and the least recently noted beyond its size', () => {
    const { facts: known } = facts();
    for (const user of ['a', 'b', 'c']) {
      known.noteBalance(user, 1n);
      known.noteClear(user);
    }
    known.forget('b');
    expect(known.clearToSearch('b', 1n)).toBe(false);
    known.noteClear('a'); // a is now the youngest
    known.noteBalance('d', 1n);
    known.noteClear('d');
    known.noteBalance('e', 1n);
    known.noteClear('e');
    expect(known.clearToSearch('c', 1n), 'the oldest is dropped first').toBe(false);
    expect(known.clearToSearch('a', 1n)).toBe(true);
    expect(known.clearToSearch('e', 1n)).toBe(true);
  });

  it('notes every balance told through the events, and still tells it', () => {
    const { facts: known } = facts();
    const told: Array<[string, bigint]> = [];
    const events = rememberingBalances({ balanceChanged: (userId, wei) => told.push([userId, wei]) }, known);
    known.noteClear('ann');
    events.balanceChanged('ann', 7n);
    expect(told).toEqual([['ann', 7n]]);
    expect(known.clearToSearch('ann', 7n)).toBe(true);
    events.balanceChanged('ann', 6n);
    expect(known.clearToSearch('ann', 7n), 'a lower balance told is believed at once').toBe(false);
  });
});

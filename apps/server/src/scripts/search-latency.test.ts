import { describe, expect, it } from 'vitest';
import { cpuByOwner, type CpuProfile } from './cpu-profile';
import { percentile, searchesThisTick, searchLatencies, spreadOf, startTimingOf, type StartTiming } from './search-latency';

describe('percentile and spread (nearest rank)', () => {
  it('takes the nearest rank of ascending values', () => {
    const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('spreads values in any order, to a tenth', () => {
    expect(spreadOf([3.04, 1, 2, 10.26])).toEqual({ count: 4, p50: 2, p99: 10.3, max: 10.3 });
    expect(spreadOf([]).count).toBe(0);
  });
});

describe('searchLatencies: from the search that completed the pair, less the start', () => {
  const timing = (transactionMs: number, gateMs = 0, leaseMs = 0): StartTiming => ({ gateMs, leaseMs, transactionMs });

  it("counts each player from the pair's later search, not from their own", () => {
    const games = [
      // The first player waited 500 ms for an opponent: not the queue's latency.
      {
        room: 'g1',
        searches: [
          { sentAt: 0, foundAt: 512 },
          { sentAt: 500, foundAt: 510 },
        ],
      },
    ];
    const figures = searchLatencies(games, new Map([['g1', timing(6, 2, 1)]]));
    expect(figures.searchToFound).toEqual({ count: 2, p50: 10, p99: 12, max: 12 });
    expect(figures.beyondTransaction).toEqual({ count: 2, p50: 4, p99: 6, max: 6 });
    expect(figures.beyondStart).toEqual({ count: 2, p50: 1, p99: 3, max: 3 });
    expect(figures.transaction).toEqual({ count: 1, p50: 6, p99: 6, max: 6 });
    expect(figures.gate.max).toBe(2);
    expect(figures.gamesWithoutTiming).toBe(0);
    // No search times in the line (a challenge's start): nothing to split.
    expect(figures.checks.count).toBe(0);
    expect(figures.restSameNode.count + figures.restOtherNode.count).toBe(0);
  });

  it("splits what is left beyond the search's checks, its queue step and the start by the player's node", () => {
    const games = [
      {
        room: 'g1',
        searches: [
          { sentAt: 0, foundAt: 530, node: 0 },
          // The later search, on node 1: the pair is made there.
          { sentAt: 500, foundAt: 520, node: 1 },
        ],
      },
    ];
    const figures = searchLatencies(games, new Map([['g1', { ...timing(6, 2, 1), checksMs: 4, queueMs: 2 }]]));
    expect(figures.checks).toEqual({ count: 1, p50: 4, p99: 4, max: 4 });
    expect(figures.queueStep.max).toBe(2);
    // 20 − 9 − 6 = 5 on the pair's node; 30 − 9 − 6 = 15 on the other.
    expect(figures.restSameNode).toEqual({ count: 1, p50: 5, p99: 5, max: 5 });
    expect(figures.restOtherNode).toEqual({ count: 1, p50: 15, p99: 15, max: 15 });
  });

  it("subtracts each game's own transaction, and skips games seen by one player only", () => {
    const games = [
      {
        room: 'slow',
        searches: [
          { sentAt: 0, foundAt: 40 },
          { sentAt: 0, foundAt: 41 },
        ],
      },
      {
        room: 'fast',
        searches: [
          { sentAt: 0, foundAt: 5 },
          { sentAt: 0, foundAt: 6 },
        ],
      },
      { room: 'half', searches: [{ sentAt: 0, foundAt: 1 }] },
      {
        room: 'untimed',
        searches: [
          { sentAt: 0, foundAt: 3 },
          { sentAt: 0, foundAt: 3 },
        ],
      },
    ];
    const figures = searchLatencies(
      games,
      new Map([
        ['slow', timing(38)],
        ['fast', timing(2)],
      ]),
    );
    expect(figures.searchToFound.count).toBe(6);
    expect(figures.searchToFound.max).toBe(41);
    // 40 − 38, 41 − 38, 5 − 2, 6 − 2: the slow game's transaction explains its latency.
    expect(figures.beyondTransaction).toEqual({ count: 4, p50: 3, p99: 4, max: 4 });
    expect(figures.gamesWithoutTiming).toBe(1);
  });
});

describe('startTimingOf: the "Game started" log line', () => {
  it('reads the start times of the line and nothing of another', () => {
    const line = JSON.stringify({ level: 30, msg: 'Game started', gameId: 'g1', gateMs: 0.1, leaseMs: 0.02, transactionMs: 4.5 });
    expect(startTimingOf(line)).toEqual({ gameId: 'g1', timing: { gateMs: 0.1, leaseMs: 0.02, transactionMs: 4.5 } });
    expect(startTimingOf(JSON.stringify({ ...JSON.parse(line), checksMs: 1.5, queueMs: 0.3 }))?.timing).toEqual({
      gateMs: 0.1,
      leaseMs: 0.02,
      transactionMs: 4.5,
      checksMs: 1.5,
      queueMs: 0.3,
    });
    expect(startTimingOf(JSON.stringify({ msg: 'Game ended', gameId: 'g1' }))).toBeUndefined();
    expect(startTimingOf('not json "Game started"')).toBeUndefined();
    expect(startTimingOf(JSON.stringify({ msg: 'Game started', gameId: 'g1', gateMs: 0, leaseMs: 0 }))).toBeUndefined();
    expect(
      startTimingOf(JSON.stringify({ msg: 'Game started', gameId: 'g1', gateMs: -1, leaseMs: 0, transactionMs: 1 })),
    ).toBeUndefined();
  });
});

describe('searchesThisTick: a rate spread over ticks', () => {
  it('sends bursts of rate × tick, carrying the fraction', () => {
    expect(searchesThisTick(200, 100, 0)).toEqual({ count: 20, carried: 0 });
    let carried = 0;
    let sent = 0;
    for (let tick = 0; tick < 10; tick += 1) {
      const next = searchesThisTick(7, 100, carried);
      carried = next.carried;
      sent += next.count;
    }
    expect(sent).toBe(7);
  });
});

describe('cpuByOwner: busy time by the deepest frame of an owner on the stack', () => {
  const frame = (id: number, url: string, children: number[] = [], functionName = 'f') => ({
    id,
    callFrame: { functionName, url, lineNumber: 0 },
    children,
  });
  // root → search (matchmaking) → start (game-start) → query (pg); root → parse (pg); root → (idle)
  const profile: CpuProfile = {
    nodes: [
      frame(1, '', [2, 5, 6], '(root)'),
      frame(2, '/x/apps/server/src/modules/matchmaking/matchmaking.service.ts', [3]),
      frame(3, '/x/apps/server/src/modules/games/game-start.ts', [4]),
      frame(4, '/x/node_modules/pg/lib/client.js'),
      frame(5, '/x/node_modules/pg-protocol/dist/parser.js'),
      frame(6, '', [], '(idle)'),
    ],
    samples: [2, 4, 4, 5, 6, 2],
    timeDeltas: [0, 100, 200, 300, 400, 500],
    startTime: 1_000,
    endTime: 3_000,
  };
  const owners = [
    ['game start', /modules\/games\/game-start/],
    ['matchmaking', /modules\/matchmaking\//],
  ] as const;

  it('gives a call into another owner to the callee, driver callbacks to other, idle to nobody', () => {
    // Each sample's duration is the next delta (as summarizeCpuProfile counts it); the last one has none.
    expect(cpuByOwner(profile, owners)).toEqual({ 'game start': 0.0005, matchmaking: 0.0001, other: 0.0004 });
  });

  it('keeps only the samples within a window of the profile clock', () => {
    // Sample times: 1000, 1100, 1300, 1600, 2000, 2500.
    expect(cpuByOwner(profile, owners, { fromMicros: 1_050, toMicros: 1_700 })).toEqual({
      'game start': 0.0005,
      matchmaking: 0,
      other: 0.0004,
    });
  });
});

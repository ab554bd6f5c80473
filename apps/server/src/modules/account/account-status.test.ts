import { describe, expect, it } from 'vitest';
import type { LimitsResponse } from '@shifumi/protocol';
import { protectionRestrictions } from './account-status';

const none: LimitsResponse = {
  limits: (['deposit', 'loss', 'wager'] as const).flatMap((kind) =>
    (['day', 'week', 'month'] as const).map((period) => ({ kind, period, amountUsd: null, usedUsd: 0, pending: null })),
  ),
  realityCheckMinutes: 60,
  realityCheckPending: null,
  timeOut: null,
  selfExclusion: null,
  history: [],
};

describe('protectionRestrictions (issue 26)', () => {
  it('says nothing when no protection holds and no limit is used up', () => {
    expect(protectionRestrictions(none)).toEqual([]);
    const below = {
      ...none,
      limits: none.limits.map((limit) =>
        limit.kind === 'loss' && limit.period === 'day' ? { ...limit, amountUsd: 20, usedUsd: 19.99 } : limit,
      ),
    };
    expect(protectionRestrictions(below)).toEqual([]);
  });

  it('tells a limit reached (reaching it counts), a time-out with its end, and a self-exclusion instead of a time-out within it', () => {
    const reached = {
      ...none,
      limits: none.limits.map((limit) =>
        limit.kind === 'wager' && limit.period === 'week' ? { ...limit, amountUsd: 50, usedUsd: 50 } : limit,
      ),
    };
    expect(protectionRestrictions(reached)).toEqual([{ kind: 'limit_reached', limit: 'wager', period: 'week', amountUsd: 50 }]);
    const until = '2026-11-28T10:00:00.000Z';
    expect(protectionRestrictions({ ...none, timeOut: { until } })).toEqual([{ kind: 'time_out', until }]);
    const exclusion = { until: '2027-05-27T10:00:00.000Z', endRequestedAt: null, endsAt: null };
    expect(protectionRestrictions({ ...none, timeOut: { until }, selfExclusion: exclusion })).toEqual([
      { kind: 'self_exclusion', until: exclusion.until, endsAt: null },
    ]);
  });
});

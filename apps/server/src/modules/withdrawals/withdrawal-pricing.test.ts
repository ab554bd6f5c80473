import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bumpFee, firstAttemptFees, isValidReplacement, repricing } from './withdrawal-pricing';

const gwei = 1_000_000_000n;

describe('withdrawal pricing', () => {
  it('offers the estimate first, or at most 4/5 of a capped withdrawal’s cap', () => {
    const estimate = { maxFeePerGas: 50n * gwei, maxPriorityFeePerGas: 2n * gwei };
    expect(firstAttemptFees(estimate, null)).toEqual(estimate);
    expect(firstAttemptFees(estimate, 100n * gwei)).toEqual(estimate);
    expect(firstAttemptFees(estimate, 40n * gwei)).toEqual({ maxFeePerGas: 32n * gwei, maxPriorityFeePerGas: 2n * gwei });
  });

  it('replaces a stuck attempt with both fields raised by 12.5 %, at least the estimate', () => {
    const latest = { maxFeePerGas: 40n * gwei, maxPriorityFeePerGas: 2n * gwei };
    expect(repricing(latest, { maxFeePerGas: 30n * gwei, maxPriorityFeePerGas: 1n * gwei }, null)).toEqual({
      replace: { maxFeePerGas: 45n * gwei, maxPriorityFeePerGas: 2_250_000_000n },
    });
    expect(repricing(latest, { maxFeePerGas: 60n * gwei, maxPriorityFeePerGas: 3n * gwei }, null)).toEqual({
      replace: { maxFeePerGas: 60n * gwei, maxPriorityFeePerGas: 3n * gwei },
    });
  });

  it('broadcasts again instead when the attempt pays twice the estimate, or when the cap allows no valid replacement', () => {
    const latest = { maxFeePerGas: 40n * gwei, maxPriorityFeePerGas: 2n * gwei };
    expect(repricing(latest, { maxFeePerGas: 20n * gwei, maxPriorityFeePerGas: 1n * gwei }, null)).toEqual({
      again: 'overpaying',
    });
    expect(repricing(latest, { maxFeePerGas: 30n * gwei, maxPriorityFeePerGas: 1n * gwei }, 42n * gwei)).toEqual({
      again: 'capped',
    });
  });

  it('never offers more than the cap, and every replacement it signs is one nodes accept', () => {
    const fee = fc.bigInt({ min: 1n, max: 10_000n * gwei });
    fc.assert(
      fc.property(fee, fee, fee, fee, fc.option(fee, { nil: null }), (latestMax, latestTip, estimateMax, estimateTip, cap) => {
        const latest = { maxFeePerGas: latestMax > latestTip ? latestMax : latestTip, maxPriorityFeePerGas: latestTip };
        const decision = repricing(latest, { maxFeePerGas: estimateMax, maxPriorityFeePerGas: estimateTip }, cap);
        if ('again' in decision) return;
        expect(isValidReplacement(latest, decision.replace)).toBe(true);
        expect(decision.replace.maxPriorityFeePerGas <= decision.replace.maxFeePerGas).toBe(true);
        if (cap !== null) expect(decision.replace.maxFeePerGas <= cap).toBe(true);
      }),
    );
  });

  it('rounds the bump up', () => {
    expect(bumpFee(1n, 0n)).toBe(2n);
    expect(bumpFee(1000n, 0n)).toBe(1125n);
  });
});

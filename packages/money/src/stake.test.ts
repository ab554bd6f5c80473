import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stakeFor } from './stake';
import { WEI_PER_ETH } from './eth-amount';
import { MICRO_USD_PER_USD } from './usd-price';

describe('stakeFor', () => {
  it('is the bet converted to wei at the price, exact when it divides', () => {
    // $10 at $3000/ETH: 1/300 ETH, rounded up to the next wei.
    expect(stakeFor(10, 3000n * MICRO_USD_PER_USD)).toBe(3_333_333_333_333_334n);
    expect(stakeFor(1, 2000n * MICRO_USD_PER_USD)).toBe(WEI_PER_ETH / 2000n);
  });

  it('is worth at least the bet, and less than one wei more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.bigInt({ min: 1n, max: 10n ** 15n }), (bet, price) => {
        const stake = stakeFor(bet, price);
        const betMicroUsdTimesWei = BigInt(bet) * MICRO_USD_PER_USD * WEI_PER_ETH;
        expect(stake * price >= betMicroUsdTimesWei).toBe(true);
        expect((stake - 1n) * price < betMicroUsdTimesWei || stake === 0n).toBe(true);
      }),
    );
  });

  it('refuses a fractional bet or a price that is not positive', () => {
    expect(() => stakeFor(1.5, 3000n)).toThrow(RangeError);
    expect(() => stakeFor(1, 0n)).toThrow(RangeError);
  });
});

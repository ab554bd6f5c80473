/**
 * The stake of a bet (issue 25, one place per rule): the server escrows it and the home
 * page checks the balance against it before searching, so both compute it here.
 */
import { usdToWei } from './usd-price';

/**
 * The wei each player stakes for a bet of `betUsd` whole dollars (USDT) at `microUsdPerEth`:
 * rounded up to the next wei, so the stake is always worth at least the bet.
 *
 * @param betUsd - a non-negative whole number of dollars
 * @param microUsdPerEth - the price, from `parseUsdPrice`; must be positive
 * @throws RangeError on a negative or fractional bet, or a non-positive price
 */
export function stakeFor(betUsd: number, microUsdPerEth: bigint): bigint {
  return usdToWei(betUsd, microUsdPerEth, 'up');
}

/**
 * The fees a withdrawal's attempts are signed with, pure: the first
 * attempt's (the estimate, a capped withdrawal keeping a fifth of its cap in
 * reserve) and a stuck attempt's replacement (+12.5 % on both fields, at
 * least the current estimate, never above the cap; not re-priced when it
 * already pays twice the estimate or when the cap leaves no valid
 * replacement — then the same bytes are broadcast again).
 */
import { capFees } from './withdrawal-fees';

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** Replacement fee bump: +12.5 % (nodes require at least +10 % on both fields). */
const BUMP_NUMERATOR = 1125n;
const BUMP_DENOMINATOR = 1000n;

/** A capped withdrawal's first attempt offers at most 4/5 of its cap per gas (issue 12): a replacement fits under the cap. */
const FIRST_ATTEMPT_CAP_NUMERATOR = 4n;
const FIRST_ATTEMPT_CAP_DENOMINATOR = 5n;

/** A stuck attempt already paying this multiple of the current estimate on both fields is not re-priced again. */
const OVERPAY_FACTOR = 2n;

/** Raises a fee by 12.5 %, rounding up, and to at least `floor` (the current estimate). */
export function bumpFee(previous: bigint, floor: bigint): bigint {
  const bumped = (previous * BUMP_NUMERATOR + BUMP_DENOMINATOR - 1n) / BUMP_DENOMINATOR;
  return bumped > floor ? bumped : floor;
}

/** Nodes replace a pending transaction only when both fee fields rise by at least 10 %. */
export function isValidReplacement(previous: Fees, next: Fees): boolean {
  return (
    next.maxFeePerGas * 10n >= previous.maxFeePerGas * 11n &&
    next.maxPriorityFeePerGas * 10n >= previous.maxPriorityFeePerGas * 11n
  );
}

/** The first attempt's fees: the estimate, or under a capped withdrawal 4/5 of its cap at most (room for one re-pricing). */
export function firstAttemptFees(estimate: Fees, cap: bigint | null): Fees {
  return cap === null ? estimate : capFees(estimate, (cap * FIRST_ATTEMPT_CAP_NUMERATOR) / FIRST_ATTEMPT_CAP_DENOMINATOR);
}

/** What to do with a stuck attempt: replace it with `fees`, or broadcast the same bytes again and why. */
export type Repricing = { replace: Fees } | { again: 'overpaying' | 'capped' };

export function repricing(latest: Fees, estimate: Fees, cap: bigint | null): Repricing {
  const overpaying =
    latest.maxFeePerGas >= OVERPAY_FACTOR * estimate.maxFeePerGas &&
    latest.maxPriorityFeePerGas >= OVERPAY_FACTOR * estimate.maxPriorityFeePerGas;
  // Its price is not what holds it back: raising it again would only burn money (+12.5 % per period, without end).
  if (overpaying) return { again: 'overpaying' };
  const maxPriorityFeePerGas = bumpFee(latest.maxPriorityFeePerGas, estimate.maxPriorityFeePerGas);
  const bumpedMaxFee = bumpFee(latest.maxFeePerGas, estimate.maxFeePerGas);
  const bumped: Fees = {
    maxPriorityFeePerGas,
    maxFeePerGas: bumpedMaxFee > maxPriorityFeePerGas ? bumpedMaxFee : maxPriorityFeePerGas,
  };
  const fees: Fees = cap === null ? bumped : capFees(bumped, cap);
  // The fee charged allows no higher price: wait for the base fee to come down.
  return isValidReplacement(latest, fees) ? { replace: fees } : { again: 'capped' };
}

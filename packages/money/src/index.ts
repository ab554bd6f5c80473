/**
 * `@shifumi/money`: the one place where amounts are converted between wei, ETH text and US
 * dollars. Pure: no I/O, no clock, no randomness; bigint everywhere, one explicit rounding
 * per conversion.
 */
export { type Rounding, ROUNDINGS, divideRounded } from './rounding';
export { MAX_UINT256 } from './decimal';
export {
  ETH_DECIMALS,
  WEI_PER_ETH,
  type ParseEthAmountFailure,
  type ParseEthAmountResult,
  type ParseEthAmountOptions,
  type FormatEthOptions,
  parseEthAmount,
  formatEth,
  formatEthFixed,
  weiToEthNumber,
} from './eth-amount';
export {
  USD_PRICE_DECIMALS,
  MICRO_USD_PER_USD,
  CENTS_PER_USD,
  type ParseUsdPriceFailure,
  type ParseUsdPriceResult,
  parseUsdPrice,
  usdToWei,
  weiToUsdCents,
  formatUsd,
  usdPriceToNumber,
} from './usd-price';
export { stakeFor } from './stake';

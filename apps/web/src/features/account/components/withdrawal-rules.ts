/**
 * The withdraw form's rules (spec S5 "Withdrawal", S8; issues 12, 14, 27):
 * the amount read as the player's language writes it, then checked in the
 * spec's order with its texts; the most that can be withdrawn.
 */
import { parseEthAmount } from '@shifumi/money';
import { isValidEthereumAddress, type WithdrawalFeeResponse } from '@shifumi/protocol';
import type { Language } from '@shifumi/protocol/language';
import { INTL_LOCALES, translate } from '../../../lib/i18n/i18n';
import { parseLocaleDecimal } from '../../../lib/i18n/locale-number';
import { formatDecimalText } from '../../../lib/money-format';

export interface Problem {
  message: string;
  /** The field to fix; null for a refusal of the server that is about neither. */
  field: 'amount' | 'address' | null;
}

/**
 * The amount as typed, as the plain decimal text the money module parses, or
 * null when it is not a number (issue 27): read as the player's language
 * writes it ("1 234,5" in French, "1,234.5" in English). Issue 14's lone
 * decimal comma ("0,5", a phone keypad's only separator) is still read in
 * English when it cannot be a thousands separator.
 */
export function normalizeAmount(input: string, language: Language): string | null {
  const read = parseLocaleDecimal(input, language);
  if (read !== null || language !== 'en') return read;
  const trimmed = input.trim();
  return /^\d*,\d+$/.test(trimmed) ? parseLocaleDecimal(trimmed.replace(',', '.'), 'en') : null;
}

/** The typed amount in wei, or why not. */
export function parseTypedAmount(input: string, language: Language) {
  const plain = normalizeAmount(input, language);
  return plain === null ? ({ ok: false } as const) : parseEthAmount(plain);
}

/** The most that can be withdrawn: the balance minus the fee; null when nothing can. */
export function maximumWithdrawalWei(balanceWei: bigint, quote: WithdrawalFeeResponse | null): bigint | null {
  if (!quote) return null;
  const maximum = balanceWei - BigInt(quote.feeWei);
  return maximum > 0n ? maximum : null;
}

/**
 * The first rule the input breaks, in the spec's order, or null. With the fee
 * quote (issue 12): the minimum, then the amount plus the fee against the
 * balance.
 */
export function withdrawalProblem(
  amount: string,
  address: string,
  balanceWei: bigint,
  quote?: WithdrawalFeeResponse | null,
  language: Language = 'en',
): Problem | null {
  const locale = INTL_LOCALES[language];
  const parsed = parseTypedAmount(amount, language);
  if (!parsed.ok) return { message: translate('account.withdraw.invalidAmount'), field: 'amount' };
  // Compared in wei: the `balance` number is for display only.
  if (parsed.wei > balanceWei) return { message: translate('account.withdraw.aboveBalance'), field: 'amount' };
  if (quote) {
    const minimum = parseEthAmount(quote.minimum);
    if (minimum.ok && parsed.wei < minimum.wei)
      return {
        message: translate('account.withdraw.belowMinimum', { minimum: formatDecimalText(quote.minimum, locale) }),
        field: 'amount',
      };
    if (parsed.wei + BigInt(quote.feeWei) > balanceWei)
      return {
        message: translate('account.withdraw.aboveBalanceWithFee', { fee: formatDecimalText(quote.fee, locale) }),
        field: 'amount',
      };
  }
  if (address.trim() === '') return { message: translate('account.withdraw.addressMissing'), field: 'address' };
  if (!isValidEthereumAddress(address.trim())) return { message: translate('account.withdraw.addressInvalid'), field: 'address' };
  return null;
}

/**
 * Issue 27: why a check of `@shifumi/fairness` passed or failed, in the
 * reader's language, for /verify and /solvency. The checks give a key and its
 * values; a draw, an amount and a format's problem are typed values (decision
 * 063), said in the reader's own way, never compared as words. A key the
 * catalogue does not know (a newer check) is shown as the checks wrote it.
 * The problems' words are `verify.details.problems`: a page that says a
 * check's detail has the `verify` namespace loaded.
 */
import type { CheckReason, ReasonValue } from '@shifumi/fairness';
import { formatEth } from '@shifumi/money';
import { formatDecimalText } from '../money-format';
import { currentLanguage, INTL_LOCALES, translate, type MessageKey } from './i18n';

/** A value of a check's reason as the reader's language writes it. */
function valueOf(value: ReasonValue): string | number {
  if (typeof value !== 'object') return value;
  if ('problem' in value) return translate(`verify.details.problems.${value.problem}`, { bound: value.bound ?? '' });
  if ('draw' in value) return translate('verify.details.draw');
  return formatDecimalText(formatEth(BigInt(value.eth)), INTL_LOCALES[currentLanguage()]);
}

/** The detail of a check under `<page>.details.<key>`, or as the checks wrote it. */
export function checkDetail(page: 'verify' | 'solvency', entry: { detail: string; reason: CheckReason }): string {
  const key = `${page}.details.${entry.reason.key}`;
  const values = Object.fromEntries(entry.reason.values.map((value, index) => [index, valueOf(value)]));
  const said = translate(key as MessageKey, values);
  return said === key ? entry.detail : said;
}

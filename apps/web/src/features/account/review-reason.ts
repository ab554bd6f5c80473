/**
 * Issue 27: why a withdrawal waits for a person, in the reader's language. The server stores the reason as its
 * English sentence (`REVIEW_REASONS`, what staff read in the console); the player's screens recognise
 * each of those sentences — built by the same templates, so the match is exact — and say it from the `status`
 * catalogue, with the limit written as the reader's locale writes numbers. A reason staff typed by hand, or one this
 * build does not know, is shown as it is.
 */
import { REVIEW_REASONS } from '@shifumi/protocol/withdrawal-review';
import type { translate } from '../../lib/i18n/i18n';
import { formatDecimalText } from '../../lib/money-format';

const MARK = '\u0000';

/** The limit in `reason` when it is `template`'s sentence (`template(MARK)` splits into what comes before and after). */
function limitIn(reason: string, template: (limitEth: string) => string): string | null {
  const [before = '', after = ''] = template(MARK).split(MARK);
  if (!reason.startsWith(before) || !reason.endsWith(after) || reason.length <= before.length + after.length) return null;
  const limit = reason.slice(before.length, reason.length - after.length);
  return /^\d+(\.\d+)?$/.test(limit) ? limit : null;
}

export function reviewReasonText(reason: string, t: typeof translate, locale: string): string {
  const reasons = REVIEW_REASONS;
  if (reason === reasons.openFlag) return t('status.reviewReasons.openFlag');
  const above = limitIn(reason, reasons.aboveThreshold);
  if (above !== null) return t('status.reviewReasons.aboveThreshold', { limit: formatDecimalText(above, locale) });
  const daily = limitIn(reason, reasons.dailyLimit);
  if (daily !== null) return t('status.reviewReasons.dailyLimit', { limit: formatDecimalText(daily, locale) });
  return reason;
}

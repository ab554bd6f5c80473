/**
 * Issue 26 (items 3 and 4, decision 040): under the navigation bar on every
 * page of a signed-in player, each account state that changes what they may
 * do, with its reason and its end: a freeze (staff's reason), a withdrawal in
 * review (why, and by when staff usually decide), the security hold on
 * withdrawals, a limit used up, a time-out, a self-exclusion. Refreshed on the
 * balance and withdrawal events (lib/account-status.ts).
 */
import type { AccountRestriction } from '@shifumi/protocol';
import { WITHDRAWAL_REVIEW_EXPECTED_HOURS } from '@shifumi/protocol/withdrawal-review';
import { useAccountStatusQuery } from '../../../lib/account-status';
import { useIntlLocale } from '../../../lib/i18n/i18n';
import { formatDecimalText } from '../../../lib/money-format';
import { reviewReasonText } from '../review-reason';
import { useStatusT } from '../status-texts';
import styles from './account-status-banner.module.css';

/** A date and time in the reader's language, with the weekday (as the responsible-gaming screens say it). */
export function formatWhen(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Whole dollars as they are ($50), cents when there are any ($12.50), in the reader's writing. */
export function formatDollars(amount: number, locale?: string): string {
  const text = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  return `$${formatDecimalText(text, locale)}`;
}

/** One restriction in words, with where to read more. */
export function RestrictionLine({ restriction }: { restriction: AccountRestriction }) {
  const t = useStatusT();
  const locale = useIntlLocale();
  const when = (iso: string) => formatWhen(iso, locale);
  switch (restriction.kind) {
    case 'frozen':
      return (
        <li className={styles.serious} data-testid="account-status-frozen">
          {t('status.frozen', { reason: restriction.reason })} <a href="/contact">{t('status.frozenContact')}</a>
        </li>
      );
    case 'withdrawal_review':
      return (
        <li data-testid="account-status-withdrawal-review">
          {t('status.withdrawalReview', {
            amount: formatDecimalText(restriction.amount, locale),
            reason: reviewReasonText(restriction.reason, t, locale),
            hours: WITHDRAWAL_REVIEW_EXPECTED_HOURS,
            when: when(restriction.expectedBy),
          })}
        </li>
      );
    case 'withdrawal_hold':
      return (
        <li data-testid="account-status-withdrawal-hold">{t('status.withdrawalHold', { until: when(restriction.until) })}</li>
      );
    case 'limit_reached':
      return (
        <li data-testid="account-status-limit">
          {t(`status.limitReached.${restriction.limit}`, {
            period: t(`status.periods.${restriction.period}`),
            amount: formatDollars(restriction.amountUsd, locale),
          })}{' '}
          <a href="/account#limits">{t('status.limitsLink')}</a>
        </li>
      );
    case 'time_out':
      return (
        <li data-testid="protection-banner">
          {t('status.timeOut', { when: when(restriction.until) })} <a href="/responsible-gaming">{t('status.protectionLink')}</a>
        </li>
      );
    case 'self_exclusion': {
      const atTerm = restriction.endsAt === null && Date.parse(restriction.until) <= Date.now();
      return (
        <li data-testid="protection-banner">
          {atTerm
            ? t('status.selfExclusionAtTerm')
            : t('status.selfExclusion', { when: when(restriction.endsAt ?? restriction.until) })}{' '}
          <a href="/responsible-gaming">{t('status.protectionLink')}</a>
        </li>
      );
    }
  }
}

export function AccountStatusBanner() {
  const status = useAccountStatusQuery(true);
  const t = useStatusT();
  const restrictions = status.data?.restrictions ?? [];
  if (restrictions.length === 0) return null;
  return (
    <section className={styles.banner} aria-label={t('status.bannerLabel')} role="status" data-testid="account-status">
      <ul className={styles.list}>
        {restrictions.map((restriction) => (
          <RestrictionLine
            key={
              restriction.kind === 'withdrawal_review'
                ? restriction.withdrawalId
                : `${restriction.kind}:${'limit' in restriction ? `${restriction.limit}:${restriction.period}` : ''}`
            }
            restriction={restriction}
          />
        ))}
      </ul>
    </section>
  );
}

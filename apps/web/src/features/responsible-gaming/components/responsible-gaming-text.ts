/** Names and dates as the responsible-gaming screens show them. */
import type { LimitKind, LimitPeriod, SelfExclusionPeriod, TimeOutPeriod } from '@shifumi/protocol';

export const KIND_LABEL: Record<LimitKind, string> = { deposit: 'Deposit limit', loss: 'Loss limit', wager: 'Wager limit' };
export const KIND_HELP: Record<LimitKind, string> = {
  deposit: 'The most you can deposit. A deposit above it is credited, and the part above is held (you can withdraw it) until the window frees it.',
  loss: 'The most you can lose: stakes lost minus winnings. A game counts as a possible loss of its whole stake.',
  wager: 'The most you can stake in total.',
};
export const PERIOD_LABEL: Record<LimitPeriod, string> = { day: '24 hours', week: '7 days', month: '30 days' };
export const PERIOD_ADJECTIVE: Record<LimitPeriod, string> = { day: '24-hour', week: '7-day', month: '30-day' };
export const TIME_OUT_LABEL: Record<TimeOutPeriod, string> = { '24h': '24 hours', '7d': '7 days', '30d': '30 days', '6w': '6 weeks' };
export const SELF_EXCLUSION_LABEL: Record<SelfExclusionPeriod, string> = { '6m': '6 months', '1y': '1 year', '5y': '5 years' };

/** A date and time in the reader's own time zone, e.g. "Tue, 25 Nov 2026, 14:05". */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/**
 * Issue 27: a time of day as the reader's language writes it (`Intl`, the
 * language's locale from `INTL_LOCALES`): "9:05 PM" in English, "21:05" in
 * French — never hours and minutes glued by hand.
 */

/** The hour and minute of an ISO date-time, in the reader's time zone and locale. */
export function formatClockTime(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(new Date(iso));
}

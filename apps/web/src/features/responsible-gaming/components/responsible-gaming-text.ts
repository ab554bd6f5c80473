/**
 * Names, dates and amounts as the responsible-gaming screens show them, in
 * the current language (issue 27: the `responsibleGaming` catalogue, loaded
 * here — every screen of the feature imports this module, so none shows
 * before its texts are there).
 */
import { LIMIT_KINDS, LIMIT_PERIODS, type LimitKind, type LimitPeriod, type LimitsResponse } from '@shifumi/protocol';
import { currentLanguage, INTL_LOCALES, loadNamespace, translate, type MessageKey } from '../../../lib/i18n/i18n';
import { RESPONSIBLE_GAMING_TEXTS } from '../../../lib/i18n/page-namespaces';

await loadNamespace('responsibleGaming', RESPONSIBLE_GAMING_TEXTS);

/** A limit in a sentence: "24-hour loss limit" ("limite de pertes sur 24 heures"). */
export function limitName(kind: LimitKind, period: LimitPeriod): string {
  return translate('responsibleGaming.limitName', {
    kind: translate(`responsibleGaming.kindsInSentence.${kind}`),
    period: translate(`responsibleGaming.periodsInName.${period}`),
  });
}

/** A reality check's frequency as a setting ("Every 30 minutes", "Off"). */
export function realityLabel(minutes: number): string {
  return minutes === 0 ? translate('responsibleGaming.reality.off') : translate('responsibleGaming.reality.every', { minutes });
}

/** A reality check's frequency inside a sentence ("every 30 minutes", "off"). */
export function realityInSentence(minutes: number): string {
  return minutes === 0
    ? translate('responsibleGaming.reality.offInSentence')
    : translate('responsibleGaming.reality.everyInSentence', { minutes });
}

/** A date and time in the reader's own time zone and language, e.g. "Tue, Nov 25, 2026, 02:05 PM". */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(INTL_LOCALES[currentLanguage()], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Dollars as the language writes them: "$1,250" / "1 250 $", cents only when there are some. */
export function formatDollars(amount: number): string {
  return new Intl.NumberFormat(INTL_LOCALES[currentLanguage()], {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** The events the server records (`responsible_gaming_events.kind`) that are said in a word of their own. */
const EVENT_NAMES: Record<string, MessageKey> = {
  reality_check_changed: 'responsibleGaming.events.realityCheckChanged',
  time_out_started: 'responsibleGaming.events.timeOutStarted',
  self_exclusion_started: 'responsibleGaming.events.selfExclusionStarted',
  self_exclusion_end_requested: 'responsibleGaming.events.selfExclusionEndRequested',
};

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/** A line of the history in words ("Changed your 24-hour loss limit"), never the server's event name. */
export function historyEventName(event: LimitsResponse['history'][number]): string {
  if (event.kind === 'limit_changed') {
    const { kind, period } = event.detail;
    return isOneOf(LIMIT_KINDS, kind) && isOneOf(LIMIT_PERIODS, period)
      ? translate('responsibleGaming.events.limitChanged', { limit: limitName(kind, period) })
      : translate('responsibleGaming.events.someLimitChanged');
  }
  return translate(Object.hasOwn(EVENT_NAMES, event.kind) ? EVENT_NAMES[event.kind]! : 'responsibleGaming.events.other');
}

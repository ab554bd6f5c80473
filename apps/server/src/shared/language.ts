/**
 * Issue 27 (decision 052): which of our languages a reader gets. The signed-in
 * player's stored preference first; else the first of ours their
 * `Accept-Language` accepts, by q-value (`fr-FR` is `fr`); else `en`.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shifumi/protocol';

/** A header longer than this is read only this far (nobody's browser sends more). */
const MAX_HEADER_LENGTH = 1_000;
const MAX_ENTRIES = 32;
const QUALITY = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i;

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** The language of ours an `Accept-Language` header prefers, honouring q-values; undefined when it accepts none of ours. */
export function languageFromAcceptLanguage(header: unknown): Language | undefined {
  const value = Array.isArray(header) ? (header as unknown[]).join(',') : header;
  if (typeof value !== 'string') return undefined;
  const ranges: Array<{ language: Language; quality: number; position: number }> = [];
  value
    .slice(0, MAX_HEADER_LENGTH)
    .split(',')
    .slice(0, MAX_ENTRIES)
    .forEach((entry, position) => {
      const [tag = '', ...parameters] = entry.split(';').map((part) => part.trim());
      const primary = tag.toLowerCase().split('-')[0] ?? '';
      if (!isLanguage(primary)) return;
      let quality = 1;
      for (const parameter of parameters) {
        const match = QUALITY.exec(parameter);
        if (!match?.[1]) return; // a malformed weight: the range is ignored
        quality = Number(match[1]);
      }
      if (quality > 0) ranges.push({ language: primary, quality, position });
    });
  ranges.sort((a, b) => b.quality - a.quality || a.position - b.position);
  return ranges[0]?.language;
}

/** The reader's language: their stored preference, else their `Accept-Language`, else `en`. */
export function pickLanguage(preference: Language | null | undefined, acceptLanguage: unknown): Language {
  return preference ?? languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** The language of the mails and notices to an account: the one it chose, else `en`. */
export function accountLanguage(user: { language: Language | null }): Language {
  return user.language ?? DEFAULT_LANGUAGE;
}

/**
 * Issue 12: what a text typed by a person may hold. Every text field refuses
 * the C0 and C1 control characters (NUL included: PostgreSQL refuses it, and
 * nobody types one); the one multi-line field (the contact message) keeps line
 * breaks and tabs. Display names, which other players read on the feed and in
 * games, also refuse Unicode format characters (category Cf: bidi overrides
 * and isolates, zero-width spaces and joiners, the BOM...) so that a name
 * cannot impersonate another, and are NFC-normalised so that two spellings of
 * one name are one name.
 */

/** Unicode category Cc: C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F). */
export const CONTROL_CHARACTER = /\p{Cc}/u;
/** The same, except tab, line feed and carriage return. */
export const CONTROL_CHARACTER_EXCEPT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
/** Unicode format characters: U+200B–U+200F, U+202A–U+202E, U+2060–U+2069, U+FEFF, U+00AD... */
export const FORMAT_CHARACTER = /\p{Cf}/u;
/** Lone UTF-16 surrogates: not text at all (they cannot be stored as UTF-8). */
export const LONE_SURROGATE = /\p{Cs}/u;

/** Whether a single-line text holds only characters a person types. */
export function isPlainLine(value: string): boolean {
  return !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value);
}

/** Whether a multi-line text holds only characters a person types (line breaks and tabs allowed). */
export function isPlainText(value: string): boolean {
  return !CONTROL_CHARACTER_EXCEPT_LINE_BREAKS.test(value) && !LONE_SURROGATE.test(value);
}

/** Whether a display name holds no control and no invisible or direction-changing character. */
export function isDisplayName(value: string): boolean {
  return isPlainLine(value) && !FORMAT_CHARACTER.test(value);
}

/** The field messages. */
export const TEXT_RULE_MESSAGES = {
  control: (label: string) => `${label} contains characters that are not allowed.`,
  invisible: (label: string) => `${label} contains invisible or direction-changing characters.`,
} as const;

/**
 * Issue 27 (decision 042): the web's catalogues. One module per namespace and
 * language (`en/shell.ts`, `fr/shell.ts`, …); `en` is the source, and every
 * other language is typed `Messages<typeof EN>`: a key missing or extra in a
 * translation is a compile error. Messages are ICU MessageFormat
 * (`{count, plural, one {…} other {…}}`), formatted by Lingui.
 */

/** The shape of a catalogue with every text widened to `string`: what a translation must fill. */
export type Messages<T> = { readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

/** `'a.b.c'` for every text of a nested catalogue. */
export type MessageKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : MessageKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A nested catalogue as Lingui loads it: `{'shell.nav.home': 'Home', …}`. */
export function flattenMessages(messages: object, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(messages)) {
    // A message is a string, or an array once the web's build has compiled its ICU (apps/web/tooling/compile-catalogues.ts).
    if (typeof value === 'string' || Array.isArray(value)) into[`${prefix}${key}`] = value as string;
    else flattenMessages(value as object, `${prefix}${key}.`, into);
  }
  return into;
}

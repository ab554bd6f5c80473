/**
 * A linear, non-recursive scan of a JSON text's nesting depth, run before
 * `JSON.parse`: a body of 40,000 nested arrays (80 KB, well under the body
 * limit) parses, but every recursive walk after it (the prototype-poisoning
 * scan, zod, `JSON.stringify` when forwarding) overflows the stack. No request
 * of the app or of a wallet nests more than a handful of levels.
 */
export const JSON_MAX_DEPTH = 32;

/** True when objects and arrays nest deeper than `max` (strings are skipped, escapes included). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index += 1;
      else if (code === 0x22 /* " */) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) depth -= 1;
  }
  return false;
}

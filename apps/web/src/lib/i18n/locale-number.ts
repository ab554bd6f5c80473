/**
 * Issue 27: an amount as a person writes it in their language, read back as
 * the plain decimal text the money module parses ("1 234,5" in French and
 * "1,234.5" in English both give "1234.5"). Exact: no JS number in between.
 */
import type { Language } from '@shifumi/protocol/language';

/** Spaces a French number may be grouped with: the space, the no-break space and the narrow one `Intl` writes. */
const FRENCH_GROUPING = /[ \u00a0\u202f]/g;

/**
 * "1 234,56" (fr) or "1,234.56" (en) → "1234.56"; `null` for what is not a
 * number in that language. French takes a decimal comma, or a point for whoever
 * types one; English groups with commas by threes and takes a decimal point.
 */
export function parseLocaleDecimal(text: string, language: Language): string | null {
  const trimmed = text.trim();
  if (language === 'fr') {
    const compact = trimmed.replace(FRENCH_GROUPING, '');
    if (!/^\d+([.,]\d+)?$/.test(compact) && !/^[.,]\d+$/.test(compact)) return null;
    if (/\s/.test(trimmed) && !/^\d{1,3}([ \u00a0\u202f]\d{3})*([.,]\d+)?$/.test(trimmed)) return null;
    const plain = compact.replace(',', '.');
    return plain.startsWith('.') ? `0${plain}` : plain;
  }
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(trimmed)) return trimmed.replace(/,/g, '');
  if (/^\d+(\.\d+)?$/.test(trimmed)) return trimmed;
  if (/^\.\d+$/.test(trimmed)) return `0${trimmed}`;
  return null;
}

import { describe, expect, it } from 'vitest';
import { accountLanguage, languageFromAcceptLanguage, pickLanguage } from './language';

describe('the reader’s language (issue 27)', () => {
  it('reads Accept-Language: region subtags, q-values, order among equals', () => {
    expect(languageFromAcceptLanguage('fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('fr');
    expect(languageFromAcceptLanguage('fr-CA')).toBe('fr');
    expect(languageFromAcceptLanguage('FR')).toBe('fr');
    expect(languageFromAcceptLanguage('en-GB,fr;q=0.5')).toBe('en');
    expect(languageFromAcceptLanguage('en;q=0.2, fr;q=0.8')).toBe('fr');
    expect(languageFromAcceptLanguage('fr;q=0.5, en;q=0.5')).toBe('fr');
    expect(languageFromAcceptLanguage('en;q=0.5, fr;q=0.5')).toBe('en');
    // A language we do not speak is passed over for the next one we do.
    expect(languageFromAcceptLanguage('de-DE,de;q=0.9,fr;q=0.4')).toBe('fr');
    expect(languageFromAcceptLanguage(['de', 'fr;q=0.3'])).toBe('fr');
  });

  it('ignores what it cannot use: none of ours, q=0, malformed weights, junk', () => {
    for (const header of [undefined, '', 'de', '*', 'fr;q=0', 'fr;q=0.000', 'fr;q=2', 'fr;q=abc', 'français', ';;;', 42, {}]) {
      expect(languageFromAcceptLanguage(header), String(header)).toBeUndefined();
    }
    expect(languageFromAcceptLanguage('fr;q=0, en')).toBe('en');
    expect(languageFromAcceptLanguage(`${'x-junk,'.repeat(2_000)}fr`)).toBeUndefined();
  });

  it('prefers the stored preference, then Accept-Language, then en', () => {
    expect(pickLanguage('en', 'fr-FR')).toBe('en');
    expect(pickLanguage('fr', 'en')).toBe('fr');
    expect(pickLanguage(null, 'fr-FR')).toBe('fr');
    expect(pickLanguage(undefined, 'de')).toBe('en');
    expect(pickLanguage(null, undefined)).toBe('en');
    expect(accountLanguage({ language: 'fr' })).toBe('fr');
    expect(accountLanguage({ language: null })).toBe('en');
  });
});

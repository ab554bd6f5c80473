import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactRequestSchema, registerRequestSchema } from './http';
import { sendReactionSchema } from './socket';
import { isDisplayName, isPlainLine, isPlainText } from './text-rules';

const controls = [
  ...Array.from({ length: 0x20 }, (_, code) => code),
  ...Array.from({ length: 0x21 }, (_, index) => 0x7f + index),
].map((code) => String.fromCharCode(code));
const invisible = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u2060',
  '\ufeff',
  '\u00ad',
];

describe('text rules (issue 12)', () => {
  it('refuse every C0 and C1 control character in a line, NUL included', () => {
    for (const control of controls) expect(isPlainLine(`a${control}b`), JSON.stringify(control)).toBe(false);
    expect(isPlainLine('Ann-Marie O’Neil 👋 Zoë')).toBe(true);
  });

  it('keep line breaks and tabs in multi-line text only', () => {
    expect(isPlainText('Hello,\r\n\tthanks\n')).toBe(true);
    expect(isPlainLine('Hello,\nthanks')).toBe(false);
    expect(isPlainText('a\u0000b')).toBe(false);
    expect(isPlainText('a\u0085b')).toBe(false);
  });

  it('refuse bidi controls and zero-width characters in display names', () => {
    for (const character of invisible)
      expect(isDisplayName(`Ann${character}`), character.codePointAt(0)!.toString(16)).toBe(false);
  });

  it('refuse lone surrogates', () => {
    expect(isPlainLine('a\ud800b')).toBe(false);
    expect(isPlainText('\udfff')).toBe(false);
  });

  it('register: a name with NUL, a bidi override or a zero-width space is refused with a sentence; names are NFC-normalised', () => {
    const base = { email: 'a@example.com', password: 'correct horse battery', ageConfirmed: true, termsAccepted: true };
    for (const name of ['a\u0000b', 'evil\u202eknab', 'Ann\u200b']) {
      const result = registerRequestSchema.safeParse({ ...base, name });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toMatch(/^Name contains/);
    }
    const decomposed = 'Zoe\u0308'; // e + combining diaeresis
    expect(registerRequestSchema.parse({ ...base, name: decomposed }).name).toBe('Zo\u00eb');
  });

  it('contact: NUL refused in name, e-mail and message; line breaks kept in the message only', () => {
    const base = { name: 'Ann', email: 'a@example.com', message: 'Hello,\nthanks' };
    expect(contactRequestSchema.parse(base).message).toBe('Hello,\nthanks');
    for (const field of ['name', 'email', 'message'] as const) {
      expect(contactRequestSchema.safeParse({ ...base, [field]: `${base[field]}\u0000` }).success, field).toBe(false);
    }
    expect(contactRequestSchema.safeParse({ ...base, name: 'A\nB' }).success).toBe(false);
  });

  it('reactions refuse control characters', () => {
    expect(sendReactionSchema.safeParse({ room: 'r', content: 'gg\u0000' }).success).toBe(false);
    expect(sendReactionSchema.safeParse({ room: 'r', content: 'gg 👍' }).success).toBe(true);
  });

  it('accept any text without control, surrogate or format characters as a display name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), (text) => {
        const expected = ![...text].some((character) => {
          const code = character.codePointAt(0)!;
          return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || /\p{Cf}|\p{Cs}/u.test(character);
        });
        expect(isDisplayName(text)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});

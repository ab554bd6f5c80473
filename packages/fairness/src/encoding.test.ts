import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64, toHex } from './encoding';

describe('encodings', () => {
  it('base64 is the standard padded one, and decodes back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = toBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(fromBase64(text)).toEqual(bytes);
      }),
    );
  });

  it('refuses a base64 text whose unused bits are not zero, so one set of bytes has one text', () => {
    const text = toBase64(new Uint8Array(64));
    expect(text.endsWith('A==')).toBe(true);
    // Node's decoder ignores the unused bits: the same 64 bytes, another text.
    const sloppy = `${text.slice(0, -3)}B==`;
    expect(Buffer.from(sloppy, 'base64')).toEqual(Buffer.alloc(64));
    expect(fromBase64(sloppy)).toBeNull();
  });

  it('refuses what is not padded base64', () => {
    for (const text of ['A', 'AAA', 'AA=A', 'AA-_', '====', 'AAAA ']) expect(fromBase64(text)).toBeNull();
  });

  it('hex is lower-case, two digits a byte', () => {
    expect(toHex(Uint8Array.from([0, 15, 16, 255]))).toBe('000f10ff');
  });
});

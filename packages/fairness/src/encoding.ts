/** Byte encodings the transcript uses: lower-case hex, strict base64 and UTF-8. */

const HEX_DIGITS = '0123456789abcdef';

/** Lower-case hex of some bytes. */
export function toHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += HEX_DIGITS[byte >> 4]! + HEX_DIGITS[byte & 15]!;
  return text;
}

/** The UTF-8 bytes of a text. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard, padded base64 of some bytes. */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const a = bytes[index]!;
    const b = bytes[index + 1];
    const c = bytes[index + 2];
    text += BASE64_ALPHABET[a >> 2]!;
    text += BASE64_ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    text += b === undefined ? '=' : BASE64_ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    text += c === undefined ? '=' : BASE64_ALPHABET[c & 63]!;
  }
  return text;
}

/**
 * Decodes standard, padded base64, or returns null. Strict: only the
 * canonical text of some bytes is accepted (the unused bits of the last
 * character must be zero), so two different texts never decode to the same
 * bytes and a changed character of a signature is always a changed signature.
 */
export function fromBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let bits = 0;
  let bitCount = 0;
  let index = 0;
  for (const character of text.slice(0, text.length - padding)) {
    bits = (bits << 6) | BASE64_ALPHABET.indexOf(character);
    bitCount += 6;
    if (bitCount >= 8) {
      bitCount -= 8;
      bytes[index] = (bits >> bitCount) & 0xff;
      index += 1;
    }
    bits &= (1 << bitCount) - 1;
  }
  if (bits !== 0) return null;
  return bytes;
}

import { describe, expect, it } from 'vitest';
import { newSiweNonce } from './secure-token';

/** The longest run of characters two strings share (a sliding window shows as a long one). */
function longestCommonSubstring(a: string, b: string): number {
  let best = 0;
  for (let i = 0; i < a.length; i += 1) {
    for (let j = 0; j < b.length; j += 1) {
      let k = 0;
      while (a[i + k] !== undefined && a[i + k] === b[j + k]) k += 1;
      if (k > best) best = k;
    }
  }
  return best;
}

describe('SIWE nonces (issue 12, finding 3)', () => {
  it('carry at least 128 bits as EIP-4361 alphanumeric characters', () => {
    const nonce = newSiweNonce();
    expect(nonce).toMatch(/^[0-9a-f]{48}$/); // 48 hex characters: 192 bits
  });

  it('share no window with the previous nonce (viem’s generateSiweNonce shares 95 of 96 characters)', () => {
    const seen = new Set<string>();
    let previous = newSiweNonce();
    for (let i = 0; i < 200; i += 1) {
      const next = newSiweNonce();
      // 10 equal hex characters in a row between two independent 48-character nonces: about 2^-29.
      expect(longestCommonSubstring(previous, next)).toBeLessThan(10);
      seen.add(next);
      previous = next;
    }
    expect(seen.size).toBe(200);
  });
});

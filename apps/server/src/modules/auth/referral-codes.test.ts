import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH, REFERRAL_CODE_PATTERN } from '@shifumi/protocol';
import { describe, expect, it } from 'vitest';
import { generateReferralCode } from './referral-codes';

describe('generateReferralCode', () => {
  it('draws 8 characters from the unambiguous alphabet, accepted by the protocol schema', () => {
    for (let index = 0; index < 200; index += 1) {
      const code = generateReferralCode();
      expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
      expect([...code].every((character) => REFERRAL_CODE_ALPHABET.includes(character))).toBe(true);
      expect(code).toMatch(REFERRAL_CODE_PATTERN);
      expect(code).not.toMatch(/[01OI]/);
    }
  });

  it('does not repeat itself', () => {
    const codes = new Set(Array.from({ length: 5000 }, generateReferralCode));
    expect(codes.size).toBe(5000);
  });

  it('uses the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 500 }, generateReferralCode).join(''));
    expect(seen.size).toBe(REFERRAL_CODE_ALPHABET.length);
  });
});

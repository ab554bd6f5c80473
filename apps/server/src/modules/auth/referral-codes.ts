import { randomInt } from 'node:crypto';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@shifumi/protocol';

/**
 * A fresh referral code: 8 characters drawn uniformly (crypto.randomInt) from
 * 32 unambiguous ones, 40 bits, so codes can be neither guessed nor listed.
 */
export function generateReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

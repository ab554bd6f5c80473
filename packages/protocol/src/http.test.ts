import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactRequestSchema, firstIssueMessage, registerRequestSchema } from './http';

describe('registerRequestSchema', () => {
  it('normalises the e-mail and accepts a valid request', () => {
    const parsed = registerRequestSchema.parse({
      name: ' Ann ',
      email: ' Ann@Example.COM ',
      password: 'correct horse',
      ageConfirmed: true,
      termsAccepted: true,
    });
    expect(parsed).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      password: 'correct horse',
      referralCode: undefined,
      ageConfirmed: true,
      termsAccepted: true,
    });
  });

  it.each([
    [{ email: 'a@b.co', password: '12345678' }, 'Name is required.'],
    [{ name: 'A', email: 'nope', password: '12345678' }, 'Please enter a valid e-mail address.'],
    [{ name: 'A', email: 'a@b.co', password: 'short' }, 'Password must be at least 8 characters.'],
    [{ name: 'A', email: 'a@b.co' }, 'Password is required.'],
    [{ name: 'A', email: 'a@b.co', password: '12345678', referralCode: 'x!' }, 'This referral code does not exist.'],
    [{ name: 'A', email: 'a@b.co', password: '12345678', termsAccepted: true }, 'Please confirm that you are 18 or older.'],
    [
      { name: 'A', email: 'a@b.co', password: '12345678', ageConfirmed: true, termsAccepted: false },
      'Please accept the Terms to continue.',
    ],
  ])('refuses %j with a readable message', (input, message) => {
    const result = registerRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(message);
  });
});

describe('contactRequestSchema', () => {
  it('refuses a message over 5000 characters', () => {
    const result = contactRequestSchema.safeParse({ name: 'A', email: 'a@b.co', message: 'x'.repeat(5001) });
    expect(result.success).toBe(false);
  });
});

describe('isValidEthereumAddress', () => {
  it('takes one-case addresses as they are and checks the EIP-55 checksum of mixed-case ones', async () => {
    const { isValidEthereumAddress } = await import('./money');
    expect(isValidEthereumAddress('0x52908400098527886e0f7030069857d2e4169ee7')).toBe(true);
    expect(isValidEthereumAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(isValidEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidEthereumAddress('0x1234')).toBe(false);
    expect(isValidEthereumAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it("takes viem's EIP-55 spelling of any address, and refuses it with one letter's case flipped", async () => {
    const { isValidEthereumAddress } = await import('./money');
    const { getAddress } = await import('viem');
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(), (bytes, pick) => {
        const checksummed = getAddress(`0x${Buffer.from(bytes).toString('hex')}`);
        expect(isValidEthereumAddress(checksummed)).toBe(true);
        const letters = [...checksummed.slice(2)].flatMap((char, index) => (/[a-fA-F]/.test(char) ? [index + 2] : []));
        if (letters.length === 0) return;
        const at = letters[pick % letters.length] as number;
        const char = checksummed[at] as string;
        const flipped =
          checksummed.slice(0, at) +
          (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()) +
          checksummed.slice(at + 1);
        const hex = flipped.slice(2);
        // A typo in the case breaks the checksum, unless it leaves one case throughout (no checksum at all).
        expect(isValidEthereumAddress(flipped)).toBe(hex === hex.toLowerCase() || hex === hex.toUpperCase());
      }),
      { numRuns: 500 },
    );
  });
});

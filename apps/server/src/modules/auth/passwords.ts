import argon2 from 'argon2';

/**
 * argon2id with OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1).
 * Hashes carry their parameters, so raising them later still verifies old ones.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of a verification without a real hash, so that an
   * unknown e-mail answers as slowly as a wrong password.
   */
  verifyAgainstDummy(password: string): Promise<void>;
}

export function createArgon2PasswordHasher(): PasswordHasher {
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => argon2.hash(password, OPTIONS),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        // A malformed stored hash is a refusal, never a crash.
        return false;
      }
    },
    async verifyAgainstDummy(password) {
      dummyHash ??= argon2.hash('dummy password that matches nothing', OPTIONS);
      await argon2.verify(await dummyHash, password).catch(() => false);
    },
  };
}

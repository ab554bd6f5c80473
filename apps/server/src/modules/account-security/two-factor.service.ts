/**
 * Two-factor codes (TOTP, RFC 6238, with `otpauth`): setup, enable, disable,
 * and the check of a code (a TOTP of this step ±1 not used before, or an
 * unused recovery code). Wrong codes are counted on the account: 5 in a row
 * lock the second step for 15 minutes. The secret is sealed (AES-256-GCM)
 * before it reaches the database and never logged.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  TOTP_CODE_PATTERN,
  TWO_FACTOR_LOCK_SECONDS,
  TWO_FACTOR_MAX_FAILURES,
  type TwoFactorEnableResponse,
  type TwoFactorSetupResponse,
} from '@shifumi/protocol';
import { Secret, TOTP } from 'otpauth';
import type { Database, Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import { ok, refuse, refused, type Result } from '../../shared/result';
import { lockSecurityRow, readSecurityRow, useUpResetLinks } from './account-security.repo';
import type { SecretBox } from './secret-box';
import { replaceRecoveryCodes, updateSecurityRow, useRecoveryCode } from './two-factor.repo';

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Shifumi';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** The TOTP of a base32 secret, as every authenticator app computes it (SHA-1, 6 digits, 30 s). */
export function totpOf(secretBase32: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace('-', '').toLowerCase(), 'utf8').digest('hex');
}

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export interface TwoFactorDeps {
  db: Database;
  box: SecretBox;
  clock: Clock;
}

export function createTwoFactor(deps: TwoFactorDeps) {
  const { db, box, clock } = deps;

  /**
   * Checks a code against the row's secret (locked by the caller's
   * transaction) and records the outcome on the row. A refusal is returned,
   * never thrown, so that the caller's transaction commits the count.
   */
  async function checkCode(tx: Executor, userId: string, code: string, secretSealed: string | null): Promise<Result<void>> {
    const now = clock();
    const row = await lockSecurityRow(tx, userId);
    if (row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime()) {
      return refuse('two_factor_locked');
    }
    const sealed = secretSealed ?? row.totpSecret;
    if (sealed === null) return refuse('two_factor_not_on');
    let accepted = false;
    if (TOTP_CODE_PATTERN.test(code)) {
      const delta = totpOf(box.open(sealed, userId)).validate({ token: code, timestamp: now.getTime(), window: 1 });
      if (delta !== null) {
        const step = Math.floor(now.getTime() / (TOTP_PERIOD_SECONDS * 1000)) + delta;
        // A code is accepted once: its step, or an earlier one, is refused afterwards (no replay).
        if (row.lastTotpStep === null || step > row.lastTotpStep) {
          accepted = true;
          await updateSecurityRow(tx, userId, { lastTotpStep: step, failedCodes: 0 });
        }
      }
    } else if (secretSealed === null) {
      // Recovery codes only once two-factor is on (not while enabling it).
      if (await useRecoveryCode(tx, userId, hashRecoveryCode(code), now)) {
        accepted = true;
        await updateSecurityRow(tx, userId, { failedCodes: 0 });
      }
    }
    if (accepted) return ok(undefined);
    const failures = row.failedCodes + 1;
    if (failures >= TWO_FACTOR_MAX_FAILURES) {
      await updateSecurityRow(tx, userId, {
        failedCodes: 0,
        lockedUntil: new Date(now.getTime() + TWO_FACTOR_LOCK_SECONDS * 1000),
      });
      return refuse('two_factor_locked');
    }
    await updateSecurityRow(tx, userId, { failedCodes: failures });
    return refuse('two_factor_invalid');
  }

  return {
    async isEnabled(userId: string, executor: Executor = db): Promise<boolean> {
      const row = await readSecurityRow(executor, userId);
      return row !== undefined && row.totpSecret !== null;
    },

    /** Checks a code of a user with two-factor on, inside the caller's transaction. */
    verify(tx: Executor, userId: string, code: string): Promise<Result<void>> {
      return checkCode(tx, userId, code, null);
    },

    /** Checks a code in a transaction of its own. */
    verifyNow(userId: string, code: string): Promise<Result<void>> {
      return db.transaction((tx) => checkCode(tx, userId, code, null));
    },

    async setup(userId: string, label: string): Promise<Result<TwoFactorSetupResponse>> {
      if (await this.isEnabled(userId)) return refuse('two_factor_already_on');
      // 20 random bytes (160 bits, RFC 4226's recommendation) from node:crypto.
      const secret = new Secret({ buffer: Uint8Array.from(randomBytes(20)).buffer });
      await db.transaction(async (tx) => {
        await lockSecurityRow(tx, userId);
        await updateSecurityRow(tx, userId, { pendingTotpSecret: box.seal(secret.base32, userId) });
      });
      return ok({ secret: secret.base32, otpauthUrl: totpOf(secret.base32, label).toString() });
    },

    /** Turns two-factor on with a code of the pending secret; answers the recovery codes (shown once, stored hashed); open reset links die. */
    async enable(userId: string, code: string): Promise<Result<TwoFactorEnableResponse>> {
      return db.transaction(async (tx) => {
        const row = await lockSecurityRow(tx, userId);
        if (row.totpSecret !== null) return refuse('two_factor_already_on');
        if (row.pendingTotpSecret === null) return refuse('two_factor_no_setup');
        const checked = await checkCode(tx, userId, code, row.pendingTotpSecret);
        if (!checked.ok) return refused(checked.refusal);
        const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
        await updateSecurityRow(tx, userId, {
          totpSecret: row.pendingTotpSecret,
          pendingTotpSecret: null,
          twoFactorEnabledAt: clock(),
        });
        await replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
        // Issue 23: a reset link captured before would otherwise still change the password.
        await useUpResetLinks(tx, userId, clock());
        return ok({ recoveryCodes: codes });
      });
    },

    /** Turns two-factor off with a code; the security hold on withdrawals starts; open reset links die. */
    async disable(userId: string, code: string): Promise<Result<void>> {
      return db.transaction(async (tx) => {
        const row = await lockSecurityRow(tx, userId);
        if (row.totpSecret === null) return refuse('two_factor_not_on');
        const checked = await checkCode(tx, userId, code, null);
        if (!checked.ok) return checked;
        await updateSecurityRow(tx, userId, {
          totpSecret: null,
          twoFactorEnabledAt: null,
          pendingTotpSecret: null,
          securityChangedAt: clock(),
        });
        await replaceRecoveryCodes(tx, userId, []);
        await useUpResetLinks(tx, userId, clock());
        return ok(undefined);
      });
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;

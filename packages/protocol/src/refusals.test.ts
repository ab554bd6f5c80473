import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_TEXTS } from './admin-texts';
import type { Language } from './language';
import { isRefusalCode } from './refusal-codes';
import {
  REFUSAL_CODES,
  REFUSAL_TEXTS,
  refusalBody,
  refusalBodySchema,
  refusalText,
  type GameStartRefusal,
  type Refusal,
  type RefusalCode,
  type RefusalParams,
} from './refusals';
import { ACCOUNT_SECURITY_TEXTS, RESPONSIBLE_GAMING_TEXTS, SERVER_TEXTS } from './server-texts';
import { socketRefusalText } from './socket-refusals';
import { TEXTS } from './texts';

const invalid = z.object({ name: z.string({ error: 'Name is required.' }) }).safeParse({});
if (invalid.success) throw new Error('the sample input should be refused');

/** One value for every parameter of every code that has some: the compiler insists that none is missing. */
const SAMPLE_PARAMS: { [C in keyof RefusalParams]: RefusalParams[C] } = {
  invalid_input: { error: invalid.error },
  too_many_requests: { retryAfterSeconds: 30 },
  too_many_sign_in_failures: { retryAfterSeconds: 600 },
  verification_mail_wait: { retryAfterSeconds: 61 },
  too_many_withdrawals: { perHour: 3, retryAfterSeconds: 1200 },
  fee_changed: { feeWei: 63_000_000_000_000n },
  below_minimum: { minimumWei: 1_000_000_000_000_000n },
  insufficient_funds_with_fee: { feeWei: 63_000_000_000_000n },
  withdrawal_held: { until: new Date('2026-01-31T14:05:00Z') },
  address_not_active_yet: { until: new Date('2026-01-31T14:05:00Z') },
  self_exclusion_end_too_early: { until: new Date('2026-01-31T14:05:00Z') },
  too_many_challenges: { max: 3 },
  play_refused: { refusal: { code: 'insufficient_balance', params: { stakeWei: 1_234_567_000_000n } } },
  wrong_role: { role: 'support' },
  own_case: { action: 'approve' },
};

function sample(code: RefusalCode): Refusal {
  return (code in SAMPLE_PARAMS ? { code, params: SAMPLE_PARAMS[code as keyof RefusalParams] } : { code }) as Refusal;
}

const LANGUAGES = Object.keys(REFUSAL_TEXTS) as Language[];

describe('the HTTP refusal codes and their texts (decision 037)', () => {
  it('has each code once, in snake_case', () => {
    expect(new Set(REFUSAL_CODES).size).toBe(REFUSAL_CODES.length);
    for (const code of REFUSAL_CODES) expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
  });

  it('gives every code a text in every language, and has no text for anything that is not a code', () => {
    expect(LANGUAGES).toContain('en');
    for (const language of LANGUAGES) {
      expect(Object.keys(REFUSAL_TEXTS[language]).sort(), language).toEqual([...REFUSAL_CODES].sort());
      for (const code of REFUSAL_CODES) {
        const text = refusalText(sample(code), language);
        expect(typeof text, `${language} ${code}`).toBe('string');
        expect(text.trim().length, `${language} ${code}`).toBeGreaterThan(0);
      }
    }
  });

  it('gives a text with parameters only to the codes that declare some', () => {
    for (const code of REFUSAL_CODES) {
      expect(typeof REFUSAL_TEXTS.en[code] === 'function', code).toBe(code in SAMPLE_PARAMS);
    }
  });

  it('keeps the texts of the spec and of the server, formatting parameters at the edge', () => {
    expect(refusalText({ code: 'email_taken' })).toBe(SERVER_TEXTS.emailTaken);
    expect(refusalText({ code: 'session_expired' })).toBe(SERVER_TEXTS.sessionExpired);
    expect(refusalText({ code: 'invalid_input', params: { error: invalid.error } })).toBe('Name is required.');
    expect(refusalText({ code: 'verification_mail_wait', params: { retryAfterSeconds: 61 } })).toBe(
      SERVER_TEXTS.verificationMailWait(2),
    );
    expect(refusalText({ code: 'fee_changed', params: { feeWei: 63_000_000_000_000n } })).toBe(
      SERVER_TEXTS.withdrawalFeeRose('0.000063'),
    );
    expect(refusalText({ code: 'withdrawal_held', params: { until: new Date('2026-01-31T14:05:59Z') } })).toBe(
      ACCOUNT_SECURITY_TEXTS.withdrawalSecurityHold.replace('{until}', '2026-01-31 14:05 UTC'),
    );
    expect(refusalText({ code: 'self_exclusion_end_too_early', params: { until: new Date('2026-01-31T14:05:00Z') } })).toBe(
      RESPONSIBLE_GAMING_TEXTS.selfExclusionEndTooEarly('2026-01-31 14:05 UTC'),
    );
    expect(refusalText({ code: 'own_case', params: { action: 'freeze' } })).toBe(ADMIN_TEXTS.ownCase.freeze);
    expect(refusalText({ code: 'wrong_role', params: { role: 'finance' } })).toBe(ADMIN_TEXTS.wrongRole('finance'));
  });

  it('says a friend’s start refusal (`play_refused`) with the socket’s sentence for its code, never a carried text', () => {
    const refusals: GameStartRefusal[] = [
      { code: 'insufficient_balance', params: { stakeWei: 1_234_567_000_000n } },
      { code: 'account_frozen' },
      { code: 'time_out_active', params: { until: '2026-01-31 14:05 UTC' } },
      { code: 'stake_above_limit', params: { kind: 'wager', period: 'day', limitUsd: 10 } },
      { code: 'already_playing' },
      { code: 'restarting' },
    ];
    for (const refusal of refusals) {
      expect(refusalText({ code: 'play_refused', params: { refusal } }), refusal.code).toBe(socketRefusalText(refusal));
    }
    expect(refusalText({ code: 'play_refused', params: { refusal: refusals[0]! } })).toBe(TEXTS.insufficientBalance('0.000002'));
    expect(refusalText({ code: 'play_refused', params: { refusal: { code: 'account_frozen' } } })).toBe(
      ADMIN_TEXTS.accountFrozen,
    );
  });

  it('answers `{ code, message }`, which its schema accepts', () => {
    const body = refusalBody({ code: 'too_many_challenges', params: { max: 3 } });
    expect(body).toEqual({ code: 'too_many_challenges', message: 'You can have at most 3 open challenges. Cancel one first.' });
    expect(refusalBodySchema.parse(body)).toEqual(body);
    expect(refusalBodySchema.safeParse({ code: 'made_up', message: 'x' }).success).toBe(false);
  });

  it('recognises exactly the codes', () => {
    for (const code of REFUSAL_CODES) expect(isRefusalCode(code)).toBe(true);
    for (const value of ['made_up', '', 'EMAIL_TAKEN', 42, null, undefined, { code: 'email_taken' }])
      expect(isRefusalCode(value)).toBe(false);
  });
});

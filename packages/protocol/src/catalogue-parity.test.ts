/**
 * Issue 27: the server's catalogues (refusals, socket refusals, replies,
 * mails) have the same keys in every language, the same kind of entry (a
 * sentence, or a function of the same parameters), the same `{placeholders}`,
 * and say the same figures.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LANGUAGES, type Language } from './language';
import { MAIL_TEXTS } from './mail-texts';
import { REFUSAL_CODES } from './refusal-codes';
import type { RefusalParams } from './refusal-params';
import { REFUSAL_TEXTS, refusalText, type Refusal, type RefusalCode } from './refusals';
import { SERVER_CATALOGUES } from './server-catalogue';
import {
  SOCKET_REFUSAL_CODES,
  SOCKET_REFUSAL_TEXTS_BY_LANGUAGE,
  socketRefusalText,
  type SocketRefusal,
  type SocketRefusalParams,
} from './socket-refusals';

const OTHERS = LANGUAGES.filter((language) => language !== 'en');

/** Every leaf of a catalogue, by its dotted path: a sentence or a function. */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (typeof value === 'string' || typeof value === 'function') found.set(path, value);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value))
      for (const [p, v] of leaves(inner, path ? `${path}.${key}` : key)) found.set(p, v);
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
/** Figures a sentence says (amounts, counts, dates), whatever the words around them. */
const figures = (text: string) => [...text.matchAll(/\d+(?:[.:-]\d+)*/g)].map((match) => match[0]).sort();

/** Distinct arguments, so that each one can be found in what a function writes. */
const SAMPLE_ARGUMENTS = ['«a0»', 7301, '«a2»', 7303, '«a4»'] as const;
function callWithSamples(text: (...args: unknown[]) => unknown, sampleKinds: unknown[]): string {
  const output = text(...sampleKinds);
  return Array.isArray(output) ? output.join('\n') : String(output);
}

/** Arguments fit for a function by its English sentence: numbers where the English formats numbers. */
function samplesFor(english: (...args: unknown[]) => unknown): unknown[] {
  const args: unknown[] = [];
  for (let index = 0; index < english.length; index += 1) {
    const trial = [...args, SAMPLE_ARGUMENTS[index], ...SAMPLE_ARGUMENTS.slice(index + 1, english.length)];
    let works = true;
    try {
      english(...trial);
    } catch {
      works = false;
    }
    args.push(works ? SAMPLE_ARGUMENTS[index] : 7300 + index);
  }
  return args;
}

function checkParity(name: string, english: unknown, other: unknown, language: Language): void {
  const en = leaves(english);
  const translated = leaves(other);
  expect([...translated.keys()].sort(), `${name} ${language}: the same keys`).toEqual([...en.keys()].sort());
  for (const [path, value] of en) {
    const theirs = translated.get(path);
    expect(typeof theirs, `${name}.${path} (${language})`).toBe(typeof value);
    if (typeof value === 'string' && typeof theirs === 'string') {
      expect(theirs.trim().length, `${name}.${path} (${language})`).toBeGreaterThan(0);
      expect(placeholders(theirs), `${name}.${path} (${language}): placeholders`).toEqual(placeholders(value));
    }
    if (typeof value === 'function' && typeof theirs === 'function') {
      const englishFn = value as (...args: unknown[]) => unknown;
      expect(theirs.length, `${name}.${path} (${language}): parameters`).toBe(englishFn.length);
      // Objects of parameters (mail notices) are checked through their figures below.
      if (englishFn.length === 0) continue;
      const args = samplesFor(englishFn);
      const said = callWithSamples(theirs as (...args: unknown[]) => unknown, args);
      const saidInEnglish = callWithSamples(englishFn, args);
      for (const argument of args)
        if (saidInEnglish.includes(String(argument)))
          expect(said, `${name}.${path} (${language}) says ${String(argument)}`).toContain(String(argument));
    }
  }
}

describe('the server catalogues in every language (issue 27)', () => {
  it('has the languages en and fr', () => {
    expect([...LANGUAGES]).toEqual(['en', 'fr']);
    for (const language of LANGUAGES) {
      expect(REFUSAL_TEXTS[language], language).toBeDefined();
      expect(SOCKET_REFUSAL_TEXTS_BY_LANGUAGE[language], language).toBeDefined();
      expect(SERVER_CATALOGUES[language], language).toBeDefined();
      expect(MAIL_TEXTS[language], language).toBeDefined();
    }
  });

  it('gives the replies and the mails the same keys, kinds, parameters and placeholders in every language', () => {
    for (const language of OTHERS) {
      checkParity('server', SERVER_CATALOGUES.en, SERVER_CATALOGUES[language], language);
      checkParity('mail', MAIL_TEXTS.en, MAIL_TEXTS[language], language);
    }
  });

  it('says the same figures in the mails of every language', () => {
    const params = {
      amountEth: '0.123456',
      recipientAddress: '0xabc0000000000000000000000000000000000001',
      address: '0xdef2',
      label: '«label»',
      activeFrom: '2026-01-31 14:05 UTC',
      newEmail: 'new@example.com',
      minutes: 15,
    };
    for (const language of OTHERS)
      for (const [kind, notice] of Object.entries(MAIL_TEXTS.en.security.notices)) {
        const english = (notice.lines as (p: typeof params) => string[])(params).join('\n');
        const theirs = (
          MAIL_TEXTS[language].security.notices[kind as keyof typeof MAIL_TEXTS.en.security.notices].lines as (
            p: typeof params,
          ) => string[]
        )(params).join('\n');
        for (const value of Object.values(params))
          if (english.includes(String(value))) expect(theirs, `${kind} (${language})`).toContain(String(value));
      }
  });

  it('says every HTTP refusal in every language, with the same figures', () => {
    const invalid = z.object({ name: z.string({ error: 'Name is required.' }) }).safeParse({});
    if (invalid.success) throw new Error('the sample input should be refused');
    const params: { [C in keyof RefusalParams]: RefusalParams[C] } = {
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
      play_refused: { refusal: { code: 'time_out_active', params: { until: '2026-02-01 10:00 UTC' } } },
      wrong_role: { role: 'support' },
      own_case: { action: 'approve' },
    };
    const sample = (code: RefusalCode) =>
      (code in params ? { code, params: params[code as keyof RefusalParams] } : { code }) as Refusal;
    for (const language of OTHERS) {
      expect(Object.keys(REFUSAL_TEXTS[language]).sort()).toEqual([...REFUSAL_CODES].sort());
      for (const code of REFUSAL_CODES) {
        expect(typeof REFUSAL_TEXTS[language][code], code).toBe(typeof REFUSAL_TEXTS.en[code]);
        const english = refusalText(sample(code), 'en');
        const theirs = refusalText(sample(code), language);
        expect(theirs, `${code} (${language}) is translated`).not.toBe(english);
        expect(figures(theirs), `${code} (${language}): figures`).toEqual(figures(english));
      }
    }
  });

  it('says every socket refusal in every language, with the same figures', () => {
    const params: { [C in keyof SocketRefusalParams]: SocketRefusalParams[C] } = {
      insufficient_balance: { stakeWei: 50_000_000_000_000_000n },
      time_out_active: { until: '2026-02-01 10:00 UTC' },
      self_exclusion_active: { until: '2026-02-01 10:00 UTC' },
      limit_reached: { kind: 'loss', period: 'week', limitUsd: 250, freeAt: '2026-02-01 10:00 UTC' },
      stake_above_limit: { kind: 'wager', period: 'day', limitUsd: 40 },
      held_by_deposit_limit: { heldWei: 1_234_567_000_000_000n, freeAt: '2026-02-01 10:00 UTC' },
    };
    const sample = (code: (typeof SOCKET_REFUSAL_CODES)[number]) =>
      (code in params ? { code, params: params[code as keyof SocketRefusalParams] } : { code }) as SocketRefusal;
    for (const language of OTHERS) {
      expect(Object.keys(SOCKET_REFUSAL_TEXTS_BY_LANGUAGE[language]).sort()).toEqual([...SOCKET_REFUSAL_CODES].sort());
      for (const code of SOCKET_REFUSAL_CODES) {
        const english = socketRefusalText(sample(code), 'en');
        const theirs = socketRefusalText(sample(code), language);
        expect(theirs, `${code} (${language}) is translated`).not.toBe(english);
        expect(figures(theirs), `${code} (${language}): figures`).toEqual(figures(english));
      }
    }
  });
});

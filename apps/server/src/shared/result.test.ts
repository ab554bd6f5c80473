/**
 * Decision 037: a service refuses with a code (and the typed parameters its
 * text needs), never with a sentence. The `@ts-expect-error` lines are the
 * test that fails if `refuse` accepts a text again: `npm run typecheck`
 * reports an unused `@ts-expect-error` as an error.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ok, refusal, refuse, refused, RefusalError, unwrap, type Refusal, type Result } from './result';

describe('refuse', () => {
  it('carries a code, and the parameters of codes whose text has some: never a text', () => {
    expect(refuse('email_taken')).toEqual({ ok: false, refusal: { code: 'email_taken' } });
    expect(refuse('fee_changed', { feeWei: 5n })).toEqual({
      ok: false,
      refusal: { code: 'fee_changed', params: { feeWei: 5n } },
    });
    expect(refusal('too_many_requests', { retryAfterSeconds: 3 })).toEqual({
      code: 'too_many_requests',
      params: { retryAfterSeconds: 3 },
    });
    expect(JSON.stringify(refuse('email_taken'))).not.toContain('message');
  });

  it('does not accept a text in place of, or beside, a code (checked by the compiler)', () => {
    // @ts-expect-error a sentence is not a parameter: the transport looks the text up from the code.
    refuse('email_taken', 'An account with this e-mail address already exists.');
    // @ts-expect-error a text is not a code.
    refuse('An account with this e-mail address already exists.');
    // @ts-expect-error the parameters of a code with parameters are not a text either.
    refuse('fee_changed', 'The network fee has just risen.');
    // @ts-expect-error a code whose text has parameters needs them.
    refuse('fee_changed');
    // @ts-expect-error its parameters are typed.
    refuse('too_many_challenges', { max: '3' });
    // @ts-expect-error the refusal value has no message to fill in.
    refusal('not_found', { message: 'Not found.' });
    expectTypeOf<Refusal>().not.toHaveProperty('message');
  });

  it('hands on another service’s refusal unchanged, and unwrap throws it for the transport', () => {
    const first = refuse('two_factor_invalid');
    if (first.ok) throw new Error('refused above');
    expect(refused(first.refusal)).toEqual(first);
    const result: Result<number> = first;
    expect(() => unwrap(result)).toThrow(RefusalError);
    try {
      unwrap(result);
    } catch (error) {
      expect((error as RefusalError).refusal).toEqual({ code: 'two_factor_invalid' });
    }
    expect(unwrap(ok(7))).toBe(7);
  });
});

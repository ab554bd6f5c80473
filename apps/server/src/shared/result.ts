/**
 * Expected refusals travel as values, not exceptions: a service returns
 * `Result<T>` and the transport (HTTP or socket) turns a refusal's code into
 * its status and its text. Services say *what* happened with a code (and the
 * typed parameters its text needs); they never carry a sentence (decision
 * 037). Unexpected failures are thrown and answered generically.
 */
import type { Refusal, RefusalCode, RefusalParams } from '@shifumi/protocol/refusals';

export type { Refusal, RefusalCode, RefusalParams } from '@shifumi/protocol/refusals';

export type Result<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** What `refuse` and `refusal` take after the code: the code's parameters if its text has some, nothing otherwise. */
export type RefusalArgs<C extends RefusalCode> = C extends keyof RefusalParams ? [params: RefusalParams[C]] : [];

/** A refusal value: `refusal('email_taken')`, `refusal('fee_changed', { feeWei })`. */
export function refusal<C extends RefusalCode>(code: C, ...args: RefusalArgs<C>): Refusal {
  const [params] = args as [unknown?];
  return (params === undefined ? { code } : { code, params }) as Refusal;
}

/** A refused result: `return refuse('email_taken')`. A text is not accepted, only a code and its parameters. */
export function refuse<C extends RefusalCode>(code: C, ...args: RefusalArgs<C>): Result<never> {
  return { ok: false, refusal: refusal(code, ...args) };
}

/** Hands on another service's refusal unchanged. */
export function refused(refusal: Refusal): Result<never> {
  return { ok: false, refusal };
}

/**
 * A refusal thrown from a place that cannot return one (a Fastify hook, a
 * route's shared guard). The central error handler answers it like a
 * returned refusal.
 */
export class RefusalError extends Error {
  override name = 'RefusalError';
  readonly refusal: Refusal;

  constructor(refusal: Refusal) {
    super(`refused: ${refusal.code}`);
    this.refusal = refusal;
  }
}

/** Returns the value of a successful result or throws its refusal. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new RefusalError(result.refusal);
  return result.value;
}

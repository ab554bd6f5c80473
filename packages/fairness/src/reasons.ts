/**
 * Issue 27: a check's outcome said twice — in English, as the CLI prints it,
 * and as the key of its text table with the values in order, so that a page
 * says it in its reader's language (the web's `verify.details.*` and
 * `solvency.details.*`).
 */

import { formatEth } from '@shifumi/money';
import { FAIRNESS_TEXTS } from '@shifumi/protocol/fairness-texts';
import type { FormatProblemValue } from './format-problem';

/**
 * A value a page writes in its reader's own way, not as the English detail
 * does: an amount (`eth`: wei, as a decimal string; the detail writes it as
 * ETH, `0.003333333333333334`), or a draw where a winner's name would be (the
 * detail says `FAIRNESS_TEXTS.draw`). A page knows them by their shape, never
 * by comparing a word (a player may be named "a draw"); or what is wrong
 * with a format (format-problem.ts), never the schema's English words.
 */
export type TypedValue = { readonly eth: string } | { readonly draw: true } | FormatProblemValue;
export type ReasonValue = string | number | TypedValue;

/** An amount in wei, said as ETH. */
export function ethValue(wei: bigint): TypedValue {
  return { eth: wei.toString() };
}

/** A draw where a winner's name would be. */
export const DRAW_VALUE: TypedValue = { draw: true };

/** A value as the English detail (and the CLI) writes it. */
export function englishValue(value: ReasonValue): string | number {
  if (typeof value !== 'object') return value;
  if ('problem' in value) return FAIRNESS_TEXTS.problems[value.problem].replace('{bound}', String(value.bound ?? ''));
  return 'draw' in value ? FAIRNESS_TEXTS.draw : formatEth(BigInt(value.eth));
}

/** A check's outcome as a key of its text table and the values its sentence takes, in order. */
export interface CheckReason<Key extends string = string> {
  key: Key;
  values: readonly ReasonValue[];
}

/** The keys of a text table that are a sentence, or a function of its values. */
export type ReasonKey<Table> = {
  [K in keyof Table]: Table[K] extends string | ((...values: never[]) => string) ? K & string : never;
}[keyof Table];

/** The values a key's sentence takes (none for a plain sentence); a text may be given as a typed value. */
export type ReasonValues<Table, K extends keyof Table> = Table[K] extends (
  ...values: infer Values extends (string | number)[]
) => string
  ? { [I in keyof Values]: Values[I] extends string ? Values[I] | TypedValue : Values[I] }
  : [];

export interface Said<Key extends string = string> {
  detail: string;
  reason: CheckReason<Key>;
}

/** `say(key, ...values)` for one table: the English detail and the reason. */
export function sayerOf<Table extends object>(table: Table) {
  return function say<K extends ReasonKey<Table>>(key: K, ...values: ReasonValues<Table, K>): Said<ReasonKey<Table>> {
    // Each function of the table takes its values in this order (`ReasonValues` says which).
    const text = table[key] as string | ((...values: (string | number)[]) => string);
    return { detail: typeof text === 'string' ? text : text(...values.map(englishValue)), reason: { key, values } };
  };
}

/**
 * The shapes one environment variable may take (an integer in a range, a URL
 * of given protocols, an origin, amounts of ETH, addresses, a signing key),
 * each with the one-line message `loadConfig` shows when a value is not one.
 */
import { parseEthAmount } from '@shifumi/money';
import { parseSigningKey } from '@shifumi/fairness/node';
import { z } from 'zod';
import type { TrustProxy } from './config-type';

/** Treats empty strings like unset variables, as `.env` files and shells often produce them. */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

export function integer(min: number, max: number) {
  const message = `must be an integer between ${min} and ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error: message })
    .transform(Number)
    .refine((value) => Number.isSafeInteger(value) && value >= min && value <= max, { error: message });
}

export function url(protocols: string[], example: string) {
  const message = `must be a ${protocols.join(' or ')} URL, e.g. ${example}`;
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { error: message },
  );
}

export const appUrlSchema = url(['http', 'https'], 'https://shifumi.example.com')
  .refine(
    (value) => {
      const parsed = new URL(value);
      return (parsed.pathname === '/' || parsed.pathname === '') && !parsed.search && !parsed.hash && !parsed.username;
    },
    { error: 'must be an origin without a path, e.g. https://shifumi.example.com' },
  )
  .transform((value) => new URL(value).origin);

export const trustProxySchema = z.string().transform((value, context): TrustProxy => {
  const normalised = value.trim().toLowerCase();
  if (normalised === 'true') return true;
  if (normalised === 'false') return false;
  if (/^\d+$/.test(normalised)) return Number(normalised);
  const addresses = normalised
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (addresses.length > 0 && addresses.every((address) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(address))) return addresses;
  context.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a comma-separated list of addresses' });
  return z.NEVER;
});

/** Comma-separated 0x addresses (any case, spaces allowed), lower-cased, duplicates dropped; empty → none. */
export function reserveAddressesSchema() {
  return z.string().transform((value, context) => {
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (!parts.every((part) => /^0x[0-9a-fA-F]{40}$/.test(part))) {
      context.addIssue({
        code: 'custom',
        message: 'must be comma-separated addresses, each 0x followed by 40 hexadecimal characters',
      });
      return z.NEVER;
    }
    return [...new Set(parts.map((part) => part.toLowerCase()))];
  });
}

export function ethAmountSchema() {
  return z
    .string()
    .trim()
    .refine((value) => /^\d+(\.\d+)?$/.test(value) && parseEthAmount(value).ok, {
      error: 'must be a positive amount of ETH with at most 18 decimals, e.g. 0.001',
    });
}

export function isSigningKey(value: string): boolean {
  try {
    parseSigningKey(value);
    return true;
  } catch {
    return false;
  }
}

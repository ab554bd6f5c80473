/**
 * Checks that need no zod, for the web app's first load: zod arrives later,
 * with the forms and the response checks. Each one accepts exactly what its
 * schema accepts (guards.test.ts checks them side by side).
 */
import type { MessageResponse, PublicUser } from './http';

function isStringOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

/** `publicUserSchema` without zod: the user the web app keeps in localStorage. */
export function isPublicUser(value: unknown): value is PublicUser {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const user = value as Record<string, unknown>;
  return typeof user.id === 'string' && typeof user.name === 'string' && isStringOrNull(user.email) && isStringOrNull(user.walletAddress);
}

/** `messageResponseSchema` without zod: the `{ message }` of a refusal or an acknowledgement. */
export function isMessageResponse(value: unknown): value is MessageResponse {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as Record<string, unknown>).message === 'string';
}

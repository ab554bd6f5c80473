/**
 * Checks that need no zod, for the web app's first load: zod arrives later,
 * with the forms and the response checks. Each one accepts exactly what its
 * schema accepts (guards.test.ts checks them side by side).
 */
import { BET_AMOUNTS, PRICE_SOURCES } from './constants';
import type { LobbyEvent } from './lobby';
import type { MessageResponse, PriceResponse, PublicUser } from './http';
import type { TransactionFeedItem } from './socket';

function isStringOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A number zod's `z.number()` takes: finite. */
function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?Z$/;

/** `z.iso.datetime()` without zod: `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, a real day of the calendar and a real time of day. */
export function isIsoDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATETIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  if (hour > 23 || minute > 59 || second > 59) return false;
  // The date the fields make rolls over (to another month or year) when the day is not one of the calendar.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `publicUserSchema` without zod: the user the web app keeps in localStorage. */
export function isPublicUser(value: unknown): value is PublicUser {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    isStringOrNull(value.email) &&
    isStringOrNull(value.walletAddress)
  );
}

/** `messageResponseSchema` without zod: the `{ message }` of a refusal or an acknowledgement. */
export function isMessageResponse(value: unknown): value is MessageResponse {
  return isRecord(value) && typeof value.message === 'string';
}

/** `priceResponseSchema` without zod: `GET /api/price`, which every page polls. */
export function isPriceResponse(value: unknown): value is PriceResponse {
  return (
    isRecord(value) &&
    isFiniteNumber(value.ethUsd) &&
    value.ethUsd > 0 &&
    isIsoDateTime(value.updatedAt) &&
    (PRICE_SOURCES as readonly unknown[]).includes(value.source) &&
    typeof value.stale === 'boolean'
  );
}

/** `transactionFeedItemSchema` without zod: an item of the home page's Recent Transactions. */
export function isTransactionFeedItem(value: unknown): value is TransactionFeedItem {
  return (
    isRecord(value) &&
    typeof value.game === 'string' &&
    typeof value.player1 === 'string' &&
    typeof value.player2 === 'string' &&
    typeof value.winner === 'string' &&
    isFiniteNumber(value.amount) &&
    typeof value.date === 'string'
  );
}

/** Issue 24: `GET /api/lobby` and the public `lobby` event without zod (home's first load): one entry per bet option. */
export function isLobbyEvent(value: unknown): value is LobbyEvent {
  if (!isRecord(value) || !Array.isArray(value.stakes) || value.stakes.length !== BET_AMOUNTS.length) return false;
  return value.stakes.every(
    (stake: unknown, index) =>
      isRecord(stake) && stake.amount === BET_AMOUNTS[index] && Number.isInteger(stake.waiting) && (stake.waiting as number) >= 0,
  );
}

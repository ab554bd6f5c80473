/**
 * Issue 18: the audit log. Appended to by every staff action (in the action's
 * own transaction, so an action and its record commit together) and by every
 * refused staff request; the database refuses UPDATE, DELETE and TRUNCATE
 * (migration 0015), so what is written stays written. The log is a table:
 * this is its repository (decision 039).
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import { auditLog } from '../../infra/db/schema/index';

/** The actor of an action run from a terminal (`npm run staff:grant`). */
export const CLI_ACTOR = 'cli';
/** The actor of a refused request without a valid token. */
export const ANONYMOUS_ACTOR = 'anonymous';

export interface AuditRecord {
  actor: string;
  role: string | null;
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
  at?: Date;
}

/** JSON-safe: bigint wei become decimal strings, dates ISO strings. */
export function auditValue(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner)),
  ) as unknown;
}

export async function appendAudit(db: Executor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actor: record.actor,
    role: record.role,
    action: record.action,
    target: record.target ?? null,
    before: auditValue(record.before),
    after: auditValue(record.after),
    reason: record.reason ?? null,
    ip: record.ip ?? null,
    ...(record.at ? { at: record.at } : {}),
  });
}

/** Newest first, filtered by exact actor, action and target. */
export async function queryAudit(db: Executor, query: AuditQuery): Promise<AuditEntry[]> {
  const filters: SQL[] = [];
  if (query.actor !== undefined) filters.push(eq(auditLog.actor, query.actor));
  if (query.action !== undefined) filters.push(eq(auditLog.action, query.action));
  if (query.target !== undefined) filters.push(eq(auditLog.target, query.target));
  const rows = await db
    .select()
    .from(auditLog)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
  return rows.map((row) => ({
    id: row.id.toString(),
    at: row.at.toISOString(),
    actor: row.actor,
    role: row.role,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    ip: row.ip,
  }));
}

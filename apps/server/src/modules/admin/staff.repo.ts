/** Issue 18: staff roles, kept in the database (`staff_roles`), granted and revoked with an audit record. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StaffRole } from '@shifumi/protocol';
import type { Database, Executor } from '../../infra/db/database';
import { accountSecurity, sessions, staffRoles, users } from '../../infra/db/schema/index';
import { appendAudit } from './audit-log';

export async function roleOf(db: Executor, userId: string): Promise<StaffRole | undefined> {
  const [row] = await db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId)).limit(1);
  return row?.role;
}

export interface StaffChangeBy {
  /** A staff user id, or `cli`. */
  actor: string;
  role: string | null;
  ip?: string | null;
  now: Date;
}

export type StaffChange =
  { ok: true; userId: string; before: StaffRole | null; after: StaffRole | null } | { ok: false; reason: 'no_such_user' };

async function userIdByEmail(db: Executor, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row?.id;
}

/** Grants (or changes) the role of the account with this e-mail; audited in the same transaction. */
export async function grantRole(db: Database, email: string, role: StaffRole, by: StaffChangeBy): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    const userId = await userIdByEmail(tx, email);
    if (!userId) return { ok: false, reason: 'no_such_user' } as const;
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
    const before = (await roleOf(tx, userId)) ?? null;
    await tx
      .insert(staffRoles)
      .values({ userId, role, grantedAt: by.now, grantedBy: by.actor })
      .onConflictDoUpdate({ target: staffRoles.userId, set: { role, grantedAt: by.now, grantedBy: by.actor } });
    await appendAudit(tx, {
      actor: by.actor,
      role: by.role,
      action: 'staff.grant',
      target: `user:${userId}`,
      before: { role: before },
      after: { role },
      ip: by.ip ?? null,
      at: by.now,
    });
    return { ok: true, userId, before, after: role } as const;
  });
}

/** Takes the staff role away from the account with this e-mail (nothing to take: still audited, `before` null). */
export async function revokeRole(db: Database, email: string, by: StaffChangeBy): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    const userId = await userIdByEmail(tx, email);
    if (!userId) return { ok: false, reason: 'no_such_user' } as const;
    const before = (await roleOf(tx, userId)) ?? null;
    await tx.delete(staffRoles).where(eq(staffRoles.userId, userId));
    await appendAudit(tx, {
      actor: by.actor,
      role: by.role,
      action: 'staff.revoke',
      target: `user:${userId}`,
      before: { role: before },
      after: { role: null },
      ip: by.ip ?? null,
      at: by.now,
    });
    return { ok: true, userId, before, after: null } as const;
  });
}

/** The staff roles of these accounts (accounts without one are absent). */
export async function rolesOf(db: Executor, userIds: readonly string[]): Promise<{ userId: string; role: StaffRole }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: staffRoles.userId, role: staffRoles.role })
    .from(staffRoles)
    .where(inArray(staffRoles.userId, [...userIds]));
}

/** When the account turned two-factor on (null: it has not). */
export async function twoFactorEnabledAt(db: Executor, userId: string): Promise<Date | null> {
  const [security] = await db
    .select({ enabledAt: accountSecurity.twoFactorEnabledAt })
    .from(accountSecurity)
    .where(eq(accountSecurity.userId, userId))
    .limit(1);
  return security?.enabledAt ?? null;
}

/** When this session of this account was opened (undefined: no such session of theirs). */
export async function sessionOf(db: Executor, sessionId: string, userId: string): Promise<{ createdAt: Date } | undefined> {
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  return session;
}

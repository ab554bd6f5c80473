/** The reads of the console's pages that no other service owns: the staff member's name, the flags with their players' names and roles. */
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../infra/db/database';
import { flags, staffRoles, users } from '../../infra/db/schema/index';

/** A user's display name ('' when unknown). */
export async function userNameOf(db: Executor, userId: string): Promise<string> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? '';
}

/** The flags in one status, newest first, with both players' names and staff roles. */
export async function flagsWithPlayers(db: Executor, status: (typeof flags.$inferSelect)['status'], limit: number) {
  const other = alias(users, 'other_user');
  const role = alias(staffRoles, 'user_role');
  const otherRole = alias(staffRoles, 'other_user_role');
  return db
    .select({ flag: flags, userName: users.name, otherUserName: other.name, userRole: role.role, otherUserRole: otherRole.role })
    .from(flags)
    .innerJoin(users, eq(users.id, flags.userId))
    .leftJoin(other, eq(other.id, flags.otherUserId))
    .leftJoin(role, eq(role.userId, flags.userId))
    .leftJoin(otherRole, eq(otherRole.userId, flags.otherUserId))
    .where(eq(flags.status, status))
    .orderBy(desc(flags.createdAt))
    .limit(limit);
}

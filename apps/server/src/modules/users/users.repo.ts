import type { Language } from '@shifumi/protocol';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { users, type NewUserRow, type UserRow } from '../../infra/db/schema/index';

/** SQL over `users`, shared by the auth and account modules. */
export function createUsersRepo(db: Executor) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** `email` must already be lower-cased (the protocol schema does it). */
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      return row;
    },

    /** `address` lower-case. */
    async findByLinkedAddress(address: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.linkedAddress, address)).limit(1);
      return row;
    },

    /** Links an address; throws a unique violation (USERS_LINKED_ADDRESS_UNIQUE) when another account holds it. */
    async setLinkedAddress(userId: string, address: string): Promise<void> {
      await db.update(users).set({ linkedAddress: address }).where(eq(users.id, userId));
    },

    /** Issue 27: the player's language (mails, notices, the server's answers). */
    async setLanguage(userId: string, language: Language): Promise<void> {
      await db.update(users).set({ language }).where(eq(users.id, userId));
    },

    async findIdByReferralCode(code: string): Promise<string | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
      return row?.id;
    },

    /** Throws a unique violation (see infra/db/errors.ts) on a taken e-mail or referral code. */
    async insert(user: NewUserRow): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      if (!row) throw new Error('INSERT INTO users returned no row');
      return row;
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;

export const USERS_EMAIL_UNIQUE = 'users_email_lower_key';
export const USERS_REFERRAL_CODE_UNIQUE = 'users_referral_code_key';
export const USERS_LINKED_ADDRESS_UNIQUE = 'users_linked_address_key';

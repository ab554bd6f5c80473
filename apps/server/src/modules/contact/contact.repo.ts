import type { Database } from '../../infra/db/database';
import { contactMessages } from '../../infra/db/schema/index';

export function createContactRepo(db: Database) {
  return {
    async insert(message: { name: string; email: string; message: string; createdAt: Date }): Promise<string> {
      const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
      if (!row) throw new Error('INSERT INTO contact_messages returned no row');
      return row.id;
    },
  };
}

export type ContactRepo = ReturnType<typeof createContactRepo>;

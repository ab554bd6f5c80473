import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages sent through the contact form; also mailed to SUPPORT_EMAIL. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt),
    check('contact_messages_name_length', sql`char_length(${table.name}) between 1 and 64`),
    check('contact_messages_email_length', sql`char_length(${table.email}) between 3 and 254`),
    check('contact_messages_message_length', sql`char_length(${table.message}) between 1 and 5000`),
  ],
);

import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

/** How many messages a user sent after `since`. */
export async function countMessagesSince(db: Db, userId: string, since: Date): Promise<number> {
  const [sent] = await db
    .select({ value: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.userId, userId), gt(contactMessages.createdAt, since)));
  return sent?.value ?? 0;
}

export async function insertContactMessage(
  db: Db,
  values: typeof contactMessages.$inferInsert,
): Promise<void> {
  await db.insert(contactMessages).values(values);
}

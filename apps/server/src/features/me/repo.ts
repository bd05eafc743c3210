import { eq } from 'drizzle-orm';
import type { UserRow } from '../../access/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Saves changes to the user's own row; the saved row, or undefined when the user is gone. */
export async function updateUserRow(db: Db, userId: string, changes: Partial<UserRow>) {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}

/** Moves the account to a new, now verified, address. */
export async function setUserEmail(db: Db, userId: string, email: string, verifiedAt: Date): Promise<void> {
  await db.update(users).set({ email, emailVerifiedAt: verifiedAt }).where(eq(users.id, userId));
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clients } from '../db/schema';
import { AppError } from '../errors';
import type { Services } from '../services';
import { visibleClientsOf } from './firm';
import type { UserRow } from './users';

/**
 * Who may see which client, for every feature: a client is found only through the caller's visibility
 * (access/firm.ts), so a feature never reads a client another account keeps.
 */

export type ClientRow = typeof clients.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The client if `userId` may see it, else null. */
export async function findVisibleClient(db: Db, userId: string, clientId: string): Promise<ClientRow | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), visibleClientsOf(userId)));
  return row ?? null;
}

/** The client if the caller may see it; CLIENT_NOT_FOUND otherwise, whether it exists or not. */
export async function visibleClientOrThrow(services: Services, user: UserRow, clientId: string) {
  const row = UUID.test(clientId) ? await findVisibleClient(services.db, user.id, clientId) : null;
  if (!row) throw new AppError('CLIENT_NOT_FOUND');
  return row;
}

import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { firmMembers, firms } from '../db/schema';
import { AppError } from '../errors';

/**
 * The one access rule of issue 40, in two halves, both here:
 *
 * - **Which clients a user sees** (`visibleClientsOf`): the ones they own (the firm's owner, or a freelancer
 *   on their own), the one linked to their freelancer account, and, for a member of a firm, the firm's
 *   clients — all of them for an owner, admin or reader, or a staff member the owner gave all clients to;
 *   otherwise only those the staff member is responsible for. Every query that returns a client, invoice,
 *   report, form, export or file goes through `findVisibleClient` (features/clients/repo.ts) or this
 *   condition, so a member outside a client gets the same 404 as another firm.
 * - **What a member may change** (`refuseByRole`): a reader only reads and exports; billing is the owner's.
 *   It runs in `requireAuth`, before any route, so no write route can forget it.
 */
export function visibleClientsOf(userId: string | Placeholder, alias = 'clients'): SQL {
  // Qualified column names: inside the subqueries a bare "id" would name the member row's id.
  const c = sql.identifier(alias);
  return sql`(${c}.owner_user_id = ${userId} or ${c}.freelancer_user_id = ${userId} or exists (
    select 1 from ${firmMembers} m join ${firms} f on f.id = m.firm_id
    where m.user_id = ${userId} and f.owner_user_id = ${c}.owner_user_id
      and (m.role <> 'staff' or m.all_clients or exists (
        select 1 from client_members cm where cm.client_id = ${c}.id and cm.user_id = ${userId}))))`;
}

export type FirmRole = 'owner' | 'admin' | 'staff' | 'reader';

/** A user's place in their firm, read with the session (access/users.ts) or on its own. */
export type Membership = {
  firmId: string;
  /** The firm owner's user id: whose clients these are and whose balance the firm spends. */
  firmOwnerUserId: string;
  role: FirmRole;
  allClients: boolean;
  monthlyCreditCap: number | null;
};

export async function findMembership(db: Db, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({
      firmId: firmMembers.firmId,
      firmOwnerUserId: firms.ownerUserId,
      role: firmMembers.role,
      allClients: firmMembers.allClients,
      monthlyCreditCap: firmMembers.monthlyCreditCap,
    })
    .from(firmMembers)
    .innerJoin(firms, eq(firms.id, firmMembers.firmId))
    .where(eq(firmMembers.userId, userId));
  return row ?? null;
}

/** Whose clients and credits a user acts on: their firm owner's, or their own when they have no firm. */
export function actingOwnerId(userId: string, member: Membership | null): string {
  return member?.firmOwnerUserId ?? userId;
}

/**
 * Whether the user sees a (visible) client as its firm — its owner or a member — rather than as the
 * freelancer linked to it, who may look but not manage.
 */
export function isFirmSide(client: { ownerUserId: string; freelancerUserId: string | null }, userId: string) {
  return client.ownerUserId === userId || client.freelancerUserId !== userId;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Billing: buying credits and changing the plan are the owner's alone. */
const OWNER_WRITES = [/^\/api\/v1\/checkout(\/|$)/, /^\/api\/v1\/subscription(\/|$)/];

/**
 * 403 when the member's role does not allow this request; nothing for users outside a firm. Every write is
 * refused to a reader unless its route is marked `readerMay` (access/session.ts): a new route is
 * read-only for readers until someone decides otherwise.
 */
export function refuseByRole(
  member: Membership | null,
  request: { method: string; path: string; readerMay: boolean },
): void {
  if (!member || READS.has(request.method)) return;
  if (member.role === 'reader' && !request.readerMay) throw new AppError('ROLE_READ_ONLY');
  if (member.role !== 'owner' && OWNER_WRITES.some((pattern) => pattern.test(request.path)))
    throw new AppError('ROLE_OWNER_ONLY');
}

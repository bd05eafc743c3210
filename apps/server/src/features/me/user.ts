import { findPlan, type User } from '@cuadra/shared';
import { actingOwnerId, findMembership, type Membership } from '../../access/firm';
import type { BalanceRow, UserRow } from '../../access/users';
import type { Db } from '../../db/client';
import { findBalance } from '../credits';

/** The user as the browser reads it (GET /me, login, verification). */
/** The user as the API shows it; `balance` when the caller has it already (the session lookup). */
export async function toUser(
  db: Db,
  row: UserRow,
  now = new Date(),
  preloaded?: { balance: BalanceRow | null; member: Membership | null },
): Promise<User> {
  const member = preloaded ? preloaded.member : await findMembership(db, row.id);
  // A member spends the firm's credits: the balance shown is the firm owner's.
  const balance = preloaded ? preloaded.balance : await findBalance(db, actingOwnerId(row.id, member));
  const verified = row.emailVerifiedAt !== null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    accountType: row.accountType,
    status: 'active',
    subscriptionType: row.accountType,
    locale: row.locale,
    verified,
    registrationStep: verified ? 2 : 1,
    credits: {
      // What can still be spent (balance − credits held for uploads in flight): the same number the upload
      // panel shows, so no screen has two counts for one person.
      available: balance ? balance.available - balance.reserved : 0,
      lastPurchase: balance?.lastPurchaseAt?.toISOString() ?? null,
      lastUsage: balance?.lastUsageAt?.toISOString() ?? null,
      lastCheck: now.toISOString(),
    },
    chosenPlanId: chosenPlanOf(row),
    // An accountant without a membership row yet owns the one-person firm made on first use.
    firmRole: member?.role ?? (row.accountType === 'accountant' ? 'owner' : null),
  };
}

/** The account's chosen plan, if it is still one the catalogue sells online. */
function chosenPlanOf(row: UserRow) {
  const plan = row.chosenPlanId ? findPlan(row.chosenPlanId) : null;
  return plan && !plan.contactOnly ? plan.id : null;
}

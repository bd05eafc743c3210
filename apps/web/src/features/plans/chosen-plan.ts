import type { PlanId, User } from '@cuadra/shared';
import { getAuthState, updateUser } from '../../access/auth-store';
import { api } from '../../lib/api';
import { findBuyablePlan } from './plan-text';

/**
 * A plan a visitor chose before signing up (issue 16 item 4: "Comprar el Paquete grande" → sign-up →
 * verification → that plan's checkout). The sign-up stores it on the account (`chosenPlanId`), so the
 * verification link may be opened in another browser or on a phone; this browser's storage keeps it too
 * (for a Google sign-up, and a choice made here later). Starting the checkout forgets the browser's copy;
 * the server lets go of the account's when a checkout is paid or another plan's starts, and the browser
 * asks it to when the user cancels the checkout.
 */
export const CHOSEN_PLAN_STORAGE_KEY = 'cuadra.chosenPlan';

export function rememberChosenPlan(id: string): void {
  if (!findBuyablePlan(id)) return;
  try {
    window.localStorage.setItem(CHOSEN_PLAN_STORAGE_KEY, id);
  } catch {
    // Storage disabled: the sign-up still works; the plan is chosen again after signing in.
  }
}

export function readChosenPlan(): PlanId | null {
  try {
    return findBuyablePlan(window.localStorage.getItem(CHOSEN_PLAN_STORAGE_KEY))?.id ?? null;
  } catch {
    return null;
  }
}

export function forgetChosenPlan(): void {
  try {
    window.localStorage.removeItem(CHOSEN_PLAN_STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** The plan a signed-in user continues to: this browser's choice, else the one kept on the account. */
export function pendingPlan(user: Pick<User, 'chosenPlanId'> | null | undefined): PlanId | null {
  return readChosenPlan() ?? findBuyablePlan(user?.chosenPlanId)?.id ?? null;
}

/** Lets go of the chosen plan, in this browser and on the account (the user cancelled its checkout). */
export async function dismissChosenPlan(): Promise<void> {
  forgetChosenPlan();
  const { token, user } = getAuthState();
  if (!token || !user?.chosenPlanId) return;
  updateUser(await api.patch<User>('/me', { chosenPlanId: null }));
}

/** Where a signed-in user with a chosen plan continues: its checkout, started by /select-plan. */
export function chosenPlanPath(id: PlanId): string {
  return `/select-plan?plan=${encodeURIComponent(id)}`;
}

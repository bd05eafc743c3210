import type { PlanId } from '@cuadra/shared';
import { findBuyablePlan } from './plan-text';

/**
 * A plan a visitor chose before signing up (issue 16 item 4: "Comprar el Paquete grande" → sign-up →
 * verification → that plan's checkout). Kept in this browser's storage between the sign-up and the first
 * sign-in after verifying, which usually happen in the same browser; the checkout forgets it.
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

/** Where a signed-in user with a chosen plan continues: its checkout, started by /select-plan. */
export function chosenPlanPath(id: PlanId): string {
  return `/select-plan?plan=${encodeURIComponent(id)}`;
}

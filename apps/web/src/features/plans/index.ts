/** What other features use of plans; everything else in the folder is its own. */
export { chosenPlanPath, dismissChosenPlan, pendingPlan, rememberChosenPlan } from './chosen-plan';
export { PlanCard } from './plan-card';
export { PlanSettings } from './plan-settings';
export { findBuyablePlan, planInvoicesLabel, planName, planPriceLabel } from './plan-text';
export { useSubscription } from './plans-api';
export { PlansChooser } from './plans-chooser';

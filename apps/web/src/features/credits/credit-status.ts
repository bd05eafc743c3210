import { LOW_CREDITS_THRESHOLD } from '@cuadra/shared';

/** The spec's credit status (spec-1 §4): none at 0, low at 1 to 5, available above 5. */
export type CreditStatus = 'none' | 'low' | 'available';

export function creditStatus(available: number): CreditStatus {
  if (available <= 0) return 'none';
  if (available <= LOW_CREDITS_THRESHOLD) return 'low';
  return 'available';
}

/** The widget's red style and add-more link: 5 or fewer (spec-1 §4 "Low balance"). */
export function isLowInWidget(available: number): boolean {
  return creditStatus(available) !== 'available';
}

/** Settings warns below 5, not at 5 (spec-1 §2 "Settings", §9): the spec's two thresholds differ on purpose. */
export function isLowOnSettings(available: number): boolean {
  return available < LOW_CREDITS_THRESHOLD;
}

import { foldText } from '@cuadra/shared';

/**
 * Saved rules: a movement's concept reduced to its words (accents, case, figures and punctuation dropped),
 * so "COMISION MANTENIMIENTO 03/2026" and "Comisión mantenimiento 04/2026" read the same.
 */
const PATTERN_MAX = 60;
/** Shorter than this, a pattern would set aside movements it was never meant for. */
export const PATTERN_MIN = 4;

export function conceptWords(concept: string): string {
  return foldText(concept)
    .replace(/[^a-zñ]+/g, ' ')
    .trim();
}

export function rulePattern(concept: string): string | null {
  const words = conceptWords(concept).slice(0, PATTERN_MAX).trim();
  return words.length >= PATTERN_MIN ? words : null;
}

export type Rule = { pattern: string; direction: string; reason: string };

export function ruleFor(movement: { concept: string; amountCents: number }, rules: Rule[]): Rule | null {
  const words = conceptWords(movement.concept);
  const direction = movement.amountCents < 0 ? 'debit' : 'credit';
  return rules.find((r) => r.direction === direction && words.includes(r.pattern)) ?? null;
}

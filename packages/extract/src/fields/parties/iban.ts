/**
 * The IBAN (the payee's account).
 */

import type { FieldMap } from '../../evidence.ts';
import { isValidIban, normalizeIban } from '../../ids/iban.ts';
import type { Line } from '../../text/layout.ts';
import { bothEnginesRead, boxOf, type Ctx } from '../context.ts';

/** OCR's digit-for-letter misreadings: in an IBAN's country code, letters; in Spain's account, digits. */

/** OCR's digit-for-letter misreadings: in an IBAN's country code, letters; in Spain's account, digits. */
export const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };
export const AS_DIGIT: Record<string, string> = { O: '0', I: '1', L: '1', B: '8', S: '5', Z: '2' };

/**
 * The IBAN: the first that passes mod-97, as printed or with OCR's misread characters put right (a digit
 * for a letter of the country code, "E5" for "ES"; O/I/L/B/S/Z for digits) and the label OCR glued to it
 * ("IBANES12…") split off. The check proves a well-formed account, not that this reading is the printed
 * one: `verified` needs the exact text layer or both OCR engines reading it alike, and never a repair.
 */
export function findIban(ctx: Ctx, fields: FieldMap): void {
  const { lines, source } = ctx;
  ibanSearch: for (const line of lines) {
    const re = /\b([A-Z][A-Z0-9][0-9OIL]{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?)\b/g;
    const text = line.text.toUpperCase();
    const unglued = text.replace(/\bI?BAN(?=[A-Z][A-Z0-9][0-9OIL]{2}[A-Z0-9]{8})/g, 'IBAN ');
    const matches = [
      ...[...text.matchAll(re)].map((m) => ({ m, glued: false })),
      // Split off the label: one character on for the space put in, and never verified.
      ...(unglued === text ? [] : [...unglued.matchAll(re)].map((m) => ({ m, glued: true }))),
    ];
    for (const { m, glued } of matches) {
      const raw = normalizeIban(m[1]!);
      const swap = (x: string, map: Record<string, string>) => x.replace(/./g, (c) => map[c] ?? c);
      const country = swap(raw.slice(0, 2), AS_LETTER);
      const repaired =
        country +
        swap(raw.slice(2, 4), AS_DIGIT) +
        (country === 'ES' ? swap(raw.slice(4), AS_DIGIT) : raw.slice(4));
      for (const candidate of [raw, repaired]) {
        if (!isValidIban(candidate)) continue;
        const box = boxOf(line, Math.max(0, (m.index ?? 0) - (glued ? 1 : 0)), m[0].length);
        const verified = !glued && candidate === raw && (source === 'text' || enginesAgreeOn(line, box));
        fields.iban = { value: candidate, confidence: 0.95, source, verified, box };
        break ibanSearch;
      }
    }
  }
}

/** Every word of the box was read alike by both OCR engines (fused OCR). */
export function enginesAgreeOn(line: Line, box: { x: number; w: number }): boolean {
  const words = line.words.filter((w) => w.x + w.w > box.x - 1e-4 && w.x < box.x + box.w + 1e-4);
  return words.length > 0 && words.every(bothEnginesRead);
}

import type { Box, FieldName, FieldValues, Source } from './types.ts';

/** One candidate value for a field, with how sure we are and where it was read. */
export type Evidence<T = unknown> = {
  value: T;
  confidence: number;
  source: Source;
  verified: boolean;
  box?: Box;
  /** For tax ids read from text: whether the issuer/client role is certain (labelled block). */
  roleSure?: boolean;
  /**
   * The value was read twice, independently: the exact PDF text layer, or both OCR engines reading the
   * same characters in the same box. A check character only verifies a value that was read twice.
   */
  readTwice?: boolean;
  /** Amounts: the value the arithmetic chose (base + VAT … = total over amounts read elsewhere), proven or not. */
  fromSum?: boolean;
};

export type FieldMap = { [K in FieldName]?: Evidence<NonNullable<FieldValues[K]>> };

/** Sets a field unless a verified one (or a more confident one of the same source) is already there. */
export function setField<K extends FieldName>(
  map: FieldMap,
  name: K,
  ev: Evidence<NonNullable<FieldValues[K]>> | undefined,
): void {
  if (!ev || ev.value === undefined || ev.value === null || ev.value === '') return;
  const cur = map[name];
  if (cur?.verified && !ev.verified) return;
  if (cur && !ev.verified && cur.confidence >= ev.confidence) return;
  map[name] = ev as FieldMap[K];
}

export function fromValues(
  values: FieldValues,
  source: Source,
  confidence: number,
  verified: boolean,
): FieldMap {
  const map: FieldMap = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    (map as Record<string, Evidence>)[k] = { value: v, confidence, source, verified };
  }
  return map;
}

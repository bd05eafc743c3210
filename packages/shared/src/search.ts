/**
 * Search that forgives: accents and case are ignored, and tax ids match with or without separators. The
 * database keeps the same folding in generated columns (`apps/server/src/db/schema.ts`, `FOLD_FROM` and
 * `FOLD_TO` below), so a search is a `like` on an indexed-by-client column, never a filter in memory.
 */
export const FOLD_FROM_UPPER = 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÇÑ';
export const FOLD_TO = 'aaaaaeeeeiiiiooooouuuucn';
export const FOLD_FROM = FOLD_FROM_UPPER + FOLD_FROM_UPPER.toLowerCase();
export const FOLD_TO_BOTH = FOLD_TO + FOLD_TO;

const FOLD_MAP = new Map([...FOLD_FROM].map((ch, i) => [ch, FOLD_TO_BOTH[i] as string]));

/** "José Álvarez" → "jose alvarez"; "Ñandú" → "nandu". The same as the database's folding. */
export function foldText(text: string): string {
  let out = '';
  for (const ch of text) out += FOLD_MAP.get(ch) ?? ch;
  return out.toLowerCase();
}

/** A search as typed, folded, and its compact form for tax ids ("B-12.345.674" → "b12345674"). */
export function searchTerms(q: string | undefined): string[] {
  const folded = foldText((q ?? '').trim().replace(/\s+/g, ' '));
  if (!folded) return [];
  const compact = folded.replace(/[\s.\-/]/g, '');
  return compact && compact !== folded ? [folded, compact] : [folded];
}

/**
 * A name's sort key in a language: in Spanish ñ is its own letter after n ("Ñandú" after "Nzz", before
 * "Óscar"); elsewhere it sorts with n. Accents and case never decide the order.
 */
export function nameSortKey(name: string, locale: 'en' | 'es'): string {
  const spaced = locale === 'es' ? name.replace(/[ñÑ]/g, 'n~') : name;
  return foldText(spaced);
}

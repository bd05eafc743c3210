import type { Word } from '../../text/layout.ts';
import type { PlaceField, PlaceHint } from '../../types.ts';
import type { Ctx } from '../context.ts';
import {
  COLUMN_SLACK,
  gapBetween,
  isFiller,
  isLabelWord,
  MAX_DROP_LINES,
  MAX_LABEL_WORDS,
  MAX_LINES_DOWN,
  MAX_VALUE_WORDS,
  MONEY,
  readHint,
  readValue,
  type Span,
  sameValue,
  tokens,
} from './place.ts';

// Learning a place: where the value the accountant corrected is printed, told by the label beside or above it.

/** The places a value printed at `words[from..to]` of a line can be told by: its label right or above. */
function placesOf(ctx: Ctx, field: PlaceField, { li, from, to, negate }: Span): PlaceHint[] {
  const line = ctx.lines[li]!;
  const first = line.words[from]!;
  const out: PlaceHint[] = [];
  const hint = (label: Word[], relation: PlaceHint['relation'], offset: number, y: number): PlaceHint => ({
    field,
    label: label.flatMap((w) => tokens(w.text)).join(' '),
    relation,
    offset,
    words: to - from + 1,
    page: line.page,
    x: label[0]!.x,
    y,
    dx: first.x - label[0]!.x,
    ...(negate ? { negate } : {}),
  });
  // Right of a label on its own line: label words just before the value (punctuation between skipped).
  let k = from - 1;
  let offset = 0;
  while (k >= 0 && isFiller(line.words[k]!)) {
    k--;
    offset++;
  }
  const label: Word[] = [];
  while (k >= 0 && isLabelWord(line.words[k]!) && label.length < MAX_LABEL_WORDS) {
    if (label.length && gapBetween(line, line.words[k]!, label[0]!)) break;
    label.unshift(line.words[k]!);
    k--;
  }
  if (label.length) out.push(hint(label, 'right', offset, line.y));
  // Below a label: the nearest lines above with words in the value's column, the first of only words.
  const right = Math.max(...line.words.slice(from, to + 1).map((w) => w.x + w.w));
  let seen = 0;
  for (let j = li - 1; j >= 0 && seen < MAX_LINES_DOWN; j--) {
    const above = ctx.lines[j]!;
    if (above.page !== line.page || line.y - above.y > above.h * MAX_DROP_LINES) break;
    // Words over the value's column (a right-aligned amount may stand just beside its header's end).
    const words = above.words;
    const column = words.flatMap((w, k) =>
      w.x < right + COLUMN_SLACK && w.x + w.w > first.x - COLUMN_SLACK ? [k] : [],
    );
    if (!column.length) continue;
    seen++;
    // The label word nearest the value's column, and the run of label words around it, unbroken by a
    // column gap or a value ("21,00 % IVA").
    const off = (k: number) => Math.abs(words[k]!.x + words[k]!.w / 2 - (first.x + right) / 2);
    const over = column.filter((k) => isLabelWord(words[k]!)).sort((p, q) => off(p) - off(q))[0];
    if (over === undefined) continue;
    let start = over;
    let end = over;
    const joins = (k: number) => isLabelWord(words[k]!) && !gapBetween(above, words[k]!, words[k + 1]!);
    while (start > 0 && joins(start - 1)) start--;
    while (
      end + 1 < words.length &&
      isLabelWord(words[end + 1]!) &&
      !gapBetween(above, words[end]!, words[end + 1]!)
    )
      end++;
    const cell = words.slice(start, end + 1);
    out.push(hint(cell.slice(0, MAX_LABEL_WORDS), 'below', seen, above.y));
    break;
  }
  return out.filter((h) => h.label.replace(/ /g, '').length >= 2);
}

/**
 * Where a corrected value is printed: every printing of it, each with the places it can be told by,
 * kept when reading the page at that place gives the value back. A place next to its label comes first;
 * then amounts prefer their last printing (totals close a document), other fields their first, and a
 * label beside the value before one above it.
 */
export function learnPlace(ctx: Ctx, field: PlaceField, value: string): PlaceHint | null {
  const spans: Span[] = [];
  ctx.lines.forEach((line, li) => {
    for (let from = 0; from < line.words.length; from++) {
      for (let to = from; to < Math.min(line.words.length, from + MAX_VALUE_WORDS); to++) {
        const words = line.words.slice(from, to + 1);
        const read = readValue(ctx, field, words);
        if (read && sameValue(field, read, value)) {
          spans.push({ li, from, to, negate: false });
          break;
        }
        // An amount printed with a sign the accountant did not take as a minus ("2.055,83€-").
        if (MONEY.has(field) && sameValue(field, readValue(ctx, field, words, true), value)) {
          spans.push({ li, from, to, negate: true });
          break;
        }
      }
    }
  });
  if (MONEY.has(field)) spans.reverse();
  // A place next to its label (beside it, or in the first line under it) before one further down.
  const places = spans
    .flatMap((span) => placesOf(ctx, field, span))
    .map((place, order) => ({ place, order, rank: place.relation === 'below' ? place.offset - 1 : 0 }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order);
  for (const { place } of places) {
    const again = readHint(ctx, place);
    if (again && sameValue(field, again.value, value)) return place;
  }
  return null;
}

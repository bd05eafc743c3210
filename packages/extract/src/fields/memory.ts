/**
 * Place memory (issue #34 item 6): where a supplier prints a field, learned from the accountant's
 * correction of one document, and read there on the next. A place is the label's words and the value's
 * position relative to them (right of the label, or below it in its column), never a value or a layout
 * by name. A value read at a learned place wins over the rules' candidates with source `memory`; it is
 * verified only when the document's own sums close over it (memory is one source, not two).
 */
import { normalizeTaxId } from '../checks/tax-id.ts';
import type { Evidence, FieldMap } from '../evidence.ts';
import { findDates } from '../text/dates.ts';
import type { Line, Word } from '../text/layout.ts';
import { centsToString, findAmounts, toCents } from '../text/numbers.ts';
import type { KnownParty, PlaceField, PlaceHint } from '../types.ts';
import { type Ctx, wordsBox } from './context.ts';

/** A value read at a learned place: above every rule's candidate, below what two sources verified (1). */
export const MEMORY_CONFIDENCE = 0.97;
/** Label words kept, nearest the value: enough to tell "fecha de vencimiento" from "fecha". */
const MAX_LABEL_WORDS = 4;
/** Lines looked through between a label and its value below it (a column's header and a few rows). */
const MAX_LINES_DOWN = 4;
/** How far below its label a value may be, in label-line heights. */
const MAX_DROP_LINES = 8;
/** The widest value looked for, in words (a company name). */
const MAX_VALUE_WORDS = 8;
/** How far (page-width fraction) a value's column may lie from where the label's place puts it. */
const COLUMN_SLACK = 0.04;

const MONEY = new Set<PlaceField>(['tax_base', 'vat_total', 'total', 'amount_due']);
const DATES = new Set<PlaceField>(['issue_date', 'due_date']);
const TAX_IDS = new Set<PlaceField>(['issuer_tax_id', 'client_tax_id']);

/** A text's label tokens: lower-case letters without accents, split at anything else. */
const tokens = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
/** A word's tokens, worked out once per word (every hint looks for its label among the same words). */
const WORD_TOKENS = new WeakMap<Word, string[]>();
function wordTokens(w: Word): string[] {
  let out = WORD_TOKENS.get(w);
  if (!out) {
    out = tokens(w.text);
    WORD_TOKENS.set(w, out);
  }
  return out;
}
const isLabelWord = (w: Word) => /\p{L}/u.test(w.text) && !/\d/.test(w.text);
/** Punctuation, a currency sign or a rate between a label and its value (":", "#", "€", "21%"). */
const isFiller = (w: Word) =>
  !/[\p{L}\d]/u.test(w.text) ||
  /^(?:eur|€)$/i.test(w.text) ||
  /^\(?\d{1,2}(?:[.,]\d+)?\s?%\)?:?$/.test(w.text);
const loose = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\d]+/gu, '');
const taxKey = (text: string) => normalizeTaxId(text).replace(/^ES(?=[0-9A-Z]{9}$)/, '');

/** Column gap between two neighbouring words of a line (as `splitCells` cuts cells). */
const gapBetween = (line: Line, a: Word, b: Word) =>
  (b.x - (a.x + a.w)) * line.aspect > Math.max(a.h, b.h) * 1.2;

/** The words of the cell that begins at `start`: up to the next column gap. */
function cellFrom(line: Line, start: number): Word[] {
  const out: Word[] = [];
  for (let k = start; k < line.words.length && out.length < MAX_VALUE_WORDS; k++) {
    const w = line.words[k]!;
    if (out.length && gapBetween(line, out[out.length - 1]!, w)) break;
    out.push(w);
  }
  return out;
}

/** The field's value as printed in these words, normalised as the result gives it; null when none. */
function readValue(ctx: Ctx, field: PlaceField, words: Word[], negate = false): string | null {
  const text = words
    .map((w) => w.text)
    .join(' ')
    .replace(/^[\s:#.]+/, '')
    .trim();
  if (!text) return null;
  if (MONEY.has(field)) {
    const [amount] = findAmounts(text);
    return amount ? centsToString(Math.round(amount.value * (negate ? -100 : 100))) : null;
  }
  if (DATES.has(field)) return findDates(text, { monthFirst: ctx.monthFirst, ocr: ctx.ocr })[0]?.iso ?? null;
  if (TAX_IDS.has(field)) {
    const id = normalizeTaxId(text);
    return /^[A-Z0-9]{5,20}$/.test(id) && /\d/.test(id) ? id : null;
  }
  const value = text.replace(/[\s,;:]+$/, '');
  return value.length >= 1 ? value : null;
}

/** Whether two readings of a field are the same value. */
export function sameValue(field: PlaceField, a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  if (MONEY.has(field)) return toCents(a) !== null && toCents(a) === toCents(b);
  if (DATES.has(field)) return a === b;
  if (TAX_IDS.has(field)) return taxKey(a) === taxKey(b);
  return loose(a) !== '' && loose(a) === loose(b);
}

type Occurrence = { line: number; from: number; to: number };
/** Where a value is printed: words `from`..`to` of line `li`, its sign to be turned or not. */
type Span = { li: number; from: number; to: number; negate: boolean };

/** Where the label's words are printed: runs of words whose tokens are exactly the label's. */
function labelOccurrences(lines: Line[], label: string[]): Occurrence[] {
  const out: Occurrence[] = [];
  lines.forEach((line, li) => {
    for (let a = 0; a < line.words.length; a++) {
      const seen: string[] = [];
      for (let b = a; b < line.words.length && seen.length < label.length; b++) {
        seen.push(...wordTokens(line.words[b]!));
        if (seen.length === label.length && seen.join(' ') === label.join(' '))
          out.push({ line: li, from: a, to: b });
      }
    }
  });
  return out;
}

/** The value at a hint's place beside one printing of its label, with the words it was read from. */
function readAt(ctx: Ctx, hint: PlaceHint, at: Occurrence): { value: string; words: Word[] } | null {
  const line = ctx.lines[at.line]!;
  const label = line.words.slice(at.from, at.to + 1);
  const take = (words: Word[]) => {
    const span = MONEY.has(hint.field) || DATES.has(hint.field) ? words : words.slice(0, hint.words);
    const value = span.length ? readValue(ctx, hint.field, span, hint.negate) : null;
    return value ? { value, words: span } : null;
  };
  if (hint.relation === 'right') {
    let k = at.to + 1;
    while (k < line.words.length && isFiller(line.words[k]!)) k++;
    return k < line.words.length ? take(cellFrom(line, k)) : null;
  }
  const left = label[0]!.x + hint.dx;
  const labelRight = Math.max(...label.map((w) => w.x + w.w));
  let seen = 0;
  for (let j = at.line + 1; j < ctx.lines.length; j++) {
    const below = ctx.lines[j]!;
    if (below.page !== line.page || below.y - line.y > line.h * MAX_DROP_LINES) break;
    const starts = below.words.findIndex(
      (w) =>
        Math.abs(w.x - left) <= COLUMN_SLACK ||
        (w.x < labelRight && w.x + w.w > label[0]!.x && w.x >= left - COLUMN_SLACK),
    );
    if (starts < 0) continue;
    seen++;
    if (seen === hint.offset) return take(cellFrom(below, starts));
    if (seen >= MAX_LINES_DOWN) break;
  }
  return null;
}

/**
 * Printings of part of the label (a run of its words, one of three letters or more at least) where the
 * whole label was learned: "Factura" where the first document said "Factura rectificativa".
 */
function partialOccurrences(ctx: Ctx, hint: PlaceHint, label: string[]): Occurrence[] {
  const out: Occurrence[] = [];
  ctx.lines.forEach((line, li) => {
    if (line.page !== hint.page || Math.abs(line.y - hint.y) > SAME_PLACE) return;
    for (let a = 0; a < line.words.length; a++) {
      if (Math.abs(line.words[a]!.x - hint.x) > SAME_PLACE) continue;
      const seen: string[] = [];
      for (let b = a; b < line.words.length && seen.length < label.length; b++) {
        seen.push(...wordTokens(line.words[b]!));
        const run = seen.join(' ');
        if (seen.some((t) => t.length >= 3) && ` ${label.join(' ')} `.includes(` ${run} `))
          out.push({ line: li, from: a, to: b });
      }
    }
  });
  return out;
}

/** Distance (page fractions) within which a label printed is at the place it was learned. */
const SAME_PLACE = 0.03;

/** Where a hint's label is printed: the whole label anywhere, nearest the learned place first. */
function hintLabels(ctx: Ctx, hint: PlaceHint): Occurrence[] {
  const near = (o: Occurrence) => {
    const l = ctx.lines[o.line]!;
    return Math.abs(l.page - hint.page) * 2 + Math.hypot(l.words[o.from]!.x - hint.x, l.y - hint.y);
  };
  return labelOccurrences(ctx.lines, hint.label.split(' ')).sort((a, b) => near(a) - near(b));
}

/** Whether the hint's whole label is printed where it was learned (the same layout). */
function labelInPlace(ctx: Ctx, hint: PlaceHint): boolean {
  const label = hint.label.split(' ');
  const nearby = ctx.lines.filter((l) => l.page === hint.page && Math.abs(l.y - hint.y) <= SAME_PLACE);
  return labelOccurrences(nearby, label).some(
    (o) => Math.abs(nearby[o.line]!.words[o.from]!.x - hint.x) <= SAME_PLACE,
  );
}

/**
 * Reads a hint's field on the page: at the printing of its label nearest where it was learned; else at
 * part of the label printed just there.
 */
export function readHint(ctx: Ctx, hint: PlaceHint): Evidence<string> | null {
  const found = [...hintLabels(ctx, hint), ...partialOccurrences(ctx, hint, hint.label.split(' '))];
  for (const at of found) {
    const read = readAt(ctx, hint, at);
    if (read)
      return {
        value: read.value,
        confidence: MEMORY_CONFIDENCE,
        source: 'memory',
        verified: false,
        box: wordsBox(read.words),
      };
  }
  return null;
}

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

/** Whether the document is the hint's supplier's: its tax id (or name) printed, and not as the client's. */
function isSuppliersDocument(
  hint: PlaceHint,
  fields: FieldMap,
  text: { ids: string; loose: string },
  party: KnownParty | null | undefined,
): boolean {
  const supplier = hint.supplier;
  if (!supplier) return true;
  if (supplier.taxId) {
    const id = taxKey(supplier.taxId);
    if (id.length < 5 || (party?.taxId && taxKey(party.taxId) === id)) return false;
    const issuer = fields.issuer_tax_id?.value;
    const client = fields.client_tax_id?.value;
    if (issuer && taxKey(issuer) === id) return true;
    if (client && taxKey(client) === id) return false;
    return text.ids.includes(id);
  }
  const name = loose(supplier.name ?? '');
  if (name.length < 4 || (party?.name && loose(party.name) === name)) return false;
  return text.loose.includes(name);
}

/**
 * The fields read at the places of the hints that apply to this document (their supplier issued it),
 * each set over what the rules found, with the id of the hint it was read by. The first hint of a field
 * that reads a value wins.
 */
export function applyHints(
  ctx: Ctx,
  fields: FieldMap,
  hints: PlaceHint[],
  fullText: string,
): { remembered: Partial<Record<PlaceField, Evidence<string>>>; used: Record<string, string> } {
  const remembered: Partial<Record<PlaceField, Evidence<string>>> = {};
  const used: Record<string, string> = {};
  const text = { ids: fullText.replace(/[^A-Z0-9]/gi, '').toUpperCase(), loose: loose(fullText) };
  let applying = hints.filter((hint) => isSuppliersDocument(hint, fields, text, ctx.party));
  const byLayout = !applying.length && !issuerKnownElsewhere(hints, fields, ctx.party);
  if (byLayout) applying = sameLayoutHints(ctx, hints);
  for (const hint of applying) {
    if (remembered[hint.field]) continue;
    const ev = readHint(ctx, hint);
    if (!ev) continue;
    remembered[hint.field] = ev;
    (fields as Record<string, Evidence>)[hint.field] = { ...ev };
    if (hint.id) used[hint.field] = hint.id;
  }
  // Known by its layout alone, the supplier is the issuer when the page names none but the known party.
  const [first] = applying;
  const supplierId = byLayout ? first?.supplier?.taxId : undefined;
  const issuer = fields.issuer_tax_id?.value;
  const isParty = !!issuer && !!ctx.party?.taxId && taxKey(issuer) === taxKey(ctx.party.taxId);
  if (first && supplierId && !remembered.issuer_tax_id && (!issuer || isParty)) {
    const ev: Evidence<string> = {
      value: supplierId,
      confidence: MEMORY_CONFIDENCE,
      source: 'memory',
      verified: false,
    };
    remembered.issuer_tax_id = ev;
    fields.issuer_tax_id = { ...ev };
    if (first.id) used.issuer_tax_id = first.id;
  }
  return { remembered, used };
}

const supplierKey = (hint: PlaceHint) =>
  hint.supplier?.taxId ? taxKey(hint.supplier.taxId) : `name:${loose(hint.supplier?.name ?? '')}`;

/**
 * The issuer read is a taxpayer none of the hints is for (and not the known party): the document is
 * another supplier's, whatever its layout looks like.
 */
function issuerKnownElsewhere(hints: PlaceHint[], fields: FieldMap, party: KnownParty | null | undefined) {
  const issuer = fields.issuer_tax_id?.value;
  if (!issuer) return false;
  const id = taxKey(issuer);
  if (party?.taxId && taxKey(party.taxId) === id) return false;
  return !hints.some((hint) => hint.supplier?.taxId && taxKey(hint.supplier.taxId) === id);
}

/** Learned labels of one supplier that must be printed where they were for its layout to be recognised. */
export const SAME_LAYOUT_LABELS = 2;

/**
 * A supplier whose name and tax id are not in the text (printed as an image): its hints, when at least
 * SAME_LAYOUT_LABELS of its learned labels, and half of them, are printed just where they were learned.
 * The supplier with the most such labels wins; none when no supplier reaches that.
 */
function sameLayoutHints(ctx: Ctx, hints: PlaceHint[]): PlaceHint[] {
  const bySupplier = new Map<string, PlaceHint[]>();
  for (const hint of hints) {
    if (!hint.supplier) continue;
    const list = bySupplier.get(supplierKey(hint)) ?? [];
    list.push(hint);
    bySupplier.set(supplierKey(hint), list);
  }
  let best: { hints: PlaceHint[]; inPlace: number } | null = null;
  for (const list of bySupplier.values()) {
    const labels = [...new Map(list.map((h) => [`${h.label}@${h.page}`, h])).values()];
    const inPlace = labels.filter((h) => labelInPlace(ctx, h)).length;
    if (inPlace >= SAME_LAYOUT_LABELS && inPlace * 2 >= labels.length && inPlace > (best?.inPlace ?? 0))
      best = { hints: list, inPlace };
  }
  return best?.hints ?? [];
}

const AMOUNT_FIELDS = [
  'tax_base',
  'vat_total',
  'total',
  'amount_due',
  'withholding_total',
  'surcharge_total',
  'other_taxes_total',
] as const;

/**
 * After the checks: a remembered value the checks replaced is put back (unverified), and the amounts
 * verified with the replaced one are verified again only if base + taxes − withholding = total still
 * holds over the printed amounts. A remembered value the checks kept keeps what they proved.
 */
export function reassertMemory(
  fields: FieldMap,
  remembered: Partial<Record<PlaceField, Evidence<string>>>,
): void {
  let amountsMoved = false;
  for (const [field, ev] of Object.entries(remembered) as [PlaceField, Evidence<string>][]) {
    const cur = fields[field] as Evidence | undefined;
    if (cur && sameValue(field, cur.value, ev.value)) {
      cur.source = 'memory';
      cur.confidence = Math.max(cur.confidence, ev.confidence);
      cur.box = ev.box;
      continue;
    }
    (fields as Record<string, Evidence>)[field] = { ...ev, verified: false };
    if (MONEY.has(field)) amountsMoved = true;
  }
  if (!amountsMoved) return;
  const cents = (name: (typeof AMOUNT_FIELDS)[number]) => toCents(fields[name]?.value as string) ?? 0;
  const total = toCents(fields.total?.value as string);
  const closes =
    total !== null &&
    fields.tax_base !== undefined &&
    cents('tax_base') +
      cents('vat_total') +
      cents('surcharge_total') +
      cents('other_taxes_total') -
      cents('withholding_total') ===
      total;
  for (const name of AMOUNT_FIELDS) {
    const ev = fields[name];
    if (ev && name !== 'amount_due') ev.verified = closes;
  }
}

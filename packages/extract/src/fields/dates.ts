/**
 * Issue and due dates. The due date is the one labelled as such. The issue date is ranked: every date
 * printed on the page, in every OCR engine's reading of its line, is a candidate with features (its label
 * and tier, a label just above it, its rank in reading order, a time printed beside it, a four-digit
 * year, glued to a product code, read by one engine only, outvoted by the other engine's reading printed
 * elsewhere, printed twice), scored by the fitted model.
 */
import type { FieldMap } from '../evidence.ts';
import { endsWithYearlessDate, findDates, parseDateValue, slashesMonthFirst } from '../text/dates.ts';
import { joinWords, type Line, pullWordUp } from '../text/layout.ts';
import type { Box } from '../types.ts';
import {
  bothEnginesRead,
  boxOf,
  type Ctx,
  findLabeled,
  joinWrappedLabels,
  lineBox,
  lineReadings,
  splitCells,
  wrappedBelow,
} from './context.ts';
import { type Features, scoreFeatures, topProbability } from './ranker.ts';

export type DateCand = { iso: string; line: number; box: Box; score: number; features: Features };

const TIME = /(?<![\d.])\d{1,2}[:.]\d{2}(?:[:.]\d{2})?(?:\s*[AP]M)?(?![\d.])/i;

/**
 * A receipt's compact date, ddmmyyyy or yyyymmdd: at the start of a line, just before a time
 * (`20180428 19:12`, `20180428/191204`), or right after a date label (`DATE/TIME : 20180428`). After a
 * label also a one-digit day and month whose separators OCR lost (`Date : 532018` for `5/3/2018`).
 */
function compactDate(text: string, labels: RegExp[] = []): { iso: string; raw: string } | null {
  const label = labels.map((re) => re.exec(text)).find((m) => m);
  const afterLabel = label
    ? /^[\s:./-]*(?:time\b[\s:./-]*)?(\d{8}|[1-9]{2}(?:19|20)\d{2})(?!\d)/i.exec(
        text.slice(label.index + label[0].length),
      )
    : null;
  const m =
    /^\s*(\d{8})(?!\d)/.exec(text) ??
    /(?<![\d.,])(\d{8})(?=\s+\d{1,2}:\d{2}(?!\d)|\s*\/\s*\d{4}(?:\d{2})?(?!\d))/.exec(text) ??
    afterLabel;
  if (!m) return null;
  const d = m[1]!.length === 6 ? `0${m[1]![0]}0${m[1]![1]}${m[1]!.slice(2)}` : m[1]!;
  const iso =
    parseDateValue(`${d.slice(4)}-${d.slice(2, 4)}-${d.slice(0, 2)}`) ??
    (/^20[0-3]\d/.test(d) ? parseDateValue(d) : null);
  if (!iso || iso < '2000-01-01' || iso > '2039-12-31') return null;
  return { iso, raw: m[1]! };
}

/**
 * A date right after a date label whose separators OCR lost or read as spaces (`Date   5 3 2018`,
 * `DATE: 05 03.2018`), its year maybe run into the time after it (`5 3 201822 52 33`). Only after a
 * label and with a four-digit year: free text has too many numbers spaced like this.
 */
export function spacedLabelledDate(
  text: string,
  labels: RegExp[],
  monthFirst = false,
): { iso: string; raw: string } | null {
  const label = labels.map((re) => re.exec(text)).find((m) => m);
  if (!label) return null;
  const m =
    /^[\s:.]*((\d{1,2})(?:\s*[./-]\s*|\s+)(\d{1,2})(?:\s*[./-]\s*|\s+)((?:19|20)\d{2}))(?=\D|$|\d{1,2}[\s:.]\d{2})/.exec(
      text.slice(label.index + label[0].length),
    );
  if (!m || !/\s/.test(m[1]!)) return null;
  const [day, month] = monthFirst ? [m[3]!, m[2]!] : [m[2]!, m[3]!];
  const iso = parseDateValue(`${m[4]}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
  return iso ? { iso, raw: m[1]! } : null;
}

/**
 * Dates wrapped in a narrow cell ("5 de octubre de" over "2023"): the year at the head of the same column
 * on the next line joins the date's last word (its box grows to cover both), and leaves the line below.
 * Other lines are returned as they are.
 */
export function joinWrappedDates(lines: Line[]): Line[] {
  const out = [...lines];
  for (let i = 0; i < out.length - 1; i++) {
    const line = out[i]!;
    for (const cell of splitCells(line)) {
      if (!endsWithYearlessDate(cell.text)) continue;
      const cellWords = line.words.filter((w) => w.x >= cell.x - 1e-6 && w.x + w.w <= cell.x + cell.w + 1e-6);
      const last = cellWords[cellWords.length - 1];
      if (!last) continue;
      // The year: the first word of the cell's column on the lines below.
      const below = wrappedBelow(out, i, cell);
      const year = below?.words[0];
      if (!year || !/^'?(?:\d{4}|\d{2})[.,]?$/.test(year.text.trim())) continue;
      // "09-10-" and "2023" join as they were printed; "5 de octubre de" and "2023" with a space.
      const sep = /[./-]$/.test(cell.text) ? '' : ' ';
      if (!findDates(`${cell.text}${sep}${year.text.trim()}`).length) continue;
      pullWordUp(out, i, last, year, sep, below!.j);
      i--; // the line again: a second wrapped date beside this one
      break;
    }
  }
  return out;
}

/** The lines with wrapped date labels and wrapped dates each joined (idempotent). */
const dateLines = (ctx: Ctx): Line[] =>
  joinWrappedDates(joinWrappedLabels(ctx.lines, [...ctx.L.issueDate, ...ctx.L.dueDate]));

const MISREAD_DATE_LABEL = /\b[BCT]ate\b\s*:?/i;

/** An issue date more than this many years before today is a misreading ("59" read as 2059 goes the other way). */
export const MAX_ISSUE_YEARS_BACK = 20;
/** An invoice is not issued more than this many years after today (a year misread, a validity date). */
export const MAX_ISSUE_YEARS_AHEAD = 1;

/** The dates an issue date may be: not too far before or after today (the caller's, else the clock's). */
export function issueDateWindow(today?: string): { from: string; to: string } {
  const ref = today && /^\d{4}-\d{2}-\d{2}$/.test(today) ? today : new Date().toISOString().slice(0, 10);
  const year = Number(ref.slice(0, 4));
  const rest = ref.slice(4);
  return { from: `${year - MAX_ISSUE_YEARS_BACK}${rest}`, to: `${year + MAX_ISSUE_YEARS_AHEAD}${rest}` };
}

const inWindow = (iso: string, w: { from: string; to: string }) => iso >= w.from && iso <= w.to;

/**
 * The lines without the dates other labels name ("Fecha de impresión", "Order date", "zur Rechnung … vom",
 * "Printed on"), label and date both: those dates are not the issue date. The issue date is looked for
 * there first; only a page that prints no other date falls back on them.
 */
export function withoutOtherDates(ctx: Ctx, lines: Line[]): Line[] {
  const other = ctx.L.otherDate;
  if (!other.length || !lines.some((l) => other.some((re) => re.test(l.text)))) return lines;
  const out = lines.map((line) => {
    let words = line.words;
    for (const re of other) {
      const m = new RegExp(re.source, re.flags.replace('g', '')).exec(line.text);
      if (!m) continue;
      // One label for both ("Fecha de la factura/Fecha de la entrega   23 julio 2026"): the issue date.
      const cellHead = line.text.slice(Math.max(0, line.text.lastIndexOf('   ', m.index)), m.index);
      if (ctx.L.issueDate[0]!.test(cellHead) && /\/\s*$/.test(cellHead)) continue;
      // The label's cell: up to the next column gap after the first date following the label.
      const from = m.index;
      const cellEnd = line.text.indexOf('   ', from + m[0].length + 1);
      const cell = line.text.slice(from, cellEnd < 0 ? line.text.length : cellEnd);
      const date = findDates(cell, ctx)[0];
      const to = from + (date ? date.index + date.raw.length : m[0].length);
      const drop = new Set(wordsIn(line, from, to));
      words = words.filter((w) => !drop.has(w));
    }
    if (words === line.words) return line;
    return { ...line, words, text: joinWords(words, line.aspect) };
  });
  return out.filter((l) => l.words.length);
}

/** The words of a line covering text[from, to). */
function wordsIn(line: Line, from: number, to: number): Line['words'] {
  const out: Line['words'] = [];
  let pos = 0;
  for (const w of line.words) {
    const at = line.text.indexOf(w.text.trim(), pos);
    if (at < 0) continue;
    const end = at + w.text.trim().length;
    if (end > from && at < to) out.push(w);
    pos = end;
  }
  return out;
}

/** Every date printed on the page as an issue-date candidate, one per line and value, with features. */
export function dateCandidates(ctx: Ctx): DateCand[] {
  const { L } = ctx;
  const lines = dateLines(ctx);
  // The labels a repaired date may follow: OCR reads the D of `Date` as B, C or T too.
  const repairLabels = ctx.ocr ? [...L.issueDate, MISREAD_DATE_LABEL] : L.issueDate;
  const out: DateCand[] = [];
  const rivals = new Map<DateCand, string[]>();
  let rank = 0;
  const labelOnly = (l: Line | undefined) =>
    !!l && L.issueDate.some((re) => re.test(l.text)) && !findDates(l.text, ctx).length;
  for (let i = 0; i < lines.length; i++) {
    const readings = lineReadings(ctx, lines[i]!);
    const tiers = readings.map((r) => issueLabelTier(ctx, r.text));
    const found: DateCand[] = [];
    const datesOf = readings.map((line) => readingDates(ctx, line.text, repairLabels));
    readings.forEach((line, r) => {
      const dates = datesOf[r]!;
      for (const d of dates) {
        if (found.some((c) => c.iso === d.iso)) continue;
        const f: Features = {};
        const before = line.text.slice(0, d.index);
        const box = boxOf(line, d.index, d.raw.length);
        // The label nearest before the date on its line names it: "Fecha: 01/02 Vencimiento: 01/03".
        const issueBefore = withoutDueLabels(ctx, before);
        const dueAt = lastMatch(L.dueDate, before);
        const label0 = L.issueDate[0]!.exec(issueBefore);
        const label1 = L.issueDate[1]!.exec(issueBefore);
        const issueAt = Math.max(label0?.index ?? -1, label1?.index ?? -1);
        const above = columnLabel(ctx, lines, i, r > 0 ? null : box);
        if (dueAt > issueAt || (issueAt < 0 && above === 'due')) f.dueLabel = 1;
        else if (label0) f.label0 = 1;
        else if (label1) f.label1 = 1;
        else if (tiers[r] == null && tiers.some((t) => t != null))
          f[tiers.find((t) => t != null) === 0 ? 'label0' : 'label1'] = 1;
        else if (above === 'issue' || labelOnly(lines[i - 1]) || labelOnly(lines[i - 2])) f.labelAbove = 1;
        if (!label0 && !f.dueLabel && issueAt < 0 && L.dueDate.some((re) => re.test(line.text)))
          f.dueLabel = 1;
        const rest =
          line.text.slice(0, d.index) + ' '.repeat(d.raw.length) + line.text.slice(d.index + d.raw.length);
        // A time run into the date's year, its own digits glued on too (`09/03/201821:200001`), is a time.
        const after = line.text.slice(d.index + d.raw.length);
        if (TIME.test(rest) || /^\s?\d{1,2}:\d{2}/.test(after)) f.withTime = 1;
        if (/\d{4}|\p{L}{3}/u.test(d.raw.replace(/^\d{4}(?=[./-])/, '')) || /^\d{4}[./-]/.test(d.raw))
          f.fullYear = 1;
        if (/[\p{L}]$/u.test(before)) f.glued = 1;
        if (d.compact) f.compact = 1;
        if (d.repaired) f.repaired = 1;
        if (d.iso < '2000-01-01') f.old = 1;
        f.firstRank = Math.max(0, 2 - rank * 0.5);
        if (r > 0) f.altReading = 1;
        else {
          const words = line.words.filter((w) => w.x + w.w > box.x - 1e-4 && w.x < box.x + box.w + 1e-4);
          if (ctx.ocr && words.length && words.every(bothEnginesRead)) f.enginesAgree = 1;
        }
        const cand = { iso: d.iso, line: i, box: r > 0 ? lineBox(lines[i]!) : box, score: 0, features: f };
        rivals.set(cand, rivalDates(datesOf, r, d.iso));
        found.push(cand);
      }
    });
    if (found.length) rank++;
    out.push(...found);
  }
  // The same date printed on another line too (a receipt's header and its payment slip).
  for (const c of out) if (out.some((o) => o.iso === c.iso && o.line !== c.line)) c.features.repeated = 1;
  for (const c of out) if (outvoted(c, rivals.get(c) ?? [], out)) c.features.outvoted = 1;
  return out;
}

type ReadDate = { iso: string; index: number; raw: string; compact?: boolean; repaired?: boolean };

/** The dates in one reading of a line: those `findDates` reads, else a compact or a spaced labelled date. */
function readingDates(ctx: Ctx, text: string, repairLabels: RegExp[]): ReadDate[] {
  const dates: ReadDate[] = findDates(text, ctx);
  const compact = compactDate(text, repairLabels);
  if (compact && !dates.length)
    dates.push({ iso: compact.iso, index: text.indexOf(compact.raw), raw: compact.raw, compact: true });
  const spaced = dates.length ? null : spacedLabelledDate(text, repairLabels, ctx.monthFirst);
  if (spaced)
    dates.push({ iso: spaced.iso, index: text.indexOf(spaced.raw), raw: spaced.raw, repaired: true });
  return dates;
}

/**
 * The dates another OCR engine read on this line where this one is not among them (`21/03/2016` against
 * `21/03/2018`): the engines disagree, and one of the two readings is wrong. A date both read (a due date
 * beside it) is no rival.
 */
function rivalDates(datesOf: ReadDate[][], r: number, iso: string): string[] {
  const others = datesOf.filter((_, k) => k !== r);
  if (others.some((dates) => dates.some((d) => d.iso === iso))) return [];
  const own = new Set(datesOf[r]!.map((d) => d.iso));
  return others.flatMap((dates) => dates.map((d) => d.iso)).filter((other) => !own.has(other));
}

/**
 * The engines disagree on a date and the page sides with the other one: a rival reading of its line is
 * printed on another line too (a receipt's date in its header and its footer), and this one is not. That
 * line's own reading must hold it: an engine that misread the date may set the same misreading on the
 * label line above it too (one box over both), which is no second print.
 */
function outvoted(c: DateCand, rivals: string[], all: DateCand[]): boolean {
  if (c.features.repeated) return false;
  return rivals.some((iso) => all.some((o) => o.iso === iso && o.line !== c.line && !o.features.altReading));
}

/**
 * The tier of the issue-date label a line's reading holds (0 or 1), null with none or with a due label:
 * another engine may have read the label a date's own reading garbled (`Data & time` for `Date & time`).
 */
function issueLabelTier(ctx: Ctx, text: string): 0 | 1 | null {
  if (ctx.L.dueDate.some((re) => re.test(text))) return null;
  if (ctx.L.issueDate[0]!.test(text)) return 0;
  return ctx.L.issueDate[1]!.test(text) ? 1 : null;
}

/** Where the last of these labels starts in the text, or -1. */
function lastMatch(labels: RegExp[], text: string): number {
  let at = -1;
  for (const re of labels)
    for (const m of text.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`)))
      at = Math.max(at, m.index ?? -1);
  return at;
}

/**
 * The label printed over a date's column in a header row ("Fecha de emisión   Fecha de vencimiento" above
 * the two dates): 'due' or 'issue' from the first of the two lines above with words over the date's box.
 */
function columnLabel(ctx: Ctx, lines: Line[], i: number, box: Box | null): 'due' | 'issue' | null {
  if (!box) return null;
  for (const l of [lines[i - 1], lines[i - 2]]) {
    if (!l || l.page !== box.page) return null;
    const words = l.words.filter((w) => w.x < box.x + box.w && w.x + w.w > box.x);
    if (!words.length) continue;
    const text = words.map((w) => w.text).join(' ');
    if (findDates(text, ctx).length) return null;
    if (ctx.L.dueDate.some((re) => re.test(text))) return 'due';
    if (ctx.L.issueDate.some((re) => re.test(withoutDueLabels(ctx, text)))) return 'issue';
    return null;
  }
  return null;
}

export function findDateFields(pageCtx: Ctx, fields: FieldMap, baseConf: number): void {
  // A text layer's slashed dates that can only be month first make the ambiguous ones month first too.
  const text = pageCtx.lines.map((l) => l.text).join('\n');
  const monthFirst = pageCtx.monthFirst || (!pageCtx.ocr && slashesMonthFirst(text));
  const docCtx: Ctx = { ...pageCtx, monthFirst };
  const dueCtx: Ctx = { ...docCtx, lines: dateLines(docCtx) };
  const { L, source } = dueCtx;
  const due = findLabeled(dueCtx, L.dueDate, null, undefined, (t) => findDates(t, dueCtx)[0]?.iso ?? null);
  if (due) fields.due_date = { ...due, confidence: baseConf * due.q };
  const ctx: Ctx = { ...dueCtx, lines: withoutOtherDates(dueCtx, dueCtx.lines) };
  const window = issueDateWindow(ctx.today);
  const plausible = (d: { iso: string }) => inWindow(d.iso, window);
  // A text layer keeps the labelled rule: the ranker's date weights are fitted on OCR-read receipts.
  if (!ctx.ocr) {
    const issue = findLabeled(
      ctx,
      L.issueDate,
      null,
      undefined,
      (t) => {
        // "Fecha: 27/10/2025 · Vencimiento: 27/10/2025": the date before the due label is the issue date,
        // even when both are the same day.
        const head = beforeDueLabel(ctx, t);
        if (head !== t) return textLayerDates(ctx, head).filter(plausible)[0]?.iso ?? null;
        // The due date's value elsewhere on the line is not the issue date; the same day alone may be both.
        const dates = textLayerDates(ctx, t).filter(plausible);
        return (dates.find((d) => d.iso !== due?.value) ?? dates[0])?.iso ?? null;
      },
      (line) =>
        !L.dueDate.some((re) => re.test(line.text)) ||
        /fecha\s*(?:de\s*)?factura|invoice\s*date/i.test(line.text) ||
        L.issueDate.some((re) => re.test(withoutDueLabels(ctx, line.text))),
    );
    if (issue) {
      fields.issue_date = { ...issue, confidence: baseConf * issue.q };
      return;
    }
    // Then the first plausible date, before any due label on its line.
    for (const line of ctx.lines) {
      const head = beforeDueLabel(ctx, line.text);
      const d = textLayerDates(ctx, head).find((x) => x.iso >= '2000-01-01' && plausible(x));
      if (d) {
        fields.issue_date = {
          value: d.iso,
          confidence: baseConf * 0.7,
          source,
          verified: false,
          box: boxOf(line, d.index, d.raw.length),
        };
        return;
      }
    }
  }
  let cands = dateCandidates(ctx).filter(plausible);
  if (!cands.length) cands = dateCandidates(dueCtx).filter(plausible);
  for (const c of cands) c.score = scoreFeatures('issue_date', c.features);
  cands.sort((a, b) => b.score - a.score || a.line - b.line);
  const best = cands[0];
  if (!best) return;
  const byValue = new Map<string, number>();
  for (const c of cands) if (!byValue.has(c.iso)) byValue.set(c.iso, c.score);
  const p = topProbability([...byValue.values()]) / (1 + Math.exp(-best.score));
  fields.issue_date = {
    value: best.iso,
    confidence: Math.min(baseConf, 0.35 + 0.5 * p),
    source,
    verified: false,
    box: best.box,
  };
}

/**
 * A text layer that spaces a date's digits apart ("25/1 0/2025", "1 7/09/2025": the glyphs are placed one
 * by one): one space inside a day, a month or a year, between its separators.
 */
const SPACED_DIGITS_DATE = /(?<!\d ?)\d(?: ?\d)?([./-])\d(?: ?\d)?\1\d(?: ?\d){1,3}(?!\d)/g;

/** The dates of a text-layer line, read again with its date's digits closed up when it reads none. */
export function textLayerDates(ctx: Ctx, text: string): ReturnType<typeof findDates> {
  const dates = findDates(text, ctx);
  if (dates.length || !/\d \d/.test(text)) return dates;
  const closed = text.replace(SPACED_DIGITS_DATE, (m) => m.replace(/ /g, ''));
  return closed === text ? dates : findDates(closed, ctx).map((d) => ({ ...d, repaired: true }));
}

/** The text before the first due-date label ("Vencimiento", "Due date"), or all of it. */
function beforeDueLabel(ctx: Ctx, text: string): string {
  let cut = text.length;
  for (const re of ctx.L.dueDate) {
    const m = new RegExp(re.source, re.flags.replace('g', '')).exec(text);
    if (m && m.index < cut) cut = m.index;
  }
  return text.slice(0, cut);
}

/** The text with its due-date labels blanked ("Fecha de vencimiento" holds the word "Fecha"). */
function withoutDueLabels(ctx: Ctx, text: string): string {
  let out = text;
  for (const re of ctx.L.dueDate)
    out = out.replace(new RegExp(re.source, `${re.flags.replace('g', '')}g`), ' ');
  return out;
}

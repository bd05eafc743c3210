import type { Labels } from '../labels/index.ts';
import { findDates } from '../text/dates.ts';
import { joinWords, type Line, lineAsReadBy, type PageText, type Word } from '../text/layout.ts';
import type { Box, KnownParty, Source } from '../types.ts';
import type { Region } from './region.ts';

/** What every field family reads: the lines in reading order and what the document is. */
export type Ctx = {
  lines: Line[];
  pages: PageText[];
  source: Source;
  monthFirst: boolean;
  ocr: boolean;
  /** Median word height on the page (fraction), to tell big print from OCR boxes swollen by skew. */
  medH: number;
  /** Label expressions for the document's languages and region. */
  L: Labels;
  region: Region;
  /** The party the caller knows (the accountant's client), to find on the page. */
  party?: KnownParty | null;
  /** The reference date for plausibility (ISO), when the caller gave one; else the clock's. */
  today?: string;
};

/**
 * Both OCR engines read this word as its text: a Tesseract and a PP-OCR reading (the word's own, when its
 * engine is one of them, and its alternatives) both equal to the chosen text. A text-layer word is exact.
 */
export function bothEnginesRead(w: Word): boolean {
  const readings = [
    ...(w.engine === 'tesseract' || w.engine === 'ppocr' ? [{ engine: w.engine, text: w.text }] : []),
    ...(w.alternatives ?? []),
  ];
  const same = (engine: string) =>
    readings.some((r) => r.engine === engine && r.text.trim() === w.text.trim());
  return same('tesseract') && same('ppocr');
}

export const wordHeight = (l: Line) =>
  [...l.words].sort((a, b) => a.h - b.h)[Math.floor(l.words.length / 2)]?.h ?? l.h;

export const LEGAL_FOOTER =
  /si[èe]ge\s*social|capital\b|\brcs\b|siret|siren|registergericht|\bhrb\b|handelsregister|\bkvk\b|registro\s*mercantil|vorstand|gesch[äa]ftsf[üu]hrer|ust-?id|steuer-?nr|company\s*(?:no|number|reg)|registered\s*(?:office|in)/i;

/** Dates inside an amount cell ("iDEAL op 21 april 2015 € 717,97") must not be read as amounts. */
export function blankDates(text: string): string {
  let out = text;
  for (const d of findDates(text)) out = out.replace(d.raw, ' '.repeat(d.raw.length));
  return out;
}

/**
 * OCR spellings of amounts: `12. 30`, `42 00` (the point lost), `RM 14-10`, `14-10 €` (the point read as
 * a dash, beside a currency, where no date can be); in a ringgit region also `RM15. 40`, `RM3.90` (the
 * currency glued to the number, or misread as `RN`, `HM`, or its M lost: `R29.30`).
 */
export function repairOcrAmounts(text: string, ringgit = true): string {
  let t = ringgit
    ? text
        .replace(/\b(?:R[MNHIX]{1,2}|[HK][MH])(?=\s*-?\d)/g, 'RM ')
        .replace(/\bR(?=\d{1,4}[.,]\d{2}(?![\d.,]))/g, 'RM ')
    : text;
  t = t
    .replace(/((?:\bRM|\bEUR|[€$£])\s*)(\d{1,4})-(\d{2})(?![\d\-/.,])/g, '$1$2.$3')
    .replace(/(?<![\d\-/.,])(\d{1,4})-(\d{2})(?=\s*(?:€|\bEUR\b))/g, '$1.$2');
  t = t.replace(/(\d)\s?([.,])\s(\d{2})(?!\d)/g, '$1$2$3');
  if (!/\d[.,]\d{2}(?!\d)/.test(t))
    t = t.replace(/(?<![\d.,])(\d{1,4}) (\d{2})\s*([A-Z*]{0,2})\s*$/, '$1.$2 $3');
  return t.trimEnd();
}

/** OCR repairs for an amount line of this document. */
export const ocrAmounts = (ctx: Ctx, text: string): string =>
  ctx.ocr ? repairOcrAmounts(text, ctx.region.my) : text;

export function splitCells(line: Line): { text: string; x: number; w: number }[] {
  const cells: { text: string; x: number; w: number }[] = [];
  let cur: (typeof line.words)[number][] = [];
  const flush = () => {
    if (cur.length) {
      const x = cur[0]!.x;
      const last = cur[cur.length - 1]!;
      cells.push({ text: cur.map((w) => w.text).join(' '), x, w: last.x + last.w - x });
    }
    cur = [];
  };
  for (const w of line.words) {
    const prev = cur[cur.length - 1];
    if (prev && (w.x - (prev.x + prev.w)) * line.aspect > Math.max(prev.h, w.h) * 1.2) flush();
    cur.push(w);
  }
  flush();
  return cells;
}

export function lineBox(line: Line): Box {
  return { page: line.page, x: round(line.x), y: round(line.y), w: round(line.w), h: round(line.h) };
}

export function linesBox(lines: Line[]): Box {
  return wordsBox(lines.flatMap((l) => l.words));
}

export function wordsBox(words: Line['words']): Box {
  const x = Math.min(...words.map((w) => w.x));
  const y = Math.min(...words.map((w) => w.y));
  const r = Math.max(...words.map((w) => w.x + w.w));
  const b = Math.max(...words.map((w) => w.y + w.h));
  return { page: words[0]!.page, x: round(x), y: round(y), w: round(r - x), h: round(b - y) };
}

/** Box of the words covering text[start, start+len) of a line. */
export function boxOf(line: Line, start: number, len: number): Box {
  let pos = 0;
  const hit: Line['words'] = [];
  const text = line.text;
  for (const w of line.words) {
    const at = text.indexOf(w.text.trim(), pos);
    if (at < 0) continue;
    const end = at + w.text.trim().length;
    if (end > start && at < start + len) hit.push(w);
    pos = end;
  }
  return hit.length ? wordsBox(hit) : lineBox(line);
}

function round(n: number): number {
  return Math.round(n * 10000) / 10000;
}

export type Found<T> = { value: T; q: number; source: Source; verified: false; box: Box };

/**
 * Finds a value for a label: right of the label on the same line (q=1), or on the next lines below
 * the label, overlapping it horizontally (q=0.85). `pattern` (first capture) or `parse` reads the value.
 */
export function findLabeled(
  ctx: Ctx,
  labels: RegExp[],
  pattern: RegExp | null,
  accept?: (v: string) => boolean,
  parse?: (text: string) => string | null,
  lineFilter?: (line: Line) => boolean,
): Found<string> | null {
  const read = (text: string): { value: string; index: number; length: number } | null => {
    if (parse) {
      const v = parse(text);
      return v ? { value: v, index: 0, length: text.length } : null;
    }
    const re = new RegExp(
      pattern!.source,
      pattern!.flags.includes('g') ? pattern!.flags : `${pattern!.flags}g`,
    );
    for (const m of text.matchAll(re)) {
      const v = (m[1] ?? m[0]).trim();
      if (!accept || accept(v)) return { value: v, index: m.index ?? 0, length: m[0].length };
    }
    return null;
  };
  for (let li = 0; li < labels.length; li++) {
    const label = labels[li]!;
    const priority = 1 - li * 0.1;
    for (let i = 0; i < ctx.lines.length; i++) {
      const line = ctx.lines[i]!;
      if (lineFilter && !lineFilter(line)) continue;
      const m = label.exec(line.text);
      if (!m) continue;
      const after = line.text.slice((m.index ?? 0) + m[0].length);
      // Same line: the value follows the label (possibly after other labels in a header row).
      const cell = after.split(/ {3}/).find((c) => c.trim()) ?? '';
      const sameCell = read(cell.replace(/^\s*[:#.]\s*/, ''));
      if (sameCell) {
        const offset = line.text.indexOf(cell, (m.index ?? 0) + m[0].length);
        return {
          value: sameCell.value,
          q: priority,
          source: ctx.source,
          verified: false,
          box: boxOf(line, offset, cell.length),
        };
      }
      const rest = read(after.replace(/^\s*[:#.]\s*/, ''));
      if (rest && after.trim().length < 40) {
        return {
          value: rest.value,
          q: priority * 0.9,
          source: ctx.source,
          verified: false,
          box: boxOf(line, (m.index ?? 0) + m[0].length, after.length),
        };
      }
      // Below: value cell under the label.
      const labelBox = boxOf(line, m.index ?? 0, m[0].length);
      for (let j = i + 1; j < Math.min(ctx.lines.length, i + 4); j++) {
        const below = ctx.lines[j]!;
        if (below.page !== line.page || below.y - (line.y + line.h) > line.h * 3) break;
        const under = (x: number, w: number) =>
          x < labelBox.x + labelBox.w + 0.08 && x + w > labelBox.x - 0.03;
        // Whole cells that begin under the label ("June 21, 2024" under "Date of issue:"), and the words
        // of wider cells that reach under it.
        const cells = splitCells(below).filter((c) => under(c.x, 0));
        const words = below.words.filter(
          (w) => under(w.x, w.w) || cells.some((c) => w.x >= c.x - 1e-6 && w.x + w.w <= c.x + c.w + 1e-6),
        );
        if (!words.length) continue;
        const text = words.map((w) => w.text).join(' ');
        const v = read(text);
        if (v) {
          return {
            value: v.value,
            q: priority * 0.85,
            source: ctx.source,
            verified: false,
            box: wordsBox(words),
          };
        }
      }
    }
  }
  return null;
}

/** The line as read (chosen readings) and, on fused OCR, as each engine read it where that differs. */
export function lineReadings(ctx: Ctx, line: Line): Line[] {
  if (!ctx.ocr) return [line];
  const out = [line];
  for (const engine of ['ppocr', 'tesseract'] as const) {
    const alt = lineAsReadBy(line, engine);
    if (alt && !out.some((l) => l.text === alt.text)) out.push(alt);
  }
  return out;
}

/**
 * The continuation of a cell wrapped onto the lines below: the next of the two lines below with words in
 * the cell's column (a line of another column may come between, when the cell is taller than its
 * neighbours), close enough under it, and those words. Null when there is none.
 */
export function wrappedBelow(
  lines: Line[],
  i: number,
  cell: { x: number; w: number },
): { j: number; words: Word[] } | null {
  const line = lines[i]!;
  const inColumn = (l: Line) => l.words.filter((w) => w.x < cell.x + cell.w && w.x + w.w > cell.x - line.h);
  const j = [i + 1, i + 2].find((k) => lines[k] && inColumn(lines[k]!).length);
  const below = j === undefined ? undefined : lines[j];
  if (!below || below.page !== line.page || below.y - (line.y + line.h) > line.h * 1.5) return null;
  return { j: j!, words: inColumn(below) };
}

/** A label's last word that asks for more ("Número de", "Date of"): the label goes on below it. */
const CONNECTOR_END = /\b(?:de|del|of|du|des|der|van|von)$/i;

/**
 * Labels wrapped in a narrow cell ("Número de" over "factura:", "Date of" over "issue:"): a label-only cell
 * and the cell at the head of the same column below it join into one word on the upper line (its box
 * covers both), when together they make a longer label than the upper cell alone and the lower one
 * continues it (begins in lower case, or the upper one ends in a connector such as "de" or "of"). Values
 * printed beside the wrapped label stay where they are.
 */
export function joinWrappedLabels(lines: Line[], labels: RegExp[]): Line[] {
  const out = [...lines];
  const labelEnd = (text: string) => {
    let end = -1;
    for (const re of labels) {
      const m = new RegExp(re.source, re.flags.replace('g', '')).exec(text);
      if (m && !text.slice(0, m.index).trim()) end = Math.max(end, m.index + m[0].trimEnd().length);
    }
    return end;
  };
  for (let i = 0; i < out.length - 1; i++) {
    const line = out[i]!;
    const head = splitCells(line).find(
      (c) => /^\p{L}[\p{L}.º°]*(?: \p{L}[\p{L}.º°]*){0,2}$/u.test(c.text) && labelEnd(c.text) < c.text.length,
    );
    if (!head) continue;
    const headWords = line.words.filter((w) => w.x >= head.x - 1e-6 && w.x + w.w <= head.x + head.w + 1e-6);
    // The head of the column below: skip lines with nothing under the cell (a value centred beside it).
    for (let j = i + 1; j < Math.min(out.length, i + 3); j++) {
      const below = out[j]!;
      if (below.page !== line.page || below.y - (line.y + line.h) > line.h * 2) break;
      const under = below.words.filter((w) => w.x < head.x + head.w && w.x + w.w > head.x);
      if (!under.length) continue;
      const tail = splitCells(below)[0]!;
      if (Math.abs(tail.x - head.x) > line.h || tail.text.split(' ').length > 3) break;
      if (!/^\p{Ll}/u.test(tail.text) && !CONNECTOR_END.test(head.text)) break;
      if (/\d/.test(tail.text) || labelEnd(`${head.text} ${tail.text}`) <= head.text.length + 1) break;
      const tailWords = below.words.filter(
        (w) => w.x >= tail.x - 1e-6 && w.x + w.w <= tail.x + tail.w + 1e-6,
      );
      const all = [...headWords, ...tailWords];
      const joined: Word = {
        ...headWords[0]!,
        text: `${head.text} ${tail.text}`,
        w: Math.max(...all.map((w) => w.x + w.w)) - head.x,
        h: Math.max(...all.map((w) => w.y + w.h)) - line.y,
        alternatives: undefined,
      };
      const words = [joined, ...line.words.filter((w) => !headWords.includes(w))].sort((a, b) => a.x - b.x);
      out[i] = { ...line, words, text: joinWords(words, line.aspect) };
      const rest = below.words.filter((w) => !tailWords.includes(w));
      if (rest.length) out[j] = { ...below, words: rest, text: joinWords(rest, below.aspect) };
      else out.splice(j, 1);
      break;
    }
  }
  return out;
}

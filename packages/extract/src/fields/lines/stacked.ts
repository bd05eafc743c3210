/** A narrow column's digits, one per row, that OCR read as one word several rows tall. */

import { joinWords, type Line, type Word, type WordReading } from '../../text/layout.ts';
import { NOISE } from './header.ts';

/** How much taller than the print a word must be to span rows, and how narrow against its height. */
const TALL = 1.6;
const NARROW = 0.6;

const centre = (w: Word) => w.y + w.h / 2;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** A line rebuilt around `words` (its box and text from them), or null when none is left. */
function withWords(line: Line, words: Word[]): Line | null {
  const solid = words.filter((w) => !NOISE.test(w.text.trim()));
  if (!solid.length) return null;
  const sorted = [...words].sort((a, b) => a.x - b.x);
  const x = Math.min(...sorted.map((w) => w.x));
  const y = Math.min(...sorted.map((w) => w.y));
  const right = Math.max(...sorted.map((w) => w.x + w.w));
  const bottom = Math.max(...sorted.map((w) => w.y + w.h));
  return { ...line, words: sorted, x, y, w: right - x, h: bottom - y, text: joinWords(sorted, line.aspect) };
}

/**
 * The lines whose words (other than `w`) lie level with one of `w`'s digits: each line's print beside it,
 * its centre within `w`'s height, none of its words under `w`. Null unless there is one line per digit.
 */
function rowsBeside(lines: Line[], w: Word): number[] | null {
  const rows: number[] = [];
  lines.forEach((l, k) => {
    const others = l.words.filter((v) => v !== w && !NOISE.test(v.text.trim()));
    if (l.page !== w.page || !others.length) return;
    const mid = median(others.map(centre));
    if (mid < w.y || mid > w.y + w.h) return;
    rows.push(k);
  });
  if (rows.length < 2 || rows.length !== w.text.trim().length) return null;
  const level = rows.flatMap((k) => lines[k]!.words.filter((v) => v !== w));
  if (level.some((v) => v.x < w.x + w.w && w.x < v.x + v.w)) return null;
  const printH = median(level.map((v) => v.h));
  return w.h >= printH * TALL ? rows : null;
}

/**
 * Single digits printed one under another in a column of their own (the quantities of two rows, "2"
 * over "3"), that one OCR engine read as one word as tall as those rows and one digit wide ("32"): the
 * recogniser reads a tall crop across, so the digits' order is its guess. Each row gets one digit, the
 * last one read for the top row (as the engine reads them), the other order as a second reading, so
 * quantity × price = amount can choose; the tall word leaves its line.
 */
export function unstackDigits(lines: Line[]): Line[] {
  for (const line of lines) {
    for (const w of line.words) {
      const text = w.text.trim();
      if (!/^\d{2,3}$/.test(text) || w.w * line.aspect > w.h * NARROW) continue;
      const rows = rowsBeside(lines, w);
      if (!rows) continue;
      const next: (Line | null)[] = [...lines];
      const own = lines.indexOf(line);
      if (!rows.includes(own))
        next[own] = withWords(
          line,
          line.words.filter((v) => v !== w),
        );
      const engine: WordReading['engine'] = w.engine === 'tesseract' ? 'tesseract' : 'ppocr';
      [...rows]
        .sort((a, b) => lines[a]!.y - lines[b]!.y)
        .forEach((k, i) => {
          const print = lines[k]!.words.filter((v) => v !== w);
          const h = median(print.map((v) => v.h));
          const digit = text[text.length - 1 - i]!;
          const other = text[i]!;
          const alternatives = [
            { text: digit, conf: w.conf, engine },
            ...(other !== digit ? [{ text: other, conf: w.conf / 2, engine }] : []),
          ];
          const piece: Word = { ...w, text: digit, y: median(print.map(centre)) - h / 2, h, alternatives };
          next[k] = withWords(lines[k]!, [...print, piece]);
        });
      return unstackDigits(next.filter((l): l is Line => l != null));
    }
  }
  return lines;
}

/** How much taller than its line's print a speck must be to be dropped. */
const SPECK_TALL = 3;

/**
 * A speck OCR read as a mark or a letter as tall as several rows (a table rule: "E", h five rows), one
 * engine alone and unsure: it pulls a lower row's words up into its line, out of order. Dropped, and the
 * line it leaves goes back to its place among the lines by height.
 */
export function dropTallSpecks(lines: Line[]): Line[] {
  let out = lines;
  for (const line of lines) {
    const print = median(line.words.map((w) => w.h));
    const tall = line.words.filter(
      (w) =>
        w.h > print * SPECK_TALL &&
        w.conf < 0.5 &&
        !/\d/.test(w.text) &&
        new Set((w.alternatives ?? []).map((a) => a.engine)).size <= 1,
    );
    if (!tall.length) continue;
    const rest = withWords(
      line,
      line.words.filter((w) => !tall.includes(w)),
    );
    out = out.filter((l) => l !== line);
    if (!rest) continue;
    const at = out.findIndex((l) => l.page > rest.page || (l.page === rest.page && l.y > rest.y));
    out.splice(at < 0 ? out.length : at, 0, rest);
  }
  return out;
}

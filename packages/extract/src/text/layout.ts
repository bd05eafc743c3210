/** Words and lines with page positions, shared by the PDF text layer and OCR. Coordinates are 0–1 fractions. */
export type Word = {
  text: string;
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
  conf: number;
  /** Who read it: the PDF text layer, one OCR engine, or both OCR engines fused (absent: text layer). */
  engine?: OcrSource;
  /** Other readings of the same box (fused OCR), best first; `text` is the chosen one. */
  alternatives?: WordReading[];
};
export type OcrSource = 'text' | 'tesseract' | 'ppocr' | 'fused';
export type WordReading = { text: string; conf: number; engine: 'tesseract' | 'ppocr' };
export type Line = {
  text: string;
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
  conf: number;
  words: Word[];
  /** Page width / height, to compare horizontal gaps (x fractions) with heights (y fractions). */
  aspect: number;
};
export type PageText = { page: number; width: number; height: number; lines: Line[]; source: 'text' | 'ocr' };

/**
 * Groups words into lines by vertical overlap and orders them top to bottom, left to right.
 * Horizontal gaps wider than ~1.2 line heights become three spaces, so column cells stay apart.
 */
export function wordsToLines(words: Word[], page: number, aspect: number): Line[] {
  const sorted = words.filter((w) => w.text.trim()).sort((a, b) => a.y + a.h / 2 - (b.y + b.h / 2));
  const rows: Word[][] = [];
  for (const w of sorted) {
    const mid = w.y + w.h / 2;
    const row = rows.find((r) => {
      const ref = r[0]!;
      const refMid = r.reduce((s, x) => s + x.y + x.h / 2, 0) / r.length;
      return (
        Math.abs(refMid - mid) < Math.max(Math.min(ref.h, w.h) * 0.55, 0.002) ||
        r.every((x) => onBaseline(x, w))
      );
    });
    if (row) row.push(w);
    else rows.push([w]);
  }
  const lines: Line[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    const text = joinWords(row, aspect);
    const x = Math.min(...row.map((w) => w.x));
    const y = Math.min(...row.map((w) => w.y));
    const right = Math.max(...row.map((w) => w.x + w.w));
    const bottom = Math.max(...row.map((w) => w.y + w.h));
    const conf = row.reduce((s, w) => s + w.conf, 0) / row.length;
    lines.push({
      text,
      page,
      x,
      y,
      w: right - x,
      h: bottom - y,
      conf,
      words: row,
      aspect,
    });
  }
  return lines.sort((a, b) => a.y - b.y || a.x - b.x);
}

/**
 * An amount in double-height print beside words in the line's own print (a receipt's "NET TOTAL   7.40",
 * the amount twice as tall): their middles lie apart, but the tall amount spans the short word's middle,
 * both stand on one baseline, and neither overlaps the other across the page.
 */
function onBaseline(a: Word, b: Word): boolean {
  const [tall, short] = a.h >= b.h ? [a, b] : [b, a];
  if (tall.h < short.h * 1.6 || tall.h > short.h * 2.6) return false;
  if (!/^[^\d\s]{0,3}\d[\d.,]*[.,]\d{2}$/.test(tall.text.trim())) return false;
  if (tall.x < short.x + short.w && short.x < tall.x + tall.w) return false;
  const mid = short.y + short.h / 2;
  return tall.y < mid && Math.abs(tall.y + tall.h - (short.y + short.h)) < short.h * 0.25;
}

/**
 * A value wrapped in a narrow cell: `tail`, a word of a line below, joins `last`, a word of
 * `out[i]`, with `sep` between them; the joined word's box covers both, and the word leaves the line below
 * (`out[j]`, by default the next; it goes when it is left empty). Changes `out` in place.
 */
export function pullWordUp(out: Line[], i: number, last: Word, tail: Word, sep: string, j = i + 1): void {
  const line = out[i]!;
  const below = out[j]!;
  const joined: Word = {
    ...last,
    text: `${last.text.trim()}${sep}${tail.text.trim()}`,
    w: Math.max(last.x + last.w, tail.x + tail.w) - last.x,
    h: Math.max(last.y + last.h, tail.y + tail.h) - last.y,
    alternatives: undefined,
  };
  const words = line.words.map((w) => (w === last ? joined : w));
  out[i] = { ...line, words, text: joinWords(words, line.aspect) };
  const rest = below.words.filter((w) => w !== tail);
  if (rest.length) out[j] = { ...below, words: rest, text: joinWords(rest, below.aspect) };
  else out.splice(j, 1);
}

/** A row's words (left to right) as one text: column gaps (wider than ~1.2 word heights) as three spaces. */
export function joinWords(row: Word[], aspect: number): string {
  if (!row.length) return '';
  const hMed = [...row].sort((a, b) => a.h - b.h)[Math.floor(row.length / 2)]!.h;
  let text = '';
  let prev: Word | null = null;
  for (const w of row) {
    if (prev) {
      const gap = (w.x - (prev.x + prev.w)) * aspect;
      text += gap > hMed * 1.2 ? '   ' : gap > hMed * 0.12 || !/\s$/.test(text) ? ' ' : '';
    }
    text += w.text.trim();
    prev = w;
  }
  return text.replace(/ {4,}/g, '   ');
}

/**
 * The line as one OCR engine read it (fused OCR keeps every engine's reading of a word): each word's
 * reading by `engine`, the chosen text where that engine read nothing there. Null when it reads the same
 * as the line, or the line has no second reading (text layer, one engine).
 */
export function lineAsReadBy(line: Line, engine: WordReading['engine']): Line | null {
  let differs = false;
  const words: Word[] = [];
  let prevAlt: string | null = null;
  for (const w of line.words) {
    const alt = w.alternatives?.find((a) => a.engine === engine);
    if (!alt?.text.trim()) {
      words.push(w);
      prevAlt = null;
      continue;
    }
    // Words of unequal clusters each carry the other engine's whole overlapping reading: keep it once.
    if (alt.text === prevAlt && alt.text.length > w.text.length * 1.5) continue;
    prevAlt = alt.text;
    if (alt.text !== w.text) differs = true;
    words.push({ ...w, text: alt.text, conf: alt.conf, engine, alternatives: undefined });
  }
  if (!differs) return null;
  return { ...line, text: joinWords(words, line.aspect), words };
}

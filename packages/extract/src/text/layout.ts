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
      return Math.abs(refMid - mid) < Math.max(Math.min(ref.h, w.h) * 0.55, 0.002);
    });
    if (row) row.push(w);
    else rows.push([w]);
  }
  const lines: Line[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
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
    const x = Math.min(...row.map((w) => w.x));
    const y = Math.min(...row.map((w) => w.y));
    const right = Math.max(...row.map((w) => w.x + w.w));
    const bottom = Math.max(...row.map((w) => w.y + w.h));
    const conf = row.reduce((s, w) => s + w.conf, 0) / row.length;
    lines.push({
      text: text.replace(/ {4,}/g, '   '),
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

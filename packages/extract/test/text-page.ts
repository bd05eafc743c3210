import { checkBreakdown, reconcileAmounts } from '../src/checks/consistency.ts';
import { extractFromText } from '../src/fields/index.ts';
import type { Line, PageText, Word } from '../src/text/layout.ts';

/**
 * A page from text rows, as OCR would give it: one row per line, words placed by character column
 * (a monospaced receipt printer), 3+ spaces kept as a column gap. A row may start with `@0.95 ` to place
 * it at that height (footers); rows are 0.02 apart otherwise.
 */
export function page(rows: string[], source: 'ocr' | 'text' = 'ocr'): PageText {
  const charW = 0.02;
  const lines: Line[] = rows.map((raw, r) => {
    const at = /^@(\d?\.\d+) /.exec(raw);
    const row = at ? raw.slice(at[0].length) : raw;
    const y = at ? Number(at[1]) : 0.05 + r * 0.02;
    const words: Word[] = [];
    for (const m of row.matchAll(/\S+/g)) {
      words.push({
        text: m[0],
        page: 1,
        x: 0.05 + (m.index ?? 0) * charW,
        y,
        w: m[0].length * charW,
        h: 0.015,
        conf: 0.9,
      });
    }
    const x = words[0]?.x ?? 0;
    const last = words[words.length - 1];
    return {
      text: row.trim(),
      page: 1,
      x,
      y,
      w: last ? last.x + last.w - x : 0,
      h: 0.015,
      conf: 0.9,
      words,
      aspect: 0.5,
    };
  });
  return { page: 1, width: 1000, height: 2000, lines, source };
}

/** The page narrowed to `factor` of its width (rows wider than the page fit in it). */
export function narrowed(p: PageText, factor: number): PageText {
  for (const l of p.lines) {
    for (const w of l.words) {
      w.x *= factor;
      w.w *= factor;
    }
    l.x *= factor;
    l.w *= factor;
  }
  return p;
}

/** Reads a digital invoice (or a scan's text, `ocr`) from rows and runs the amount checks the pipeline runs. */
export function readAmounts(rows: string[], source: 'text' | 'ocr' = 'text') {
  const r = extractFromText([page(rows, source)], source);
  const warnings: string[] = [];
  reconcileAmounts(r.fields, r.amountCandidates, (w) => warnings.push(w.code), { text: r.fullText });
  checkBreakdown(r.fields, (w) => warnings.push(w.code));
  return { fields: r.fields, warnings };
}

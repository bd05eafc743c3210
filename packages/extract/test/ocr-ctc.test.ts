import { describe, expect, it } from 'vitest';
import { type DecodedChar, type Posterior, repairDates } from '../src/ocr/ctc.ts';
import { withShapedDates } from '../src/ocr/index.ts';

/** Class 0 is CTC's blank; the others write these characters. */
const ALPHABET = ['', ...'0123456789/.-:TOAL '];
const classOf = new Map(ALPHABET.map((ch, i) => [ch, [i]]));

/**
 * A recogniser's output for a line: each step a distribution over the alphabet, written as the likely
 * characters and their probabilities ('' = blank); the rest of the mass is spread over the others.
 */
function posterior(steps: Record<string, number>[]): Posterior & { steps: number } {
  const classes = ALPHABET.length;
  const p = new Float32Array(steps.length * classes);
  const best = new Float32Array(steps.length);
  steps.forEach((step, t) => {
    const named = Object.values(step).reduce((a, b) => a + b, 0);
    const rest = (1 - named) / (classes - Object.keys(step).length);
    for (let c = 0; c < classes; c++) p[t * classes + c] = step[ALPHABET[c]!] ?? rest;
    best[t] = Math.max(...p.subarray(t * classes, (t + 1) * classes));
  });
  return { p, offset: 0, classes, best, steps: steps.length };
}

/** Steps that print `text`, one sure character a step with a blank between, and `odd` put in at `at`. */
function printed(text: string, odd: { at: number; probs: Record<string, number> } | null = null) {
  const steps: Record<string, number>[] = [];
  [...text].forEach((ch, i) => {
    steps.push(odd?.at === i ? odd.probs : { [ch]: 0.97 });
    steps.push({ '': 0.97 });
  });
  return steps;
}

/** Greedy decoding of a posterior: each step's likeliest class, repeats and blanks collapsed. */
function greedy(post: Posterior & { steps: number }): DecodedChar[] {
  const out: DecodedChar[] = [];
  let prev = 0;
  for (let t = 0; t < post.steps; t++) {
    let arg = 0;
    for (let c = 1; c < post.classes; c++)
      if (post.p[t * post.classes + c]! > post.p[t * post.classes + arg]!) arg = c;
    const conf = post.p[t * post.classes + arg]!;
    if (arg && arg === prev) out[out.length - 1]!.t1 = t;
    else if (arg) out.push({ char: ALPHABET[arg]!, t0: t, t1: t, conf });
    prev = arg;
  }
  return out;
}

/** The line as greedy decoding read it, with its repaired dates put in. */
const read = (steps: Record<string, number>[]) => {
  const post = posterior(steps);
  const chars = greedy(post);
  for (const r of repairDates(chars, post, post.steps, classOf).reverse())
    chars.splice(r.from, r.to - r.from, ...r.chars);
  return chars.map((c) => c.char).join('');
};

describe("OCR: a date greedy decoding garbled, read again in the model's own probabilities", () => {
  it('reads the faint month digit the model rated nearly as likely as the dot it chose', () => {
    // 03/02/2018 with the 2 of the month faint: greedy reads `03/0./2018`.
    const steps = printed('TOTAL 03/02/2018', { at: 10, probs: { '.': 0.5, '2': 0.4 } });
    expect(
      greedy(posterior(steps))
        .map((c) => c.char)
        .join(''),
    ).toBe('TOTAL 03/0./2018');
    expect(read(steps)).toBe('TOTAL 03/02/2018');
  });

  it('puts back a separator greedy decoding lost between month and year', () => {
    const steps = printed('25/12/2018', { at: 5, probs: { '': 0.55, '/': 0.4 } });
    expect(read(steps)).toBe('25/12/2018');
  });

  it('leaves the reading alone when the model found the date far less likely than what it read', () => {
    const steps = printed('03/02/2018', { at: 4, probs: { '.': 0.97, '2': 0.005 } });
    expect(read(steps)).toBe('03/0./2018');
  });

  it('never turns an amount, a phone number or a time into a date', () => {
    expect(read(printed('21.20'))).toBe('21.20');
    expect(read(printed('03-77343662'))).toBe('03-77343662');
    expect(read(printed('08:37:00'))).toBe('08:37:00');
  });

  it('never reads an impossible month or day into a date', () => {
    // `03/0./2018` whose only likely fill is 0: month 00 is no date, so it stays as read.
    const steps = printed('03/00/2018', { at: 4, probs: { '.': 0.5, '0': 0.45 } });
    expect(read(steps)).toBe('03/0./2018');
  });
});

describe('OCR: a repaired date meets the other engine', () => {
  const word = (text: string, x: number, shaped?: string) => ({
    text,
    page: 1,
    x,
    y: 0.3,
    w: 0.2,
    h: 0.02,
    conf: 0.5,
    ...(shaped ? { shaped } : {}),
  });

  it('reads the date again where Tesseract read no date at that place', () => {
    const out = withShapedDates([word('03/0./2018', 0.5, '03/02/2018')], [word('(3/0.42018', 0.5)]);
    expect(out.map((w) => w.text)).toEqual(['03/02/2018']);
  });

  it("keeps PP-OCR's own reading where Tesseract read a date there: a second guess never outvotes it", () => {
    const out = withShapedDates([word('0/06/2018', 0.5, '03/06/2018')], [word('09/06/2018,', 0.5)]);
    expect(out.map((w) => w.text)).toEqual(['0/06/2018']);
  });

  it('reads it again where Tesseract read a date elsewhere on the page only', () => {
    const out = withShapedDates([word('03/0./2018', 0.5, '03/02/2018')], [word('01/01/2018', 0.1)]);
    expect(out.map((w) => w.text)).toEqual(['03/02/2018']);
  });
});

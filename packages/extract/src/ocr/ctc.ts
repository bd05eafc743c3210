/**
 * Constrained CTC decoding: the most probable reading of a stretch of a recognised line that has a given
 * shape (a date: digits, a separator, digits, a separator, a year), found in the recogniser's own
 * per-step probabilities. Greedy decoding takes each step's likeliest class; when a date's strokes are
 * faint it may give `03/0./2018` although the model rated `03/02/2018` nearly as likely. That reading,
 * and how much less likely the model found it, is what this module returns.
 */

/**
 * A recogniser's softmax output for one line: from `offset`, a row of `classes` probabilities per step
 * (class 0 = blank); `best` holds each step's highest, the one greedy decoding took.
 */
export type Posterior = { p: Float32Array; offset: number; classes: number; best: Float32Array };
export type DecodedChar = { char: string; t0: number; t1: number; conf: number };

/** How much less likely than the greedy reading a repaired date may be: a tenth as likely, at most. */
const MAX_REPAIR_COST = Math.log(10);

const DIGITS = '0123456789';
const BLANK = '';
const SEPARATORS = '/-.';

/**
 * The shapes of a valid printed date, each a list of character sets: a day (1–9, 01–09, 10–29, 30–31),
 * a month (1–9, 01–09, 10–12), day first or month first, one separator twice, and a year: two digits
 * (00–39, as receipts print this century's) or four (19… or 20…).
 */
const DAYS = [['123456789'], ['0', '123456789'], ['12', DIGITS], ['3', '01']];
const MONTHS = [['123456789'], ['0', '123456789'], ['1', '012']];
const YEARS = [
  ['0123', DIGITS],
  ['1', '9', DIGITS, DIGITS],
  ['2', '0', DIGITS, DIGITS],
];
const DATE_SHAPES: string[][] = [];
for (const day of DAYS)
  for (const month of MONTHS)
    for (const year of YEARS)
      for (const sep of SEPARATORS)
        for (const [a, b] of [
          [day, month],
          [month, day],
        ])
          DATE_SHAPES.push([...a!, sep, ...b!, sep, ...year]);

const LOG_FLOOR = Math.log(1e-12);
const log = (x: number) => (x > 1e-12 ? Math.log(x) : LOG_FLOOR);

/**
 * The likeliest path over `steps` steps whose characters spell `slots` in order, each character one of
 * its slot's set, with blanks anywhere (and a blank needed between two equal characters in a row).
 * `lp` holds each character's log probability per step (the blank's under ''). Null when none fits.
 */
function decodeShape(
  steps: number,
  slots: string[],
  lp: ReadonlyMap<string, Float64Array>,
): { chars: DecodedChar[]; logp: number } | null {
  const n = slots.length;
  if (steps < n) return null;
  // State (j, k, s): slot j holds character k of its set; the last step emitted it (s = 0) or a blank
  // after it (s = 1). Each step keeps every state's best score and the state it came from.
  const K = Math.max(...slots.map((set) => set.length));
  const width = n * K * 2;
  const at = (j: number, k: number, s: number) => (j * K + k) * 2 + s;
  const score = new Float64Array(steps * width).fill(Number.NEGATIVE_INFINITY);
  const back = new Int32Array(steps * width).fill(-1); // -1: leading blanks before it
  const emit = slots.map((set) => [...set].map((ch) => lp.get(ch)!));
  const blankLp = lp.get(BLANK)!;
  const offer = (t: number, state: number, value: number, from: number) => {
    if (value > score[t * width + state]!) {
      score[t * width + state] = value;
      back[t * width + state] = from;
    }
  };
  let lead = 0; // only blanks so far
  for (let t = 0; t < steps; t++) {
    const blank = blankLp[t]!;
    for (let k = 0; k < slots[0]!.length; k++) offer(t, at(0, k, 0), lead + emit[0]![k]![t]!, -1);
    if (t > 0)
      for (let j = 0; j < n; j++)
        for (let k = 0; k < slots[j]!.length; k++)
          for (let s = 0; s < 2; s++) {
            const prev = at(j, k, s);
            const v = score[(t - 1) * width + prev]!;
            if (v === Number.NEGATIVE_INFINITY) continue;
            offer(t, at(j, k, 1), v + blank, prev); // a blank
            if (s === 0) offer(t, prev, v + emit[j]![k]![t]!, prev); // the same character held
            if (j + 1 < n)
              for (let k2 = 0; k2 < slots[j + 1]!.length; k2++) {
                if (s === 0 && slots[j + 1]![k2] === slots[j]![k]) continue; // a repeat needs a blank
                offer(t, at(j + 1, k2, 0), v + emit[j + 1]![k2]![t]!, prev);
              }
          }
    lead += blank;
  }
  let end = -1;
  for (let k = 0; k < slots[n - 1]!.length; k++)
    for (const s of [0, 1]) {
      const state = at(n - 1, k, s);
      if (end < 0 || score[(steps - 1) * width + state]! > score[(steps - 1) * width + end]!) end = state;
    }
  const logp = score[(steps - 1) * width + end]!;
  if (logp === Number.NEGATIVE_INFINITY) return null;
  // Walk the path back: each step's state, then the characters it emitted, first to last.
  const path: number[] = [];
  for (let t = steps - 1, state = end; t >= 0 && state >= 0; t--) {
    path.push(state);
    state = back[t * width + state]!;
  }
  path.reverse();
  const first = steps - path.length; // the leading blanks
  const chars: DecodedChar[] = [];
  path.forEach((state, i) => {
    const s = state % 2;
    const k = Math.floor(state / 2) % K;
    const j = Math.floor(state / 2 / K);
    if (s === 1) return;
    const t = first + i;
    const p = Math.exp(emit[j]![k]![t]!);
    if (i > 0 && path[i - 1] === state) {
      const last = chars[chars.length - 1]!;
      last.t1 = t;
      last.conf = Math.max(last.conf, p);
    } else chars.push({ char: slots[j]![k]!, t0: t, t1: t, conf: p });
  });
  return { chars, logp };
}

/**
 * The likeliest date-shaped reading of steps [from, to), where greedy read `length` characters, and its
 * cost: how many nats less likely the model found it than its own greedy reading of those steps.
 */
function decodeDate(
  post: Posterior,
  from: number,
  to: number,
  length: number,
  classOf: ReadonlyMap<string, number[]>,
): { chars: DecodedChar[]; cost: number } | null {
  const greedy = Float64Array.from(post.best.subarray(from, to), log);
  // Each character's (and the blank's) log probability at each step; a step below the greedy one by
  // more than a repair may cost alone is never taken (−∞).
  const lp = new Map<string, Float64Array>();
  for (const ch of [BLANK, ...DIGITS, ...SEPARATORS]) {
    const classes = ch === BLANK ? [0] : (classOf.get(ch) ?? []);
    lp.set(
      ch,
      greedy.map((g, t) => {
        let p = 0;
        for (const c of classes) p = Math.max(p, post.p[post.offset + (from + t) * post.classes + c]!);
        const v = log(p);
        return v < g - MAX_REPAIR_COST ? Number.NEGATIVE_INFINITY : v;
      }),
    );
  }
  let best: { chars: DecodedChar[]; logp: number } | null = null;
  // A character or two more or fewer than greedy read: a lost separator, a digit read twice.
  for (const shape of DATE_SHAPES.filter((s) => Math.abs(s.length - length) <= 2)) {
    const d = decodeShape(to - from, shape, lp);
    if (d && (!best || d.logp > best.logp)) best = d;
  }
  if (!best) return null;
  const chars = best.chars.map((c) => ({ ...c, t0: c.t0 + from, t1: c.t1 + from }));
  return { chars, cost: greedy.reduce((a, b) => a + b, 0) - best.logp };
}

/** Digits, date separators and the letters OCR reads for digits (O, I, l, S, B, Z). */
const DATE_CHAR = /[\d/.\-OoIlSBZ]/;
const IS_DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(?:\d{2}|\d{4})$/;

/** A stretch of a line's characters, [from, to), read again as a date. */
export type DateRepair = { from: number; to: number; chars: DecodedChar[] };

/**
 * The line's almost-dates read again: each run of digits and separators that greedy decoding did not
 * read as a valid date (`03/0./2018`), where the model finds a date reading at most `MAX_REPAIR_COST`
 * less likely than what it read.
 */
export function repairDates(
  chars: DecodedChar[],
  post: Posterior,
  steps: number,
  classOf: ReadonlyMap<string, number[]>,
): DateRepair[] {
  const out: DateRepair[] = [];
  for (let i = 0; i < chars.length; ) {
    let j = i;
    while (j < chars.length && DATE_CHAR.test(chars[j]!.char)) j++;
    if (j === i) {
      i++;
      continue;
    }
    const text = chars
      .slice(i, j)
      .map((c) => c.char)
      .join('');
    const digits = text.replace(/\D/g, '').length;
    // Four to nine digits (a date's eight and one stray: not a phone number), a separator, two if few.
    const almost =
      digits <= 9 &&
      (digits >= 6 || (digits >= 4 && /[/.-].*[/.-]/.test(text))) &&
      /[/.-]/.test(text) &&
      text.length <= 12;
    if (almost && !isDate(text)) {
      const from = i > 0 ? chars[i - 1]!.t1 + 1 : 0;
      const d = decodeDate(post, from, j < chars.length ? chars[j]!.t0 : steps, j - i, classOf);
      if (d && d.cost <= MAX_REPAIR_COST && isDate(d.chars.map((c) => c.char).join('')))
        out.push({ from: i, to: j, chars: d.chars });
    }
    i = j;
  }
  return out;
}

/** A valid date as printed: d/m/y or m/d/y, one separator twice, a year of two or four digits. */
function isDate(text: string): boolean {
  const m = IS_DATE.exec(text);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[3])];
  return a >= 1 && b >= 1 && ((a <= 31 && b <= 12) || (a <= 12 && b <= 31));
}

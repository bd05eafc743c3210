import type { Word, WordReading } from '../text/layout.ts';

/**
 * Fusion of two OCR readings of one page (Tesseract words and PP-OCR words, same image, same 0–1
 * coordinates) into one word list. Words are aligned by box overlap into clusters; a cluster read the
 * same by both engines becomes `engine: 'fused'` words whose `alternatives` hold both engines' (equal)
 * readings; otherwise a choice rule picks one engine's reading and keeps the other as an alternative.
 *
 * `alternatives` lists every engine's reading of the word's box, the chosen one first, so "both engines
 * read exactly this here" is `isReadByBoth(word)`.
 */

type Engine = WordReading['engine'];

/** Both OCR engines read this word's text, identically, at the same place. */
export function isReadByBoth(word: Word): boolean {
  const alts = word.alternatives ?? [];
  return (
    alts.some((a) => a.engine === 'tesseract' && a.text === word.text) &&
    alts.some((a) => a.engine === 'ppocr' && a.text === word.text)
  );
}

/** Digits, amounts, dates, codes and tax ids: PP-OCR reads these better. */
export function isNumericLike(text: string): boolean {
  const alnum = text.replace(/[^\p{L}\p{N}]/gu, '');
  const digits = text.replace(/\D/g, '');
  return digits.length > 0 && digits.length >= alnum.length * 0.4;
}

/**
 * Characters of `text` PP-OCR does not give: those missing from its dictionary (ñ, €, º, ª, ç…) and any
 * other non-ASCII letter — its dictionary lists á, é, í, ó, ú, Ó… but the Chinese-trained model writes
 * them as plain vowels in Latin text (`Papeleria`, `Gomez`).
 */
export function outsideDictionary(text: string, dict: ReadonlySet<string>): string[] {
  return [...text].filter((c) => c.trim() && (!dict.has(c) || c > '~'));
}

/** Letters with a digit or two among them (`s0bre`, `Hijo5`): the classic O/0, S/5, l/1 confusion. */
const digitsInWord = (text: string) => /\p{L}/u.test(text) && /\d/.test(text) && !isNumericLike(text);
const isWordOfLetters = (text: string) => /\p{L}/u.test(text) && !/\d/.test(text);

/**
 * The choice rule for two different readings of the same place:
 * 1. Tesseract when its reading has characters PP-OCR's dictionary lacks — for numbers only when the
 *    digits agree (so `12,50€` beats `12,50`, but not a misread amount);
 * 2. PP-OCR for digits, amounts, codes and ids; but a plain word beats a reading that puts a digit
 *    among letters;
 * 3. otherwise the more confident reading; PP-OCR's confidence (mean softmax) and Tesseract's are on
 *    different scales and PP-OCR is the better reader overall, so Tesseract needs a clear margin.
 */
export function chooseReading(
  tess: { text: string; conf: number },
  pp: { text: string; conf: number },
  dict: ReadonlySet<string>,
): Engine {
  const numeric = isNumericLike(tess.text) || isNumericLike(pp.text);
  if (outsideDictionary(tess.text, dict).length) {
    if (!numeric) return 'tesseract';
    return tess.text.replace(/\D/g, '') === pp.text.replace(/\D/g, '') ? 'tesseract' : 'ppocr';
  }
  if (numeric) return 'ppocr';
  if (isWordOfLetters(tess.text) && digitsInWord(pp.text)) return 'tesseract';
  if (isWordOfLetters(pp.text) && digitsInWord(tess.text)) return 'ppocr';
  return tess.conf > pp.conf + TESS_MARGIN ? 'tesseract' : 'ppocr';
}

const TESS_MARGIN = 0.1;

/** Boxes of the same text: most of the shorter height shared, and a fair share of the narrower width. */
export function sameplace(a: Word, b: Word): boolean {
  const oy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (oy < Math.min(a.h, b.h) * 0.5) return false;
  const ox = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  return ox >= Math.min(a.w, b.w) * 0.3;
}

/** Below this confidence a reading is unsure. */
const UNSURE = 0.5;

/**
 * A word read unsure over words the other engine read on two rows or more (their boxes one above the
 * other): a table rule or a speck on a tilted grid read as letters. The other engine read that place as
 * separate lines, so this reading goes; kept, it would align the rows' words into one cluster.
 */
export function isAcrossRows(w: Word, other: Word[]): boolean {
  if (w.conf >= UNSURE) return false;
  const inside = other.filter((o) => {
    const mid = o.y + o.h / 2;
    return mid > w.y && mid < w.y + w.h && o.x < w.x + w.w && o.x + o.w > w.x;
  });
  return inside.some((a) => inside.some((b) => a.y + a.h <= b.y));
}

const reading = (w: Word, engine: Engine): WordReading => ({ text: w.text, conf: w.conf, engine });
const meanConf = (ws: Word[]) => (ws.length ? ws.reduce((s, w) => s + w.conf, 0) / ws.length : 0);
const byX = (a: Word, b: Word) => a.x - b.x;

/**
 * Fuses Tesseract's and PP-OCR's words. Inputs are not modified. A word only one engine saw is kept with
 * that engine.
 */
export function fuseWords(tessRead: Word[], ppRead: Word[], dict: ReadonlySet<string>): Word[] {
  const tess = tessRead.filter((w) => !isAcrossRows(w, ppRead));
  const pp = ppRead.filter((w) => !isAcrossRows(w, tessRead));
  const n = tess.length;
  const parent = Array.from({ length: n + pp.length }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < pp.length; j++) {
      if (sameplace(tess[i]!, pp[j]!)) parent[find(i)] = find(n + j);
    }
  }
  const clusters = new Map<number, { t: Word[]; p: Word[] }>();
  for (let i = 0; i < n + pp.length; i++) {
    const root = find(i);
    if (!clusters.has(root)) clusters.set(root, { t: [], p: [] });
    const c = clusters.get(root)!;
    if (i < n) c.t.push(tess[i]!);
    else c.p.push(pp[i - n]!);
  }
  const out: Word[] = [];
  for (const { t, p } of clusters.values()) {
    t.sort(byX);
    p.sort(byX);
    if (!p.length)
      for (const w of t) out.push({ ...w, engine: 'tesseract', alternatives: [reading(w, 'tesseract')] });
    else if (!t.length)
      for (const w of p) out.push({ ...w, engine: 'ppocr', alternatives: [reading(w, 'ppocr')] });
    else out.push(...fuseCluster(t, p, dict));
  }
  return out;
}

function fuseCluster(t: Word[], p: Word[], dict: ReadonlySet<string>): Word[] {
  const tJoined = t.map((w) => w.text).join('');
  const pJoined = p.map((w) => w.text).join('');
  // Same number of characters: one engine's characters are cut at the other's word boundaries and each
  // word is decided on its own. Tesseract's boundaries by default (PP-OCR often drops spaces between
  // words); PP-OCR's when it holds a number there, since Tesseract splits amounts in monospace print
  // (`RM53. 60`): a Tesseract boundary at a decimal separator that PP-OCR does not have.
  const tChars = [...tJoined];
  if (tChars.length === [...pJoined].length) {
    const splitsNumber = innerBoundaries(t).some(
      (k) => insideAmount(tChars[k - 1]!, tChars[k]!) && !innerBoundaries(p).includes(k),
    );
    return splitsNumber ? cutAt(p, 'ppocr', t, dict) : cutAt(t, 'tesseract', p, dict);
  }
  // Different lengths: one reading of the whole cluster wins and keeps its own words; each word carries
  // the other engine's words that overlap it as the alternative.
  const tText = t.map((w) => w.text).join(' ');
  const pText = p.map((w) => w.text).join(' ');
  const pick = chooseReading({ text: tText, conf: meanConf(t) }, { text: pText, conf: meanConf(p) }, dict);
  const [mine, other, otherEngine] =
    pick === 'ppocr' ? [p, t, 'tesseract' as const] : [t, p, 'ppocr' as const];
  return mine.map((w) => {
    const over = other.filter((o) => sameplace(w, o));
    const alternatives = [reading(w, pick)];
    if (over.length) {
      alternatives.push({
        text: over.map((o) => o.text).join(' '),
        conf: meanConf(over),
        engine: otherEngine,
      });
    }
    return { ...w, engine: pick, alternatives };
  });
}

/**
 * Words with `base`'s boxes and boundaries; the other engine's characters (same count in all) are sliced
 * to match, and each word is then agreed or chosen.
 */
function cutAt(base: Word[], baseEngine: Engine, other: Word[], dict: ReadonlySet<string>): Word[] {
  const otherEngine: Engine = baseEngine === 'tesseract' ? 'ppocr' : 'tesseract';
  const chars = [...other.map((w) => w.text).join('')];
  const otherConf = meanConf(other);
  let k = 0;
  return base.map((bw) => {
    const len = [...bw.text].length;
    const otherReading: WordReading = {
      text: chars.slice(k, k + len).join(''),
      conf: otherConf,
      engine: otherEngine,
    };
    k += len;
    const own = reading(bw, baseEngine);
    const [tr, pr] = baseEngine === 'tesseract' ? [own, otherReading] : [otherReading, own];
    if (otherReading.text === bw.text) {
      return { ...bw, engine: 'fused', conf: 1 - (1 - tr.conf) * (1 - pr.conf), alternatives: [pr, tr] };
    }
    const pick = chooseReading(tr, pr, dict);
    const chosen = pick === 'ppocr' ? pr : tr;
    return {
      ...bw,
      text: chosen.text,
      conf: chosen.conf,
      engine: pick,
      alternatives: pick === 'ppocr' ? [pr, tr] : [tr, pr],
    };
  });
}

/** Character offsets where one word ends and the next begins (words joined without spaces). */
function innerBoundaries(words: Word[]): number[] {
  const out: number[] = [];
  let k = 0;
  for (const w of words.slice(0, -1)) {
    k += [...w.text].length;
    out.push(k);
  }
  return out;
}

/** A boundary between a digit and a decimal separator: inside an amount, never between two words. */
const insideAmount = (left: string, right: string) =>
  (/[.,]/.test(left) && /\d/.test(right)) || (/\d/.test(left) && /[.,]/.test(right));

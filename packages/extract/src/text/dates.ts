/** Date parsing for the formats Spanish/European and English invoices print. Day-first where ambiguous. */

const MONTHS: Record<string, number> = {
  enero: 1,
  febrero: 2,
  marzo: 3,
  abril: 4,
  mayo: 5,
  junio: 6,
  julio: 7,
  agosto: 8,
  septiembre: 9,
  setiembre: 9,
  octubre: 10,
  noviembre: 11,
  diciembre: 12,
  ene: 1,
  feb: 2,
  mar: 3,
  abr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  ago: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dic: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
  jan: 1,
  apr: 4,
  aug: 8,
  dec: 12,
  januar: 1,
  februar: 2,
  märz: 3,
  maerz: 3,
  juni: 6,
  juli: 7,
  oktober: 10,
  dezember: 12,
  okt: 10,
  dez: 12,
  janvier: 1,
  février: 2,
  fevrier: 2,
  mars: 3,
  avril: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  août: 8,
  aout: 8,
  septembre: 9,
  octobre: 10,
  novembre: 11,
  décembre: 12,
  decembre: 12,
  januari: 1,
  februari: 2,
  maart: 3,
  mei: 5,
  augustus: 8,
};

const MONTH_NAMES = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** `repaired`: read only after undoing an OCR misreading (a separator lost or misread, a letter for a digit). */
export type FoundDate = { iso: string; index: number; raw: string; repaired?: boolean };

function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += y >= 70 ? 1900 : 2000;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1970 || y > 2100) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

// Not inside a longer dotted/dashed number (phone numbers such as 01.23.45.67.89).
// A four-digit year may run into the time printed after it on a receipt: `03/06/20175:02:54 PM`, and OCR
// may drop the spaces after that time too (`09/03/201821:200001`), or set a slash before it
// (`04-04-24/12:35:46`).
const NUMERIC =
  /(?<!\d[./-]?)(\d{1,4})([./-])(\d{1,2})\2(\d{4}(?=\d{1,2}:\d{2})|\d{2,4}(?!\d|[./-]\d(?!\d?:\d{2})))/g;
/** Year first, the day run into the time after it (`2018-03-1813:18:48`): a two-digit day only. */
const YMD_TIME = /(?<!\d[./-]?)((?:19|20)\d{2})([./-])(\d{1,2})\2(\d{2})(?=\d{1,2}:\d{2})/g;
/** OCR reads the second slash or dash of a date as a colon: `18/03:18`. */
const NUMERIC_OCR = /(?<!\d[./:-]?)(\d{1,2})([/-])(\d{1,2}):(\d{2}|\d{4})(?!\d|[./:-]\d)/g;
/**
 * OCR reads the second slash of a date as a digit or a letter: `25/0472017` (`/` read as `7`), `25/04l2017`.
 * Only a two-digit month and a year of this century, so a longer number is not taken for a date.
 */
const SLASH_MISREAD = /(?<![\d./:-])(\d{1,2})\/(\d{2})[71lI|](20\d{2})(?!\d|[./:-]\d)/g;
/** The first slash misread the same way (`24705/18`, `24l05/2018`): a two-digit day and month only. */
const FIRST_SLASH_MISREAD = /(?<![\w./:-])(\d{2})[71lI|](\d{2})\/(20\d{2}|\d{2})(?!\d|[./:-]\d)/g;
const NAMED_DMY = new RegExp(
  `(?<![\\p{L}\\d])(\\d{1,2})(?:\\.|º|st|nd|rd|th)?\\s*(?:de\\s+|[-/]|\\s)?(${MONTH_NAMES})\\.?,?\\s*(?:de\\s+|del\\s+|[-/])?'?(\\d{4}(?=\\d{1,2}:\\d{2})|(?:\\d{4}|\\d{2})(?!\\d))`,
  'giu',
);
/** Month first (`March 3, 2023`); its year, as day-first, may run into the time (`Oct 3, 201612:16:25`). */
const NAMED_MDY = new RegExp(
  `(?<![\\p{L}])(${MONTH_NAMES})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s*(\\d{4}(?=\\d{1,2}:\\d{2})|\\d{4}(?!\\d))`,
  'giu',
);

/**
 * Month names as OCR splits them (`0c t 3, 2016`): a space allowed between letters, `0` read for `O`;
 * and the spaces OCR drops around them (`August23,2023`, `21 de mayo de2024`).
 */
const MONTH_NAMES_OCR = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .map((k) => [...k].join(' ?'))
  .join('|');
const NAMED_DMY_OCR = new RegExp(
  `(?<![\\p{L}\\d])(\\d{1,2})(?:\\.|º|st|nd|rd|th)?\\s*(?:de\\s*|[-/]|\\s)?(${MONTH_NAMES_OCR})\\.?,?\\s*(?:de\\s*|del\\s*|[-/])?'?(\\d{4}(?=\\d{1,2}:\\d{2})|(?:\\d{4}|\\d{2})(?!\\d))`,
  'giu',
);
const NAMED_MDY_OCR = new RegExp(
  `(?<![\\p{L}])(${MONTH_NAMES_OCR})\\.?\\s*(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s*(\\d{4}(?=\\d{1,2}:\\d{2})|\\d{4}(?!\\d))`,
  'giu',
);

/**
 * A month name with one letter misread (`21 Manch,2018`, `Decenber 3, 2018`): a word of five letters or
 * more between a day and a four-digit year (three between a date's separators, below), one letter away
 * from exactly one month name of its length.
 */
const FUZZY_DMY = /(?<![\p{L}\d])(\d{1,2})\s*[-/]?\s*(\p{L}{5,10})\.?,?\s*[-/]?\s*((?:19|20)\d{2})(?!\d)/gu;
const FUZZY_MDY = /(?<![\p{L}\d])(\p{L}{5,10})\.?\s*(\d{1,2})\s*,?\s*((?:19|20)\d{2})(?!\d)/gu;
/**
 * A three-letter month first, one letter misread, maybe letter-spaced or with 0 for O (`Oot 3, 2016`,
 * `0 ot 3, 2016`): only with the comma after the day and a four-digit year (maybe run into the time).
 */
const FUZZY_MDY_ABBR =
  /(?<![\p{L}\d])(\p{L}(?: ?\p{L}){2})\.? ?(\d{1,2}),\s*((?:19|20)\d{2}(?=\d{1,2}:\d{2})|(?:19|20)\d{2}(?!\d))/gu;
/** A three-letter month between a date's separators with one character misread (`25/Fe0/2017`). */
const FUZZY_ABBR = /(?<![\p{L}\d])(\d{1,2})([/-])(\p{L}[\p{L}\d]{2})\2((?:19|20)\d{2})(?!\d)/gu;

/** The month a word misreads by one letter, when only one month name is that close. */
function misreadMonth(word: string): number | null {
  const w = word.toLowerCase();
  if (MONTHS[w]) return null;
  const close = Object.keys(MONTHS).filter(
    (k) => k.length === w.length && [...k].filter((ch, i) => ch !== w[i]).length === 1,
  );
  const months = new Set(close.map((k) => MONTHS[k]));
  return months.size === 1 ? MONTHS[close[0]!]! : null;
}

/**
 * A date cut before its year where a narrow cell wraps: `5 de octubre de`, `12 Oct`, `March 3,`, or a
 * numeric day and month with the separator that led to the year (`09-10-`, `9/10/`). The caller looks
 * for the year at the head of the same cell on the next line.
 */
const YEARLESS = new RegExp(
  `(?:(?<![\\p{L}\\d])\\d{1,2}(?:\\.|º|st|nd|rd|th)?\\s*(?:de\\s+|[-/]|\\s)?(?:${MONTH_NAMES})\\.?,?(?:\\s*(?:de|del|[-/]))?|(?<![\\p{L}])(?:${MONTH_NAMES})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\s*,?)\\s*$`,
  'iu',
);
const YEARLESS_NUMERIC = /(?<![\d./-])\d{1,2}([./-])\d{1,2}\1\s*$/;
export function endsWithYearlessDate(text: string): boolean {
  return (YEARLESS.test(text) || YEARLESS_NUMERIC.test(text)) && !findDates(text).length;
}

/**
 * More OCR misreadings of a numeric date, tried on OCR text only (each gives a `repaired` date):
 * a space beside a separator (`12- 01-19`, `2 -04- 2018`, `27. 03. 2018`); the first or the second separator lost
 * (`2703/2018`, `27/032018`); letters for digits (`O`/`C`→0, `I`/`l`/`|`→1, `S`→5, `B`→8, `Z`→2).
 */
const SPACED = /(?<![\d./-])(\d{1,2}) ?([/-]) ?(\d{1,2}) ?\2 ?(\d{4}|\d{2})(?![\d./:-]|\s?[/-]\s?\d)/g;
/** The same, year first (`2018- 03- 18 13:18`): a four-digit year only. */
const SPACED_YMD = /(?<![\d./-])((?:19|20)\d{2}) ?([/-]) ?(\d{1,2}) ?\2 ?(\d{1,2})(?![\d./:-])/g;
/** Dots with a space after them (`27. 03. 2018`, `27.03. 2018`): a four-digit year only, amounts look alike. */
const SPACED_DOTS = /(?<![\d.,])(\d{1,2})\. ?(\d{1,2})\. ?((?:19|20)\d{2})(?!\d|[.,]\d)/g;
const SEPARATOR_LOST =
  /(?<![\w./-])(?:(\d{2})\/(\d{2})(20\d{2})|(\d{4})[/-](20\d{2}))(?=\d{1,2}:\d{2}|(?!\d|[./-]\d))/g;
const LETTER_DIGITS =
  /(?<![\p{L}\d])[\dOoCIl|SBZ]{1,4}[/.-][\dOoCIl|SBZ]{1,2}[/.-][\dOoCIl|SBZ]{2,4}(?![\p{L}\d])/gu;
const LETTER_DIGIT: Record<string, string> = {
  O: '0',
  o: '0',
  C: '0',
  I: '1',
  l: '1',
  '|': '1',
  S: '5',
  B: '8',
  Z: '2',
};

/** A numeric day-month-year (or month-day-year where the document prints them so) as ISO. */
function dayFirst(a: string, b: string, c: string, opts: { monthFirst?: boolean }): string | null {
  const [na, nb, nc] = [Number(a), Number(b), Number(c)];
  if (a.length === 4) return iso(na, nb, nc);
  return opts.monthFirst && na <= 12
    ? (iso(nc, na, nb) ?? iso(nc, nb, na))
    : (iso(nc, nb, na) ?? iso(nc, na, nb));
}

/** All dates in a string, in order of appearance. `monthFirst` only applies to ambiguous numeric dates. */
export function findDates(text: string, opts: { monthFirst?: boolean; ocr?: boolean } = {}): FoundDate[] {
  const out: FoundDate[] = [];
  for (const m of text.matchAll(NUMERIC)) {
    const [raw, a, , b, c] = m;
    const na = Number(a);
    const nb = Number(b);
    const nc = Number(c);
    let value: string | null = null;
    if (a!.length === 4) value = iso(na, nb, nc);
    else if (c!.length === 4 || c!.length === 2) {
      if (opts.monthFirst && na <= 12) value = iso(nc, na, nb) ?? iso(nc, nb, na);
      else value = iso(nc, nb, na) ?? iso(nc, na, nb);
    }
    if (value) out.push({ iso: value, index: m.index ?? 0, raw });
  }
  for (const m of text.matchAll(YMD_TIME)) {
    const value = iso(Number(m[1]), Number(m[3]), Number(m[4]));
    if (value) out.push({ iso: value, index: m.index ?? 0, raw: m[0] });
  }
  if (opts.ocr) {
    const add = (m: RegExpMatchArray, value: string | null, repaired: boolean) => {
      const index = m.index ?? 0;
      if (value && !out.some((d) => index < d.index + d.raw.length && d.index < index + m[0].length))
        out.push({ iso: value, index, raw: m[0], ...(repaired ? { repaired } : {}) });
    };
    for (const m of text.matchAll(NUMERIC_OCR)) add(m, dayFirst(m[1]!, m[3]!, m[4]!, opts), false);
    for (const m of text.matchAll(SLASH_MISREAD)) add(m, dayFirst(m[1]!, m[2]!, m[3]!, opts), true);
    for (const m of text.matchAll(FIRST_SLASH_MISREAD)) add(m, dayFirst(m[1]!, m[2]!, m[3]!, opts), true);
    for (const m of text.matchAll(SPACED))
      if (/\s/.test(m[0])) add(m, dayFirst(m[1]!, m[3]!, m[4]!, opts), true);
    for (const m of text.matchAll(SPACED_YMD))
      if (/\s/.test(m[0])) add(m, dayFirst(m[1]!, m[3]!, m[4]!, opts), true);
    for (const m of text.matchAll(SPACED_DOTS))
      if (/\s/.test(m[0])) add(m, dayFirst(m[1]!, m[2]!, m[3]!, opts), true);
    for (const m of text.matchAll(SEPARATOR_LOST)) {
      const [, a, b, c, d, e] = m;
      add(m, a ? dayFirst(a, b!, c!, opts) : dayFirst(d!.slice(0, 2), d!.slice(2), e!, opts), true);
    }
    // Letters read for digits inside a date's shape: `I8/O3/2O18`, `18/03/2Ol8`.
    const digits = text.replace(LETTER_DIGITS, (tok) =>
      (tok.match(/\d/g)?.length ?? 0) >= 4 ? tok.replace(/[A-Za-z|]/g, (ch) => LETTER_DIGIT[ch] ?? ch) : tok,
    );
    if (digits !== text)
      for (const m of digits.matchAll(NUMERIC)) {
        const raw = text.slice(m.index, (m.index ?? 0) + m[0].length);
        if (raw === m[0]) continue;
        add(
          Object.assign([raw], { index: m.index }) as RegExpMatchArray,
          dayFirst(m[1]!, m[3]!, m[4]!, opts),
          true,
        );
      }
  }
  for (const m of text.matchAll(NAMED_DMY)) {
    const month = MONTHS[m[2]!.toLowerCase()];
    const value = month ? iso(Number(m[3]), month, Number(m[1])) : null;
    if (value) out.push({ iso: value, index: m.index ?? 0, raw: m[0] });
  }
  for (const m of text.matchAll(NAMED_MDY)) {
    const month = MONTHS[m[1]!.toLowerCase()];
    const value = month ? iso(Number(m[3]), month, Number(m[2])) : null;
    if (value) out.push({ iso: value, index: m.index ?? 0, raw: m[0] });
  }
  if (opts.ocr) {
    const letters = text.replace(/(?<![\p{L}\d])0(?=\s?\p{L})/gu, 'O');
    const add = (m: RegExpMatchArray, month: string, y: string, d: string) => {
      const index = m.index ?? 0;
      const raw = text.slice(index, index + m[0].length);
      const value = iso(Number(y), MONTHS[month.toLowerCase().replace(/\s/g, '')] ?? 0, Number(d));
      if (value && !out.some((o) => index < o.index + o.raw.length && o.index < index + raw.length))
        out.push({ iso: value, index, raw, repaired: true });
    };
    for (const m of letters.matchAll(NAMED_DMY_OCR)) add(m, m[2]!, m[3]!, m[1]!);
    for (const m of letters.matchAll(NAMED_MDY_OCR)) add(m, m[1]!, m[3]!, m[2]!);
    const fuzzy = (m: RegExpMatchArray, word: string, y: string, d: string) => {
      const month = misreadMonth(word.replace(/\s/g, ''));
      const index = m.index ?? 0;
      const value = month ? iso(Number(y), month, Number(d)) : null;
      if (value && !out.some((o) => index < o.index + o.raw.length && o.index < index + m[0].length))
        out.push({ iso: value, index, raw: text.slice(index, index + m[0].length), repaired: true });
    };
    for (const m of text.matchAll(FUZZY_DMY)) fuzzy(m, m[2]!, m[3]!, m[1]!);
    for (const m of text.matchAll(FUZZY_MDY)) fuzzy(m, m[1]!, m[3]!, m[2]!);
    for (const m of text.matchAll(FUZZY_ABBR)) fuzzy(m, m[3]!, m[4]!, m[1]!);
    for (const m of letters.matchAll(FUZZY_MDY_ABBR)) fuzzy(m, m[1]!, m[3]!, m[2]!);
  }
  // ISO compact 20240315 is not searched in free text (too many false positives).
  return out.sort((x, y) => x.index - y.index);
}

/** Parses one date value (e.g. from XML: `20240315`, `2024-03-15`, `2024-03-15T00:00:00`). */
export function parseDateValue(raw: string): string | null {
  const s = raw.trim();
  let m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  return findDates(s)[0]?.iso ?? null;
}

/**
 * The page's slashed dates are month first: one of them can only be read so ("11/17/2017") and none can
 * only be read day first ("17/11/2017"). Dots and dashes are left to the day-first reading.
 */
export function slashesMonthFirst(text: string): boolean {
  let monthFirst = false;
  for (const m of text.matchAll(/(?<![\d./-])(\d{1,2})\/(\d{1,2})\/(?:\d{4}|\d{2})(?![\d./-])/g)) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a > 12 && b <= 12) return false;
    if (b > 12 && a <= 12) monthFirst = true;
  }
  return monthFirst;
}

/**
 * Tax-id candidates: every string on the page that reads as a tax id (any spelling, OCR's look-alike
 * repairs, the other engine's reading), with its own cell, before any role is given.
 */
import { checkTaxId } from '../../ids/tax-id.ts';
import { type Line, lineAsReadBy } from '../../text/layout.ts';
import { bothEnginesRead, boxOf, type Ctx, splitCells } from '../context.ts';

export type TaxIdCand = {
  id: string;
  valid: boolean;
  checkable: boolean;
  line: Line;
  /**
   * The id's own cell (with a row label just before it, "NIF cliente:   B12345678"): its text and its
   * horizontal span, the column it sits in, not its merged line's (side-by-side blocks share lines).
   */
  cell: { text: string; x: number; w: number };
  role: 'issuer' | 'client' | null;
  sure: boolean;
  /** Read so only in the other OCR engine's alternative (its check character passes, the chosen one's not). */
  fromAlternative?: boolean;
  /** The id printed again further down (a letterhead's id repeated in the footer's registry line). */
  repeats: Line[];
  /** The page gives this id both roles (a client label and the issuer's registry line, say). */
  conflict?: boolean;
  /** Its role is its place in reading order only (no block label, no registry line). */
  byOrder?: boolean;
};

export const TAX_ID_RE =
  /(?<![A-Z0-9])((?:ES)?[ -]?(?:[A-HJNP-SUVW][ -]?\d{2}[ .-]?\d{3}[ .-]?\d{2}[ -]?[0-9A-J]|\d{2}\.?\d{3}\.?\d{3}[ -]?[A-Z]|[XYZ][ .-]?\d[ .]?\d{3}[ .]?\d{3}[ .-]?[A-Z])|(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|GB)[ ]?[A-Z0-9][A-Z0-9 ]{6,14}[A-Z0-9])(?![A-Z0-9])/g;

export type IdMatch = { check: NonNullable<ReturnType<typeof checkTaxId>>; index: number; length: number };

/** The tax ids a line's text holds (EU ids that swallowed trailing words shrunk until the format fits). */
export function idsIn(text: string): IdMatch[] {
  const out: IdMatch[] = [];
  const re = new RegExp(TAX_ID_RE.source, 'g');
  const upper = text.toUpperCase();
  for (let m = re.exec(upper); m; m = re.exec(upper)) {
    let raw = m[1]!.trim();
    let check = checkTaxId(raw);
    while (!check?.valid && raw.includes(' ')) {
      raw = raw.slice(0, raw.lastIndexOf(' '));
      const c = checkTaxId(raw);
      if (c) check = c;
      if (c?.valid) break;
    }
    // A word that spells a country code ("de CIF B…", "at NIF …") swallowed a word and the id after it:
    // no id of its own; read on from the word after it.
    if (!check?.valid && /^[A-Z]{2} [A-Z]{2}/.test(m[0])) {
      re.lastIndex = m.index + 3;
      continue;
    }
    if (!check || (check.normalized.match(/\d/g) ?? []).length < 5) continue;
    out.push({ check, index: m.index ?? 0, length: m[0].length });
  }
  return out;
}

/**
 * Ids as the other OCR engine read them: for each word with an alternative reading, the line's text with
 * that reading in its place. Only ids whose check character passes, with the word they came from.
 */
export function alternativeIds(line: Line): { check: IdMatch['check']; x: number; labeled: boolean }[] {
  const out: { check: IdMatch['check']; x: number; labeled: boolean }[] = [];
  let pos = 0;
  for (const w of line.words) {
    const at = line.text.indexOf(w.text, pos);
    if (at < 0) continue;
    pos = at + w.text.length;
    for (const alt of w.alternatives ?? []) {
      if (alt.text.trim() === w.text.trim() || !/\d/.test(alt.text)) continue;
      const variant = `${line.text.slice(0, at)}${alt.text.trim()}${line.text.slice(at + w.text.length)}`;
      // The other engine read the label but misread a look-alike character of the id ("CIF 8399…"):
      // its reading repaired, the same repair the chosen reading gets.
      for (const m of idsIn(ID_LABEL.test(alt.text) ? lookalikeRepairs(variant) : variant))
        if (m.check.valid && m.index <= at + alt.text.length && m.index + m.length >= at)
          out.push({ check: m.check, x: w.x, labeled: ID_LABEL.test(alt.text) });
    }
  }
  return out;
}

/** Letters OCR reads as a digit: a NIF's control letter read as the digit it looks like. */
export const LETTERS_LIKE_DIGIT: Readonly<Record<string, string>> = {
  '0': 'DQ',
  '1': 'LT',
  '2': 'Z',
  '4': 'A',
  '5': 'S',
  '6': 'G',
  '7': 'T',
  '8': 'B',
};

/** A token of `shape` right after a Spanish id label ("NIF: …", "CIF …"), a word of its own. */
export const SPANISH_ID_AFTER_LABEL = (shape: RegExp) =>
  new RegExp(
    `(?<=\\b(?:N\\.?I\\.?F|C\\.?I\\.?F|N\\.?I\\.?E|DNI)[.:]?\\s?)${shape.source}(?![\\p{L}\\d])`,
    'gu',
  );

/**
 * A Spanish id with one character OCR confuses with its look-alike, put right where the check then passes
 * (the text keeps its length): a NIF's control letter read as a digit ("696523420" for "…Q"), its first
 * digit 8 read as B ("B9234614L"), a CIF's B read as 8 ("825862210"). A repair: never verified.
 */
export function lookalikeRepairs(text: string): string {
  const valid = (id: string) => checkTaxId(id)?.valid === true;
  return text
    .replace(SPANISH_ID_AFTER_LABEL(/(\d{8})(\d)/), (all, digits: string, last: string) => {
      const repairs = [...(LETTERS_LIKE_DIGIT[last] ?? '')].map((l) => digits + l);
      if (all[0] === '8') repairs.push(`B${all.slice(1)}`);
      // Two repairs that both pass say nothing of which one was printed: keep the misreading.
      const passing = repairs.filter(valid);
      return passing.length === 1 ? passing[0]! : all;
    })
    .replace(SPANISH_ID_AFTER_LABEL(/B(\d{7}[A-Z])/), (all, rest: string) =>
      valid(`8${rest}`) ? `8${rest}` : all,
    );
}

/**
 * A slash printed between an id's digit groups after its label ("CIF B-78/123456"): the id without it.
 * A repair, so only where the check character then passes.
 */
export const SLASH_IN_LABELLED_ID = /(?<=\b(?:C\.?I\.?F|N\.?I\.?F|DNI)[.:]?\s?[A-Z]?[ -]?\d{1,7})\/(?=\d)/gi;

/** A Spanish id label as OCR glues it to the id, some letters lost: "NIF", "NF", "IF", "NIE", "DNI". */
export const GLUED_ID_LABEL = /\b(N?I?F|NIE|DNI)(?=\d{8}[A-Z]\b|[XYZ]\d{7}[A-Z]\b)/g;

/** A CIF label glued to the CIF, letters lost ("CFB8…"): the CIF's own letter then starts no word. */
export const GLUED_CIF_LABEL = /\b(C?I?F)(?=[A-HJNP-SUVW]\d{7}[0-9A-J]\b)/g;

/**
 * The line as another OCR engine read it holds an id label: the label may sit in a word the chosen
 * reading garbled ("4.48" for "CIF:"), or in the other engine's reading of a neighbouring word.
 */
export function labeledInOtherReading(line: Line): boolean {
  return (['ppocr', 'tesseract'] as const).some((engine) => {
    const read = lineAsReadBy(line, engine);
    return read != null && ID_LABEL.test(read.text);
  });
}

export const ID_LABEL = /\b(?:N\.?I\.?F|C\.?I\.?F|N\.?I\.?E|DNI|VAT|TVA|USt|IVA|TAX|UID|BTW|GST|ID)\b/i;

export function findTaxIds(lines: Line[]): TaxIdCand[] {
  const out: TaxIdCand[] = [];
  for (const line of lines) {
    const labeled = ID_LABEL.test(line.text);
    const found: TaxIdCand[] = [];
    for (const m of idsIn(line.text)) {
      const { check } = m;
      if (!check.valid && !labeled) continue;
      if (!check.checkable && !labeled) continue;
      if (isNotATaxId(line.text, m, labeled)) continue;
      found.push({
        id: check.normalized,
        valid: check.valid,
        checkable: check.checkable,
        line,
        cell: cellOf(line, boxOf(line, m.index, m.length).x),
        role: null,
        sure: false,
        repeats: [],
      });
    }
    // Fused OCR: where the chosen reading fails its check character (or holds no id) and the other
    // engine's reading of the same words passes, take the passing one. Never verified: one engine read it.
    if (line.words.some((w) => w.alternatives?.length)) {
      for (const alt of alternativeIds(line)) {
        const cell = cellOf(line, alt.x);
        const clash = found.find((f) => Math.abs(f.cell.x - cell.x) < 1e-4);
        if (clash?.valid) continue;
        // Labelled in either reading: the other engine may have read the label the chosen one lost.
        if (!clash && !labeled && !alt.labeled && !labeledInOtherReading(line)) continue;
        const cand: TaxIdCand = {
          id: alt.check.normalized,
          valid: true,
          checkable: alt.check.checkable,
          line,
          cell,
          role: null,
          sure: false,
          fromAlternative: true,
          repeats: [],
        };
        if (clash) found[found.indexOf(clash)] = cand;
        else found.push(cand);
      }
    }
    // OCR reads a final J as a bracket ("Z-7.236.659-]"): on a labelled line holding no valid id, the id
    // with J in the bracket's place, or without a slash between its digit groups; and OCR glues a label,
    // letters lost, to the id ("NF47049470A" for "NIF 47049470A"): the id after the label. Either when its
    // check character then passes. Never verified: a repair.
    if (!found.some((f) => f.valid)) {
      let repaired = line.text.replace(GLUED_ID_LABEL, '$1 ').replace(GLUED_CIF_LABEL, '$1 ');
      if (labeled)
        repaired = lookalikeRepairs(
          repaired.replace(/(?<=[\d.-])[\])](?=\s|$)/g, 'J').replace(SLASH_IN_LABELLED_ID, ''),
        );
      if (repaired !== line.text)
        for (const m of idsIn(repaired)) {
          if (!m.check.valid || !m.check.checkable) continue;
          const cand: TaxIdCand = {
            id: m.check.normalized,
            valid: true,
            checkable: true,
            line,
            cell: cellOf(line, boxOf(line, m.index, m.length).x),
            role: null,
            sure: false,
            fromAlternative: true,
            repeats: [],
          };
          // The misread id the repair replaces is no id of its own.
          const misread = found.findIndex((f) => !f.valid && Math.abs(f.cell.x - cand.cell.x) < 1e-4);
          if (misread >= 0) found.splice(misread, 1, cand);
          else found.push(cand);
        }
    }
    for (const t of found) {
      const first = out.find((o) => o.id === t.id);
      if (first) {
        if (first.line !== line) first.repeats.push(line);
        continue;
      }
      out.push(t);
    }
  }
  return out;
}

/**
 * The text of the cell holding x, and the cell before it when that is a short row label: side-by-side
 * issuer and client blocks share text lines, so a label elsewhere on the line says nothing of this id.
 * The id leads its cell when only its own label comes before it ("Cliente   CIF: A…").
 */
export function cellOf(line: Line, x: number): { text: string; x: number; w: number } {
  const cells = splitCells(line);
  const at = cells.findIndex((c) => x >= c.x - 1e-4 && x < c.x + c.w + 1e-4);
  const own = cells[at];
  if (!own) return { text: line.text, x: line.x, w: line.w };
  const prev = cells[at - 1];
  const ahead = line.words
    .filter((w) => w.x >= own.x - 1e-4 && w.x < x - 1e-4)
    .map((w) => w.text)
    .join(' ');
  // Behind its own label, only a client row label counts: a name there is the other block's.
  const rowLabel = prev?.text ?? '';
  const idFirst =
    !ahead || (ONLY_ID_LABEL.test(ahead) && CLIENT_ID_LABEL.test(rowLabel) && !/\d/.test(rowLabel));
  // A short cell before it is a row label, unless it holds a long number (the other block's id beside it).
  const isRowLabel =
    prev != null && (/:\s*$/.test(prev.text) || prev.text.length <= 20) && !/\d{5}/.test(prev.text);
  if (prev && idFirst && isRowLabel)
    return { text: `${prev.text} ${own.text}`, x: prev.x, w: own.x + own.w - prev.x };
  return own;
}

/** A tax id's label and nothing else ("CIF:", "N.I.F.", "VAT ID", "VAT No."). */
export const ONLY_ID_LABEL = new RegExp(
  `^(?:\\s*(?:${ID_LABEL.source})\\.?)+\\s*(?:n[º°o]\\.?|no\\.?|number)?\\s*:?\\s*$`,
  'i',
);

export const CLIENT_ID_LABEL =
  /\b(?:cliente|client|customer|buyer|comprador|destinatario)\b|\btitular\b(?!\s*(?:de\s*(?:la\s*)?)?cuenta)|\b(?:uw|your|votre|ihre?|su)\s+(?:btw|vat|tva|ust|nif|cif)/i;

/** The tax id was read twice: the text layer, or both OCR engines agreeing on each of its words. */
export function readTwice(ctx: Ctx, t: TaxIdCand): boolean {
  if (ctx.source === 'text') return true;
  if (t.fromAlternative) return false;
  const flat = (x: string) => x.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const id = flat(t.id);
  const words = t.line.words.filter((w) => flat(w.text).length >= 2 && id.includes(flat(w.text)));
  return words.length > 0 && words.every(bothEnginesRead);
}

/**
 * Labels of numbers that are no tax id: phones, bank accounts, references and contract, order or customer
 * numbers, article codes (GTIN/EAN). The nearest such label before a string, with no tax-id label between,
 * says the string is that number.
 */
const OTHER_NUMBER_LABEL =
  /\b(?:tel[ée]?f?(?:ono)?|phone|fax|m[óo]vil|mobile|iban|swift|bic|ccc|cuenta|account|konto|compte|ref(?:erencia|erence)?|pedido|order|contrato|contract|p[óo]liza|policy|cups|albar[áa]n|n[ºo°]\s*(?:de\s*)?cliente|customer\s*(?:no|number|id)|kunden-?(?:nr|nummer)|c[óo]d(?:igo)?|code|ean|gtin|upc|art(?:[íi]culo|ikel)?|sku|lote|batch)\b\.?\s*[:#]?/gi;

/** A Spanish id label at the head of a label cell. */
const OPENS_WITH_ID_LABEL = /^\s*(?:N\.?I\.?F|C\.?I\.?F|N\.?I\.?E|DNI)\b/i;

/** An amount with cents: a line holding one is an item or a total, no party block. */
const MONEY = /\d[.,]\d{2}(?![\d%])/;

/**
 * A string shaped like a tax id that is some other number: part of a longer digit run (a GTIN/EAN of 8,
 * 13 or 14 digits, an IBAN, a phone number), labelled as another number, or on an item line with no
 * tax-id label (a NIF's check letter passes by chance one time in 23).
 */
function isNotATaxId(text: string, m: IdMatch, labeled: boolean): boolean {
  const before = text.slice(0, m.index);
  const after = text.slice(m.index + m.length);
  if (/\d[ .-]?$/.test(before) || /^[ .-]?\d/.test(after)) return true;
  const labels = [...before.matchAll(OTHER_NUMBER_LABEL)];
  const other = labels[labels.length - 1];
  // An id label opening the label's phrase names the id ("NIF titular del contrato:   3486…").
  const labelCell =
    before
      .trimEnd()
      .split(/\s{3,}/)
      .pop() ?? '';
  const idPhrase = OPENS_WITH_ID_LABEL.test(labelCell);
  if (other && !idPhrase && !ID_LABEL.test(before.slice((other.index ?? 0) + other[0].length))) return true;
  return !labeled && MONEY.test(text.replace(text.slice(m.index, m.index + m.length), ' '));
}

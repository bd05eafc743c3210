/**
 * What a party's name looks like: legal forms, label words that are no name, OCR spellings of names.
 */
import { checkTaxId } from '../../ids/tax-id.ts';
import type { Labels } from '../../labels/index.ts';
import { MY_COMPANY_SUFFIX, MY_SUFFIX_ONLY } from '../../labels/ms.ts';
import { PAYMENT_LABEL } from '../../labels/parties.ts';
import { findDates } from '../../text/dates.ts';
import { normalizeCompanyName, stripRegistration } from '../../text/header.ts';
import type { Line } from '../../text/layout.ts';
import { findAmounts } from '../../text/numbers.ts';
import { splitCells } from '../context.ts';
import type { Features } from '../ranker.ts';
import type { Region } from '../region.ts';

export const COMPANY_SUFFIX_BASE =
  'S\\.?\\s?L\\.?\\s?U?\\.?|S\\.?\\s?A\\.?\\s?U\\.?|S\\.?\\s?A\\.?|S\\.?\\s?L\\.?\\s?L\\.?|S\\.?\\s?C\\.?|S\\.?\\s?COOP\\.?|GmbH|B\\.?V\\.?|N\\.?V\\.?|Inc\\.?|Ltd\\.?|LLC|LLP|PLC|SAS|SARL|S\\.?R\\.?L\\.?|S\\.?p\\.?A\\.?|Corp\\.?|Co\\.|Limited|e\\.?\\s?K\\.?';
/** Short legal forms written in capitals only: in lower case they are words and units ("1 kg", "ag"). */
export const CAPITAL_SUFFIX = /\b(?:AG|KG|OHG|UG)\s*\.?$/;
export const SUFFIX_ONLY_BASE =
  'S\\.?\\s?L\\.?\\s?U?\\.?|S\\.?\\s?A\\.?|GmbH|B\\.?V\\.?|Ltd\\.?|Limited|Inc\\.?|LLC|AG';

export type Tester = { test(text: string): boolean };

/** Legal forms that end a company name; the region's own only where the region applies. */
export function companySuffix(region: Region): Tester {
  const re = new RegExp(
    `\\b(?:${COMPANY_SUFFIX_BASE}${region.my ? `|${MY_COMPANY_SUFFIX}` : ''})\\s*\\.?$`,
    'i',
  );
  return { test: (text) => re.test(text) || CAPITAL_SUFFIX.test(text) };
}
/** A legal-form suffix alone on a line, continuing the name above it ("KEDAI MAJU JAYA" / "SDN BHD"). */
export function suffixOnly(region: Region): RegExp {
  return new RegExp(`^(?:${region.my ? `${MY_SUFFIX_ONLY}|` : ''}${SUFFIX_ONLY_BASE})$`, 'i');
}

/**
 * A label or heading, never a party's name: field labels, a payment's way ("Domiciliación bancaria"), and
 * a public registry's office ("Registro de la Propiedad de …": the registrar, a person or firm, invoices).
 */
export const LABELISH =
  /^(?:datos|detalles?|details|pagad[oa]|paid|ud\/kg|uds?\.?\/kg)\b|\b(?:base\s*imponible|subtotal|importe|cantidad|precio|retenci[óo]n|recargo|forma\s*de\s*pago|vencimiento|factura|invoice|fecha|date|nif|cif|n\.i\.f|vat|iva|total|cliente|customer|bill\s*to|tel[ée]?f?|tel\.|phone|email|e-mail|www\.|http|p[áa]gina|page|rechnung|datum|importe|concepto|description|descripci[óo]n|receipt|recibo|ticket|simplificada|referencia|reference|identificador|representante|domiciliaci[óo]n|m[ée]todo\s*de\s*pago|payment\s*method)(?![\p{L}\d])|\bregistro\s+(?:de\s+la\s+propiedad|mercantil|civil)\s+de\b/iu;

export function cleanName(text: string): string {
  const name = text
    .split(/ {3}/)[0]!
    .replace(
      /^(?:emisor|proveedor|cliente|client|customer|bill\s*to|from|to|raz[óo]n\s*social|nombre|name|firma|company|raison\s*sociale|nom)\s*:\s*/i,
      '',
    )
    .replace(/\s+/g, ' ')
    .trim();
  return withoutTaxId(name);
}

/** The party's tax id printed after its name on one line ("JORGE PADRON IRIBARNE 78503982Z"): not the name. */
function withoutTaxId(name: string): string {
  const id = TRAILING_ID.exec(name);
  return id && checkTaxId(id[1]!)?.valid ? name.slice(0, id.index).replace(/[\s,;:-]+$/, '') : name;
}

/** A tax id-shaped last word, with or without its label. Whether it is one, its check character says. */
const TRAILING_ID =
  /\s+(?:(?:N\.?I\.?F|C\.?I\.?F|D\.?N\.?I|N\.?I\.?E|VAT|IVA|USt-?IdNr)\.?\s*:?\s*)?([A-Z]{0,2}[-\s]?[A-Z0-9][-.]?\d{7}[-.]?[A-Z0-9])$/i;

// A speck OCR read as a letter may open the label ("i NeFactura").
export const LABEL_WORDS =
  /^[a-z]?(?:n[oºe°]?)?(?:factura|facturasimplificada|invoice|taxinvoice|receipt|recibo|ticket|albar[áa]n|rechnung|facture|factuur|presupuesto|abono|facturarectificativa)$/i;

export function isNameLike(text: string): boolean {
  const t = cleanName(text);
  if (/:\s*$/.test(t) || /^(?:attn|address|account|summary|detail|page)\b/i.test(t)) return false;
  // "Nummer: GE20", "Kunden-Nr.: 4711": a labelled code, not a name.
  if (/^[\p{L}][\p{L}\s.-]{0,24}:\s*\S*\d/u.test(t)) return false;
  if (LABEL_WORDS.test(t.replace(/[^\p{L}]/gu, ''))) return false;
  if (t.length < 3 || t.length > 80) return false;
  // "(Art)", "(Kopie)": a note in brackets.
  if (/^\(.*\)$/.test(t)) return false;
  if (!/\p{L}{2,}/u.test(t)) return false;
  if ((t.match(/\d/g) ?? []).length > t.length * 0.3) return false;
  if (findDates(t).length || findAmounts(t).length > 1) return false;
  // A word ends at a letter, accented or not ("TELÉGRAFOS" holds no "tel").
  if (/@|www\.|https?:|\btel(?![\p{L}\d])|\bfax(?![\p{L}\d])|^\+?\d/iu.test(t)) return false;
  return true;
}

/** Name text of a header line: registration numbers dropped, OCR spellings of legal forms repaired. */
export function headerName(line: Line, ocr: boolean): string {
  let text = line.text;
  // OCR spaces out a centred name ("KEDAI   CONTOH   CAFE"): word-only cells are one name.
  if (ocr) {
    const cells = text.split(/ {3}/);
    const title = (c: string) => LABEL_WORDS.test(c.replace(/[^\p{L}]/gu, ''));
    // Two cells each ending in a legal form are two names side by side ("… S.A.   … S.L."), not one.
    const twoNames = cells.filter((c) => ENDS_IN_LEGAL_FORM.test(c.trim())).length >= 2;
    if (
      cells.length > 1 &&
      !twoNames &&
      cells.every((c) => !/[\d:]/.test(c) && !LABELISH.test(c) && !title(c))
    )
      text = cells.join(' ');
  }
  const name = cleanName(text);
  return ocr ? legalFormDots(normalizeCompanyName(stripRegistration(name))) : name;
}

export const bare = (x: string) => x.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * A name with each word as Tesseract read it where the two engines saw the same letters but only Tesseract
 * the accents (PP-OCR's dictionary has no ñ, º, ª, ç and drops accents): "Papeleria" → "Papelería".
 */
export function withAccents(line: Line, text: string): string {
  let out = text;
  for (const w of line.words) {
    const tess = [{ engine: w.engine, text: w.text }, ...(w.alternatives ?? [])].find(
      (r) => r.engine === 'tesseract',
    );
    const t = tess?.text.trim();
    if (!t || t === w.text.trim() || bare(t) !== bare(w.text.trim()) || !/[^\p{ASCII}]/u.test(t)) continue;
    out = out.replace(
      new RegExp(`(?<![\\p{L}])${w.text.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u'),
      t,
    );
  }
  return out;
}

export const ENDS_IN_LEGAL_FORM = new RegExp(`\\b(?:${COMPANY_SUFFIX_BASE})\\s*\\.?$`, 'i');

/** OCR drops or misreads the last dot of a Spanish legal form ("S.L", "S.A,"): written as printed. */
export function legalFormDots(text: string): string {
  return text.replace(/\b(S\.[LA]\.?(?:U)?)[,.]?$/, (_, form: string) => `${form.replace(/\.$/, '')}.`);
}

/**
 * How a name reads: letters spaced out one by one (`Q e r b a n g`), or words run together (an engine
 * that dropped the spaces: `VIVOPACMARKETING`).
 */
export const COURTESY =
  /\b(?:thank(?:s|\s*you)?|please|again|welcome|visit|goods\s*sold|returnable|gracias|vuelva|bienvenid[oa]s?|danke|merci)\b|for\s*shopping\b/i;
export const TABLE_HEADER_WORD =
  /\b(?:qty|quantity|price|amount|a[mo]?ount|desc(?:ription)?|item|total|tax\s*code|cant(?:idad)?|precio|importe|descripci[óo]n)\b/gi;

export function spellingFeatures(text: string): Features {
  const tokens = text.split(/\s+/).filter(Boolean);
  const f: Features = {};
  const singles = tokens.filter((t) => /^\p{L}$/u.test(t)).length;
  if (tokens.length >= 3 && singles / tokens.length > 0.5) f.letterSpaced = 1;
  if (tokens.some((t) => (t.match(/\p{L}/gu) ?? []).length >= 13)) f.longWord = 1;
  // A receipt's courtesy line ("Thank you, please come again") or a table's header row is never a name.
  if (COURTESY.test(text)) f.courtesy = 1;
  if ((text.match(TABLE_HEADER_WORD) ?? []).length >= 2) f.tableHeader = 1;
  return f;
}

/** How far below its label (page heights) a payment label's value may stand: the next line or two. */
const PAYMENT_VALUE_REACH = 0.03;

/**
 * How an invoice is paid and the bank it is paid through, under or after their labels ("Forma de pago:" /
 * "DOMICILIADO", "Entidad bancaria:" / "BANCO …, S.A."): never the issuer.
 */
export function namedForPayment(lines: Line[], line: Line): boolean {
  if (PAYMENT_LABEL.inline.test(line.text)) return true;
  const k = lines.indexOf(line);
  const above = lines[k - 1];
  if (above == null || above.page !== line.page || line.y - above.y > PAYMENT_VALUE_REACH) return false;
  // The label's own column: the name starts under it.
  return splitCells(above).some(
    (cell) => PAYMENT_LABEL.alone.test(cell.text) && Math.abs(cell.x - line.x) <= PAYMENT_LABEL_COLUMN,
  );
}

/** How far (page widths) a name may start from its label's left edge and still stand under it. */
const PAYMENT_LABEL_COLUMN = 0.05;

export type NameCand = {
  text: string;
  line: Line;
  score: number;
  lineCount?: number;
  features: Features;
};

/** A name cannot end on a joining word: the rest is on the next line. */
export const JOINING_END = /\s(?:de|del|la|las|los|y|e|i|and|of|&|und|et|van|der)$/i;

export const LEGAL_WORD = /\b(?:SDN|BHD|S\.L\.?|S\.A\.?|GmbH|Ltd|Inc)\b/i;

/** A row label in a name/address block whose value is the next cell. */
export const ROW_LABEL = /^(?:name|nombre|nom|firma|company|raz[óo]n\s*social)\s*:$/i;

/**
 * The key of a "key: value" row, its colon closing it or set apart in the next cell ("Nummer   : 549910",
 * "Währung:   EUR"): a label, never a name.
 */
export function isKeyCell(cells: { text: string }[], k: number): boolean {
  return /:\s*$/.test(cells[k]?.text ?? '') || /^\s*:/.test(cells[k + 1]?.text ?? '');
}

/** A client or issuer block label alone on its line, or beside another ("Bill to   Ship to"). */
export function isBlockLabel(L: Labels, text: string): boolean {
  const rest = [...L.clientBlock, ...L.issuerBlock].reduce((t, re) => t.replace(re, ''), text);
  return rest.length < text.length && !/\p{L}{2,}/u.test(rest);
}

export const sameName = (a: string, b: string) =>
  a.toLowerCase().replace(/[^\p{L}\d]+/gu, '') === b.toLowerCase().replace(/[^\p{L}\d]+/gu, '');

/** A street line: its type word first ("Calle", "C/", "Avda.", "Paseo", "Rue", "Straße" …). */
const STREET =
  /^(?:c\/|c\.\/|calle|cl\.?|avda?\.?|avenida|av\.|paseo|p[º°]|plaza|pza\.?|pl\.|ronda|rambla|traves[íi]a|camino|ctra\.?|carretera|pol[íi]gono|urb\.?|urbanizaci[óo]n|rue|boulevard|bd\.?|all[ée]e|chemin|via|viale|rua|street|st\.|road|rd\.|avenue|lane)\s/i;
// German and Dutch streets are compound words ("Lieferantenstraße 20", "Kerkstraat 5").
const STREET_END =
  /(?:\p{L}*(?:stra(?:ss|ß)e|str\.|weg|gasse|platz|straat|laan|plein)|\b(?:street|road|avenue))\s*\d/iu;
/** A postcode and town ("28004 Madrid", "D-10115 Berlin"), or a line that is mostly a number. */
const POSTCODE_TOWN = /^(?:[A-Z]{1,2}[-\s]?)?\d{4,5}\s+\p{L}/u;
/** Column headings of an items or detail table. */
const COLUMN_WORD =
  /^(?:c[óo]digo|codigo|tipo|concepto|descripci[óo]n|cantidad|cant\.?|uds?\.?|unidades|precio|importe|total|iva|dto\.?|ref\.?|referencia|periodo|lectura|consumo|qty|item|description|price|amount|unit|code|type|pos\.?|menge|preis|betrag|bezeichnung|art\.?-?nr\.?)$/i;
const MONEY_AMOUNT = /\d[.,]\d{2}(?![\d%])/;

/** A house number closing an address line after its comma ("Gran Via de les Corts, 184", "Mayor, 3-5"). */
const HOUSE_NUMBER_END = /,\s*\d{1,4}[A-Z]?(?:\s*[-–]\s*\d{1,3}[ºª°]?[A-Z]?)?$/i;

/** A street line ("C/ Rodas 2", "CL FONSECA", "Musterstraße 5", "Gran Via, 184"): an address, never a name. */
export function isStreetLine(text: string): boolean {
  return STREET.test(text.trim()) || STREET_END.test(text) || HOUSE_NUMBER_END.test(text.trim());
}

/**
 * A party's name and nothing else: not an item line (it prints an amount), a street or a postcode and town,
 * a row of column headings, nor letters spaced out one by one (a title OCR read apart).
 */
export function isPartyName(text: string, line: Line): boolean {
  if (!isNameLike(text) || LABELISH.test(text)) return false;
  if (MONEY_AMOUNT.test(line.text)) return false;
  if (isStreetLine(text) || POSTCODE_TOWN.test(text)) return false;
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length && words.every((w) => COLUMN_WORD.test(w.replace(/[:.]+$/, '')) || COLUMN_WORD.test(w)))
    return false;
  if ((text.match(TABLE_HEADER_WORD) ?? []).length >= 2) return false;
  const singles = words.filter((w) => /^\p{L}$/u.test(w)).length;
  return !(words.length >= 2 && singles >= 1 && singles / words.length >= 1 / 3);
}

/** The id labels that end a name in an inline block ("Empresa S.L., CIF B1…"). */
const INLINE_ID_LABEL =
  /[,;]?\s*\b(?:N\.?I\.?F|C\.?I\.?F|N\.?I\.?E|DNI|VAT|TVA|USt-?Id\w*|NIF-IVA|Tax\s*ID)\b.*$/i;
const LEGAL_FORM_ALONE = new RegExp(`^(?:${SUFFIX_ONLY_BASE})$`, 'i');

/**
 * The name at the head of an inline party block ("Empresa S.L., CIF B1…, Calle …, 95"): the text before
 * the id label and before the first comma (a legal form after a comma, "Empresa, S.L.", stays with it).
 */
export function inlineName(text: string): string {
  const head = text.replace(INLINE_ID_LABEL, '');
  const parts = head.split(/,\s+/);
  let name = parts[0] ?? '';
  if (parts[1] && LEGAL_FORM_ALONE.test(parts[1].trim())) name = `${name}, ${parts[1].trim()}`;
  return name.trim();
}

/** A legal form closing a name inside a line, followed by the rest of the line. */
const LEGAL_FORM_IN_LINE = new RegExp(`\\b(?:${COMPANY_SUFFIX_BASE})(?=$|[\\s,;·|•–-])`, 'gi');

/**
 * The company name that opens a line, up to its legal form ("Empresa, S.L.U. Inscrita en …" gives
 * "Empresa, S.L.U."), or null.
 */
export function legalNameAtStart(text: string): string | null {
  for (const m of text.matchAll(LEGAL_FORM_IN_LINE)) {
    const name = cleanName(text.slice(0, m.index + m[0].length));
    const head = name.slice(0, name.length - m[0].length);
    if (!/\p{L}{2,}/u.test(head) || /[:·|•]/.test(head)) return null;
    return isNameLike(name) && !LABELISH.test(name) ? name : null;
  }
  return null;
}

/**
 * Parties: tax ids (with their issuer/client role), the issuer's and the client's names, the issuer's
 * address, and the IBAN (the payee's account).
 */
import { isValidIban, normalizeIban } from '../checks/iban.ts';
import { checkTaxId } from '../checks/tax-id.ts';
import type { FieldMap } from '../evidence.ts';
import type { Labels } from '../labels/index.ts';
import { MY_COMPANY_SUFFIX, MY_SUFFIX_ONLY } from '../labels/ms.ts';
import { findDates } from '../text/dates.ts';
import {
  ADDRESS_STOP,
  addressAfter,
  isRegistrationLine,
  normalizeCompanyName,
  stripRegistration,
} from '../text/header.ts';
import { type Line, lineAsReadBy } from '../text/layout.ts';
import { findAmounts } from '../text/numbers.ts';
import {
  bothEnginesRead,
  boxOf,
  type Ctx,
  LEGAL_FOOTER,
  lineBox,
  lineReadings,
  linesBox,
  splitCells,
} from './context.ts';
import { type Features, scoreFeatures, topProbability } from './ranker.ts';
import type { Region } from './region.ts';

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
};

const COMPANY_SUFFIX_BASE =
  'S\\.?\\s?L\\.?\\s?U?\\.?|S\\.?\\s?A\\.?|S\\.?\\s?L\\.?\\s?L\\.?|S\\.?\\s?C\\.?|S\\.?\\s?COOP\\.?|GmbH|B\\.?V\\.?|N\\.?V\\.?|Inc\\.?|Ltd\\.?|LLC|LLP|PLC|SAS|SARL|S\\.?R\\.?L\\.?|S\\.?p\\.?A\\.?|Corp\\.?|Co\\.|e\\.?\\s?K\\.?';
/** Short legal forms written in capitals only: in lower case they are words and units ("1 kg", "ag"). */
const CAPITAL_SUFFIX = /\b(?:AG|KG|OHG|UG)\s*\.?$/;
const SUFFIX_ONLY_BASE =
  'S\\.?\\s?L\\.?\\s?U?\\.?|S\\.?\\s?A\\.?|GmbH|B\\.?V\\.?|Ltd\\.?|Limited|Inc\\.?|LLC|AG';

type Tester = { test(text: string): boolean };

/** Legal forms that end a company name; the region's own only where the region applies. */
function companySuffix(region: Region): Tester {
  const re = new RegExp(
    `\\b(?:${COMPANY_SUFFIX_BASE}${region.my ? `|${MY_COMPANY_SUFFIX}` : ''})\\s*\\.?$`,
    'i',
  );
  return { test: (text) => re.test(text) || CAPITAL_SUFFIX.test(text) };
}
/** A legal-form suffix alone on a line, continuing the name above it ("KEDAI MAJU JAYA" / "SDN BHD"). */
function suffixOnly(region: Region): RegExp {
  return new RegExp(`^(?:${region.my ? `${MY_SUFFIX_ONLY}|` : ''}${SUFFIX_ONLY_BASE})$`, 'i');
}

const LABELISH =
  /\b(?:base\s*imponible|subtotal|importe|cantidad|precio|retenci[óo]n|recargo|forma\s*de\s*pago|vencimiento|factura|invoice|fecha|date|nif|cif|n\.i\.f|vat|iva|total|cliente|customer|bill\s*to|tel[ée]?f?|tel\.|phone|email|e-mail|www\.|http|p[áa]gina|page|rechnung|datum|importe|concepto|description|descripci[óo]n|receipt|recibo|ticket|simplificada)\b/i;

/** Tax ids with their roles, and the issuer's and the client's. */
export function taxIdsWithRoles(ctx: Ctx): {
  taxIds: TaxIdCand[];
  issuerId?: TaxIdCand;
  clientId?: TaxIdCand;
} {
  const taxIds = findTaxIds(ctx.lines);
  assignRoles(taxIds, ctx.lines, ctx.L);
  const issuerId =
    taxIds.find((t) => t.role === 'issuer') ?? taxIds.find((t) => t.role !== 'client' && t.valid);
  const clientId = taxIds.find((t) => t.role === 'client' && t.id !== issuerId?.id);
  return { taxIds, issuerId, clientId };
}

export function findParties(ctx: Ctx, fields: FieldMap): TaxIdCand[] {
  const { lines, source, L } = ctx;
  const { taxIds, issuerId, clientId } = taxIdsWithRoles(ctx);
  if (issuerId)
    fields.issuer_tax_id = {
      roleSure: issuerId.sure,
      readTwice: readTwice(ctx, issuerId),
      value: issuerId.id,
      confidence: issuerId.valid && issuerId.checkable ? 0.9 : 0.5,
      source,
      verified: false,
      box: lineBox(issuerId.line),
    };
  if (clientId)
    fields.client_tax_id = {
      roleSure: clientId.sure,
      readTwice: readTwice(ctx, clientId),
      value: clientId.id,
      confidence: clientId.valid && clientId.checkable ? 0.85 : 0.45,
      source,
      verified: false,
      box: lineBox(clientId.line),
    };

  // Names
  const issuerName = bestIssuerName(issuerNameCandidates(ctx, lines, issuerId, clientId, ctx.ocr));
  if (issuerName) {
    fields.issuer_name = {
      value: ctx.ocr ? withAccents(issuerName.line, issuerName.text) : issuerName.text,
      confidence: issuerName.conf,
      source,
      verified: false,
      box: lineBox(issuerName.line),
    };
    const address = addressAfter(lines, issuerName.line, issuerName.lineCount ?? 1);
    if (address)
      fields.issuer_address = {
        value: address.text,
        confidence: Math.min(0.7, issuerName.conf),
        source,
        verified: false,
        box: linesBox(address.lines),
      };
  }
  const clientName = findClientName(L, lines, clientId, issuerName?.text);
  if (clientName)
    fields.client_name = {
      value: ctx.ocr ? legalFormDots(withAccents(clientName.line, clientName.text)) : clientName.text,
      confidence: clientName.conf,
      source,
      verified: false,
      box: lineBox(clientName.line),
    };

  return taxIds;
}

const TAX_ID_RE =
  /(?<![A-Z0-9])((?:ES)?[ -]?(?:[A-HJNP-SUVW][ -]?\d{2}[ .-]?\d{3}[ .-]?\d{2}[ -]?[0-9A-J]|\d{2}\.?\d{3}\.?\d{3}[ -]?[A-Z]|[XYZ][ .-]?\d[ .]?\d{3}[ .]?\d{3}[ .-]?[A-Z])|(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|GB)[ ]?[A-Z0-9][A-Z0-9 ]{6,14}[A-Z0-9])(?![A-Z0-9])/g;

type IdMatch = { check: NonNullable<ReturnType<typeof checkTaxId>>; index: number; length: number };

/** The tax ids a line's text holds (EU ids that swallowed trailing words shrunk until the format fits). */
function idsIn(text: string): IdMatch[] {
  const out: IdMatch[] = [];
  for (const m of text.toUpperCase().matchAll(TAX_ID_RE)) {
    let raw = m[1]!.trim();
    let check = checkTaxId(raw);
    while (!check?.valid && raw.includes(' ')) {
      raw = raw.slice(0, raw.lastIndexOf(' '));
      const c = checkTaxId(raw);
      if (c) check = c;
      if (c?.valid) break;
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
function alternativeIds(line: Line): { check: IdMatch['check']; x: number; labeled: boolean }[] {
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
const SPANISH_ID_AFTER_LABEL = (shape: RegExp) =>
  new RegExp(
    `(?<=\\b(?:N\\.?I\\.?F|C\\.?I\\.?F|N\\.?I\\.?E|DNI)[.:]?\\s?)${shape.source}(?![\\p{L}\\d])`,
    'gu',
  );

/**
 * A Spanish id with one character OCR confuses with its look-alike, put right where the check then passes
 * (the text keeps its length): a NIF's control letter read as a digit ("696523420" for "…Q"), its first
 * digit 8 read as B ("B9234614L"), a CIF's B read as 8 ("825862210"). A repair: never verified.
 */
function lookalikeRepairs(text: string): string {
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

/** A Spanish id label as OCR glues it to the id, some letters lost: "NIF", "NF", "IF", "NIE", "DNI". */
const GLUED_ID_LABEL = /\b(N?I?F|NIE|DNI)(?=\d{8}[A-Z]\b|[XYZ]\d{7}[A-Z]\b)/g;

/** A CIF label glued to the CIF, letters lost ("CFB8…"): the CIF's own letter then starts no word. */
const GLUED_CIF_LABEL = /\b(C?I?F)(?=[A-HJNP-SUVW]\d{7}[0-9A-J]\b)/g;

/**
 * The line as another OCR engine read it holds an id label: the label may sit in a word the chosen
 * reading garbled ("4.48" for "CIF:"), or in the other engine's reading of a neighbouring word.
 */
function labeledInOtherReading(line: Line): boolean {
  return (['ppocr', 'tesseract'] as const).some((engine) => {
    const read = lineAsReadBy(line, engine);
    return read != null && ID_LABEL.test(read.text);
  });
}

const ID_LABEL = /\b(?:N\.?I\.?F|C\.?I\.?F|N\.?I\.?E|DNI|VAT|TVA|USt|IVA|TAX|UID|BTW|GST|ID)\b/i;

function findTaxIds(lines: Line[]): TaxIdCand[] {
  const out: TaxIdCand[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const labeled = ID_LABEL.test(line.text);
    const found: TaxIdCand[] = [];
    for (const m of idsIn(line.text)) {
      const { check } = m;
      if (!check.valid && !labeled) continue;
      if (!check.checkable && !labeled) continue;
      found.push({
        id: check.normalized,
        valid: check.valid,
        checkable: check.checkable,
        line,
        cell: cellOf(line, boxOf(line, m.index, m.length).x),
        role: null,
        sure: false,
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
        };
        if (clash) found[found.indexOf(clash)] = cand;
        else found.push(cand);
      }
    }
    // OCR reads a final J as a bracket ("Z-7.236.659-]"): on a labelled line holding no valid id, the id
    // with J in the bracket's place; and OCR glues a label, letters lost, to the id ("NF47049470A" for
    // "NIF 47049470A"): the id after the label. Either when its check character then passes. Never
    // verified: a repair.
    if (!found.some((f) => f.valid)) {
      let repaired = line.text.replace(GLUED_ID_LABEL, '$1 ').replace(GLUED_CIF_LABEL, '$1 ');
      if (labeled) repaired = lookalikeRepairs(repaired.replace(/(?<=[\d.-])[\])](?=\s|$)/g, 'J'));
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
          };
          // The misread id the repair replaces is no id of its own.
          const misread = found.findIndex((f) => !f.valid && Math.abs(f.cell.x - cand.cell.x) < 1e-4);
          if (misread >= 0) found.splice(misread, 1, cand);
          else found.push(cand);
        }
    }
    for (const t of found) {
      if (seen.has(t.id)) continue;
      seen.add(t.id);
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
function cellOf(line: Line, x: number): { text: string; x: number; w: number } {
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
  if (prev && idFirst && (/:\s*$/.test(prev.text) || prev.text.length <= 20))
    return { text: `${prev.text} ${own.text}`, x: prev.x, w: own.x + own.w - prev.x };
  return own;
}

/** A tax id's label and nothing else ("CIF:", "N.I.F.", "VAT ID", "VAT No."). */
const ONLY_ID_LABEL = new RegExp(
  `^(?:\\s*(?:${ID_LABEL.source})\\.?)+\\s*(?:n[º°o]\\.?|no\\.?|number)?\\s*:?\\s*$`,
  'i',
);

const CLIENT_ID_LABEL =
  /\b(?:cliente|client|customer|buyer|comprador|destinatario)\b|\b(?:uw|your|votre|ihre?|su)\s+(?:btw|vat|tva|ust|nif|cif)/i;

function assignRoles(ids: TaxIdCand[], lines: Line[], L: Labels): void {
  const clientLabels = lines.filter((l) => L.clientBlock.some((re) => re.test(l.text)));
  const issuerLabels = lines.filter((l) => L.issuerBlock.some((re) => re.test(l.text)));
  for (const t of ids) {
    if (CLIENT_ID_LABEL.test(t.cell.text)) {
      t.role = 'client';
      t.sure = true;
      continue;
    }
    const nearClient = nearestBlock(t, clientLabels, L.clientBlock);
    const nearIssuer = nearestBlock(t, issuerLabels, L.issuerBlock);
    if (nearClient && (!nearIssuer || nearClient.dy < nearIssuer.dy)) t.role = 'client';
    else if (nearIssuer) t.role = 'issuer';
    // Both kinds of block label just over the id's column (0.03: about a line apart): a guess, never certain.
    t.sure = t.role != null && !(nearClient && nearIssuer && Math.abs(nearClient.dy - nearIssuer.dy) < 0.03);
  }
  // Two ids placed in one role: at least one is wrong, and neither is certain.
  for (const role of ['issuer', 'client'] as const) {
    const same = ids.filter((t) => t.role === role && t.sure);
    const taxpayers = new Set(same.map((t) => t.id.replace(/^ES(?=[0-9A-Z]{9}$)/, '')));
    if (taxpayers.size > 1) for (const t of same) t.sure = false;
  }
  // With the client's id placed by its block, the one other valid id is the issuer's.
  const clients = ids.filter((t) => t.role === 'client' && t.sure);
  const rest = ids.filter((t) => t.role == null && t.valid);
  if (clients.length === 1 && rest.length === 1 && !ids.some((t) => t.role === 'issuer')) {
    rest[0]!.role = 'issuer';
    rest[0]!.sure = true;
  }
  // Without block labels: the letterhead's id is the issuer's, a second one the client's. Blocks side by
  // side (within about two lines of each other) read left to right; otherwise top to bottom.
  const unassigned = ids.filter((t) => t.role == null && t.valid).sort(letterheadOrder);
  if (!ids.some((t) => t.role === 'issuer') && unassigned[0]) unassigned[0].role = 'issuer';
  if (!ids.some((t) => t.role === 'client')) {
    const next = ids.filter((t) => t.role == null && t.valid).sort(letterheadOrder)[0];
    if (next) next.role = 'client';
  }
}

/** Reading order of party blocks: page, then left before right when side by side, else top first. */
function letterheadOrder(a: TaxIdCand, b: TaxIdCand): number {
  if (a.line.page !== b.line.page) return a.line.page - b.line.page;
  const side = Math.abs(a.line.y - b.line.y) < 0.03 && Math.abs(a.cell.x - b.cell.x) > 0.2;
  return side ? a.cell.x - b.cell.x : a.line.y - b.line.y;
}

/**
 * The nearest block label above the id in the id's own column, its vertical distance; or null. The
 * column is the id's cell, not its line: a line merged across side-by-side blocks spans both labels.
 */
function nearestBlock(t: TaxIdCand, labels: Line[], res: RegExp[]): { dy: number } | null {
  let best: { dy: number } | null = null;
  for (const l of labels) {
    if (l.page !== t.line.page) continue;
    const dy = t.line.y - l.y;
    if (dy < -0.002 || dy > 0.18) continue;
    // Where the label itself sits on its line (a merged line starts in the other block's column).
    const m = res.map((re) => new RegExp(re.source, re.flags.replace('g', '')).exec(l.text)).find(Boolean);
    const label = m ? boxOf(l, m.index, m[0].length) : l;
    // Same column: the label's span and the id's cell overlap, or nearly (0.05: a narrow gutter).
    const gap = Math.max(label.x - (t.cell.x + t.cell.w), t.cell.x - (label.x + label.w), 0);
    if (gap > 0.05) continue;
    if (best == null || dy < best.dy) best = { dy };
  }
  return best;
}
function cleanName(text: string): string {
  return text
    .split(/ {3}/)[0]!
    .replace(
      /^(?:emisor|proveedor|cliente|client|customer|bill\s*to|from|to|raz[óo]n\s*social|nombre|name|firma|company|raison\s*sociale|nom)\s*:\s*/i,
      '',
    )
    .replace(/\s+/g, ' ')
    .trim();
}

// A speck OCR read as a letter may open the label ("i NeFactura").
const LABEL_WORDS =
  /^[a-z]?(?:n[oºe°]?)?(?:factura|facturasimplificada|invoice|taxinvoice|receipt|recibo|ticket|albar[áa]n|rechnung|facture|factuur|presupuesto|abono|facturarectificativa)$/i;

function isNameLike(text: string): boolean {
  const t = cleanName(text);
  if (/:\s*$/.test(t) || /^(?:attn|address|account|summary|detail|page)\b/i.test(t)) return false;
  // "Nummer: GE20", "Kunden-Nr.: 4711": a labelled code, not a name.
  if (/^[\p{L}][\p{L}\s.-]{0,24}:\s*\S*\d/u.test(t)) return false;
  if (LABEL_WORDS.test(t.replace(/[^\p{L}]/gu, ''))) return false;
  if (t.length < 3 || t.length > 80) return false;
  if (!/\p{L}{2,}/u.test(t)) return false;
  if ((t.match(/\d/g) ?? []).length > t.length * 0.3) return false;
  if (findDates(t).length || findAmounts(t).length > 1) return false;
  if (/@|www\.|https?:|\btel\b|\bfax\b|^\+?\d/i.test(t)) return false;
  return true;
}

/** Name text of a header line: registration numbers dropped, OCR spellings of legal forms repaired. */
function headerName(line: Line, ocr: boolean): string {
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

const bare = (x: string) => x.normalize('NFD').replace(/\p{M}/gu, '');

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

const ENDS_IN_LEGAL_FORM = new RegExp(`\\b(?:${COMPANY_SUFFIX_BASE})\\s*\\.?$`, 'i');

/** OCR drops or misreads the last dot of a Spanish legal form ("S.L", "S.A,"): written as printed. */
function legalFormDots(text: string): string {
  return text.replace(/\b(S\.[LA]\.?(?:U)?)[,.]?$/, (_, form: string) => `${form.replace(/\.$/, '')}.`);
}

/**
 * How a name reads: letters spaced out one by one (`Q e r b a n g`), or words run together (an engine
 * that dropped the spaces: `VIVOPACMARKETING`).
 */
const COURTESY =
  /\b(?:thank(?:s|\s*you)?|please|again|welcome|visit|goods\s*sold|returnable|gracias|vuelva|bienvenid[oa]s?|danke|merci)\b|for\s*shopping\b/i;
const TABLE_HEADER_WORD =
  /\b(?:qty|quantity|price|amount|a[mo]?ount|desc(?:ription)?|item|total|tax\s*code|cant(?:idad)?|precio|importe|descripci[óo]n)\b/gi;

function spellingFeatures(text: string): Features {
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

export type NameCand = {
  text: string;
  line: Line;
  score: number;
  lineCount?: number;
  features: Features;
};

/** A name cannot end on a joining word: the rest is on the next line. */
const JOINING_END = /\s(?:de|del|la|las|los|y|e|i|and|of|&|und|et|van|der)$/i;

const LEGAL_WORD = /\b(?:SDN|BHD|S\.L\.?|S\.A\.?|GmbH|Ltd|Inc)\b/i;

/**
 * Where a tax id is printed, to compare with a name's place: on a text layer its own cell (blocks side by
 * side share lines: "Cliente Uno S.L.   NIF: B12345678" holds the client's name and the issuer's id), read
 * by OCR its line (receipts' wide lines split into cells anywhere).
 */
function idPlace(id: TaxIdCand | undefined, ocr: boolean): Line | undefined {
  if (!id || ocr) return id?.line;
  return { ...id.line, x: id.cell.x, w: id.cell.w };
}

export function issuerNameCandidates(
  ctx: Ctx,
  lines: Line[],
  issuerId: TaxIdCand | undefined,
  clientId: TaxIdCand | undefined,
  ocr = false,
): NameCand[] {
  const { L } = ctx;
  const idLine = idPlace(issuerId, ocr);
  const clientIdLine = idPlace(clientId, ocr);
  const COMPANY_SUFFIX = companySuffix(ctx.region);
  const SUFFIX_ONLY = suffixOnly(ctx.region);
  const candidates: NameCand[] = [];
  const firstPage = lines.filter((l) => l.page === (lines[0]?.page ?? 1));
  const maxH = Math.max(...firstPage.map((l) => l.h), 0.001);
  // OCR line boxes grow with skew and merged rows: compare median word heights instead.
  const wordH = (l: Line) => [...l.words].sort((a, b) => a.h - b.h)[Math.floor(l.words.length / 2)]?.h ?? l.h;
  const allH = firstPage.map(wordH).sort((a, b) => a - b);
  const medH = allH[Math.floor(allH.length / 2)] ?? 0.01;
  let rank = 0;
  const returnAddr = ocr ? null : findReturnAddress(firstPage, medH);
  const footerNames = findFooterNames(firstPage, COMPANY_SUFFIX);
  for (let i = 0; i < firstPage.length; i++) {
    const line = firstPage[i]!;
    // On a receipt the name comes before the first phone / tax-registration line.
    if (ocr && rank > 0 && ADDRESS_STOP.test(line.text) && /\d{4}/.test(line.text)) break;
    let text = headerName(line, ocr);
    if (ocr && COMPANY_SUFFIX.test(text) && /^\d/.test(text)) text = `_${text}`; // "99 KEDAI CONTOH S/B"
    const nameLike = isNameLike(text);
    if (text.startsWith('_')) text = text.slice(1);
    // The letterhead is printed above the items table: its header row ends the search.
    if (rank > 0 && (line.text.match(TABLE_HEADER_WORD) ?? []).length >= 2) break;
    // A block label alone ("Facturado a", "Emisor") heads a name; it is none.
    if (!nameLike || LABELISH.test(text) || isBlockLabel(L, text)) continue;
    if (line.y > 0.45) break;
    // OCR specks and logos: low confidence or hardly any letters; registration numbers.
    if (ocr && (line.conf < 0.5 || (text.match(/\p{L}/gu) ?? []).length < 4 || isRegistrationLine(line.text)))
      continue;
    let lineCount = 1;
    // A legal form wrapped onto the next line of the name's own column (side-by-side blocks share lines),
    // or the rest of a name cut after a joining word ("Suministros Industriales del" / "Norte S.A.").
    const cells0 = splitCells(line);
    const span = cells0.length > 1 && sameName(text, cleanName(cells0[0]!.text)) ? cells0[0]! : line;
    const next = firstPage
      .slice(i + 1, i + 4)
      .find((l) => l.y > line.y && l.x < span.x + span.w && l.x + l.w > span.x);
    if (next && next.y - (line.y + line.h) < line.h * 1.5) {
      const whole = headerName(next, ocr);
      const cell = splitCells(next).find((c) => c.x < span.x + span.w && c.x + c.w > span.x);
      const own = cell ? cleanName(cell.text) : whole;
      if (SUFFIX_ONLY.test(whole) || (span !== line && SUFFIX_ONLY.test(own))) {
        text = `${text} ${SUFFIX_ONLY.test(whole) ? whole : own}`;
        lineCount = 2;
      } else if (
        JOINING_END.test(text) &&
        isNameLike(own) &&
        !LABELISH.test(own) &&
        COMPANY_SUFFIX.test(own)
      ) {
        text = `${text} ${own}`;
        lineCount = 2;
      }
    }
    const f: Features = {};
    // "KEDAI CONTOH S/B (B12)": a branch in brackets after the legal form.
    const core = ocr ? text.replace(/\s*\([^()]{1,12}\)?\s*$/, '') : text;
    if (COMPANY_SUFFIX.test(core)) f.legalForm = 1;
    else if (LEGAL_WORD.test(text)) f.legalWord = 1;
    f.bigPrint = ocr ? Math.max(0, Math.min(2, (wordH(line) / medH - 1) * 2)) : (line.h / maxH) * 2;
    f.topRank = Math.max(0, 2 - (ocr ? rank : i) * 0.3);
    // Receipt headers are printed in capitals; an all-lower-case line is a note or a stamp.
    if (ocr && !/\p{Lu}/u.test(text)) f.lowercase = 1;
    const letters = text.match(/\p{L}/gu) ?? [];
    f.upperRatio = letters.length ? letters.filter((c) => c === c.toUpperCase()).length / letters.length : 0;
    f.lineConf = line.conf;
    rank++;
    if (idLine && idLine.page === line.page) {
      const dy = idLine.y - line.y;
      // Left-aligned with the name, or right-aligned in a letterhead on the right.
      const aligned =
        Math.abs(idLine.x - line.x) < 0.2 ||
        (!ocr && Math.abs(idLine.x + idLine.w - (line.x + line.w)) < 0.03);
      if (dy >= 0 && dy < 0.12 && aligned) f.nearIssuerId = 2 - dy * 10;
    }
    if (clientIdLine && clientIdLine.page === line.page) {
      const dy = clientIdLine.y - line.y;
      if (dy >= 0 && dy < 0.1 && Math.abs(clientIdLine.x - line.x) < 0.1) f.nearClientId = 1;
    }
    if (L.clientBlock.some((re) => re.test(firstPage[i - 1]?.text ?? ''))) f.afterClientLabel = 1;
    // The recipient's address window sits right under the sender's one-line return address.
    if (
      returnAddr &&
      line !== returnAddr.line &&
      line.y > returnAddr.line.y &&
      line.y - returnAddr.line.y < 0.1
    )
      if (Math.abs(line.x - returnAddr.line.x) < 0.05) f.underReturnAddress = 1;
    if (footerNames.some((x) => sameName(x.text, text))) f.footerMatch = 1;
    candidates.push({
      text,
      line,
      score: 0,
      lineCount,
      features: ocr ? { ...f, ...spellingFeatures(text) } : f,
    });
    // The other engine's reading of the same line: its spacing and letters may be the right ones.
    for (const alt of ocr ? lineReadings(ctx, line).slice(1) : []) {
      const altText = headerName(alt, ocr).replace(/^_/, '');
      if (altText === text || !isNameLike(altText) || LABELISH.test(altText)) continue;
      const suffix = lineCount === 2 ? ` ${headerName(firstPage[i + 1]!, ocr)}` : '';
      const engine = alt.words.find((w) => w.engine === 'tesseract' || w.engine === 'ppocr')?.engine;
      const g: Features = { ...f, ...spellingFeatures(altText + suffix), altReading: 1 };
      if (engine === 'tesseract') g.altTesseract = 1;
      candidates.push({ text: altText + suffix, line, score: 0, lineCount, features: g });
    }
  }
  // Every reading of a line's first cell: the same printed name (or the name with the rest of the line).
  const firstCells = new Set(candidates);
  // Text layer: a letterhead in a right-hand column shares its lines with the left column ("FACTURA   Empresa
  // del"), and a long name wraps onto the next line of its column ("Norte S.A."). Its cell is a candidate
  // when no client label or client id heads that column.
  {
    const continued = new Set<string>();
    for (let i = 0; i < firstPage.length; i++) {
      const line = firstPage[i]!;
      if (line.y > 0.3) break;
      const cells = splitCells(line);
      // Read by OCR, only beside a document title ("FACTURA   Empresa del") or a block label ("Facturado a
      // Empresa S.L.", the blocks side by side): receipts' wide lines split into cells anywhere.
      const head = cells[0]?.text ?? '';
      if (ocr && !LABEL_WORDS.test(head.replace(/[^\p{L}]/gu, '')) && !isBlockLabel(L, head)) continue;
      for (const cell of cells.slice(1)) {
        if (cell.x < 0.4) continue;
        let text = cleanName(cell.text);
        if (!isNameLike(text) || LABELISH.test(text)) continue;
        const inClientColumn = firstPage.some(
          (l) =>
            l.y <= line.y + 0.001 &&
            line.y - l.y < 0.2 &&
            splitCells(l).some(
              (c) => Math.abs(c.x - cell.x) < 0.05 && L.clientBlock.some((re) => re.test(c.text)),
            ),
        );
        const clientCell =
          clientIdLine &&
          clientIdLine.y >= line.y &&
          clientIdLine.y - line.y < 0.1 &&
          splitCells(clientIdLine).some((c) => Math.abs(c.x - cell.x) < 0.05);
        if (inClientColumn || clientCell) continue;
        const next = firstPage[i + 1];
        const below =
          next && next.y - line.y < line.h * 2.2
            ? splitCells(next).find(
                (c) => Math.abs(c.x - cell.x) < 0.01 || Math.abs(c.x + c.w - (cell.x + cell.w)) < 0.01,
              )
            : undefined;
        let lineCount = 1;
        if (
          !COMPANY_SUFFIX.test(text) &&
          below &&
          (SUFFIX_ONLY.test(below.text.trim()) || (COMPANY_SUFFIX.test(below.text) && isNameLike(below.text)))
        ) {
          text = `${text} ${cleanName(below.text)}`;
          lineCount = 2;
          continued.add(below.text);
        } else if (continued.has(cell.text)) continue;
        if (candidates.some((c) => sameName(c.text, text))) continue;
        const f: Features = {};
        if (COMPANY_SUFFIX.test(text)) f.legalForm = 1;
        else if (LEGAL_WORD.test(text)) f.legalWord = 1;
        f.bigPrint = (line.h / maxH) * 2;
        f.topRank = Math.max(0, 2 - i * 0.3);
        const letters = text.match(/\p{L}/gu) ?? [];
        f.upperRatio = letters.length
          ? letters.filter((c) => c === c.toUpperCase()).length / letters.length
          : 0;
        f.lineConf = line.conf;
        if (idLine && idLine.page === line.page) {
          const dy = idLine.y - line.y;
          const idCell = splitCells(idLine).some((c) => Math.abs(c.x - cell.x) < 0.2);
          if (dy >= 0 && dy < 0.12 && idCell) f.nearIssuerId = 2 - dy * 10;
        }
        candidates.push({ text, line, score: 0, lineCount, features: f });
      }
    }
  }
  if (!ocr && returnAddr && isNameLike(returnAddr.text)) {
    const features: Features = {
      returnAddress: 1,
      ...(COMPANY_SUFFIX.test(returnAddr.text) ? { legalForm: 1 } : {}),
    };
    candidates.push({ text: returnAddr.text, line: returnAddr.line, score: 0, features });
  }
  // "Empresa S.A. · CIF A12345678 · Calle …": a name printed on the issuer's own id line, before the id.
  // Read by OCR, the separators and the label may be lost or garbled ("Javier Martín Sánchez NIF2031…").
  const onIdLine =
    idLine && (nameOnIdLine(idLine, COMPANY_SUFFIX) ?? (ocr ? nameBeforeIdShape(idLine) : null));
  if (onIdLine && !candidates.some((c) => sameName(c.text, onIdLine))) {
    const features: Features = { footer: 1, ...(COMPANY_SUFFIX.test(onIdLine) ? { legalForm: 1 } : {}) };
    candidates.push({ text: onIdLine, line: idLine!, score: 0, features });
  }
  // The issuer's legal line in the footer, its id unread ("Empresa S.L. - CIF B1…" with the id misread):
  // a company name before an id label, low on the page, on no client id's line.
  for (const line of firstPage) {
    if (line.y < 0.35 || line === idLine || line === clientIdLine) continue;
    const separated = nameOnIdLine(line, COMPANY_SUFFIX);
    // Without a legal form, only read by OCR: a scan's legal line is a person's name as often as a company's.
    const name =
      separated && (ocr || COMPANY_SUFFIX.test(separated)) ? separated : ocr ? nameBeforeIdShape(line) : null;
    if (!name || candidates.some((c) => sameName(c.text, name))) continue;
    const features: Features = { footer: 1, ...(COMPANY_SUFFIX.test(name) ? { legalForm: 1 } : {}) };
    candidates.push({ text: name, line, score: 0, features });
  }
  for (const x of footerNames) {
    if (candidates.some((c) => sameName(c.text, x.text))) continue;
    const features: Features = { footer: 1, ...(COMPANY_SUFFIX.test(x.text) ? { legalForm: 1 } : {}) };
    candidates.push({ text: x.text, line: x.line, score: 0, features });
  }
  // A labelled issuer block ("Emisor", "Service Provider:", "Sold by") names the issuer outright.
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = L.issuerBlock.map((re) => re.exec(line.text)).find(Boolean);
    if (!m) continue;
    const rest = cleanName(line.text.slice((m.index ?? 0) + m[0].length));
    // "Emisor   Destinatario": two block labels side by side, the names under them.
    const isLabel = (t: string) =>
      L.clientBlock.some((re) => re.test(t)) || L.issuerBlock.some((re) => re.test(t));
    if (rest && isNameLike(rest) && !LABELISH.test(rest) && !isLabel(rest))
      return [{ text: rest, line, score: 0, features: { issuerBlock: 1 } }];
    // The label's own column: the value sits under it, whatever else shares the row.
    const label = boxOf(line, (m.index ?? 0) + (m[0].length - m[0].trimStart().length), m[0].trim().length);
    for (let j = i + 1; j < Math.min(lines.length, i + 4); j++) {
      const below = lines[j]!;
      if (below.page !== line.page || below.y - line.y > 0.08) break;
      const cells = splitCells(below);
      const at = cells.findIndex((c) => c.x >= label.x - 0.05 && c.x < label.x + label.w + 0.1);
      // "Name:   Beispiel GmbH": a row label, the value in the next cell.
      const cell = ROW_LABEL.test(cells[at]?.text.trim() ?? '') ? cells[at + 1] : cells[at];
      const text = cleanName(cell?.text ?? '');
      if (text && isNameLike(text) && !LABELISH.test(text) && !isLabel(text) && !/^[(*]/.test(text))
        return [{ text, line: below, score: 0, features: { issuerBlock: 1 } }];
    }
  }
  // The account holder of the bank details is the payee, the issuer.
  const holder = lines
    .map(
      (l) =>
        /\b(?:titulaire(?:\s*du\s*compte)?|account\s*holder|kontoinhaber|titular(?:\s*de\s*la\s*cuenta)?|beneficiary|beneficiario|ten\s*name\s*van|t\.n\.v\.)\s*:?\s*(.+)$/i.exec(
          l.text,
        )?.[1],
    )
    .find(Boolean);
  if (holder) {
    const name = cleanName(holder);
    for (const c of candidates) if (sameName(c.text, name)) c.features.holderMatch = 1;
  }
  // The second line of a wrapped name ("Suministros Industriales del" / "Norte S.A.") is no name of its own.
  const tail = (c: NameCand) =>
    candidates.some(
      (d) =>
        d !== c &&
        d.lineCount === 2 &&
        d.line.page === c.line.page &&
        c.line.y > d.line.y &&
        c.line.y - d.line.y < 0.05 &&
        sameName(d.text.slice(-c.text.length), c.text),
    );
  for (let k = candidates.length - 1; k >= 0; k--) if (tail(candidates[k]!)) candidates.splice(k, 1);
  // The name the client's block holds (its label, or the client id's block) is the client's, not the issuer's.
  const client = clientBlockName(L, lines, taxIdsWithRoles(ctx).clientId);
  // Accents and OCR's misread letters aside: another engine's reading of the client's line is the client's.
  const flat = (x: string) =>
    x
      .normalize('NFD')
      .toLowerCase()
      .replace(/[^\p{L}\d]+/gu, '')
      .replace(/5/g, 's')
      .replace(/0/g, 'o');
  // The client's name opens its line: every engine's reading of that line's first cell is the client's
  // name, however garbled (the first letters compared: a wrapped legal form may follow the name).
  const clientOpensLine = client != null && flat(client.line.text).startsWith(flat(client.text).slice(0, 8));
  if (client)
    for (const c of candidates)
      if (
        flat(c.text) === flat(client.text) ||
        (c.line === client.line &&
          flat(client.text).length >= 6 &&
          flat(c.text).includes(flat(client.text))) ||
        (c.line === client.line && clientOpensLine && firstCells.has(c))
      )
        c.features.clientName = 1;
  // Under the client's label, over the client's id, and the name the client's block holds: three readings
  // agree it is the client's, so it is never the issuer's while another candidate is left (a letterhead in
  // the footer, read by OCR, weighs less than the client's legal form at the top).
  const isClients = (c: NameCand) =>
    c.features.afterClientLabel && c.features.nearClientId && c.features.clientName;
  if (candidates.some((c) => !isClients(c)))
    for (let k = candidates.length - 1; k >= 0; k--) if (isClients(candidates[k]!)) candidates.splice(k, 1);
  // Letterheads read by OCR (receipts, scans) and printed in a text layer (digital invoices) differ:
  // each has its own weights, so fitting on one cannot unlearn the other.
  if (!ocr) for (const c of candidates) c.features = withPrefix(c.features, 'pdf.');
  return candidates;
}

/** The segment before a tax-id label on its line, when it reads as a name ("Empresa S.L. · NIF B1…"). */
function nameOnIdLine(line: Line, COMPANY_SUFFIX: Tester): string | null {
  const ID = `(?:N\\.?I\\.?F|C\\.?I\\.?F|N\\.?I\\.?E|DNI|VAT|NIF-IVA|${GLUED_ID_LABEL.source})(?![A-Za-z])`;
  const m = new RegExp(`^(.*?)(?:\\s+[·|•–-]\\s+|\\s{3}|,\\s+)${ID}`, 'i').exec(line.text);
  // OCR drops the separator dot ("Empresa S.A. CIF A1…"): a plain space, after a legal form.
  const plain = new RegExp(`^(.*?)\\s+${ID}`, 'i').exec(line.text);
  const raw = m?.[1] ?? (plain && COMPANY_SUFFIX.test(plain[1]!.trim()) ? plain[1] : null);
  if (raw == null) return null;
  const text = cleanName(raw.trim());
  return text && isNameLike(text) && !LABELISH.test(text) && !/[·|•]/.test(text) ? text : null;
}

/**
 * An id label as OCR garbles it on small print, right before a token shaped like a Spanish id: whole or
 * cut ("CI F2586…"), glued to the id ("CIFA706…", "NIF2031…"), the id itself misread ("B9234614L").
 */
const LABEL_BEFORE_ID_SHAPE =
  /^(.*?)\s+(?:N\.?I\.?F|C\.?I\.?F|N\.?I\.?E|DNI|CI|NI|NF|IF)[.:]?\s?(?=[A-Z]?\d{7,8}[A-Za-z]?(?![\p{L}\d]))/u;

/**
 * The name on a legal line whose separators OCR lost ("Javier Martín Sánchez NIF2031…", "Empresa 5. CIFA706…
 * Calle…"): the text before an id label that precedes an id-shaped token. The id need not pass its check
 * (a misread id still marks where the name ends).
 */
function nameBeforeIdShape(line: Line): string | null {
  const m = LABEL_BEFORE_ID_SHAPE.exec(line.text);
  if (!m) return null;
  const text = cleanName(m[1]!.replace(/[\s,;·|•–+-]+$/, ''));
  return text && isNameLike(text) && !LABELISH.test(text) && !/[·|•]/.test(text) ? text : null;
}

function withPrefix(f: Features, prefix: string): Features {
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [`${prefix}${k}`, v]));
}

/** The ranker's pick among the issuer-name candidates, with its confidence. */
function bestIssuerName(candidates: NameCand[]): (NameCand & { conf: number }) | null {
  for (const c of candidates) c.score = scoreFeatures('issuer_name', c.features);
  candidates.sort((a, b) => b.score - a.score);
  const best = candidates[0];
  if (!best) return null;
  // A labelled issuer block names the issuer outright.
  if (best.features.issuerBlock || best.features['pdf.issuerBlock']) return { ...best, conf: 0.7 };
  const p = topProbability(candidates.map((c) => c.score)) / (1 + Math.exp(-best.score));
  return { ...best, conf: Math.min(0.8, 0.35 + 0.45 * p) };
}

/** A row label in a name/address block whose value is the next cell. */
const ROW_LABEL = /^(?:name|nombre|nom|firma|company|raz[óo]n\s*social)\s*:$/i;

/** A client or issuer block label alone on its line, or beside another ("Bill to   Ship to"). */
function isBlockLabel(L: Labels, text: string): boolean {
  const rest = [...L.clientBlock, ...L.issuerBlock].reduce((t, re) => t.replace(re, ''), text);
  return rest.length < text.length && !/\p{L}{2,}/u.test(rest);
}

const sameName = (a: string, b: string) =>
  a.toLowerCase().replace(/[^\p{L}\d]+/gu, '') === b.toLowerCase().replace(/[^\p{L}\d]+/gu, '');

/**
 * The sender's one-line return address printed small above the recipient's window (DIN 5008 letters):
 * "Firma GmbH - Straße 1 - 12345 Stadt". Its first part is the issuer's name.
 */
function findReturnAddress(lines: Line[], medH: number): { text: string; line: Line } | null {
  for (const line of lines) {
    if (line.y > 0.35) break;
    if (line.h > medH * 1.05) continue;
    const parts = line.text.split(/\s+[-–·|•,]\s+/);
    if (parts.length < 3 || !/\b\d{4,5}\b/.test(parts.slice(1).join(' '))) continue;
    const name = parts[0]!.trim();
    if (name.length >= 3 && /\p{L}{3}/u.test(name) && !/\d{3}/.test(name)) return { text: name, line };
  }
  return null;
}

/**
 * The issuer's legal name in the footer, beside or above the legal information (registered office,
 * share capital, register numbers) that only the issuer prints.
 */
function findFooterNames(
  lines: Line[],
  COMPANY_SUFFIX: Tester,
): { text: string; line: Line; score: number }[] {
  const out: { text: string; line: Line; score: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.y < 0.82) continue;
    const text = cleanName(line.text);
    if (!isNameLike(text) || LABELISH.test(text) || LEGAL_FOOTER.test(text) || /\d{3}/.test(text)) continue;
    const near = lines.slice(i, i + 4).filter((l) => l.y - line.y < 0.05);
    if (!near.some((l) => LEGAL_FOOTER.test(l.text))) continue;
    out.push({ text, line, score: 5 + (COMPANY_SUFFIX.test(text) ? 5 : 0) });
  }
  return out.slice(0, 2);
}

/**
 * The client's name where the page says so, before the issuer is chosen: under (or after) a client-block
 * label, else at the top of the block that holds the client's tax id. The issuer ranker marks a letterhead
 * candidate equal to it (`clientName`): a name printed in the client's block is not the issuer's.
 */
export function clientBlockName(
  L: Labels,
  lines: Line[],
  clientId: TaxIdCand | undefined,
): { text: string; line: Line } | null {
  return (
    findClientName(L, lines, clientId, undefined) ??
    (clientId ? nameAboveId(L, lines, clientId, undefined) : null) ??
    null
  );
}

function findClientName(
  L: Labels,
  lines: Line[],
  clientId: TaxIdCand | undefined,
  issuerName: string | undefined,
) {
  const idLine = clientId?.line;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = L.clientBlock.map((re) => re.exec(line.text)).find(Boolean);
    if (!m) continue;
    const rest = cleanName(line.text.slice((m.index ?? 0) + m[0].length));
    const beside =
      rest && isNameLike(rest) && !LABELISH.test(rest) && !isBlockLabel(L, rest) && rest !== issuerName
        ? { text: rest, line, conf: 0.6 }
        : null;
    // A name far across a column gap may be the block beside's, on a line OCR merged across both blocks:
    // the name under the label comes first then.
    if (beside && !acrossColumnGap(L, line)) return beside;
    const labelWord = line.words.find((w) => L.clientBlock.some((re) => re.test(w.text)));
    for (let j = i + 1; j < Math.min(lines.length, i + 4); j++) {
      const below = lines[j]!;
      // The cell that starts in the label's column, whole (a long name runs past the column).
      const cell = splitCells(below).find(
        (c) =>
          !labelWord ||
          Math.abs(c.x - labelWord.x) < 0.2 ||
          (c.x >= labelWord.x - 0.02 && c.x < labelWord.x + 0.3),
      );
      const text = cleanName(cell?.text ?? '');
      // The label's own first words, read by OCR on the line below ("cliente" over "Datos del").
      if (isBlockLabel(L, `${text} ${m[0].trim()}`)) continue;
      if (cell && text && isNameLike(text) && !LABELISH.test(text) && text !== issuerName)
        return { text: withWrappedSuffix(lines, j, cell, text), line: below, conf: 0.6 };
    }
    if (beside) return beside;
  }
  // No client label: the top of the client id's own block, in its column (side-by-side blocks share lines).
  const above = clientId && nameAboveId(L, lines, clientId, issuerName);
  if (above) return { ...above, conf: 0.5 };
  if (idLine) {
    const idx = lines.indexOf(idLine);
    for (let j = idx - 1; j >= Math.max(0, idx - 3); j--) {
      const l = lines[j]!;
      const cellWords = l.words.filter((w) => Math.abs(w.x - idLine.x) < 0.15);
      const text = cleanName(cellWords.map((w) => w.text).join(' '));
      if (isNameLike(text) && !LABELISH.test(text) && text !== issuerName)
        return { text, line: l, conf: 0.45 };
    }
  }
  return null;
}

/** The cell after the client label's starts more than a quarter of the page to its right. */
function acrossColumnGap(L: Labels, line: Line): boolean {
  const cells = splitCells(line);
  const k = cells.findIndex((c) => L.clientBlock.some((re) => re.test(c.text)));
  const label = cells[k];
  const next = cells[k + 1];
  return !!label && !!next && next.x - (label.x + label.w) > 0.25;
}

const WRAPPED_SUFFIX = new RegExp(`^(?:${SUFFIX_ONLY_BASE})$`, 'i');

/**
 * A name whose legal form wrapped onto the next line of its column ("Suministros del Norte" / "S.A."):
 * the name with it, when the next line's cell in that column (left- or right-aligned) is a legal form alone.
 */
function withWrappedSuffix(lines: Line[], at: number, cell: { x: number; w: number }, text: string): string {
  const line = lines[at]!;
  for (const next of lines.slice(at + 1, at + 4)) {
    if (next.page !== line.page || next.y - line.y > line.h * 2.5) break;
    const below = splitCells(next).find(
      (c) => Math.abs(c.x - cell.x) < 0.01 || Math.abs(c.x + c.w - (cell.x + cell.w)) < 0.01,
    );
    if (!below) continue;
    return WRAPPED_SUFFIX.test(below.text.trim()) ? `${text} ${below.text.trim()}` : text;
  }
  return text;
}

/**
 * The first line of the block holding a tax id: walking up the id's column while the lines stay close
 * (a block's lines are about one line apart), the topmost name-like cell.
 */
function nameAboveId(
  L: Labels,
  lines: Line[],
  t: TaxIdCand,
  issuerName: string | undefined,
): { text: string; line: Line } | null {
  const idx = lines.indexOf(t.line);
  let best: { text: string; line: Line } | null = null;
  let lastY = t.line.y;
  for (let j = idx - 1; j >= Math.max(0, idx - 6); j--) {
    const l = lines[j]!;
    if (l.page !== t.line.page || lastY - l.y > Math.max(0.03, t.line.h * 2.6)) break;
    const cell = splitCells(l).find((c) => Math.abs(c.x - t.cell.x) < 0.04);
    if (!cell) continue;
    lastY = l.y;
    if (L.clientBlock.some((re) => re.test(cell.text)) || L.issuerBlock.some((re) => re.test(cell.text)))
      break;
    const text = cleanName(cell.text);
    if (isNameLike(text) && !LABELISH.test(text) && text !== issuerName) best = { text, line: l };
  }
  return best;
}

/** OCR's digit-for-letter misreadings: in an IBAN's country code, letters; in Spain's account, digits. */
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };
const AS_DIGIT: Record<string, string> = { O: '0', I: '1', L: '1', B: '8', S: '5', Z: '2' };

/**
 * The IBAN: the first that passes mod-97, as printed or with OCR's misread characters put right (a digit
 * for a letter of the country code, "E5" for "ES"; O/I/L/B/S/Z for digits) and the label OCR glued to it
 * ("IBANES12…") split off. The check proves a well-formed account, not that this reading is the printed
 * one: `verified` needs the exact text layer or both OCR engines reading it alike, and never a repair.
 */
export function findIban(ctx: Ctx, fields: FieldMap): void {
  const { lines, source } = ctx;
  ibanSearch: for (const line of lines) {
    const re = /\b([A-Z][A-Z0-9][0-9OIL]{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?)\b/g;
    const text = line.text.toUpperCase();
    const unglued = text.replace(/\bI?BAN(?=[A-Z][A-Z0-9][0-9OIL]{2}[A-Z0-9]{8})/g, 'IBAN ');
    const matches = [
      ...[...text.matchAll(re)].map((m) => ({ m, glued: false })),
      // Split off the label: one character on for the space put in, and never verified.
      ...(unglued === text ? [] : [...unglued.matchAll(re)].map((m) => ({ m, glued: true }))),
    ];
    for (const { m, glued } of matches) {
      const raw = normalizeIban(m[1]!);
      const swap = (x: string, map: Record<string, string>) => x.replace(/./g, (c) => map[c] ?? c);
      const country = swap(raw.slice(0, 2), AS_LETTER);
      const repaired =
        country +
        swap(raw.slice(2, 4), AS_DIGIT) +
        (country === 'ES' ? swap(raw.slice(4), AS_DIGIT) : raw.slice(4));
      for (const candidate of [raw, repaired]) {
        if (!isValidIban(candidate)) continue;
        const box = boxOf(line, Math.max(0, (m.index ?? 0) - (glued ? 1 : 0)), m[0].length);
        const verified = !glued && candidate === raw && (source === 'text' || enginesAgreeOn(line, box));
        fields.iban = { value: candidate, confidence: 0.95, source, verified, box };
        break ibanSearch;
      }
    }
  }
}

/** The tax id was read twice: the text layer, or both OCR engines agreeing on each of its words. */
function readTwice(ctx: Ctx, t: TaxIdCand): boolean {
  if (ctx.source === 'text') return true;
  if (t.fromAlternative) return false;
  const flat = (x: string) => x.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const id = flat(t.id);
  const words = t.line.words.filter((w) => flat(w.text).length >= 2 && id.includes(flat(w.text)));
  return words.length > 0 && words.every(bothEnginesRead);
}

/** Every word of the box was read alike by both OCR engines (fused OCR). */
export function enginesAgreeOn(line: Line, box: { x: number; w: number }): boolean {
  const words = line.words.filter((w) => w.x + w.w > box.x - 1e-4 && w.x < box.x + box.w + 1e-4);
  return words.length > 0 && words.every(bothEnginesRead);
}

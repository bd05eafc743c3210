import { isValidIban, normalizeIban } from '../checks/iban.ts';
import { checkTaxId, normalizeTaxId } from '../checks/tax-id.ts';
import type { Evidence, FieldMap } from '../evidence.ts';
import type { Box, LineItem, Source, VatBreakdownEntry } from '../types.ts';
import { findDates, parseDateValue } from './dates.ts';
import {
  ADDRESS_STOP,
  addressAfter,
  isRegistrationLine,
  normalizeCompanyName,
  stripRegistration,
} from './header.ts';
import type { Line, PageText } from './layout.ts';
import { centsToString, findAmounts, minimalDecimal, parseAmount } from './numbers.ts';

/**
 * Fields from positioned text (PDF text layer or OCR): labels in Spanish and English (plus the German,
 * French and Dutch ones common on EU invoices), values to the right of a label or just below it.
 * Returns candidates; the consistency checks then raise or lower their confidence.
 */
export type TextExtraction = {
  fields: FieldMap;
  language: 'es' | 'en' | 'other';
  /** Extra amount candidates per field, best first, for the reconciliation search. */
  amountCandidates: Record<
    'tax_base' | 'vat_total' | 'total' | 'withholding_total' | 'surcharge_total',
    AmountCand[]
  >;
  taxIds: {
    id: string;
    valid: boolean;
    checkable: boolean;
    line: Line;
    role: 'issuer' | 'client' | null;
    sure: boolean;
  }[];
  fullText: string;
  /** Receipts: tendered, change and what was paid (cents). */
  payment: { tendered: number; change: number | null; paid: number; line: number } | null;
};

export type AmountCand = {
  cents: number;
  score: number;
  box: Box;
  rate?: number;
  /** Index of the line it was read on (in reading order), for layout rules. */
  line?: number;
  /** Printed without decimals ("2"), which receipts rarely do for money. */
  integer?: boolean;
  /** The payable total after cash rounding ("TOTAL ROUNDED", "Rounding  RM …", a bare line after "Rounding adj."). */
  rounded?: boolean;
};

type Ctx = {
  lines: Line[];
  source: Source;
  monthFirst: boolean;
  ocr: boolean;
  /** Median word height on the page (fraction), to tell big print from OCR boxes swollen by skew. */
  medH: number;
};

const wordHeight = (l: Line) =>
  [...l.words].sort((a, b) => a.h - b.h)[Math.floor(l.words.length / 2)]?.h ?? l.h;

const L = {
  number: [
    /\b(?:n[ºo°.]?\s*(?:de\s*)?factura|factura\s*(?:n[ºo°.]|núm(?:ero)?\.?|num(?:ero)?\.?|#)|n[úu]mero\s*(?:de\s*)?factura|núm\.?\s*factura|num\.?\s*factura)\s*:?/i,
    /\b(?:invoice\s*(?:no\.?|number|num\.?|#|nr\.?|id)|inv\.?\s*(?:no\.?|#)|bill\s*(?:no\.?|number|#)|receipt\s*(?:no\.?|number|#)|document\s*(?:no\.?|number))\s*:?/i,
    /\b(?:(?:\p{L}*rechnung(?:skorrektur)?|gutschrift|invoice|facture|factura)\s*(?:\(\d{3}\)\s*)?(?:nr\.?|no\.?|n[°º]\.?|#)(?=\s)|rechnungs?-?\s*(?:nummer|nr\.?)|beleg-?\s*nr\.?|facture\s*(?:n[°o]\.?|num[ée]ro)|factuur\s*(?:nummer|nr\.?)|factuurnummer|num[ée]ro\s*de\s*facture)\s*:?/iu,
    /\b(?:factura\s*simplificada|ticket|n[ºo°]\s*ticket|n[ºo°]\s*documento|n[ºo°]\s*doc\.?|serie\s*y\s*n[úu]mero|invoice)\s*:?/i,
    /(?:^|\s)(?:factura|invoice|n[ºo°])\s*:?/i,
    // A header row of cells ("Klant   Order   Factuur   Datum") with the values in the row below.
    /(?:^|\s{3})(?:factuur|rechnung|facture|factura|invoice)(?=\s{3}|$)/i,
  ],
  issueDate: [
    /\b(?:fecha\s*(?:de\s*)?(?:factura|emisi[óo]n|expedici[óo]n|operaci[óo]n)|invoice\s*date|date\s*of\s*issue|issue\s*date|date\s*issued|billing\s*date|rechnungsdatum|belegdatum|beleg-datum|date\s*de\s*(?:la\s*)?facture|factuurdatum)\s*:?/i,
    /\b(?:fecha|date|datum|dated|fecha\s*\/\s*date)\s*:?/i,
  ],
  dueDate: [
    /\b(?:fecha\s*(?:de\s*)?vencimiento|vencimiento|vto\.?|due\s*date|payment\s*due|date\s*due|due\s*by|pay\s*by|f[äa]llig(?:keit|\s*am)?|zahlbar\s*bis|[ée]ch[ée]ance|vervaldatum)\s*:?/i,
  ],
  taxBase: [
    /\b(?:total\s*)?base\s*imponible|\bbase\s*total|\bimporte\s*neto|\btotal\s*neto|\bneto\b|\bsubtotal|\bsub-total|\bsub\s*total|\bnet\s*amount|\btotal\s*(?:excl\.?|excluding|before\s*tax|net|ht|hors\s*taxes)|\bamount\s*before\s*tax|\bnetto(?:betrag|summe)?|\bgesamt\s*netto|\bsumme\s*netto|\btotal\s*ht|\bmontant\s*ht|\btotaal\s*excl|\bexcl\.?\s*(?:btw|vat)|\bexclusief\s*btw|\btaxable\s*amount|\bexcl(?:uding|usive|\.)?\s*(?:of\s*)?(?:gst|sst|tax|vat)\b|\bsub\s*-?\s*t[o0u]t[a4]l?\b|summe\s*ohne\s*(?:ust|mwst)/i,
  ],
  vatTotal: [
    /\b(?:total\s*|cuota\s*(?:de\s*)?|importe\s*)?i\.?v\.?a\.?\b|\b(?:total\s*)?vat\b|\b(?:total\s*)?tax(?:es)?\b|\bmwst\.?|\bust\.?\b|\bsteuerbetrag\b|\bumsatzsteuer|\bmehrwertsteuer|\btva\b|\bbtw\b|\bgst\b|\bsst\b/i,
  ],
  total: [
    /\b(?:total\s*(?:factura|a\s*pagar|importe|general|€|eur)|importe\s*total|total\s*due|amount\s*due|balance\s*due|grand\s*total|total\s*amount|invoice\s*total|total\s*(?:incl\.?|including|inkl\.?)|gesamt(?:betrag|summe)?|rechnungsbetrag|endbetrag|total\s*ttc|montant\s*ttc|net\s*à\s*payer|totaal(?:bedrag)?|te\s*betalen|total\s*to\s*pay|amount\s*payable|total\s*payable|total\s*rounded|rounded\s*total|nett?\s*(?:total|amt|amount)|total\s*amt\s*payable|amt\.?\s*payable|total\s*sales\s*\(?\s*incl\w*|bruttosumme|bruttobetrag|zahlbetrag|gesamtbrutto|zu\s*zahlen(?:der\s*betrag)?|\(?\s*(?:gst|sst|tax|vat)\s*incl\w*|incl(?:usive|uding|\.)?\s*(?:of\s*)?(?:gst|sst|tax|vat))\b/i,
    /\btotal\b|\bimporte\b|\bamount\b|\bsumme\b/i,
  ],
  /** Receipts: what the customer handed over, and the change given back. */
  tendered:
    /\b(?:cash|tender(?:ed)?|received|paid(?:\s*amount)?|payment|efectivo|entregado|visa|master\s*card|mastercard|credit(?:\s*card)?|debit|card|tarjeta)\b/i,
  change: /\b(?:change(?:\s*due)?|cambio|kembali|devoluci[óo]n)\b/i,
  withholding: [/\b(?:retenci[óo]n|i\.?r\.?p\.?f\.?|withholding|retención\s*irpf)\b/i],
  surcharge: [/\b(?:recargo(?:\s*de)?\s*equivalencia|recargo|r\.?\s*e\.?\s*(?=\d|\s*\())/i],
  issuerBlock: [
    /(?:^|\s{2,})(?:emisor|proveedor|vendedor|from|seller|supplier|issued\s*by|service\s*provider|sold\s*by|vendor|lieferant|fournisseur|verkoper|verk[äa]ufer|rechnungssteller|vendeur|[ée]metteur)\b\s*:?/i,
  ],
  clientBlock: [
    /\b(?:cliente|client|customer|facturar\s*a|factura\s*a|destinatario|datos\s*(?:del\s*)?cliente|bill(?:ed)?\s*to|sold\s*to|invoice\s*to|ship\s*to|comprador|buyer|rechnungsempf[äa]nger|kunde|k[äa]ufer|leistungsempf[äa]nger|acheteur|factur[ée]\s*à|factuuradres|afleveradres|rechnungsadresse|lieferadresse|adresse\s*de\s*(?:facturation|livraison)|direcci[óo]n\s*de\s*(?:facturaci[óo]n|env[íi]o))\b\s*:?/i,
  ],
};

const COMPANY_SUFFIX =
  /\b(?:S\.?\s?L\.?\s?U?\.?|S\.?\s?A\.?|S\.?\s?L\.?\s?L\.?|S\.?\s?C\.?|S\.?\s?COOP\.?|SDN\.?\s*BHD\.?|BHD|GmbH|AG|B\.?V\.?|N\.?V\.?|Inc\.?|Ltd\.?|LLC|LLP|PLC|SAS|SARL|S\.?R\.?L\.?|S\.?p\.?A\.?|Corp\.?|Co\.|e\.?\s?K\.?|KG|OHG|UG|ENTERPRISE|TRADING|STORE|RESTAURANT|HARDWARE|MART|S\/B)\s*\.?$/i;
const LABELISH =
  /\b(?:base\s*imponible|subtotal|importe|cantidad|precio|retenci[óo]n|recargo|forma\s*de\s*pago|vencimiento|factura|invoice|fecha|date|nif|cif|n\.i\.f|vat|iva|total|cliente|customer|bill\s*to|tel[ée]?f?|tel\.|phone|email|e-mail|www\.|http|p[áa]gina|page|rechnung|datum|importe|concepto|description|descripci[óo]n|receipt|recibo|ticket|simplificada)\b/i;

export function extractFromText(pages: PageText[], source: Source): TextExtraction {
  const lines = pages.flatMap((p) => p.lines);
  const fullText = lines.map((l) => l.text).join('\n');
  const language = detectLanguage(fullText);
  const heights = lines.map(wordHeight).sort((a, b) => a - b);
  const ctx: Ctx = {
    lines,
    source,
    monthFirst: isMonthFirst(fullText, language),
    ocr: source === 'ocr',
    medH: heights[Math.floor(heights.length / 2)] ?? 0.01,
  };
  const fields: FieldMap = {};
  const amountCandidates: TextExtraction['amountCandidates'] = {
    tax_base: [],
    vat_total: [],
    total: [],
    withholding_total: [],
    surcharge_total: [],
  };
  const baseConf = source === 'ocr' ? 0.75 : 0.85;

  // Invoice number
  const number = findLabeled(
    ctx,
    L.number,
    INVOICE_NUMBER_RE,
    (v) => isPlausibleNumber(v),
    undefined,
    (line) =>
      !/\b(?:total|importe|base|iva|vat|subtotal|fecha|date)\b[^:]*$/i.test(line.text.split(/ {3}/)[0] ?? ''),
  );
  if (number)
    fields.invoice_number = { ...number, value: cleanNumber(number.value), confidence: baseConf * number.q };

  // Dates
  const due = findLabeled(ctx, L.dueDate, null, undefined, (t) => findDates(t, ctx)[0]?.iso ?? null);
  if (due) fields.due_date = { ...due, confidence: baseConf * due.q };
  const issue = findLabeled(
    ctx,
    L.issueDate,
    null,
    undefined,
    (t) => findDates(t, ctx).find((d) => d.iso !== due?.value)?.iso ?? null,
    (line) =>
      !L.dueDate.some((re) => re.test(line.text)) ||
      /fecha\s*(?:de\s*)?factura|invoice\s*date/i.test(line.text),
  );
  if (issue) fields.issue_date = { ...issue, confidence: baseConf * issue.q };
  else {
    // First plausible date anywhere (receipts print it unlabeled).
    for (const line of lines) {
      if (L.dueDate.some((re) => re.test(line.text))) continue;
      const d = findDates(line.text, ctx).find((x) => x.iso >= '2000-01-01');
      if (d) {
        fields.issue_date = {
          value: d.iso,
          confidence: baseConf * 0.7,
          source,
          verified: false,
          box: boxOf(line, d.index, d.raw.length),
        };
        break;
      }
    }
    // Still none: a receipt's compact date, ddmmyyyy or yyyymmdd, alone at the start of a line.
    for (const line of fields.issue_date ? [] : lines) {
      const m = /^\s*(\d{8})(?!\d)/.exec(line.text);
      if (!m) continue;
      const d = m[1]!;
      const iso =
        parseDateValue(`${d.slice(4)}-${d.slice(2, 4)}-${d.slice(0, 2)}`) ??
        (/^20[0-3]\d/.test(d) ? parseDateValue(d) : null);
      if (!iso || iso < '2000-01-01' || iso > '2039-12-31') continue;
      fields.issue_date = {
        value: iso,
        confidence: baseConf * 0.5,
        source,
        verified: false,
        box: lineBox(line),
      };
      break;
    }
  }

  // Tax ids
  const taxIds = findTaxIds(lines);
  assignRoles(taxIds, lines);
  const issuerId =
    taxIds.find((t) => t.role === 'issuer') ?? taxIds.find((t) => t.role !== 'client' && t.valid);
  const clientId = taxIds.find((t) => t.role === 'client' && t.id !== issuerId?.id);
  if (issuerId)
    fields.issuer_tax_id = {
      roleSure: issuerId.sure,
      value: issuerId.id,
      confidence: issuerId.valid && issuerId.checkable ? 0.9 : 0.5,
      source,
      verified: false,
      box: lineBox(issuerId.line),
    };
  if (clientId)
    fields.client_tax_id = {
      roleSure: clientId.sure,
      value: clientId.id,
      confidence: clientId.valid && clientId.checkable ? 0.85 : 0.45,
      source,
      verified: false,
      box: lineBox(clientId.line),
    };

  // Names
  const issuerName = findIssuerName(lines, issuerId?.line, clientId?.line, ctx.ocr);
  if (issuerName) {
    fields.issuer_name = {
      value: issuerName.text,
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
  const clientName = findClientName(lines, clientId?.line, issuerName?.text);
  if (clientName)
    fields.client_name = {
      value: clientName.text,
      confidence: clientName.conf,
      source,
      verified: false,
      box: lineBox(clientName.line),
    };

  // Amounts
  collectAmounts(ctx, L.taxBase, amountCandidates.tax_base, []);
  collectAmounts(ctx, L.withholding, amountCandidates.withholding_total, []);
  collectAmounts(ctx, L.surcharge, amountCandidates.surcharge_total, []);
  collectAmounts(
    ctx,
    L.vatTotal,
    amountCandidates.vat_total,
    [
      ...L.taxBase,
      ...L.total.slice(0, 1),
      ...L.withholding,
      ...L.surcharge,
      // Tax registration numbers ("GST Reg No: 000123456789") and summary tables are not the VAT total.
      /\b(?:g[s5]t|sst|vat|tax)\s*(?:reg(?:istration)?\.?|id|no\.?|number|#)|\bsummary\b/i,
      /\b(?:ust|mwst|vat|tva|btw|iva)\.?\s*-?\s*id|steuer-?\s*n(?:umme)?r|\bhrb\b|handelsregister/i,
    ],
    true,
  );
  collectAmounts(ctx, L.total, amountCandidates.total, [
    ...L.taxBase,
    /\bsub\s*-?total|total\s*(?:iva|vat|tax|gst)\b(?!\s*incl)|iva\s*total|total\s*(?:[qa][tr]y|quantity|items?|art[íi]culos|unidades|discount|descuento|savings?)|\btotal\s*(?:excl|net|ht)|rounding\s*adj|\badj(?:ustment)?\b|zuschl[äa]g|abschl[äa]g|anzahlung|rabatt|\bchange\b|\bcambio\b|\btendered\b|\bentregado\b/i,
  ]);
  // "Rounding  RM 12.30" after a rounding adjustment is the rounded total.
  collectAmounts(ctx, [/^\W*round(?:ing|ed)?\b(?!\s*adj)/i], amountCandidates.total, [/\badj/i]);
  // A receipt's subtotal is often the payable total (prices include tax): a weak candidate.
  const subtotals: AmountCand[] = [];
  collectAmounts(ctx, [/\bsub\s*-?\s*t[o0u]t[a4]l?\b/i], subtotals, []);
  for (const c of subtotals) amountCandidates.total.push({ ...c, score: c.score - 6 });
  // After "Rounding adj.", a line with only a currency and an amount is the rounded total.
  for (let i = 0; i < lines.length - 1; i++) {
    if (!/\bround(?:ing)?\b.*\badj|\bround(?:ing)?\s*\(/i.test(lines[i]!.text)) continue;
    for (const j of [i + 1, i + 2]) {
      const l = lines[j];
      const text = l && (ctx.ocr ? repairOcrAmounts(l.text) : l.text);
      if (!l || !text || !/^\W*(?:RM|MYR|\$|€|EUR)?\s*-?\d[\d.,]*\d\W*$/i.test(text)) continue;
      const a = findAmounts(text).at(-1);
      if (a && /[.,]\d{2}\b/.test(a.raw))
        amountCandidates.total.push({
          cents: Math.round(a.value * 100),
          score: 11,
          box: lineBox(l),
          line: j,
          rounded: true,
        });
      break;
    }
  }
  const payment = findPayment(ctx);
  adjustTotals(ctx, amountCandidates.total, payment, amountCandidates.vat_total);
  // No total label could be read on a receipt: the largest amount printed more than once (total, then
  // what was paid) is the best guess, with a low score.
  if (ctx.ocr && !amountCandidates.total.length) {
    const seen = new Map<number, { n: number; line: Line }>();
    for (const line of lines) {
      for (const a of findAmounts(blankDates(repairOcrAmounts(line.text)))) {
        if (!/[.,]\d{2}$/.test(a.raw) || a.value <= 0) continue;
        const cents = Math.round(a.value * 100);
        seen.set(cents, { n: (seen.get(cents)?.n ?? 0) + 1, line });
      }
    }
    const best = [...seen].filter(([, v]) => v.n >= 2).sort((a, b) => b[0] - a[0])[0];
    if (best) amountCandidates.total.push({ cents: best[0], score: 2, box: lineBox(best[1].line) });
  }
  for (const c of Object.values(amountCandidates)) c.sort((a, b) => b.score - a.score);
  for (const k of ['tax_base', 'vat_total', 'total', 'withholding_total', 'surcharge_total'] as const) {
    const best = amountCandidates[k][0];
    if (best) {
      const value = centsToString(k === 'withholding_total' ? Math.abs(best.cents) : best.cents);
      fields[k] = {
        value,
        confidence: Math.min(0.8, 0.5 + best.score / 20),
        source,
        verified: false,
        box: best.box,
      };
    }
  }
  const wRate = amountCandidates.withholding_total[0]?.rate;
  if (wRate && fields.withholding_total)
    fields.withholding_rate = { value: minimalDecimal(wRate), confidence: 0.7, source, verified: false };

  // VAT breakdown
  const breakdown = findVatBreakdown(ctx);
  if (breakdown.length) fields.vat_breakdown = { value: breakdown, confidence: 0.6, source, verified: false };

  // Line items
  const items = findLineItems(ctx);
  if (items.length) fields.line_items = { value: items, confidence: 0.6, source, verified: false };

  // Currency
  const currency = detectCurrency(fullText, language);
  if (currency)
    fields.currency = { value: currency.code, confidence: currency.conf, source, verified: false };

  // IBAN
  ibanSearch: for (const line of lines) {
    const re = /\b([A-Z]{2}[0-9OIL]{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?)\b/g;
    for (const m of line.text.toUpperCase().matchAll(re)) {
      const raw = normalizeIban(m[1]!);
      // OCR reads 0 as O and 1 as I/L; mod-97 decides whether the repaired digits are right.
      const digits = (x: string) => x.replace(/O/g, '0').replace(/[IL]/g, '1');
      const repaired =
        raw.slice(0, 2) +
        digits(raw.slice(2, 4)) +
        (raw.startsWith('ES') ? digits(raw.slice(4)) : raw.slice(4));
      for (const candidate of [raw, repaired]) {
        if (!isValidIban(candidate)) continue;
        const box = boxOf(line, m.index ?? 0, m[0].length);
        fields.iban = { value: candidate, confidence: 0.95, source, verified: true, box };
        break ibanSearch;
      }
    }
  }

  return { fields, language, amountCandidates, taxIds, fullText, payment };
}

/**
 * Tendered and change on a receipt ("CASH 100.00", "CHANGE 56.10"): tendered − change is what was paid.
 * Null unless a tendered amount is printed.
 */
function findPayment(
  ctx: Ctx,
): { tendered: number; change: number | null; paid: number; line: number } | null {
  let tendered: { cents: number; line: number } | null = null;
  let change: number | null = null;
  for (let i = 0; i < ctx.lines.length; i++) {
    const text = ctx.ocr ? repairOcrAmounts(ctx.lines[i]!.text) : ctx.lines[i]!.text;
    const last = findAmounts(blankDates(text)).at(-1);
    if (!last || !/[.,]\d{2}\b/.test(last.raw)) continue;
    const cents = Math.round(Math.abs(last.value) * 100);
    if (L.change.test(text) && tendered && change == null) change = cents;
    else if (L.tendered.test(text) && !L.change.test(text) && !tendered && cents > 0)
      tendered = { cents, line: i };
  }
  if (!tendered) return null;
  if (change != null && change >= tendered.cents) change = null;
  return { tendered: tendered.cents, change, paid: tendered.cents - (change ?? 0), line: tendered.line };
}

/**
 * Receipt layout around the total: a candidate that equals tendered − change gains; candidates below the
 * payment lines or inside a tax summary table, zero, or printed without decimals by OCR lose.
 */
function adjustTotals(
  ctx: Ctx,
  totals: AmountCand[],
  payment: ReturnType<typeof findPayment>,
  vats: AmountCand[] = [],
): void {
  // Prices that include tax: the printed tax at its rate is total × rate / (100 + rate).
  const included = vats.filter((v) => v.rate != null && v.rate > 0 && v.cents > 0);
  const summary = ctx.lines.findIndex((l) =>
    /\b(?:g[s5]t|sst|tax|vat|iva)\s*summary\b|\bresumen\s*(?:de\s*)?iva\b/i.test(l.text),
  );
  for (const c of totals) {
    if (c.cents === 0) c.score -= 6;
    if (ctx.ocr && c.integer) c.score -= 3;
    if (c.line == null) continue;
    if (summary >= 0 && c.line > summary) c.score -= 4;
    if (payment && c.line > payment.line) c.score -= 2;
    if (payment && c.cents === payment.paid) c.score += payment.change ? 5 : 1.5;
    const inc = (v: AmountCand) => (c.cents * v.rate!) / (100 + v.rate!);
    if (included.some((v) => Math.abs(inc(v) - v.cents) <= Math.max(1.5, v.cents * 0.015))) c.score += 2;
  }
  if (payment && payment.change != null && !totals.some((c) => c.score > 4)) {
    // No labelled total could be read: what was paid is the best guess.
    const line = ctx.lines[payment.line]!;
    totals.push({ cents: payment.paid, score: 4, box: lineBox(line), line: payment.line });
  }
}

/**
 * OCR spellings of amounts: `12. 30`, `RM15. 40`, `42 00` (the point lost), `RM3.90` (the currency glued
 * to the number).
 */
export function repairOcrAmounts(text: string): string {
  let t = text
    .replace(/\b(?:R[MNHIX]{1,2}|[HK][MH])(?=\s*-?\d)/g, 'RM ')
    .replace(/(\d)\s?([.,])\s(\d{2})(?!\d)/g, '$1$2$3');
  if (!/\d[.,]\d{2}(?!\d)/.test(t))
    t = t.replace(/(?<![\d.,])(\d{1,4}) (\d{2})\s*([A-Z*]{0,2})\s*$/, '$1.$2 $3');
  return t.trimEnd();
}

/**
 * US documents print month first. Only when dollars are the currency (not a stray OCR `$`), nothing
 * names ringgit or euros, and no unambiguous date in the text is day-first (13/05/2024).
 */
export function isMonthFirst(text: string, language: string): boolean {
  if (language !== 'en') return false;
  const dollars = (text.match(/\$\s?\d|\bUSD\b/g) ?? []).length;
  if (dollars < 2 || /€|\bEUR\b|\bRM\s?\d|\bMYR\b|\bGST\b/.test(text)) return false;
  for (const m of text.matchAll(/(?<![\d./-])(\d{1,2})[./-](\d{1,2})[./-](?:\d{4}|\d{2})(?![\d./-])/g)) {
    if (Number(m[1]) > 12 && Number(m[2]) <= 12) return false;
    if (Number(m[2]) > 12 && Number(m[1]) <= 12) return true;
  }
  return true;
}

function detectLanguage(text: string): 'es' | 'en' | 'other' {
  const t = text.toLowerCase();
  const count = (re: RegExp) => (t.match(re) ?? []).length;
  const es = count(
    /\b(?:factura|fecha|importe|cliente|iva|base imponible|total a pagar|concepto|cantidad|precio|vencimiento|n[úu]mero|euros?|forma de pago|domicilio)\b/g,
  );
  const en = count(
    /\b(?:invoice|date|amount|customer|bill to|total due|quantity|price|description|payment|due|tax|subtotal|thank you|receipt)\b/g,
  );
  const other = count(
    /\b(?:rechnung|datum|betrag|menge|preis|facture|montant|prix|factuur|bedrag|mwst|ust|tva|btw)\b/g,
  );
  if (es >= en && es >= other && es > 0) return 'es';
  if (en >= other && en > 0) return 'en';
  return other > 0 ? 'other' : 'en';
}

function detectCurrency(text: string, language: string): { code: string; conf: number } | null {
  const counts: Record<string, number> = {
    EUR: (text.match(/€|\bEUR\b|\beuros?\b/gi) ?? []).length,
    USD: (text.match(/\$|\bUSD\b/g) ?? []).length,
    GBP: (text.match(/£|\bGBP\b/g) ?? []).length,
    MYR: (text.match(/\bRM\s?\d|\bMYR\b/g) ?? []).length,
    CHF: (text.match(/\bCHF\b/g) ?? []).length,
  };
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  if (best[1] > 0) return { code: best[0], conf: 0.9 };
  if (language === 'es') return { code: 'EUR', conf: 0.6 };
  return null;
}

// ---------- labeled values ----------

const INVOICE_NUMBER_RE = /(?<![\w-])([A-Z0-9][A-Z0-9\-/._]{1,30}[A-Z0-9]|[0-9]{1,3})(?![\w-])/i;

function isPlausibleNumber(v: string): boolean {
  if (!/\d/.test(v)) return /^[A-Z]{1,3}_?\w+$/i.test(v) && /_|\d/.test(v);
  if (findDates(v).length) return false;
  if (/^\d{1,2}[.,]\d{2}$/.test(v)) return false;
  if (!/[/-]/.test(v) && checkTaxId(v)?.valid) return false;
  return true;
}

function cleanNumber(v: string): string {
  return v.replace(/^[#:.\s]+/, '').replace(/[.,;:]+$/, '');
}

type Found<T> = { value: T; q: number; source: Source; verified: false; box: Box };

/**
 * Finds a value for a label: right of the label on the same line (q=1), or on the next lines below
 * the label, overlapping it horizontally (q=0.85). `pattern` (first capture) or `parse` reads the value.
 */
function findLabeled(
  ctx: Ctx,
  labels: RegExp[],
  pattern: RegExp | null,
  accept?: (v: string) => boolean,
  parse?: (text: string) => string | null,
  lineFilter?: (line: Line) => boolean,
): Found<string> | null {
  const read = (text: string): { value: string; index: number; length: number } | null => {
    if (parse) {
      const v = parse(text);
      return v ? { value: v, index: 0, length: text.length } : null;
    }
    const re = new RegExp(
      pattern!.source,
      pattern!.flags.includes('g') ? pattern!.flags : `${pattern!.flags}g`,
    );
    for (const m of text.matchAll(re)) {
      const v = (m[1] ?? m[0]).trim();
      if (!accept || accept(v)) return { value: v, index: m.index ?? 0, length: m[0].length };
    }
    return null;
  };
  for (let li = 0; li < labels.length; li++) {
    const label = labels[li]!;
    const priority = 1 - li * 0.1;
    for (let i = 0; i < ctx.lines.length; i++) {
      const line = ctx.lines[i]!;
      if (lineFilter && !lineFilter(line)) continue;
      const m = label.exec(line.text);
      if (!m) continue;
      const after = line.text.slice((m.index ?? 0) + m[0].length);
      // Same line: the value follows the label (possibly after other labels in a header row).
      const cell = after.split(/ {3}/).find((c) => c.trim()) ?? '';
      const sameCell = read(cell.replace(/^\s*[:#.]\s*/, ''));
      if (sameCell) {
        const offset = line.text.indexOf(cell, (m.index ?? 0) + m[0].length);
        return {
          value: sameCell.value,
          q: priority,
          source: ctx.source,
          verified: false,
          box: boxOf(line, offset, cell.length),
        };
      }
      const rest = read(after.replace(/^\s*[:#.]\s*/, ''));
      if (rest && after.trim().length < 40) {
        return {
          value: rest.value,
          q: priority * 0.9,
          source: ctx.source,
          verified: false,
          box: boxOf(line, (m.index ?? 0) + m[0].length, after.length),
        };
      }
      // Below: value cell under the label.
      const labelBox = boxOf(line, m.index ?? 0, m[0].length);
      for (let j = i + 1; j < Math.min(ctx.lines.length, i + 4); j++) {
        const below = ctx.lines[j]!;
        if (below.page !== line.page || below.y - (line.y + line.h) > line.h * 3) break;
        const words = below.words.filter(
          (w) => w.x < labelBox.x + labelBox.w + 0.08 && w.x + w.w > labelBox.x - 0.03,
        );
        if (!words.length) continue;
        const text = words.map((w) => w.text).join(' ');
        const v = read(text);
        if (v) {
          return {
            value: v.value,
            q: priority * 0.85,
            source: ctx.source,
            verified: false,
            box: wordsBox(words),
          };
        }
      }
    }
  }
  return null;
}

function collectAmounts(
  ctx: Ctx,
  labels: RegExp[],
  out: AmountCand[],
  exclude: RegExp[],
  isVat = false,
): void {
  for (let li = 0; li < labels.length; li++) {
    const label = labels[li]!;
    for (let i = 0; i < ctx.lines.length; i++) {
      const line = ctx.lines[i]!;
      const m = label.exec(line.text);
      if (!m) continue;
      if (
        exclude.some((re) => re.test(line.text) && !(isVat && /\btotal\s*(?:iva|vat|tax)/i.test(line.text)))
      )
        continue;
      const fullTail = line.text.slice((m.index ?? 0) + m[0].length);
      // The value belongs to this label up to the next labelled cell ("Excl. BTW 593,36   Subtotaal 717,97").
      const cells = fullTail.split(/ {3}/);
      let cut = cells.length;
      let seenAmount = false;
      for (let c = 1; c < cells.length; c++) {
        const cell = cells[c]!;
        const wordy = /\p{L}{4,}/u.test(cell.replace(/\b(?:euros?|eur|usd)\b/gi, ''));
        if (ALL_AMOUNT_LABELS.some((re) => re.test(cell)) || (seenAmount && wordy)) {
          cut = c;
          break;
        }
        if (findAmounts(cell).length) seenAmount = true;
      }
      const joined = cells.slice(0, cut).join('   ');
      const tail = blankDates(ctx.ocr ? repairOcrAmounts(joined) : joined);
      const rateMatch = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(line.text);
      const rate = rateMatch ? Number(rateMatch[1]!.replace(',', '.')) : undefined;
      const amounts = findAmounts(tail.replace(/\d{1,2}(?:[.,]\d{1,2})?\s?%/g, ' ')).filter(
        (a) => !(rate != null && Math.abs(Math.abs(a.value) - rate) < 1e-9 && !/[.,]\d{2}\b/.test(a.raw)),
      );
      let score = 10 - li * 3 + (/:\s*$/.test(line.text.slice(0, (m.index ?? 0) + m[0].length)) ? 0.5 : 0);
      if (
        /\bround(?:ed|ing)?\b|\bredondeado\b|\bnett?\s*total\b|\bgrand\s*total\b|\btotal\s*a\s*pagar\b/i.test(
          line.text,
        )
      )
        score += 2;
      // Bigger print, more likely the headline total.
      if (ctx.ocr) score += Math.max(0, Math.min(2, (wordHeight(line) / ctx.medH - 1) * 2));
      else if (line.h > 0) score += Math.min(2, line.h * 60);
      score += (i / ctx.lines.length) * 2; // totals sit low on the page
      const tailClean = tail.trim();
      if (amounts.length) {
        const last = amounts[amounts.length - 1]!;
        const start = line.text.lastIndexOf(last.raw);
        out.push({
          cents: Math.round(last.value * 100),
          score,
          box: boxOf(line, start, last.raw.length),
          rate,
          line: i,
          integer: !/[.,]\d{1,2}\b/.test(last.raw),
          rounded: ROUNDED_TOTAL.test(line.text),
        });
        if (tailClean.length > 0 && amounts.length === 1) continue;
      } else {
        // value on the next line, aligned under the label or to the right
        const next = ctx.lines[i + 1];
        if (next && next.page === line.page && next.y - (line.y + line.h) < line.h * 1.5) {
          const nextText = ctx.ocr ? repairOcrAmounts(next.text) : next.text;
          const a = findAmounts(nextText);
          if (a.length === 1 && nextText.replace(a[0]!.raw, '').trim().length < 4) {
            out.push({
              cents: Math.round(a[0]!.value * 100),
              score: score - 2,
              box: lineBox(next),
              rate,
              line: i + 1,
              integer: !/[.,]\d{1,2}\b/.test(a[0]!.raw),
            });
          }
        }
      }
    }
  }
}

const ROUNDED_TOTAL = /\bround(?:ed|ing)?\b(?!\s*adj)|\btotal\s*rounded\b|\bnett?\s*total\b/i;

const ALL_AMOUNT_LABELS = [
  ...L.taxBase,
  L.total[0]!,
  ...L.withholding,
  ...L.surcharge,
  /\b(?:i\.?v\.?a|vat|btw|mwst|tva)\b/i,
];

/** Dates inside an amount cell ("iDEAL op 21 april 2015 € 717,97") must not be read as amounts. */
function blankDates(text: string): string {
  let out = text;
  for (const d of findDates(text)) out = out.replace(d.raw, ' '.repeat(d.raw.length));
  return out;
}

// ---------- tax ids ----------

const TAX_ID_RE =
  /(?<![A-Z0-9])((?:ES)?[ -]?(?:[A-HJNP-SUVW][ -]?\d{2}[ .-]?\d{3}[ .-]?\d{2}[ -]?[0-9A-J]|\d{2}\.?\d{3}\.?\d{3}[ -]?[A-Z]|[XYZ][ -]?\d{7}[ -]?[A-Z])|(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|GB)[ ]?[A-Z0-9][A-Z0-9 ]{6,14}[A-Z0-9])(?![A-Z0-9])/g;

function findTaxIds(lines: Line[]): TextExtraction['taxIds'] {
  const out: TextExtraction['taxIds'] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const upper = line.text.toUpperCase();
    for (const m of upper.matchAll(TAX_ID_RE)) {
      let raw = m[1]!.trim();
      // EU ids may swallow trailing words: shrink until the format fits.
      let check = checkTaxId(raw);
      while (!check?.valid && raw.includes(' ')) {
        raw = raw.slice(0, raw.lastIndexOf(' '));
        const c = checkTaxId(raw);
        if (c) check = c;
        if (c?.valid) break;
      }
      if (!check || (check.normalized.match(/\d/g) ?? []).length < 5) continue;
      const labeled = /\b(?:N\.?I\.?F|C\.?I\.?F|N\.?I\.?E|DNI|VAT|TVA|USt|IVA|TAX|UID|BTW|GST|ID)\b/i.test(
        line.text,
      );
      if (!check.valid && !labeled) continue;
      if (!check.checkable && !labeled) continue;
      const id = check.normalized;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ id, valid: check.valid, checkable: check.checkable, line, role: null, sure: false });
    }
  }
  return out;
}

function assignRoles(ids: TextExtraction['taxIds'], lines: Line[]): void {
  const clientLabels = lines.filter((l) => L.clientBlock.some((re) => re.test(l.text)));
  const issuerLabels = lines.filter((l) => L.issuerBlock.some((re) => re.test(l.text)));
  for (const t of ids) {
    if (
      /\b(?:cliente|client|customer|buyer|comprador|destinatario)\b|\b(?:uw|your|votre|ihre?|su)\s+(?:btw|vat|tva|ust|nif|cif)/i.test(
        t.line.text,
      )
    ) {
      t.role = 'client';
      t.sure = true;
      continue;
    }
    const nearClient = nearestBlock(t.line, clientLabels);
    const nearIssuer = nearestBlock(t.line, issuerLabels);
    if (nearClient != null && (nearIssuer == null || nearClient < nearIssuer)) t.role = 'client';
    else if (nearIssuer != null) t.role = 'issuer';
    t.sure = t.role != null;
  }
  // With the client's id placed by its block, the one other valid id is the issuer's.
  const clients = ids.filter((t) => t.role === 'client' && t.sure);
  const rest = ids.filter((t) => t.role == null && t.valid);
  if (clients.length === 1 && rest.length === 1 && !ids.some((t) => t.role === 'issuer')) {
    rest[0]!.role = 'issuer';
    rest[0]!.sure = true;
  }
  // Without block labels: the first valid id is the issuer's, a second one the client's.
  const unassigned = ids.filter((t) => t.role == null && t.valid);
  if (!ids.some((t) => t.role === 'issuer') && unassigned[0]) unassigned[0].role = 'issuer';
  if (!ids.some((t) => t.role === 'client')) {
    const next = ids.find((t) => t.role == null && t.valid);
    if (next) next.role = 'client';
  }
}

/** Vertical distance from a block label above the line in the same column, or null. */
function nearestBlock(line: Line, labels: Line[]): number | null {
  let best: number | null = null;
  for (const l of labels) {
    if (l.page !== line.page) continue;
    const dy = line.y - l.y;
    if (dy < -0.002 || dy > 0.18) continue;
    const labelWord = l.words.find((w) => L.clientBlock.concat(L.issuerBlock).some((re) => re.test(w.text)));
    const lx = labelWord?.x ?? l.x;
    if (Math.abs(lx - line.x) > 0.25 && !(line.x <= lx && line.x + line.w >= lx)) continue;
    if (best == null || dy < best) best = dy;
  }
  return best;
}

// ---------- names ----------

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

const LABEL_WORDS =
  /^(?:factura|facturasimplificada|invoice|taxinvoice|receipt|recibo|ticket|albar[áa]n|rechnung|facture|factuur|presupuesto|abono|facturarectificativa)$/i;

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

/** A legal-form suffix alone on a line, continuing the name above it ("KEDAI MAJU JAYA" / "SDN BHD"). */
const SUFFIX_ONLY =
  /^(?:SDN\.?\s*BHD\.?|S\/B|BHD\.?|S\.?\s?L\.?\s?U?\.?|S\.?\s?A\.?|GmbH|B\.?V\.?|Ltd\.?|Limited|Inc\.?|LLC|AG)$/i;

/** Name text of a header line: registration numbers dropped, OCR spellings of legal forms repaired. */
function headerName(line: Line, ocr: boolean): string {
  let text = line.text;
  // OCR spaces out a centred name ("SRI   WANGI   CAFE"): word-only cells are one name.
  if (ocr) {
    const cells = text.split(/ {3}/);
    if (cells.length > 1 && cells.every((c) => !/[\d:]/.test(c) && !LABELISH.test(c) && !LABEL_WORDS.test(c)))
      text = cells.join(' ');
  }
  const name = cleanName(text);
  return ocr ? normalizeCompanyName(stripRegistration(name)) : name;
}

function findIssuerName(
  lines: Line[],
  idLine: Line | undefined,
  clientIdLine: Line | undefined,
  ocr = false,
): { text: string; line: Line; conf: number; score: number; lineCount?: number } | null {
  const candidates: { text: string; line: Line; conf: number; score: number; lineCount?: number }[] = [];
  const firstPage = lines.filter((l) => l.page === (lines[0]?.page ?? 1));
  const maxH = Math.max(...firstPage.map((l) => l.h), 0.001);
  // OCR line boxes grow with skew and merged rows: compare median word heights instead.
  const wordH = (l: Line) => [...l.words].sort((a, b) => a.h - b.h)[Math.floor(l.words.length / 2)]?.h ?? l.h;
  const allH = firstPage.map(wordH).sort((a, b) => a - b);
  const medH = allH[Math.floor(allH.length / 2)] ?? 0.01;
  let rank = 0;
  const returnAddr = ocr ? null : findReturnAddress(firstPage, medH);
  const footerNames = ocr ? [] : findFooterNames(firstPage);
  for (let i = 0; i < firstPage.length; i++) {
    const line = firstPage[i]!;
    // On a receipt the name comes before the first phone / tax-registration line.
    if (ocr && rank > 0 && ADDRESS_STOP.test(line.text) && /\d{4}/.test(line.text)) break;
    let text = headerName(line, ocr);
    if (ocr && COMPANY_SUFFIX.test(text) && /^\d/.test(text)) text = `_${text}`; // "88 MINI MART S/B"
    const nameLike = isNameLike(text);
    if (text.startsWith('_')) text = text.slice(1);
    if (!nameLike || LABELISH.test(text)) continue;
    if (line.y > 0.45) break;
    // OCR specks and logos: low confidence or hardly any letters; registration numbers.
    if (ocr && (line.conf < 0.5 || (text.match(/\p{L}/gu) ?? []).length < 4 || isRegistrationLine(line.text)))
      continue;
    let lineCount = 1;
    const next = firstPage[i + 1];
    if (next && SUFFIX_ONLY.test(headerName(next, ocr)) && next.y - (line.y + line.h) < line.h * 1.5) {
      text = `${text} ${headerName(next, ocr)}`;
      lineCount = 2;
    }
    let score = 0;
    // "ROTI BAKERY S/B (PJ2)": a branch in brackets after the legal form.
    const core = ocr ? text.replace(/\s*\([^()]{1,12}\)?\s*$/, '') : text;
    if (COMPANY_SUFFIX.test(core)) score += 5;
    else if (/\b(?:SDN|BHD|S\.L\.?|S\.A\.?|GmbH|Ltd|Inc)\b/i.test(text)) score += 3;
    score += ocr ? Math.max(0, Math.min(2, (wordH(line) / medH - 1) * 2)) : (line.h / maxH) * 2;
    score += Math.max(0, 2 - (ocr ? rank : i) * 0.3);
    // Receipt headers are printed in capitals; an all-lower-case line is a note or a stamp.
    if (ocr && !/\p{Lu}/u.test(text)) score -= 3;
    rank++;
    if (idLine && idLine.page === line.page) {
      const dy = idLine.y - line.y;
      if (dy >= 0 && dy < 0.12 && Math.abs(idLine.x - line.x) < 0.2) score += 2 - dy * 10;
    }
    if (clientIdLine && clientIdLine.page === line.page) {
      const dy = clientIdLine.y - line.y;
      if (dy >= 0 && dy < 0.1 && Math.abs(clientIdLine.x - line.x) < 0.1) score -= 3;
    }
    if (L.clientBlock.some((re) => re.test(firstPage[i - 1]?.text ?? ''))) score -= 3;
    // The recipient's address window sits right under the sender's one-line return address.
    if (
      returnAddr &&
      line !== returnAddr.line &&
      line.y > returnAddr.line.y &&
      line.y - returnAddr.line.y < 0.1
    )
      if (Math.abs(line.x - returnAddr.line.x) < 0.05) score -= 4;
    if (!ocr && footerNames.some((f) => sameName(f.text, text))) score += 3;
    candidates.push({ text, line, conf: 0.5, score, lineCount });
  }
  if (!ocr && returnAddr && isNameLike(returnAddr.text)) {
    const score = (COMPANY_SUFFIX.test(returnAddr.text) ? 5 : 0) + 4;
    candidates.push({ text: returnAddr.text, line: returnAddr.line, conf: 0.5, score });
  }
  for (const f of ocr ? [] : footerNames) {
    if (candidates.some((c) => sameName(c.text, f.text))) continue;
    candidates.push({ text: f.text, line: f.line, conf: 0.5, score: f.score });
  }
  // A labelled issuer block ("Emisor", "Service Provider:", "Sold by") names the issuer outright.
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = L.issuerBlock.map((re) => re.exec(line.text)).find(Boolean);
    if (!m) continue;
    const rest = cleanName(line.text.slice((m.index ?? 0) + m[0].length));
    if (rest && isNameLike(rest) && !LABELISH.test(rest)) return { text: rest, line, conf: 0.7, score: 10 };
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
      if (text && isNameLike(text) && !LABELISH.test(text) && !/^[(*]/.test(text))
        return { text, line: below, conf: 0.7, score: 10 };
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
    for (const c of candidates) if (sameName(c.text, name)) c.score += 3;
  }
  candidates.sort((a, b) => b.score - a.score);
  const best = candidates[0];
  if (!best) return null;
  best.conf = Math.min(0.8, 0.4 + best.score / 15);
  return best;
}

/** A row label in a name/address block whose value is the next cell. */
const ROW_LABEL = /^(?:name|nombre|nom|firma|company|raz[óo]n\s*social)\s*:$/i;

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

const LEGAL_FOOTER =
  /si[èe]ge\s*social|capital\b|\brcs\b|siret|siren|registergericht|\bhrb\b|handelsregister|\bkvk\b|registro\s*mercantil|vorstand|gesch[äa]ftsf[üu]hrer|ust-?id|steuer-?nr|company\s*(?:no|number|reg)|registered\s*(?:office|in)/i;

/**
 * The issuer's legal name in the footer, beside or above the legal information (registered office,
 * share capital, register numbers) that only the issuer prints.
 */
function findFooterNames(lines: Line[]): { text: string; line: Line; score: number }[] {
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

function findClientName(lines: Line[], idLine: Line | undefined, issuerName: string | undefined) {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = L.clientBlock.map((re) => re.exec(line.text)).find(Boolean);
    if (!m) continue;
    const rest = cleanName(line.text.slice((m.index ?? 0) + m[0].length));
    if (rest && isNameLike(rest) && !LABELISH.test(rest) && rest !== issuerName)
      return { text: rest, line, conf: 0.6 };
    const labelWord = line.words.find((w) => L.clientBlock.some((re) => re.test(w.text)));
    for (let j = i + 1; j < Math.min(lines.length, i + 4); j++) {
      const below = lines[j]!;
      const words = below.words.filter(
        (w) =>
          !labelWord ||
          Math.abs(w.x - labelWord.x) < 0.2 ||
          (w.x >= labelWord.x - 0.02 && w.x < labelWord.x + 0.3),
      );
      const text = cleanName(
        words
          .map((w) => w.text)
          .join(' ')
          .split(/ {3}/)[0] ?? '',
      );
      if (text && isNameLike(text) && !LABELISH.test(text) && text !== issuerName)
        return { text, line: below, conf: 0.6 };
    }
  }
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

// ---------- VAT breakdown ----------

const STANDARD_RATES = [21, 10, 4, 5, 2, 0, 19, 7, 20, 5.5, 8.5, 9, 6, 12, 13, 16, 23, 24, 25, 3, 7.5, 15];

function findVatBreakdown(ctx: Ctx): VatBreakdownEntry[] {
  const out: VatBreakdownEntry[] = [];
  let tableUntil = -1;
  for (let i = 0; i < ctx.lines.length; i++) {
    const line = ctx.lines[i]!;
    const text = line.text;
    // A VAT summary table header ("IVA  Base  Cuota", "VAT rate  Net  VAT") opens a few rows without labels.
    if (
      /\b(?:i\.?v\.?a|vat|tax|mwst|tva|btw)\b/i.test(text) &&
      /\b(?:base|cuota|net|neto|netto|amount|importe|betrag)\b/i.test(text) &&
      findAmounts(text).length === 0
    ) {
      tableUntil = i + 5;
      continue;
    }
    const keyword = /\b(?:i\.?v\.?a|vat|tax|mwst|ust|tva|btw|igic)\b/i.test(text);
    if (!keyword && !/%/.test(text) && i > tableUntil) continue;
    if (L.withholding.some((re) => re.test(text)) || L.surcharge.some((re) => re.test(text))) continue;
    const rm = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(text);
    const explicit = rm ? Number(rm[1]!.replace(',', '.')) : null;
    const amounts = findAmounts(rm ? text.replace(rm[0], ' ') : text).map((a) => Math.round(a.value * 100));
    if (amounts.length < 2) continue;
    let found: [number, number, number] | null = null;
    for (let a = 0; a < amounts.length && !found; a++) {
      for (let b = 0; b < amounts.length && !found; b++) {
        if (a === b) continue;
        const base = amounts[a]!;
        const vat = amounts[b]!;
        if (base <= 0 || vat > base) continue;
        if (explicit != null) {
          if (Math.abs((base * explicit) / 100 - vat) <= 1.01) found = [base, vat, explicit];
        } else {
          // The rate did not survive (OCR): infer it when exactly one usual rate fits.
          const fits = STANDARD_RATES.filter((r) => Math.abs((base * r) / 100 - vat) <= 1.01);
          if (fits.length === 1 && base >= 100) found = [base, vat, fits[0]!];
        }
      }
    }
    if (!found) continue;
    const [base, vat, rate] = found;
    if (out.some((e) => Number(e.rate) === rate)) continue;
    out.push({ rate: minimalDecimal(rate), base: centsToString(base), amount: centsToString(vat) });
  }
  return out;
}

// ---------- line items ----------

const HEADER_DESC =
  /\b(?:descripci[óo]n|concepto|art[íi]culo|producto|detalle|description|item|items|product|service|servicio|bezeichnung|beschreibung|artikel|leistung|d[ée]signation|libell[ée]|omschrijving)\b/i;
const HEADER_AMOUNT =
  /\b(?:importe|total|amount|precio|price|betrag|gesamt|montant|prix|bedrag|prijs|subtotal|unit|uds|cantidad|qty|quantity|aantal|menge|preis)\b/i;
const STOP_ROW =
  /\b(?:base\s*imponible|subtotal|subtotaal|sub-total|total|totaal|suma|summe|netto|exclusief|iva\s*\d|vat\s*\d|btw\s*\d|forma\s*de\s*pago|payment|observaciones|notes?|iban|vencimiento)\b/i;

type Column = { kind: 'qty' | 'price' | 'total' | 'rate' | 'desc' | 'other'; x: number; right: number };

function headerColumns(line: Line): Column[] {
  const cols: Column[] = [];
  for (const cell of splitCells(line)) {
    const t = cell.text.toLowerCase();
    let kind: Column['kind'] = 'other';
    if (HEADER_DESC.test(t)) kind = 'desc';
    else if (/cant|qty|quantity|uds|unid|menge|qt[ée]|aantal|hoeveelheid|units?$|hours|horas/.test(t))
      kind = 'qty';
    else if (/rabatt|discount|descuento|dto\.?|korting|remise/.test(t)) kind = 'other';
    else if (/%|iva|vat|tax|mwst|tva|btw/.test(t) && !/total|importe|amount|prijs|preis|price|incl/.test(t))
      kind = 'rate';
    else if (/precio|price|unit|p\.\s*u|prix|rate|tarifa|pvp|per\s*stuk|einzel|stückpreis/.test(t))
      kind = 'price';
    // "Zeilenbetrag", "Gesamtpreis", "Bedrag" are line totals; a bare "Preis"/"Prijs" is the unit price.
    else if (/importe|total|amount|betrag|montant|bedrag|subtotal|net|gesamt|incl|inkl/.test(t))
      kind = 'total';
    else if (/prijs|preis/.test(t)) kind = 'price';
    cols.push({ kind, x: cell.x, right: cell.x + cell.w });
  }
  return cols;
}

function splitCells(line: Line): { text: string; x: number; w: number }[] {
  const cells: { text: string; x: number; w: number }[] = [];
  let cur: (typeof line.words)[number][] = [];
  const flush = () => {
    if (cur.length) {
      const x = cur[0]!.x;
      const last = cur[cur.length - 1]!;
      cells.push({ text: cur.map((w) => w.text).join(' '), x, w: last.x + last.w - x });
    }
    cur = [];
  };
  for (const w of line.words) {
    const prev = cur[cur.length - 1];
    if (prev && (w.x - (prev.x + prev.w)) * line.aspect > Math.max(prev.h, w.h) * 1.2) flush();
    cur.push(w);
  }
  flush();
  return cells;
}

function findLineItems(ctx: Ctx): LineItem[] {
  const items: LineItem[] = [];
  // One table per page; a table continued on the next page repeats its header there.
  let lastTablePage = 0;
  for (let i = 0; i < ctx.lines.length; i++) {
    const header = ctx.lines[i]!;
    if (!HEADER_DESC.test(header.text) || !HEADER_AMOUNT.test(header.text)) continue;
    const cols = headerColumns(header);
    if (!cols.some((c) => c.kind === 'total' || c.kind === 'price')) continue;
    if (items.length && header.page <= lastTablePage) continue;
    const descCol = cols.find((c) => c.kind === 'desc');
    const numericCols = cols.filter((c) => c.kind !== 'desc');
    const qtyInDesc = splitCells(header).some(
      (c) => HEADER_DESC.test(c.text) && /cant|qty|quantity|menge|aantal|hoeveelheid/i.test(c.text),
    );
    lastTablePage = header.page;
    let pending: LineItem | null = null;
    for (let j = i + 1; j < ctx.lines.length; j++) {
      const row = ctx.lines[j]!;
      if (row.page !== header.page) break;
      // A wide vertical gap ends the table (totals usually sit further down).
      if (row.y - (ctx.lines[j - 1]!.y + ctx.lines[j - 1]!.h) > 0.08) break;
      if (STOP_ROW.test(row.text) && findAmounts(row.text).length <= 2 && !/^\s*\d/.test(row.text)) break;
      const cells = splitCells(row);
      const numbers: { col: Column; raw: string }[] = [];
      const descParts: string[] = [];
      for (const cell of cells) {
        const isNum =
          /^[-−(]?\s?[€$£]?\s?-?[\d.,\s]+\s?(?:%|€|EUR|\$|pcs|pc|uds?|st(?:k|ck)?|x|units?|h)?\.?\)?$/i.test(
            cell.text.trim(),
          ) && /\d/.test(cell.text);
        const center = cell.x + cell.w / 2;
        if (isNum && numericCols.length) {
          // nearest numeric column by horizontal overlap / distance of right edges (numbers are right-aligned)
          let best = numericCols[0]!;
          let bestD = Number.POSITIVE_INFINITY;
          for (const c of numericCols) {
            const d = Math.min(Math.abs(c.right - (cell.x + cell.w)), Math.abs((c.x + c.right) / 2 - center));
            if (d < bestD) {
              bestD = d;
              best = c;
            }
          }
          if (
            descCol &&
            cell.x < (numericCols[0]?.x ?? 1) - 0.05 &&
            cell.x + cell.w < (numericCols[0]?.x ?? 1) - 0.02
          )
            descParts.push(cell.text);
          else numbers.push({ col: best, raw: cell.text });
        } else descParts.push(cell.text);
      }
      let desc = descParts.join(' ').replace(/\s+/g, ' ').trim();
      // "Menge Beschreibung" in one header cell: the quantity is printed at the start of the description.
      let glued: string | null = null;
      if (qtyInDesc && !numbers.some((n) => n.col.kind === 'qty')) {
        const q = /^(\d{1,4}(?:[.,]\d{1,3})?)\s+(?=\p{L})/u.exec(desc);
        if (q) {
          glued = q[1]!;
          desc = desc.slice(q[0].length);
        }
      }
      if (!numbers.length) {
        // continuation of the previous description
        if (LEGAL_FOOTER.test(row.text)) break;
        if (pending && desc && row.y - (ctx.lines[j - 1]?.y ?? 0) < 0.03 && items.length < 200) {
          const inColumn = !descCol || row.x >= descCol.x - 0.02;
          if (
            inColumn &&
            desc.length < 80 &&
            pending.description.length < 160 &&
            !/^(?:ref|sku|art)/i.test(desc)
          )
            pending.description = `${pending.description} ${desc}`.trim();
        }
        continue;
      }
      if (!desc || !/\p{L}{2,}/u.test(desc)) continue;
      const item: LineItem = { description: desc };
      if (glued) item.quantity = minimalDecimal(parseAmount(glued, { decimalsHint: ',' }) ?? glued);
      for (const n of numbers) {
        if (n.col.kind === 'rate' || (/%/.test(n.raw) && item.vat_rate == null)) {
          const v = parseAmount(n.raw.replace('%', ''), { decimalsHint: ',' });
          if (v != null) item.vat_rate = minimalDecimal(v);
        } else if (n.col.kind === 'qty') {
          const raw = n.raw.replace(/\s*\p{L}+\.?$/u, '');
          const v = parseAmount(raw, { decimalsHint: raw.includes(',') ? ',' : '.' });
          if (v != null) item.quantity = minimalDecimal(v);
        } else if (n.col.kind === 'price') {
          const v = parseAmount(n.raw.replace(/[€$£]|EUR/g, ''), {
            decimalsHint: n.raw.includes(',') ? ',' : '.',
          });
          if (v != null) item.unit_price = minimalDecimal(v);
        } else if (n.col.kind === 'total') {
          const v = parseAmount(n.raw.replace(/[€$£]|EUR/g, ''));
          if (v != null) item.line_total = centsToString(Math.round(v * 100));
        }
      }
      if (item.line_total == null && item.unit_price != null && item.quantity != null) {
        // keep as read; the total column may be missing
      }
      if (item.line_total == null && item.unit_price == null) continue;
      items.push(item);
      pending = item;
    }
  }
  return items;
}

// ---------- boxes ----------

export function lineBox(line: Line): Box {
  return { page: line.page, x: round(line.x), y: round(line.y), w: round(line.w), h: round(line.h) };
}

function linesBox(lines: Line[]): Box {
  return wordsBox(lines.flatMap((l) => l.words));
}

function wordsBox(words: Line['words']): Box {
  const x = Math.min(...words.map((w) => w.x));
  const y = Math.min(...words.map((w) => w.y));
  const r = Math.max(...words.map((w) => w.x + w.w));
  const b = Math.max(...words.map((w) => w.y + w.h));
  return { page: words[0]!.page, x: round(x), y: round(y), w: round(r - x), h: round(b - y) };
}

/** Box of the words covering text[start, start+len) of a line. */
export function boxOf(line: Line, start: number, len: number): Box {
  let pos = 0;
  const hit: Line['words'] = [];
  const text = line.text;
  for (const w of line.words) {
    const at = text.indexOf(w.text.trim(), pos);
    if (at < 0) continue;
    const end = at + w.text.trim().length;
    if (end > start && at < start + len) hit.push(w);
    pos = end;
  }
  return hit.length ? wordsBox(hit) : lineBox(line);
}

function round(n: number): number {
  return Math.round(n * 10000) / 10000;
}

export type { Evidence };
export { normalizeTaxId };

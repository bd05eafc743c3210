import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { isExtractError } from './errors.ts';
import { openPdf, pdfPageText, renderPdfPixels } from './pdf.ts';
import { readQrCodes } from './qr.ts';

/**
 * What the separator sheet's QR code (and its printed line) says. A page that carries it, scanned or
 * digital, ends one invoice and belongs to none: shops put one between receipts before scanning a stack.
 */
export const SEPARATOR_TEXT = 'CUADRA:SEPARATOR';

/** What one page says about where invoices begin and end. */
export type PageClues = {
  /** No text and no image, or Cuadra's separator sheet: a separator that belongs to no invoice. */
  blank: boolean;
  /** Cuadra's separator sheet (its QR code or its printed line). */
  separator?: boolean;
  /** The invoice number printed on the page, normalised. */
  number: string | null;
  /** The grand total printed on the page, in cents. */
  totalCents: number | null;
  /** "1/2", "Página 1 de 2", "Page 1 of 2": this page's position and the count. */
  pageOf: { index: number; count: number } | null;
};

const NUMBER_LABEL =
  /\b(?:factura|fra\.?|invoice|rechnung|facture|fattura)\s*(?:n[ºo°.]*|num(?:ero|ber)?\.?|#|no\.?)?\s*[:#]?\s*([A-Z0-9][A-Z0-9/_.-]{1,24})/i;
const NUMBER_LABEL_ALONE =
  /\b(?:n[ºo°]\s*(?:de\s*)?factura|invoice\s*(?:no|number|#))\s*[:#.]?\s*([A-Z0-9][A-Z0-9/_.-]{1,24})/i;
const TOTAL_LINE =
  /\b(?:total\s*(?:factura|a\s*pagar|due|invoice|eur|€)?|importe\s*total|amount\s*due)\b[^0-9-]{0,20}(-?\d{1,3}(?:[.\s]\d{3})*(?:,\d{2})|-?\d+(?:[.,]\d{2}))/i;
const PAGE_OF = /(?:p[áa]g(?:ina)?\.?|\bpage|\bhoja)\s*(\d{1,2})\s*(?:\/|de|of)\s*(\d{1,2})\b/i;
const PAGE_OF_ALONE = /^\s*-?\s*(\d{1,2})\s*\/\s*(\d{1,2})\s*-?\s*$/;
const WORDS_NOT_NUMBERS = new Set(['de', 'del', 'simplificada', 'rectificativa', 'proforma', 'number', 'no']);
/** "Total factura: 390,87 €", "Importe factura": the word labels an amount there, not the invoice's number. */
const AMOUNT_LABEL_BEFORE = /\b(?:total|importe|amount|sum[ae]?|betrag|montant)\s*$/i;
/** The candidate's digits run on into cents ("390" of "390,87"): an amount, not a number. */
const CENTS_AFTER = /^[.,]\d{2}(?!\d)/;

/** The invoice number a labelled line gives, or null when the label names something else. */
function labelledNumber(line: string): string | null {
  const m = line.match(NUMBER_LABEL_ALONE) ?? line.match(NUMBER_LABEL);
  const candidate = m?.[1];
  if (!m || !candidate || !/\d/.test(candidate) || WORDS_NOT_NUMBERS.has(candidate.toLowerCase()))
    return null;
  if (AMOUNT_LABEL_BEFORE.test(line.slice(0, m.index))) return null;
  if (CENTS_AFTER.test(line.slice((m.index ?? 0) + m[0].length))) return null;
  return candidate;
}

function toCents(raw: string): number | null {
  let text = raw.replace(/\s/g, '');
  if (/,\d{2}$/.test(text)) text = text.replace(/\./g, '').replace(',', '.');
  else text = text.replace(/,/g, '');
  const value = Number(text);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}

/** The clues of one page from its text lines (top to bottom). */
export function readPageClues(lines: string[], hasImage = false): PageClues {
  const text = lines.join('\n');
  if (!text.trim()) return { blank: !hasImage, number: null, totalCents: null, pageOf: null };
  if (text.includes(SEPARATOR_TEXT))
    return { blank: true, separator: true, number: null, totalCents: null, pageOf: null };
  let number: string | null = null;
  for (const line of lines) {
    const candidate = labelledNumber(line);
    if (candidate) {
      number = candidate.toUpperCase();
      break;
    }
  }
  let totalCents: number | null = null;
  for (const line of lines) {
    const m = line.match(TOTAL_LINE);
    // The last "total" on a page is the grand total (subtotals come first).
    if (m?.[1] && !/sub\s*total|base/i.test(line)) totalCents = toCents(m[1]);
  }
  let pageOf: PageClues['pageOf'] = null;
  for (const line of lines) {
    const m = line.match(PAGE_OF) ?? line.match(PAGE_OF_ALONE);
    if (!m) continue;
    const index = Number(m[1]);
    const count = Number(m[2]);
    if (index >= 1 && count >= index && count <= 50) {
      pageOf = { index, count };
      break;
    }
  }
  return { blank: false, number, totalCents, pageOf };
}

/**
 * Groups pages into invoices (1-based page numbers). A new invoice begins at a blank separator page (which
 * belongs to none), at a page marked "1/n", when the invoice number changes, or — when neither page shows a
 * number — when a second grand total appears. A page marked "k/n" with k > 1 always continues.
 */
export function planInvoiceSplit(pages: PageClues[]): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let number: string | null = null;
  let total: number | null = null;
  const close = () => {
    if (current.length) groups.push(current);
    current = [];
    number = null;
    total = null;
  };
  pages.forEach((page, i) => {
    const pageNumber = i + 1;
    if (page.blank) {
      close();
      return;
    }
    const continues = page.pageOf !== null && page.pageOf.index > 1;
    const startsByHint = page.pageOf?.index === 1;
    const startsByNumber = page.number !== null && number !== null && page.number !== number;
    const startsByTotal =
      page.number === null && number === null && total !== null && page.totalCents !== null;
    if (current.length && !continues && (startsByHint || startsByNumber || startsByTotal)) close();
    current.push(pageNumber);
    number ??= page.number;
    if (page.totalCents !== null) total = page.totalCents;
  });
  close();
  return groups;
}

/** Pages past this are not examined: such a PDF goes through whole (the engine has its own page cap). */
const MAX_SPLIT_PAGES = 200;
/** A scanned page is rendered to look for the separator's QR code only in PDFs up to this many pages. */
const MAX_QR_SCAN_PAGES = 60;
/** Enough to read the sheet's 6 cm code; an A4 page is then under a megapixel. */
const QR_SCAN_DPI = 100;

/**
 * Splits a PDF that holds several invoices into one PDF per invoice. Returns null when there is nothing to
 * split (one invoice, no text layer to judge by, or an unreadable file: the engine reports on it whole).
 * Throws `DOCUMENT_TOO_COMPLEX` for a file over `PDF_LIMITS`. Run it where a hostile file can do no harm:
 * the server calls it in a sandboxed process, never on the API's own thread.
 */
export async function splitInvoicePdf(
  bytes: Uint8Array,
): Promise<{ pages: number[]; bytes: Uint8Array }[] | null> {
  let clues: PageClues[];
  try {
    const doc = await openPdf(bytes);
    try {
      if (doc.numPages < 2 || doc.numPages > MAX_SPLIT_PAGES) return null;
      const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
      const imageOps = new Set<number>([
        OPS.paintImageXObject,
        OPS.paintInlineImageXObject,
        OPS.paintImageMaskXObject,
      ]);
      clues = [];
      for (let n = 1; n <= doc.numPages; n++) {
        const text = await pdfPageText(doc, n);
        const lines = text.lines.map((line) => line.text);
        let hasImage = false;
        if (!lines.join('').trim()) {
          const page = await doc.getPage(n);
          hasImage = (await page.getOperatorList()).fnArray.some((op) => imageOps.has(op));
        }
        if (hasImage && doc.numPages <= MAX_QR_SCAN_PAGES) {
          const pixels = await renderPdfPixels(doc, n, QR_SCAN_DPI, 2_000_000);
          if ((await readQrCodes(pixels)).includes(SEPARATOR_TEXT)) lines.push(SEPARATOR_TEXT);
        }
        clues.push(readPageClues(lines, hasImage));
      }
    } finally {
      await doc.destroy();
    }
  } catch (error) {
    // Over the reader's limits: the caller refuses the file; any other failure is the engine's to report.
    if (isExtractError(error) && error.code === 'DOCUMENT_TOO_COMPLEX') throw error;
    return null;
  }
  // A scan without a text layer and without separator sheets gives nothing to split by; the engine reads
  // it as one document.
  if (!clues.some((c) => c.separator || (!c.blank && (c.number || c.totalCents !== null || c.pageOf))))
    return null;
  const groups = planInvoiceSplit(clues);
  if (groups.length < 2) return null;
  return cutPdf(bytes, groups);
}

/**
 * One PDF per group of (1-based) pages, in order. The parts carry no creation date, so cutting the same
 * file the same way gives the same bytes (and the same hash, which finds a file dropped twice).
 */
export async function cutPdf(
  bytes: Uint8Array,
  groups: number[][],
): Promise<{ pages: number[]; bytes: Uint8Array }[]> {
  const source = await PDFDocument.load(bytes, { ignoreEncryption: false, updateMetadata: false });
  const parts: { pages: number[]; bytes: Uint8Array }[] = [];
  for (const pages of groups) {
    const part = await PDFDocument.create({ updateMetadata: false });
    const copied = await part.copyPages(
      source,
      pages.map((p) => p - 1),
    );
    for (const page of copied) part.addPage(page);
    parts.push({ pages, bytes: await part.save() });
  }
  return parts;
}

/** How many pages a PDF has, or null when pdf-lib cannot open it. */
export async function countPdfPages(bytes: Uint8Array): Promise<number | null> {
  try {
    return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
  } catch {
    return null;
  }
}

/**
 * The separator sheet to print and put between documents before scanning a stack: a large QR code
 * reading `SEPARATOR_TEXT`, the same text printed, and what to do with it in both languages.
 */
export async function separatorSheetPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { modules } = QRCode.create(SEPARATOR_TEXT, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const side = 227; // 8 cm
  const cell = side / (modules.size + 2 * quiet);
  const left = (595.28 - side) / 2;
  const top = 560;
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col))
        page.drawRectangle({
          x: left + (col + quiet) * cell,
          y: top - (row + quiet + 1) * cell,
          width: cell,
          height: cell,
          color: rgb(0, 0, 0),
        });
  const centre = (text: string, y: number, size: number, face = font) =>
    page.drawText(text, { x: (595.28 - face.widthOfTextAtSize(text, size)) / 2, y, size, font: face });
  centre('Hoja separadora · Separator sheet', 700, 24, bold);
  centre('Colócala entre dos facturas o tickets antes de escanear el montón.', 660, 12);
  centre('Put it between two invoices or receipts before scanning the stack.', 642, 12);
  centre(SEPARATOR_TEXT, 300, 14, bold);
  centre('Cuadra corta el PDF aquí; esta página no se cobra.', 270, 11);
  centre('Cuadra cuts the PDF here; this page is not charged.', 254, 11);
  return pdf.save();
}

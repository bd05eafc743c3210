import { PDFDocument, StandardFonts } from 'pdf-lib';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const SIZE = 10;
const LEADING = 13;
/** A receipt mail longer than this is cut: nobody's order confirmation runs to 20 pages. */
const MAX_PAGES = 20;

/**
 * Characters the standard Helvetica (WinAnsi) cannot draw are replaced, so any mail renders: accents, ñ, ç,
 * º, ª and € are kept; emoji and other scripts become "?".
 */
function drawable(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00A0|\t/g, ' ')
    .replace(/[^\x20-\x7E\u00A1-\u00FF€]/g, '?');
}

function wrap(line: string, width: number, measure: (s: string) => number): string[] {
  if (measure(line) <= width) return [line];
  const out: string[] = [];
  let current = '';
  for (const word of line.split(/(\s+)/)) {
    const next = current + word;
    if (measure(next) <= width || !current.trim()) current = next;
    else {
      out.push(current.trimEnd());
      current = word.trimStart();
    }
  }
  if (current.trim()) out.push(current);
  return out;
}

/**
 * Lays out a mail's text (an e-ticket, an order confirmation) as a plain A4 PDF with a real text layer, so
 * the extraction engine reads it like any digital invoice. Pure JavaScript: no browser needed.
 */
export async function renderTextToPdf(heading: string[], body: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = A4.width - 2 * MARGIN;
  const rows: { text: string; bold: boolean }[] = [];
  for (const line of heading) {
    for (const part of wrap(drawable(line), width, (s) => bold.widthOfTextAtSize(s, SIZE)))
      rows.push({ text: part, bold: true });
  }
  rows.push({ text: '', bold: false });
  // Lines past the last page are never laid out: a mail of megabytes costs no more than 20 pages.
  const maxRows = MAX_PAGES * Math.ceil((A4.height - 2 * MARGIN) / LEADING + 1);
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    if (rows.length > maxRows) break;
    for (const part of wrap(drawable(line), width, (s) => font.widthOfTextAtSize(s, SIZE)))
      rows.push({ text: part, bold: false });
  }
  let page = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  for (const row of rows) {
    if (y < MARGIN) {
      if (pdf.getPageCount() >= MAX_PAGES) break;
      page = pdf.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
    if (row.text) page.drawText(row.text, { x: MARGIN, y, size: SIZE, font: row.bold ? bold : font });
    y -= LEADING;
  }
  return pdf.save();
}

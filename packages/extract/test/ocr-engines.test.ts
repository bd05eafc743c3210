import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { turnBack } from '../src/extract.ts';
import { extractDocument } from '../src/index.ts';
import { isReadByBoth } from '../src/ocr/fuse.ts';
import { closeOcr, hasNativeTesseract, linesToRead, recognize, straighten } from '../src/ocr/index.ts';
import { type PpBox, recognizePpOcr } from '../src/ocr/ppocr.ts';
import type { Word } from '../src/text/layout.ts';

afterAll(closeOcr);

/** Text drawn at known places: [text, x, baseline y] in pixels, 34 px DejaVu Sans. */
const TEXTS: [string, number, number][] = [
  ['FACTURA A-2024/0173', 60, 80],
  ['Base imponible', 60, 200],
  ['1.234,56', 620, 200],
  ['TOTAL 1.493,82', 60, 320],
];

function page(skewDeg = 0) {
  const width = 1000;
  const height = 400;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.rotate((skewDeg * Math.PI) / 180);
  ctx.fillStyle = '#111';
  ctx.font = '34px "DejaVu Sans"';
  const boxes = TEXTS.map(([text, x, y]) => {
    ctx.fillText(text, x, y);
    const m = ctx.measureText(text);
    return { text, x, y: y - 34 * 0.75, w: m.width, h: 34 * 0.75 };
  });
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const png = new Uint8Array(canvas.toBuffer('image/png'));
  return { width, height, rgba, png, boxes };
}

describe('PP-OCR engine', () => {
  it('reads a rendered page: every line, the amount verbatim, boxes in place', async () => {
    const img = page();
    const r = await recognizePpOcr(img);
    const lines = r.lines.map((l) => l.text);
    expect(lines).toContain('1.234,56');
    expect(lines.some((l) => l.replace(/\s/g, '') === 'FACTURAA-2024/0173')).toBe(true);
    expect(lines.some((l) => /1\.493,82/.test(l))).toBe(true);
    const amount = r.words.find((w) => w.text === '1.234,56');
    expect(amount).toBeDefined();
    const want = img.boxes[2]!;
    // Within a few pixels of where it was drawn.
    expect(Math.abs(amount!.x - want.x)).toBeLessThan(12);
    expect(Math.abs(amount!.x + amount!.w - (want.x + want.w))).toBeLessThan(12);
    expect(Math.abs(amount!.y + amount!.h / 2 - (want.y + want.h / 2))).toBeLessThan(10);
    // Words of one line lie on it, left to right.
    const total = r.words.filter((w) => w.line === r.words.find((x) => x.text === 'TOTAL')?.line);
    expect(total.map((w) => w.text)).toEqual(['TOTAL', '1.493,82']);
    expect(total[1]!.x).toBeGreaterThan(total[0]!.x + total[0]!.w);
  });

  it('fits tilted lines with rotated boxes', async () => {
    const r = await recognizePpOcr(page(2));
    expect(r.lines.map((l) => l.text)).toContain('1.234,56');
    for (const l of r.lines) expect(l.box.angle).toBeCloseTo((2 * Math.PI) / 180, 1);
  });
});

describe('both engines fused', () => {
  it('reads a rendered page with Tesseract and PP-OCR and marks what both read alike', async () => {
    const img = page(1.5);
    const r = await recognize(img, { engine: 'auto', engines: 'full', timeoutMs: 110_000 });
    expect(r.engines.tesseract?.words).toBeGreaterThan(0);
    expect(r.engines.ppocr?.words).toBeGreaterThan(0);
    expect(r.engines.ppocr?.lines?.read).toBe(r.engines.ppocr?.lines?.found);
    const amount = r.words.find((w) => w.text === '1.234,56');
    expect(amount?.alternatives?.length).toBeGreaterThanOrEqual(1);
    expect(r.words.some(isReadByBoth)).toBe(true);
    // Skew measured once and sheared out: the amount sits level with its label.
    expect(r.skew).toBeGreaterThan(0.015);
    const label = r.words.find((w) => w.text === 'imponible');
    expect(label && amount).toBeTruthy();
    expect(Math.abs(label!.y + label!.h / 2 - (amount!.y + amount!.h / 2))).toBeLessThan(0.02);
    for (const w of r.words) expect(['fused', 'tesseract', 'ppocr']).toContain(w.engine);
  });

  it('by default has PP-OCR read only the lines Tesseract is unsure of, and still reads the amounts', async () => {
    const img = page(1.5);
    const r = await recognize(img, { engine: 'auto', engines: 'both', timeoutMs: 110_000 });
    const lines = r.engines.ppocr?.lines;
    expect(lines?.found).toBeGreaterThanOrEqual(TEXTS.length);
    // Clean 34 px print: Tesseract is sure of some lines, and PP-OCR does not read those again.
    expect(lines!.read).toBeLessThan(lines!.found);
    const text = r.words.map((w) => w.text).join(' ');
    expect(text).toContain('1.234,56');
    expect(text).toContain('1.493,82');
    // A word read by Tesseract alone is not marked as read by both.
    for (const w of r.words.filter((x) => x.engine === 'tesseract')) expect(isReadByBoth(w)).toBe(false);
  });
});

describe('lines PP-OCR reads', () => {
  /** An upright line box (pixels) around a word box given in fractions of a 1000 × 1000 image. */
  const box = (x: number, y: number, w: number, h: number): PpBox => ({
    cx: (x + w / 2) * 1000,
    cy: (y + h / 2) * 1000,
    w: w * 1000 + 10,
    h: h * 1000 * 2,
    tightH: h * 1000,
    angle: 0,
    score: 0.9,
  });
  const word = (text: string, x: number, y: number, conf: number): Word => ({
    text,
    page: 1,
    x,
    y,
    w: 0.1,
    h: 0.02,
    conf,
  });
  const image = { width: 1000, height: 1000 };

  it('reads a line with an unsure word, no Tesseract word or a date; skips sure lines and lines read', () => {
    const boxes = [
      box(0.1, 0.1, 0.3, 0.02), // "TOTAL 12,50", both sure
      box(0.1, 0.2, 0.3, 0.02), // "Fecha 1O/03/2024", the date unsure
      box(0.1, 0.3, 0.3, 0.02), // text Tesseract did not see
      box(0.1, 0.4, 0.3, 0.02), // unsure, but read already
      box(0.1, 0.5, 0.3, 0.02), // "Fecha 14/03/2024", sure, but a date
    ];
    const tess = [
      word('TOTAL', 0.1, 0.1, 0.96),
      word('12,50', 0.25, 0.1, 0.95),
      word('Fecha', 0.1, 0.2, 0.96),
      word('1O/03/2024', 0.25, 0.2, 0.41),
      word('Gracias', 0.1, 0.4, 0.3),
      word('Fecha', 0.1, 0.5, 0.97),
      word('14/03/2024', 0.25, 0.5, 0.96),
    ];
    const read = [null, null, null, [], null];
    const want = [false, true, true, false, true];
    expect(linesToRead({ boxes, width: 1000, read }, tess, image)).toEqual(want);
    // The same boxes found on a page half the size (a re-read enlarged): the same lines.
    const half = {
      boxes: boxes.map((b) => ({
        ...b,
        cx: b.cx / 2,
        cy: b.cy / 2,
        w: b.w / 2,
        h: b.h / 2,
        tightH: b.tightH / 2,
      })),
      width: 500,
      read,
    };
    expect(linesToRead(half, tess, image)).toEqual(want);
  });
});

describe('Tesseract flavours', () => {
  it('reads with tesseract.js, the embedded default, whether or not a binary is installed', async () => {
    const r = await recognize(page(), { engine: 'tesseract.js', engines: 'tesseract', timeoutMs: 110_000 });
    expect(r.engine).toBe('tesseract.js');
    expect(r.words.map((w) => w.text).join(' ')).toContain('1.234,56');
  });
});

describe.skipIf(!hasNativeTesseract())('native Tesseract', () => {
  it("reads with the product's own Spanish model, no system language data needed", async () => {
    const r = await recognize(page(), { engine: 'native', engines: 'tesseract', timeoutMs: 110_000 });
    expect(r.engine).toBe('native');
    const text = r.words.map((w) => w.text).join(' ');
    expect(text).toContain('1.234,56');
    expect(text).toContain('imponible');
  });
});

describe('a tilted page straightened', () => {
  it("levels two words of a row and gives a long word's box the print's height back", () => {
    // 1000 × 1000 px, tilted 3 %: a 400 px word 20 px high has a box 32 px high; the amount 530 px to
    // the right of the label's centre sits 16 px lower.
    const label = { text: 'Descripción larga', page: 1, x: 0.1, y: 0.3, w: 0.4, h: 0.032, conf: 0.9 };
    const amount = { text: '12,50', page: 1, x: 0.8, y: 0.321, w: 0.06, h: 0.0218, conf: 0.9 };
    straighten([label, amount], 0.03, { width: 1000, height: 1000 });
    expect(label.h).toBeCloseTo(0.02, 3);
    expect(amount.h).toBeCloseTo(0.02, 3);
    expect(label.y + label.h / 2).toBeCloseTo(amount.y + amount.h / 2, 3);
  });
});

/**
 * A till ticket in 11 px print, photographed sideways (turned a quarter clockwise) or upside down, and
 * where its total's amount lies in the turned image (0–1 fractions).
 */
function turnedTicket(turn: 90 | 180 = 90) {
  const rows = [
    'FACTURA SIMPLIFICADA A-2024/0173',
    'Fecha 14/03/2024',
    'Cafe con leche 1 1,80',
    'Tostada tomate 1 2,50',
    'Zumo naranja 1 3,20',
    'Agua mineral 2 2,40',
    'Croissant 1 1,60',
    'Base imponible 10,45',
    'IVA 10% 1,05',
    'TOTAL 11,50',
    'Efectivo 20,00',
    'Cambio 8,50',
  ];
  const px = 11;
  const ticket = createCanvas(px * 30, px * 2 * rows.length + px * 4);
  const t = ticket.getContext('2d');
  t.fillStyle = '#fff';
  t.fillRect(0, 0, ticket.width, ticket.height);
  t.fillStyle = '#111';
  t.font = `${px}px "DejaVu Sans"`;
  const baseline = (i: number) => px * 2 * (i + 1) + px;
  for (const [i, row] of rows.entries()) t.fillText(row, px, baseline(i));
  // The amount on the ticket: x from after "TOTAL " for the width of "11,50", y over its cap height.
  const x0 = px + t.measureText('TOTAL ').width;
  const x1 = x0 + t.measureText('11,50').width;
  const y1 = baseline(rows.indexOf('TOTAL 11,50'));
  const y0 = y1 - px * 0.75;
  const [W, H] = turn === 90 ? [ticket.height, ticket.width] : [ticket.width, ticket.height];
  const turned = createCanvas(W, H);
  const s = turned.getContext('2d');
  s.translate(W / 2, H / 2);
  s.rotate((turn * Math.PI) / 180);
  s.drawImage(ticket, -ticket.width / 2, -ticket.height / 2);
  // A quarter turn clockwise takes the ticket's (x, y) to (height − y, x); a half turn to (W − x, H − y).
  const amount =
    turn === 90
      ? { x0: (ticket.height - y1) / W, x1: (ticket.height - y0) / W, y0: x0 / H, y1: x1 / H }
      : { x0: (W - x1) / W, x1: (W - x0) / W, y0: (H - y1) / H, y1: (H - y0) / H };
  return { png: turned.toBuffer('image/png'), amount };
}

/** A one-page PDF holding the image at 72 dpi (11 px print is 11 pt, rendered at 200 dpi for OCR). */
async function scannedPdf(image: Uint8Array | Buffer): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const png = await pdf.embedPng(image);
  pdf.addPage([png.width, png.height]).drawImage(png, { x: 0, y: 0, width: png.width, height: png.height });
  return pdf.save();
}

/** The box lies over the printed amount (0–1 fractions), to within 2 % of the page. */
function expectOver(
  box: { x: number; y: number; w: number; h: number },
  amount: ReturnType<typeof turnedTicket>['amount'],
) {
  const slack = 0.02;
  expect(box.x).toBeGreaterThan(amount.x0 - slack);
  expect(box.x + box.w).toBeLessThan(amount.x1 + slack);
  expect(box.y).toBeGreaterThan(amount.y0 - slack);
  expect(box.y + box.h).toBeLessThan(amount.y1 + slack);
}

describe('orientation in the pipeline', () => {
  it('gives boxes read on a turned image back on the page as uploaded, for each quarter turn', () => {
    // A box on the upload and where it lands once the upload is turned clockwise by 90, 180 and 270°.
    const box = { page: 1, x: 0.1, y: 0.2, w: 0.3, h: 0.05 };
    const turned: Record<number, typeof box> = {
      90: { page: 1, x: 0.75, y: 0.1, w: 0.05, h: 0.3 },
      180: { page: 1, x: 0.6, y: 0.75, w: 0.3, h: 0.05 },
      270: { page: 1, x: 0.2, y: 0.6, w: 0.05, h: 0.3 },
    };
    for (const [turn, read] of Object.entries(turned)) expect(turnBack(read, Number(turn))).toEqual(box);
    expect(turnBack(box, 0)).toBe(box);
  });

  it('finds a sideways scan with one engine, then reads it upright with both', async () => {
    const upright = page();
    const canvas = createCanvas(upright.height, upright.width);
    const ctx = canvas.getContext('2d');
    const { loadImage } = await import('@napi-rs/canvas');
    const img = await loadImage(Buffer.from(upright.png));
    ctx.translate(canvas.width / 2, canvas.height / 2);
    ctx.rotate(Math.PI / 2);
    ctx.drawImage(img, -upright.width / 2, -upright.height / 2);
    const bytes = new Uint8Array(canvas.toBuffer('image/png'));
    const result = await extractDocument({ bytes, filename: 'sideways.png' }, { qr: 'never' });
    expect(result.warnings.map((w) => w.code)).toContain('ROTATED');
    expect(result.warnings.map((w) => w.code)).not.toContain('OCR_ENGINE_FAILED');
  }, 300_000);

  it('turns a sideways ticket that both engines still read with some confidence, line by line turned', async () => {
    // Each line's crop is read turned, so the engines' confidence alone does not say the page lies on
    // its side; the words' tall boxes do.
    const { png, amount } = turnedTicket();
    const result = await extractDocument(
      { bytes: new Uint8Array(png), filename: 'ticket.png' },
      { qr: 'never' },
    );
    expect(result.warnings.map((w) => w.code)).toContain('ROTATED');
    expect(result.fields.total).toBe('11.50');
    // Its box is on the image as uploaded, where the review desk draws it: over the sideways amount.
    expectOver(result.boxes.total!, amount);
    expect(result.fields.invoice_number).toBe('A-2024/0173');
  }, 300_000);

  it('turns a sideways page scanned into a PDF', async () => {
    const result = await extractDocument(
      { bytes: await scannedPdf(turnedTicket().png), filename: 'scan.pdf' },
      { qr: 'never' },
    );
    expect(result.warnings.map((w) => w.code)).toContain('ROTATED');
    expect(result.fields.total).toBe('11.50');
  }, 300_000);

  it('turns a page fed to the scanner upside down, its boxes back on the page as scanned', async () => {
    const { png, amount } = turnedTicket(180);
    const result = await extractDocument(
      { bytes: await scannedPdf(png), filename: 'scan.pdf' },
      { qr: 'never' },
    );
    expect(result.warnings.map((w) => w.code)).toContain('ROTATED');
    expect(result.fields.total).toBe('11.50');
    expectOver(result.boxes.total!, amount);
  }, 300_000);
});

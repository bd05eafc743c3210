import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ExtractError } from './errors.ts';
import { type PageText, type Word, wordsToLines } from './text/layout.ts';

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
const STANDARD_FONTS = `${path.join(PDFJS_DIR, 'standard_fonts')}/`;
const CMAPS = `${path.join(PDFJS_DIR, 'cmaps')}/`;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfJs> | null = null;
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

/**
 * What a PDF may ask of the reader before it is refused as `DOCUMENT_TOO_COMPLEX`. A few hundred KB can
 * deflate into hundreds of MB (one content stream of 300 MB, three images of 10,000 × 10,000): pdf.js would
 * decode all of it, for minutes and gigabytes.
 */
export const PDF_LIMITS = {
  /** Pixels of one embedded image: a full A4 page scanned at 600 dpi is 35 MP. */
  maxImagePixels: 50_000_000,
  /** Bytes of one decoded stream other than an image (page contents, fonts): real ones are a few MB. */
  maxStreamBytes: 32 * 1024 * 1024,
  /** Bytes of all those streams of one file, decoded. */
  maxDecodedBytes: 128 * 1024 * 1024,
};

const STREAM_START = /\bstream\r?\n/g;

/**
 * Refuses a PDF over `PDF_LIMITS` before pdf.js decodes it: each stream's dictionary is read from the raw
 * bytes (image sizes are declared there) and each deflated non-image stream is inflated with a cap, so the
 * check itself never holds more than one capped stream. Streams it cannot read (encrypted, other filters)
 * are left to pdf.js's own `maxImageSize` and to the process limits of whoever calls it.
 */
export function assertPdfWithinLimits(bytes: Uint8Array): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let decoded = 0;
  const tooComplex = (message: string, details: Record<string, unknown>) =>
    new ExtractError('DOCUMENT_TOO_COMPLEX', message, details);
  STREAM_START.lastIndex = 0;
  for (let m = STREAM_START.exec(text); m; m = STREAM_START.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const dictStart = text.lastIndexOf('obj', m.index);
    const dict = text.slice(dictStart < 0 ? Math.max(0, m.index - 2_000) : dictStart, m.index);
    STREAM_START.lastIndex = end;
    if (/\/Subtype\s*\/Image\b/.test(dict)) {
      const width = Number(dict.match(/\/(?:Width|W)\s+(\d+)/)?.[1] ?? 0);
      const height = Number(dict.match(/\/(?:Height|H)\s+(\d+)/)?.[1] ?? 0);
      if (width * height > PDF_LIMITS.maxImagePixels)
        throw tooComplex(`An image of the PDF has ${width}×${height} pixels`, { width, height });
      continue;
    }
    if (!/\/FlateDecode\b/.test(dict)) continue;
    let size: number;
    try {
      size = inflateSync(bytes.subarray(start, end), {
        maxOutputLength: PDF_LIMITS.maxStreamBytes,
        finishFlush: 2, // Z_SYNC_FLUSH: a truncated stream gives what it has
      }).length;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw tooComplex('A stream of the PDF inflates past the limit', {
          limitBytes: PDF_LIMITS.maxStreamBytes,
        });
      continue; // not plain deflate (another filter first, encrypted): pdf.js decides
    }
    decoded += size;
    if (decoded > PDF_LIMITS.maxDecodedBytes)
      throw tooComplex('The PDF inflates past the limit', { limitBytes: PDF_LIMITS.maxDecodedBytes });
  }
}

/**
 * Opens a PDF; maps pdf.js failures to `PDF_ENCRYPTED` / `PDF_MALFORMED`, and a file over `PDF_LIMITS` to
 * `DOCUMENT_TOO_COMPLEX`.
 */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  assertPdfWithinLimits(bytes);
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    maxImageSize: PDF_LIMITS.maxImagePixels,
    data: new Uint8Array(bytes), // a plain copy: pdf.js refuses Node Buffers and may detach what it gets
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: STANDARD_FONTS,
    cMapUrl: CMAPS,
    cMapPacked: true,
    verbosity: 0,
    stopAtErrors: false,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => {});
    const name = (error as Error)?.name ?? '';
    if (name === 'PasswordException')
      throw new ExtractError('PDF_ENCRYPTED', 'The PDF is password-protected');
    throw new ExtractError('PDF_MALFORMED', `The PDF cannot be read: ${(error as Error)?.message ?? error}`);
  }
}

/** Embedded files (Factur-X / ZUGFeRD / XRechnung XML) by file name. */
export async function pdfAttachments(
  doc: PDFDocumentProxy,
): Promise<{ name: string; content: Uint8Array }[]> {
  const raw = (await doc.getAttachments().catch(() => null)) as Record<
    string,
    { filename: string; content: Uint8Array }
  > | null;
  if (!raw) return [];
  return Object.values(raw)
    .filter((a) => a?.content instanceof Uint8Array)
    .map((a) => ({ name: a.filename, content: a.content }));
}

/** The text layer of one page as positioned words (pdf.js items split on spaces). */
export async function pdfPageText(doc: PDFDocumentProxy, pageNumber: number): Promise<PageText> {
  const page = await doc.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const words: Word[] = [];
  const drawn = new Map<string, [number, number][]>();
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const [a, b, c, d, e, f] = item.transform as number[];
    const fontHeight = Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0) || 10;
    if (overprinted(drawn, item.str, e ?? 0, f ?? 0, fontHeight)) continue;
    const [vx, vy] = viewport.convertToViewportPoint(e ?? 0, f ?? 0) as [number, number];
    const width = item.width || fontHeight * item.str.length * 0.5;
    // Split the item into words, estimating x by character share (good enough for boxes and columns).
    const str = item.str;
    const perChar = width / Math.max(str.length, 1);
    for (const m of str.matchAll(/\S+/g)) {
      const start = m.index ?? 0;
      if (![vx, vy, perChar, fontHeight].every(Number.isFinite)) continue; // broken font matrices
      words.push({
        text: m[0],
        page: pageNumber,
        x: (vx + start * perChar) / viewport.width,
        y: (vy - fontHeight * 0.85) / viewport.height,
        w: (m[0].length * perChar) / viewport.width,
        h: fontHeight / viewport.height,
        conf: 1,
      });
    }
  }
  page.cleanup();
  return {
    page: pageNumber,
    width: viewport.width,
    height: viewport.height,
    lines: wordsToLines(words, pageNumber, viewport.width / viewport.height),
    source: 'text',
  };
}

/** How far apart (in font heights) two drawings of one string still print as one: bold faked by overprint. */
const OVERPRINT_REACH = 0.2;

/**
 * The same string drawn again where it already stands (a generator's fake bold, a footer stamped twice):
 * read once, or its words interleave with their copies ("Naturgy Naturgy Iberia, Iberia").
 */
function overprinted(
  drawn: Map<string, [number, number][]>,
  str: string,
  x: number,
  y: number,
  fontHeight: number,
): boolean {
  const reach = fontHeight * OVERPRINT_REACH;
  const at = drawn.get(str);
  if (at?.some(([px, py]) => Math.abs(px - x) <= reach && Math.abs(py - y) <= reach)) return true;
  if (at) at.push([x, y]);
  else drawn.set(str, [[x, y]]);
  return false;
}

export type RenderedPixels = { rgba: Uint8ClampedArray; width: number; height: number };
export type RenderedPage = RenderedPixels & { png: Uint8Array };

/**
 * Renders a page, bounded by maxPixels. Uses pdf.js's own canvas factory: pdf.js ships its own copy of
 * @napi-rs/canvas, and mixing objects of two native copies corrupts memory.
 */
export async function renderPdfPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  dpi: number,
  maxPixels: number,
): Promise<RenderedPage> {
  return (await render(doc, pageNumber, dpi, maxPixels, true)) as RenderedPage;
}

/** The page's pixels alone, for a reader that takes them as they are (the QR decoder): no PNG encoding. */
export async function renderPdfPixels(
  doc: PDFDocumentProxy,
  pageNumber: number,
  dpi: number,
  maxPixels: number,
): Promise<RenderedPixels> {
  return render(doc, pageNumber, dpi, maxPixels, false);
}

async function render(
  doc: PDFDocumentProxy,
  pageNumber: number,
  dpi: number,
  maxPixels: number,
  encode: boolean,
): Promise<RenderedPixels | RenderedPage> {
  const page = await doc.getPage(pageNumber);
  let scale = dpi / 72;
  const base = page.getViewport({ scale: 1 });
  const pixels = base.width * base.height * scale * scale;
  if (pixels > maxPixels) scale *= Math.sqrt(maxPixels / pixels);
  const viewport = page.getViewport({ scale });
  const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  try {
    await page.render({ canvasContext: context, viewport } as never).promise;
  } finally {
    page.cleanup();
  }
  const out: RenderedPixels = {
    rgba: context.getImageData(0, 0, canvas.width, canvas.height).data,
    width: canvas.width,
    height: canvas.height,
  };
  const png = encode ? new Uint8Array(canvas.toBuffer('image/png')) : null;
  factory.destroy({ canvas, context });
  return png ? { ...out, png } : out;
}

type NodeCanvas = { width: number; height: number; toBuffer(mime: 'image/png'): Uint8Array };
type NodeContext = {
  fillStyle: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
};
type CanvasFactory = {
  create(w: number, h: number): { canvas: NodeCanvas; context: NodeContext };
  destroy(pair: { canvas: NodeCanvas; context: NodeContext }): void;
};

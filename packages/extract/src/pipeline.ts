import { breakdownFromLines } from './checks/breakdown-lines.ts';
import {
  applyQr,
  checkBreakdown,
  checkDates,
  checkLineItems,
  checkPayment,
  checkTaxIds,
  checkVatRates,
  isCreditNote,
  preferRoundedTotal,
  reconcileAmounts,
  vatCountry,
} from './checks/consistency.ts';
import type { Ctx } from './ctx.ts';
import { ExtractError } from './errors.ts';
import { extractFromText, type TextExtraction } from './fields/index.ts';
import { reassertMemory } from './fields/memory/apply.ts';
import { directionFromFields } from './fields/parties/known-party.ts';
import { prepareImageForOcr } from './image.ts';
import { llmPass } from './llm.ts';
import { recognize } from './ocr/index.ts';
import {
  openPdf,
  pdfAttachments,
  pdfPageText,
  type RenderedPixels,
  renderPdfPage,
  renderPdfPixels,
} from './pdf.ts';
import { parseInvoiceQr, readQrCodes } from './qr.ts';
import { imageDimensions } from './sniff.ts';
import { type PageText, type Word, wordsToLines } from './text/layout.ts';
import type { ExtractWarning } from './types.ts';
import { readEInvoice } from './xml/index.ts';

export type Step = { name: string; when: (ctx: Ctx) => boolean; run: (ctx: Ctx) => Promise<void> };

const warn = (ctx: Ctx) => (w: ExtractWarning) => {
  if (!ctx.warnings.some((x) => x.code === w.code && x.field === w.field)) ctx.warnings.push(w);
};
const structured = (ctx: Ctx) => ctx.format != null;
const timeLeft = (ctx: Ctx) => ctx.deadline - Date.now();

/** PDF names of embedded e-invoices, most specific first. */
const EINVOICE_NAMES =
  /^(factur-x|zugferd-invoice|xrechnung|order-x|zugferd|facturx|einvoice|invoice)\.xml$/i;

/** The pipeline, in order. Each step adds evidence; only the limits in `pdf-open`/`image-decode` reject. */
export const STEPS: Step[] = [
  {
    name: 'xml',
    when: (ctx) => ctx.mediaType === 'application/xml',
    run: async (ctx) => {
      const einvoice = readEInvoice(ctx.bytes, ctx.options.maxXmlBytes);
      ctx.format = einvoice.format;
      ctx.kind = 'einvoice_xml';
      ctx.fields = einvoice.fields;
      for (const w of einvoice.warnings) warn(ctx)(w);
      ctx.invoices = einvoice.invoices;
    },
  },
  {
    name: 'pdf-open',
    when: (ctx) => ctx.mediaType === 'application/pdf',
    run: async (ctx) => {
      ctx.pdf = await openPdf(ctx.bytes);
      ctx.pageCount = ctx.pdf.numPages;
      ctx.kind = 'digital_pdf';
      if (ctx.pageCount > ctx.options.maxPages) {
        throw new ExtractError(
          'TOO_MANY_PAGES',
          `The PDF has ${ctx.pageCount} pages (limit ${ctx.options.maxPages})`,
          {
            pages: ctx.pageCount,
            limit: ctx.options.maxPages,
          },
        );
      }
    },
  },
  {
    name: 'pdf-attachments',
    when: (ctx) => ctx.pdf != null && !ctx.options.ignoreEmbeddedXml,
    run: async (ctx) => {
      const files = (await pdfAttachments(ctx.pdf!)).filter((f) => /\.xml$/i.test(f.name));
      files.sort((a, b) => Number(EINVOICE_NAMES.test(b.name)) - Number(EINVOICE_NAMES.test(a.name)));
      for (const file of files) {
        try {
          const einvoice = readEInvoice(file.content, ctx.options.maxXmlBytes);
          ctx.format = einvoice.format;
          ctx.kind = 'einvoice_pdf';
          ctx.fields = einvoice.fields;
          for (const w of einvoice.warnings) warn(ctx)(w);
          ctx.invoices = einvoice.invoices;
          return;
        } catch {
          warn(ctx)({
            code: 'ATTACHMENT_NOT_EINVOICE',
            message: `Embedded ${file.name} is not a readable e-invoice`,
          });
        }
      }
    },
  },
  {
    name: 'pdf-text',
    when: (ctx) => ctx.pdf != null && !structured(ctx),
    run: async (ctx) => {
      for (let p = 1; p <= ctx.pageCount; p++) {
        try {
          const page = await pdfPageText(ctx.pdf!, p);
          const chars = page.lines.reduce((s, l) => s + l.text.replace(/\s/g, '').length, 0);
          if (chars < 20) ctx.textPagesMissing.push(p);
          else ctx.pages.push(page);
        } catch (error) {
          warn(ctx)({ code: 'PAGE_UNREADABLE', message: `Page ${p}: ${(error as Error).message}` });
          ctx.textPagesMissing.push(p);
        }
      }
      if (ctx.textPagesMissing.length && !ctx.pages.length) ctx.kind = 'scanned_pdf';
    },
  },
  {
    name: 'image-decode',
    when: (ctx) => ctx.mediaType === 'image/png' || ctx.mediaType === 'image/jpeg',
    run: async (ctx) => {
      ctx.kind = 'image';
      ctx.pageCount = 1;
      const dims = imageDimensions(ctx.bytes, ctx.mediaType);
      if (!dims?.width || !dims.height)
        throw new ExtractError('IMAGE_MALFORMED', 'The image header is unreadable');
      if (dims.width * dims.height > ctx.options.maxPixels) {
        throw new ExtractError('TOO_MANY_PIXELS', `The image has ${dims.width}×${dims.height} pixels`, {
          ...dims,
        });
      }
      ctx.textPagesMissing.push(1);
      // Decoding is left to OCR when it is off (QR reads the original bytes).
      if (ctx.options.ocr) ctx.images.set(1, await prepareImageForOcr(ctx.bytes));
    },
  },
  {
    // A PDF whose text pages already give a whole invoice (number, date, and a total its amounts close)
    // does not OCR its picture pages: they are charts, terms or a scanned annex, and each costs
    // seconds. A reading that falls short of that OCRs them as before.
    name: 'text-suffices',
    when: (ctx) =>
      ctx.pdf != null &&
      ctx.pages.length > 0 &&
      ctx.textPagesMissing.length > 0 &&
      ctx.options.ocr &&
      !structured(ctx),
    run: async (ctx) => {
      const text = readFields(ctx);
      if (!wholeInvoice(text)) return;
      ctx.text = text;
      ctx.textPagesMissing = [];
    },
  },
  {
    name: 'render',
    when: (ctx) => ctx.pdf != null && ctx.textPagesMissing.length > 0 && ctx.options.ocr && !structured(ctx),
    run: async (ctx) => {
      planOcrPages(ctx);
      // Only the first page here; the others are rendered one by one just before their OCR, so a long
      // scan neither holds every page's pixels at once nor spends its time budget rendering.
      await renderMissing(ctx, ctx.textPagesMissing[0]!);
    },
  },
  {
    name: 'ocr',
    when: (ctx) => ctx.textPagesMissing.length > 0 && ctx.options.ocr && !structured(ctx),
    run: async (ctx) => {
      const unread: number[] = [];
      for (const p of ctx.textPagesMissing) {
        if (timeLeft(ctx) <= 0) {
          unread.push(p);
          continue;
        }
        if (ctx.pdf && !ctx.images.has(p)) {
          const t = performance.now();
          try {
            await renderMissing(ctx, p);
          } catch (error) {
            warn(ctx)({ code: 'PAGE_UNREADABLE', message: `Page ${p}: ${(error as Error).message}` });
          }
          ctx.timingsMs['render-pages'] = Math.round(
            (ctx.timingsMs['render-pages'] ?? 0) + performance.now() - t,
          );
        }
        const first = ctx.images.get(p);
        if (!first) continue;
        let image = first;
        try {
          const ocrOpts = (engines = ctx.options.ocrEngines) => ({
            engine: ctx.options.ocrEngine,
            engines,
            timeoutMs: timeLeft(ctx),
          });
          let best = await recognize(image, ocrOpts());
          // Quarter turns the upload was read at (the small-print re-read is turned the same way).
          let turn = 0;
          // Sideways or upside-down scan: few confident words, or words in tall boxes (sideways, so only
          // the quarter turns are tried). Orientation is settled once, with one engine alone (PP-OCR
          // unless only Tesseract is on); then both read the winner. A PDF's page is turned from its
          // rendering; unless it reads sideways, only upside down (a page fed to the scanner the wrong
          // way up), since a PDF's quarter turns show in its words' tall boxes.
          const isPdf = ctx.mediaType === 'application/pdf';
          const doubtful = (r: typeof best) =>
            readSideways(r.words, image) || r.words.length < 12 || r.meanConf < 0.55;
          // A page in doubt is read by PP-OCR on every line, as the turned readings it is compared with.
          if (doubtful(best) && ctx.options.ocrEngines === 'both') {
            const reuse = { reusePpOcr: best.ppocr, reuseTesseract: best.tesseract };
            best = await recognize(image, { ...ocrOpts('full'), ...reuse });
          }
          const sideways = readSideways(best.words, image);
          if (sideways || best.words.length < 12 || best.meanConf < 0.55) {
            const probe = ctx.options.ocrEngines === 'tesseract' ? 'tesseract' : 'ppocr';
            const score = (r: typeof best) => {
              const e = r.engines[probe];
              return e ? e.words * e.meanConf : 0;
            };
            let top = { angle: 0, score: score(best), image };
            for (const angle of sideways ? [90, 270] : isPdf ? [180] : [90, 180, 270]) {
              if (timeLeft(ctx) <= 2000) break;
              const rotated = await prepareImageForOcr(isPdf ? first.png : ctx.bytes, angle);
              const s = score(await recognize(rotated, ocrOpts(probe)));
              if (s > top.score * 1.5) top = { angle, score: s, image: rotated };
            }
            if (top.angle && timeLeft(ctx) > 1000) {
              best = await recognize(top.image, ocrOpts());
              image = top.image;
              turn = top.angle;
              ctx.images.set(p, image);
              ctx.turns.set(p, turn);
              warn(ctx)({ code: 'ROTATED', message: `Image read rotated by ${top.angle}°` });
            }
          }
          // Small print (words under ~15 px) read with low confidence: one more read at twice the size.
          const heights = best.words.map((w) => w.h * image.height).sort((a, b) => a - b);
          const medianPx = heights[Math.floor(heights.length / 2)] ?? 0;
          if (
            !isPdf &&
            heights.length >= 12 &&
            medianPx > 0 &&
            medianPx < 15 &&
            best.meanConf < 0.85 &&
            timeLeft(ctx) > 5000
          ) {
            const big = await prepareImageForOcr(ctx.bytes, turn, 2);
            if (big.width > image.width * 1.3) {
              // Only Tesseract gains from the enlargement; PP-OCR's first reading is fused again.
              const r = await recognize(big, { ...ocrOpts(), reusePpOcr: best.ppocr });
              if (r.meanConf >= best.meanConf) {
                best = r;
                ctx.images.set(p, big);
                image = big;
                warn(ctx)({
                  code: 'SMALL_PRINT',
                  message: `Small print (${Math.round(medianPx)} px) read enlarged`,
                });
              }
            }
          }
          for (const [name, report] of Object.entries(best.engines)) {
            if (report.error) {
              warn(ctx)({ code: 'OCR_ENGINE_FAILED', message: `${name} on page ${p}: ${report.error}` });
            }
          }
          const words = best.words.map((w) => ({ ...w, page: p }));
          ctx.pages.push({
            page: p,
            width: image.width,
            height: image.height,
            lines: wordsToLines(words, p, image.width / image.height),
            source: 'ocr',
          });
          if (best.meanConf < 0.6)
            warn(ctx)({ code: 'LOW_OCR_CONFIDENCE', message: `OCR confidence ${best.meanConf.toFixed(2)}` });
        } catch (error) {
          warn(ctx)({
            code: (error as Error).message === 'OCR_TIMEOUT' ? 'TIMEOUT' : 'OCR_FAILED',
            message: `OCR of page ${p} failed: ${(error as Error).message}`,
          });
        }
        // The pixels are no longer needed once read (QR decoding takes the PNG).
        const done = ctx.images.get(p);
        if (done && ctx.pdf) ctx.images.set(p, { png: done.png, width: done.width, height: done.height });
      }
      if (unread.length) {
        warn(ctx)({
          code: 'TIMEOUT',
          message: `Time limit reached before OCR finished: page${unread.length > 1 ? 's' : ''} ${unread.sort((a, b) => a - b).join(', ')} not read`,
        });
      }
      ctx.pages.sort((a, b) => a.page - b.page);
    },
  },
  {
    name: 'qr',
    when: (ctx) => ctx.options.qr !== 'never' && ctx.mediaType !== 'application/xml' && !structured(ctx),
    run: async (ctx) => {
      const text = ctx.pages.map(pageText).join('\n');
      const hinted = QR_HINT.test(text);
      for await (const s of qrSources(ctx, hinted)) {
        if (timeLeft(ctx) <= 0) break;
        for (const t of await readQrCodes(s.image).catch(() => [])) {
          const info = parseInvoiceQr(t, s.page);
          if (info.kind !== 'other' || !ctx.qr) ctx.qr = info;
          if (info.kind !== 'other') return;
        }
      }
      if (hinted && !ctx.qr && /veri\*?factu/i.test(text)) {
        warn(ctx)({
          code: 'QR_UNREADABLE',
          message: 'The document mentions VeriFactu but no QR code was decoded',
        });
      }
    },
  },
  {
    name: 'fields',
    when: (ctx) => !structured(ctx) && ctx.pages.length > 0,
    run: async (ctx) => {
      ctx.text ??= readFields(ctx);
      ctx.direction = ctx.text.direction;
      ctx.language = ctx.text.language;
      ctx.fields = ctx.text.fields;
    },
  },
  {
    name: 'checks',
    when: (ctx) => !structured(ctx),
    run: async (ctx) => {
      const w = warn(ctx);
      if (ctx.text) {
        checkBreakdownFirst(ctx);
        const doc = { creditNote: isCreditNote(ctx.text.fullText), text: ctx.text.fullText };
        reconcileAmounts(ctx.fields, ctx.text.amountCandidates, w, doc);
        preferRoundedTotal(ctx.fields, ctx.text.amountCandidates.total, w, ctx.text);
        breakdownFromLines(ctx.fields, ctx.text.amountCandidates.vat_total);
        // With a cash rounding printed there are two totals (before and after rounding): neither is verified.
        if (!ctx.text.rounding)
          checkPayment(ctx.fields, ctx.text.payment, ctx.text.amountCandidates.total, w);
        checkBreakdown(ctx.fields, w, doc);
        checkVatRates(ctx.fields, w, vatCountry(ctx.fields, ctx.language));
        checkLineItems(ctx.fields, w);
      }
      checkTaxIds(ctx.fields, w);
      if (ctx.qr && ctx.qr.kind !== 'other') applyQr(ctx.fields, ctx.qr, w);
      checkDates(ctx.fields, ctx.options.today, w);
      // What memory read stands over what the checks chose, verified only if the sums still close.
      if (ctx.text) reassertMemory(ctx.fields, ctx.text.remembered);
      if (!ctx.pages.length && !ctx.qr) {
        w({ code: 'NO_TEXT', message: 'No text could be read from the document' });
      }
    },
  },
  {
    // An e-invoice names seller and buyer outright: the known party is one of them, or neither.
    name: 'direction',
    when: (ctx) => ctx.options.party != null && structured(ctx),
    run: async (ctx) => {
      ctx.direction = directionFromFields(ctx.fields, ctx.options.party!);
    },
  },
  {
    name: 'llm',
    when: (ctx) => ctx.options.llm != null && !structured(ctx) && ctx.pages.length > 0 && timeLeft(ctx) > 0,
    run: async (ctx) => {
      await llmPass(ctx, warn(ctx));
    },
  },
];

/**
 * Text read across the grain: most words of three characters or more have boxes taller than wide, as
 * lines printed along the image's height do. An upright page has almost none (a word is wider than its
 * letters are tall), so a sideways photo that both engines still read with some confidence, reading each
 * line's crop turned, is caught here.
 */
export function readSideways(words: Word[], image: { width: number; height: number }): boolean {
  const long = words.filter((w) => w.text.trim().length >= 3);
  if (long.length < 4) return false;
  const tall = long.filter((w) => w.h * image.height > 1.5 * w.w * image.width);
  return tall.length > long.length / 2;
}

/**
 * Scanned pages read at most, per document: the first ones and the last. A longer scan is rarely one
 * invoice, and each page costs seconds of OCR.
 */
export const MAX_OCR_PAGES = 8;

/**
 * The scanned pages of a PDF to OCR, in the order they are read: the first page (number, date, parties),
 * the last (totals), then the ones between, so that when time runs short the pages that carry the most
 * fields are already read. Beyond MAX_OCR_PAGES, middle pages are left out and a warning names them.
 */
export function planOcrPages(ctx: Ctx): void {
  const missing = [...new Set(ctx.textPagesMissing)].sort((a, b) => a - b);
  if (missing.length <= 1) return;
  const last = missing[missing.length - 1]!;
  const keep = [missing[0]!, last, ...missing.slice(1, MAX_OCR_PAGES - 1)].filter(
    (p, i, a) => a.indexOf(p) === i,
  );
  const skipped = missing.filter((p) => !keep.includes(p));
  if (skipped.length) {
    warn(ctx)({
      code: 'PAGES_NOT_READ',
      message: `${missing.length} scanned pages: OCR reads at most ${MAX_OCR_PAGES} (the first ${MAX_OCR_PAGES - 1} and the last); pages ${skipped[0]}–${skipped[skipped.length - 1]} not read`,
    });
  }
  ctx.textPagesMissing = keep;
  // The time limit is one page's worth of OCR and more; each further page read gets a quarter of it again.
  ctx.deadline += (keep.length - 1) * Math.round(ctx.options.timeoutMs / 4);
}

const pageText = (page: PageText) => page.lines.map((l) => l.text).join('\n');

/** Words printed beside an invoice QR (VeriFactu's legend, TicketBAI) or naming one. */
const QR_HINT = /veri\*?factu|factura verificable|agencia tributaria|\bqr\b|ticketbai|tbai/i;

/**
 * The images a QR code is looked for in, one at a time: the upload itself, the pages already rendered for
 * OCR, or else, when the text names a QR (or `qr: 'always'`), the text pages that name it (the legend is
 * printed beside the code), or the first and the last page when none does. Each is rendered only when the
 * ones before held no invoice QR.
 */
async function* qrSources(
  ctx: Ctx,
  hinted: boolean,
): AsyncGenerator<{ page: number; image: Uint8Array | RenderedPixels }> {
  if (ctx.mediaType !== 'application/pdf') {
    yield { page: 1, image: ctx.bytes };
    return;
  }
  if (ctx.images.size) {
    for (const [page, img] of ctx.images) yield { page, image: img.png };
    return;
  }
  if (!ctx.pdf || (ctx.options.qr !== 'always' && !hinted)) return;
  const named = ctx.pages.filter((p) => QR_HINT.test(pageText(p))).map((p) => p.page);
  const pages = (named.length ? named : [1, ctx.pageCount]).filter((x, i, a) => a.indexOf(x) === i);
  for (const page of pages) yield { page, image: await renderPdfPixels(ctx.pdf, page, QR_DPI, 6_000_000) };
}

/** A VeriFactu code is 30–40 mm wide: about four pixels a module at this resolution. */
const QR_DPI = 150;

function readFields(ctx: Ctx): TextExtraction {
  const source = ctx.pages.every((p) => p.source === 'ocr') ? 'ocr' : 'text';
  return extractFromText(ctx.pages, source, {
    party: ctx.options.party,
    today: ctx.options.today,
    hints: ctx.options.hints,
    learn: ctx.options.learn,
  });
}

/**
 * A reading that stands alone: a number, an issue date, and a total that the amounts read beside it close
 * to the cent (what the checks step would verify). Tried on copies: the checks run again on what is kept.
 */
function wholeInvoice(text: TextExtraction): boolean {
  if (!text.fields.invoice_number || !text.fields.issue_date) return false;
  const fields = structuredClone(text.fields);
  const doc = { creditNote: isCreditNote(text.fullText), text: text.fullText };
  reconcileAmounts(fields, structuredClone(text.amountCandidates), () => {}, doc);
  return fields.total?.verified === true;
}

async function renderMissing(ctx: Ctx, p: number): Promise<void> {
  if (timeLeft(ctx) <= 0 || ctx.images.has(p)) return;
  // 200 dpi: small print on scans needs it; maxPixels bounds the canvas.
  const r = await renderPdfPage(ctx.pdf!, p, 200, Math.min(ctx.options.maxPixels, 12_000_000));
  ctx.images.set(p, { png: r.png, width: r.width, height: r.height, rgba: r.rgba });
}

/** Breakdown lines are read before reconciliation so their sums can serve as base/VAT candidates. */
function checkBreakdownFirst(ctx: Ctx): void {
  const ev = ctx.fields.vat_breakdown;
  if (!ev) return;
  ev.value = ev.value.filter((e) => Number(e.base) !== 0);
  if (!ev.value.length) delete ctx.fields.vat_breakdown;
}

export async function runSteps(ctx: Ctx): Promise<void> {
  try {
    for (const step of STEPS) {
      if (!step.when(ctx)) continue;
      const t = performance.now();
      try {
        await step.run(ctx);
      } catch (error) {
        if (error instanceof ExtractError) throw error;
        // A step that breaks on a poor document costs its evidence, never the document.
        warn(ctx)({ code: 'STEP_FAILED', message: `${step.name}: ${(error as Error)?.message ?? error}` });
      } finally {
        ctx.timingsMs[step.name] = Math.round((performance.now() - t) * 10) / 10;
      }
    }
  } finally {
    await ctx.pdf?.destroy().catch(() => {});
    ctx.pdf = null;
  }
}

import { type Ctx, newCtx, type ResolvedOptions } from './ctx.ts';
import { ExtractError } from './errors.ts';
import type { FieldMap } from './evidence.ts';
import { runSteps } from './pipeline.ts';
import { sniffMediaType } from './sniff.ts';
import {
  type Box,
  type ExtractionResult,
  ExtractionResultSchema,
  type ExtractOptions,
  type FieldValues,
} from './types.ts';

export const DEFAULT_OPTIONS: ResolvedOptions = {
  maxBytes: 25 * 1024 * 1024,
  maxPages: 20,
  maxPixels: 50_000_000,
  maxXmlBytes: 5 * 1024 * 1024,
  timeoutMs: 60_000,
  ignoreEmbeddedXml: false,
  ocr: true,
  ocrEngine: 'auto',
  ocrEngines: 'both',
  qr: 'auto',
  llm: null,
  today: '',
  party: null,
  hints: [],
  learn: [],
};

/**
 * Extracts invoice fields from a file (PDF, JPEG, PNG, or e-invoice XML).
 *
 * Order of evidence: embedded/uploaded e-invoice XML (exact), VeriFactu/TicketBAI QR, the PDF text layer,
 * OCR; then layout and language rules, then checks (check digits, arithmetic, QR = printed) that set
 * `confidence` and `verified` per field. A poor document resolves with warnings and low confidence.
 *
 * @throws {ExtractError} only for a rejected file: `EMPTY_FILE`, `FILE_TOO_LARGE`, `UNSUPPORTED_TYPE`,
 *   `PDF_ENCRYPTED`, `PDF_MALFORMED`, `TOO_MANY_PAGES`, `TOO_MANY_PIXELS`, `IMAGE_MALFORMED`,
 *   `XML_INVALID`, `XML_UNSUPPORTED`. All are `permanent` (retrying the same bytes cannot succeed).
 */
export async function extractDocument(
  input: { bytes: Uint8Array; filename?: string },
  options: ExtractOptions = {},
): Promise<ExtractionResult> {
  const started = performance.now();
  const opts: ResolvedOptions = {
    ...DEFAULT_OPTIONS,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    llm: options.llm ?? null,
    party: options.party ?? null,
    hints: options.hints ?? [],
    learn: options.learn ?? [],
    today: options.today ?? new Date().toISOString().slice(0, 10),
  };
  const { bytes } = input;
  if (!bytes || bytes.byteLength === 0) throw new ExtractError('EMPTY_FILE', 'The file is empty');
  if (bytes.byteLength > opts.maxBytes) {
    throw new ExtractError('FILE_TOO_LARGE', `The file is larger than ${opts.maxBytes} bytes`, {
      size: bytes.byteLength,
      limit: opts.maxBytes,
    });
  }
  const mediaType = sniffMediaType(bytes);
  if (!mediaType)
    throw new ExtractError('UNSUPPORTED_TYPE', 'Only PDF, JPEG, PNG and e-invoice XML are read');

  const ctx = newCtx({
    bytes,
    mediaType,
    options: opts,
    deadline: Date.now() + opts.timeoutMs,
    kind:
      mediaType === 'application/xml'
        ? 'einvoice_xml'
        : mediaType === 'application/pdf'
          ? 'digital_pdf'
          : 'image',
  });
  await runSteps(ctx);
  ctx.timingsMs.total = Math.round((performance.now() - started) * 10) / 10;
  return buildResult(ctx);
}

const KEY_FIELDS = ['invoice_number', 'issue_date', 'issuer_tax_id', 'total'] as const;

/**
 * A box on a page image read turned `turn` degrees clockwise, as a box on the page as uploaded (what the
 * review desk draws over): turned back by as much.
 */
export function turnBack(box: Box, turn: number): Box {
  const { page, x, y, w, h } = box;
  const edge = (n: number) => Math.round(n * 10000) / 10000; // boxes are given to 4 decimals
  if (turn === 90) return { page, x: y, y: edge(1 - x - w), w: h, h: w };
  if (turn === 180) return { page, x: edge(1 - x - w), y: edge(1 - y - h), w, h };
  if (turn === 270) return { page, x: edge(1 - y - h), y: x, w: h, h: w };
  return box;
}

function buildResult(ctx: Ctx): ExtractionResult {
  const fields: Record<string, unknown> = {};
  const confidence: Record<string, number> = {};
  const verified: Record<string, boolean> = {};
  const source: ExtractionResult['source'] = {};
  const boxes: ExtractionResult['boxes'] = {};
  for (const [name, ev] of Object.entries(ctx.fields as FieldMap)) {
    if (!ev) continue;
    fields[name] = ev.value;
    const c = Number.isFinite(ev.confidence) ? ev.confidence : 0;
    confidence[name] = Math.round(Math.max(0, Math.min(1, c)) * 1000) / 1000;
    verified[name] = ev.verified;
    source[name] = ev.source;
    if (ev.box && [ev.box.x, ev.box.y, ev.box.w, ev.box.h].every(Number.isFinite))
      boxes[name] = turnBack(ev.box, ctx.turns.get(ev.box.page) ?? 0);
  }
  const key = KEY_FIELDS.map((k) => confidence[k] ?? 0);
  const result = {
    schema: 'cuadra-extract/v1' as const,
    mediaType: ctx.mediaType,
    kind: ctx.kind,
    format: ctx.format,
    pages: ctx.pageCount,
    language: ctx.language,
    fields: fields as FieldValues,
    confidence,
    verified,
    source,
    boxes,
    overallConfidence: Math.round((key.reduce((a, b) => a + b, 0) / key.length) * 1000) / 1000,
    qr: ctx.qr,
    warnings: ctx.warnings,
    timingsMs: ctx.timingsMs,
    ...(ctx.invoices ? { invoices: ctx.invoices } : {}),
    direction: ctx.direction,
    ...(ctx.options.learn.length ? { learned: ctx.text?.learned ?? [] } : {}),
    ...(ctx.text && Object.keys(ctx.text.hintsUsed).length ? { hintsUsed: ctx.text.hintsUsed } : {}),
  };
  const parsed = ExtractionResultSchema.safeParse(result);
  if (parsed.success) return parsed.data;
  // Drop any field that failed validation rather than fail the document.
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'fields' && typeof issue.path[1] === 'string') {
      const name = issue.path[1];
      delete (result.fields as Record<string, unknown>)[name];
      delete confidence[name];
      delete verified[name];
      delete source[name];
      delete boxes[name];
      result.warnings.push({ code: 'FIELD_INVALID', message: issue.message, field: name });
    }
  }
  return ExtractionResultSchema.parse(result);
}

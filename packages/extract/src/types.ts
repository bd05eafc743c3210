import { z } from 'zod';
import type { MediaType } from './sniff.ts';

/**
 * Where a value came from. `computed` = derived arithmetically from other fields; `memory` = read at the
 * place a correction taught (`ExtractOptions.hints`), never verified by that alone.
 */
export const SourceSchema = z.enum(['xml', 'qr', 'text', 'ocr', 'llm', 'computed', 'memory']);
export type Source = z.infer<typeof SourceSchema>;

/** A region on a page; x, y, w, h are fractions (0–1) of the page width/height from the top-left corner. */
export const BoxSchema = z.object({
  page: z.number().int().min(1),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
});
export type Box = z.infer<typeof BoxSchema>;

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const VatBreakdownEntrySchema = z.object({
  rate: decimal,
  base: money,
  amount: money,
  category: z.string().optional(),
  /**
   * The tax this entry is for when it is not VAT (IVA): `IGIC`, `IPSI`, `IE` (impuestos especiales), … as
   * named by Facturae's tax type codes. Absent means VAT; such entries are summed in `other_taxes_total`,
   * never in `vat_total`.
   */
  tax_type: z.string().optional(),
  /** Recargo de equivalencia rate and amount for this VAT rate, when present. */
  surcharge_rate: decimal.optional(),
  surcharge_amount: money.optional(),
});
export type VatBreakdownEntry = z.infer<typeof VatBreakdownEntrySchema>;

export const LineItemSchema = z.object({
  description: z.string(),
  quantity: decimal.optional(),
  unit_price: decimal.optional(),
  line_total: money.optional(),
  vat_rate: decimal.optional(),
});
export type LineItem = z.infer<typeof LineItemSchema>;

export const TaxIdEntrySchema = z.object({ scheme: z.string(), id: z.string() });

/** Field values with the names of the benchmark truth schema (`invoice-bench-truth/v1`) plus a few extras. */
export const FieldValuesSchema = z.object({
  invoice_number: z.string().optional(),
  document_type_code: z.string().optional(),
  issue_date: isoDate.optional(),
  due_date: isoDate.optional(),
  issuer_name: z.string().optional(),
  issuer_tax_id: z.string().optional(),
  issuer_tax_ids: z.array(TaxIdEntrySchema).optional(),
  issuer_address: z.string().optional(),
  client_name: z.string().optional(),
  client_tax_id: z.string().optional(),
  client_tax_ids: z.array(TaxIdEntrySchema).optional(),
  client_address: z.string().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  tax_base: money.optional(),
  vat_total: money.optional(),
  /** IRPF (or other) withholding, as a positive amount that is subtracted from the total. */
  withholding_total: money.optional(),
  withholding_rate: decimal.optional(),
  /** Recargo de equivalencia total. */
  surcharge_total: money.optional(),
  /** Every output tax that is not VAT (IGIC, IPSI, special taxes…); the breakdown entries carry `tax_type`. */
  other_taxes_total: money.optional(),
  total: money.optional(),
  amount_due: money.optional(),
  iban: z.string().optional(),
  vat_breakdown: z.array(VatBreakdownEntrySchema).optional(),
  line_items: z.array(LineItemSchema).optional(),
});
export type FieldValues = z.infer<typeof FieldValuesSchema>;
export type FieldName = keyof FieldValues;

export const WarningSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ExtractWarning = z.infer<typeof WarningSchema>;

export const DocumentKindSchema = z.enum([
  'einvoice_xml',
  'einvoice_pdf',
  'digital_pdf',
  'scanned_pdf',
  'image',
]);
export type DocumentKind = z.infer<typeof DocumentKindSchema>;

export const QrInfoSchema = z.object({
  kind: z.enum(['verifactu', 'ticketbai', 'other']),
  text: z.string(),
  page: z.number().int(),
  values: z.record(z.string(), z.string()),
  matchesPrinted: z.boolean().nullable(),
});
export type QrInfo = z.infer<typeof QrInfoSchema>;

/** One invoice of a multi-invoice file, with the same per-field evidence as the top level. */
export const BatchInvoiceSchema = z.object({
  fields: FieldValuesSchema,
  confidence: z.record(z.string(), z.number().min(0).max(1)),
  verified: z.record(z.string(), z.boolean()),
  source: z.record(z.string(), SourceSchema),
  warnings: z.array(WarningSchema),
});
export type BatchInvoice = z.infer<typeof BatchInvoiceSchema>;

export const DirectionSchema = z.enum(['issued', 'received']);
export type Direction = z.infer<typeof DirectionSchema>;

/** A party the caller already knows (the accountant's client): its name and tax id, either may be missing. */
export type KnownParty = { name?: string; taxId?: string };

/** The fields a place can be learned for (`ExtractOptions.learn`, `ExtractOptions.hints`). */
export const PLACE_FIELDS = [
  'invoice_number',
  'issue_date',
  'due_date',
  'tax_base',
  'vat_total',
  'total',
  'amount_due',
  'issuer_name',
  'issuer_tax_id',
  'client_name',
  'client_tax_id',
] as const;
export type PlaceField = (typeof PLACE_FIELDS)[number];

/**
 * Where a supplier prints a field: the label's words (lower case, no accents, letters only) and the
 * value's place relative to them: `right` of the label on its line (after `offset` words), or `below` it
 * (the `offset`-th line under it with words in the value's column, `dx` from the label's left edge).
 * `page`, `x`, `y` are where the label was, to choose among several. `words`: how many words the value
 * took (names, numbers). With `supplier`, it applies only to documents of that issuer.
 */
export const PlaceHintSchema = z.object({
  id: z.string().max(100).optional(),
  field: z.enum(PLACE_FIELDS),
  label: z.string().min(2).max(120),
  relation: z.enum(['right', 'below']),
  offset: z.number().int().min(0).max(10),
  words: z.number().int().min(1).max(12),
  page: z.number().int().min(1),
  x: z.number(),
  y: z.number(),
  dx: z.number(),
  /** Amounts: the supplier prints this one with a sign the accountant does not read as a minus. */
  negate: z.boolean().optional(),
  supplier: z
    .object({ taxId: z.string().max(30).optional(), name: z.string().max(300).optional() })
    .optional(),
});
export type PlaceHint = z.infer<typeof PlaceHintSchema>;

export const ExtractionResultSchema = z.object({
  schema: z.literal('cuadra-extract/v1'),
  mediaType: z.enum(['application/pdf', 'image/jpeg', 'image/png', 'application/xml']),
  kind: DocumentKindSchema,
  /** The structured format the values came from, if any. */
  format: z.enum(['cii', 'ubl', 'facturae']).nullable(),
  pages: z.number().int().min(0),
  language: z.enum(['es', 'en', 'other']).nullable(),
  fields: FieldValuesSchema,
  confidence: z.record(z.string(), z.number().min(0).max(1)),
  verified: z.record(z.string(), z.boolean()),
  source: z.record(z.string(), SourceSchema),
  boxes: z.record(z.string(), BoxSchema),
  /** Mean confidence over the key fields (number, date, issuer tax id, total), 0 when they are missing. */
  overallConfidence: z.number().min(0).max(1),
  qr: QrInfoSchema.nullable(),
  warnings: z.array(WarningSchema),
  timingsMs: z.record(z.string(), z.number()),
  /**
   * Only for a file holding several invoices (a Facturae batch): every invoice in file order, the first
   * being the one the top-level fields describe.
   */
  invoices: z.array(BatchInvoiceSchema).optional(),
  /**
   * With a known party (`options.party`): `issued` when that party is the issuer, `received` when it is the
   * client; null when no party was given or it was not found on the document.
   */
  direction: DirectionSchema.nullable(),
  /** With `options.learn`: where each corrected value was found (fields not found are left out). */
  learned: z.array(PlaceHintSchema).optional(),
  /** With `options.hints`: the hint (its `id`) each field was read by, for the fields read from memory. */
  hintsUsed: z.record(z.string(), z.string()).optional(),
});
/** The validated output of `extractDocument`. Money is a 2-decimal string; dates are ISO `YYYY-MM-DD`. */
export type ExtractionResult = z.infer<typeof ExtractionResultSchema>;

/** Options for `extractDocument`. Every limit has a safe default. */
export type ExtractOptions = {
  /** Reject files larger than this (bytes). Default 25 MB. */
  maxBytes?: number;
  /** Reject PDFs with more pages. Default 20. */
  maxPages?: number;
  /** Reject images (and never render pages) above this many pixels. Default 50 megapixels. */
  maxPixels?: number;
  /** Reject XML larger than this (bytes). Default 5 MB. */
  maxXmlBytes?: number;
  /** Stop OCR/QR work after this many ms and return what was read (warning `TIMEOUT`). Default 60 s. */
  timeoutMs?: number;
  /** Skip embedded e-invoice XML in PDFs (to measure the visual path). Default false. */
  ignoreEmbeddedXml?: boolean;
  /** Disable OCR (text-less pages then yield a warning). Default false. */
  ocr?: boolean;
  /** OCR engine: 'auto' uses native `tesseract` if on PATH, else tesseract.js. Default 'auto'. */
  ocrEngine?: 'auto' | 'tesseract.js' | 'native';
  /**
   * OCR engines per page: Tesseract on the page and PP-OCR on the lines Tesseract is unsure of, fused
   * ('both', default); both on every line ('full'); or one alone.
   */
  ocrEngines?: 'both' | 'full' | 'tesseract' | 'ppocr';
  /** Look for a QR code (VeriFactu / TicketBAI). 'auto' renders PDF pages only when the text hints at one. */
  qr?: 'auto' | 'always' | 'never';
  /** Optional LLM pass through an OpenAI-compatible chat completions endpoint. */
  llm?: LlmOptions | null;
  /** Reference "today" for date plausibility (ISO date). Default: the current date. */
  today?: string;
  /**
   * The party the document belongs to (the accountant's client). Found on the page by tax id (else by
   * name), it takes its role from the page's structure, the other party the other role, and the result's
   * `direction` says which.
   */
  party?: KnownParty | null;
  /**
   * Places learned from the accountant's corrections of earlier documents (`learned` of a result): the
   * value printed at a hint's place wins over other candidates, with source `memory`. Hints naming a
   * supplier apply only when that supplier issued the document.
   */
  hints?: PlaceHint[];
  /** Corrected values to find on the page; the result's `learned` says where each one is printed. */
  learn?: { field: PlaceField; value: string }[];
};

export type LlmOptions = {
  /** Base URL, e.g. `http://127.0.0.1:8080/v1` (the engine appends `/chat/completions`). */
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
};

export type { MediaType };

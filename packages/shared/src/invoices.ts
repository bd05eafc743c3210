import { z } from 'zod';
import { PageQuerySchema } from './paging';

export const INVOICE_TYPES = ['issued', 'received'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/** Sortable columns of the client's invoice table (spec-2 §2.2); `date` is the default, newest first. */
export const INVOICE_SORTS = ['date', 'number', 'client', 'total', 'type'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

/**
 * The largest amount an invoice field holds, in cents (20 million euros; the columns are 32-bit). A value
 * read beyond it is OCR noise, kept out of the invoice for the reviewer to fill in.
 */
export const MAX_CENTS = 2_000_000_000;
const cents = z.number().int().min(-MAX_CENTS).max(MAX_CENTS);
/** A decimal such as `21`, `5.5` or `1.25` (rates, quantities). */
const decimal = z.string().regex(/^-?\d{1,9}(\.\d{1,6})?$/);
const isoDate = z.iso.date();
const text = (max: number) => z.string().trim().max(max);

export const VatLineSchema = z.object({
  rate: decimal,
  baseCents: cents.nullable(),
  vatCents: cents.nullable(),
  /** Recargo de equivalencia on this rate, when charged. */
  surchargeRate: decimal.optional(),
  surchargeCents: cents.nullable().optional(),
  /**
   * The tax when it is not VAT (`IGIC`, `IPSI`, `IE`… as the engine names Facturae's tax types); absent = VAT.
   * VAT figures (reports, forms) read only the entries without one.
   */
  taxType: z.string().trim().max(20).optional(),
});
export type VatLine = z.infer<typeof VatLineSchema>;

/** A breakdown entry for VAT (IVA): one without a tax type. IGIC, IPSI and special taxes stay out of VAT figures. */
export function isVatLine(line: { taxType?: string | null }): boolean {
  return !line.taxType || /^(?:IVA|VAT)$/i.test(line.taxType);
}

export const InvoiceItemSchema = z.object({
  description: text(500),
  quantity: decimal.nullable(),
  unitPriceCents: cents.nullable(),
  lineTotalCents: cents.nullable(),
  vatRate: decimal.nullable(),
  irpfRate: decimal.nullable(),
});
export type InvoiceItem = z.infer<typeof InvoiceItemSchema>;

/** Where the engine read a field: page and box as fractions of the page, for outlining it on the image. */
export const FieldEvidenceSchema = z.object({
  confidence: z.number().min(0).max(1),
  verified: z.boolean(),
  source: z.string().nullable(),
  box: z
    .object({ page: z.number().int(), x: z.number(), y: z.number(), w: z.number(), h: z.number() })
    .nullable(),
  /**
   * A value read where the accountant's correction of an earlier invoice from this supplier showed it is
   * printed (source `memory`): which learned place, and that invoice's number. Forget it with
   * `DELETE /invoices/{id}/learned/{field}`.
   */
  learnedFrom: z.object({ placeId: z.string(), invoiceNumber: z.string() }).optional(),
});
export type FieldEvidence = z.infer<typeof FieldEvidenceSchema>;
/** Below this confidence a field is highlighted for review. */
export const LOW_CONFIDENCE = 0.8;

/** The editable part of an invoice: what the review and edit screens send back. Money in integer cents. */
export const InvoiceFieldsSchema = z.object({
  type: z.enum(INVOICE_TYPES),
  number: text(100).min(1),
  issueDate: isoDate.nullable(),
  dueDate: isoDate.nullable(),
  issuerName: text(300).nullable(),
  issuerAddress: text(500).nullable(),
  issuerTaxId: text(30).nullable(),
  recipientName: text(300).nullable(),
  recipientAddress: text(500).nullable(),
  recipientTaxId: text(30).nullable(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  taxBaseCents: cents.nullable(),
  vatTotalCents: cents.nullable(),
  withholdingCents: cents.nullable(),
  withholdingRate: decimal.nullable(),
  surchargeCents: cents.nullable(),
  /** Output taxes other than VAT (IGIC, IPSI, special taxes); optional so older clients keep the stored value. */
  otherTaxesCents: cents.nullable().optional(),
  totalCents: cents.nullable(),
  vatBreakdown: z.array(VatLineSchema).max(20),
  items: z.array(InvoiceItemSchema).max(500),
});
export type InvoiceFields = z.infer<typeof InvoiceFieldsSchema>;

/** `PUT /api/v1/invoices/:id`: saving marks the invoice reviewed (`checked`). */
export const InvoiceUpdateSchema = InvoiceFieldsSchema.meta({ id: 'InvoiceUpdate' });

export const InvoiceSchema = InvoiceFieldsSchema.extend({
  id: z.string(),
  clientId: z.string(),
  /** Null until someone decides whether the client issued or received it. */
  type: z.enum(INVOICE_TYPES).nullable(),
  number: z.string().nullable(),
  checked: z.boolean(),
  evidence: z.record(z.string(), FieldEvidenceSchema),
  /** The original file, for the viewer (`GET /api/v1/invoices/:id/file`), when one was uploaded. */
  file: z
    .object({
      mediaType: z.string(),
      filename: z.string(),
      /** When the file is one invoice cut from a PDF that held several: its document and pages there. */
      split: z
        .object({ documentId: z.string(), pageFrom: z.number().int(), pageTo: z.number().int() })
        .optional(),
    })
    .nullable(),
  /** Warning codes the engine left on the source document (e.g. `MULTIPLE_INVOICES`), for the review screen. */
  extractionWarnings: z.array(z.string()),
  /** The day bank payments matched to it reached its total (issue 39); null while unpaid. */
  paidAt: z.string().nullable(),
  /** The bank movements matched to it, oldest first: one invoice may be paid in parts. */
  payments: z.array(
    z.object({
      movementId: z.string(),
      bookingDate: z.string(),
      /** In the movement's currency (`currency`). */
      amountCents: z.number().int(),
      currency: z.string(),
    }),
  ),
  /** Files read as possible duplicates of this invoice, for "keep both" or "discard" on its page too. */
  possibleDuplicates: z.array(
    z.object({ documentId: z.string(), filename: z.string(), createdAt: z.string() }),
  ),
  createdAt: z.string(),
}).meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof InvoiceSchema>;

/**
 * `GET /api/v1/invoices/:id/original`: an uploaded e-invoice XML (Facturae, UBL, CII) read afresh by the
 * extraction engine's XML readers, for the viewer to draw as a readable invoice. Every value is data, never
 * markup. A Facturae batch holds several invoices.
 */
export const OriginalInvoiceSchema = InvoiceFieldsSchema.omit({ type: true, number: true }).extend({
  number: z.string().nullable(),
});
export type OriginalInvoice = z.infer<typeof OriginalInvoiceSchema>;
export const EInvoiceViewSchema = z
  .object({ format: z.enum(['facturae', 'ubl', 'cii']), invoices: z.array(OriginalInvoiceSchema) })
  .meta({ id: 'EInvoiceView' });
export type EInvoiceView = z.infer<typeof EInvoiceViewSchema>;

export const InvoiceRowSchema = z.object({
  id: z.string(),
  type: z.enum(INVOICE_TYPES).nullable(),
  number: z.string().nullable(),
  issueDate: z.string().nullable(),
  /** The other party: the recipient of an issued invoice, the issuer of a received one. */
  counterpartyName: z.string().nullable(),
  totalCents: z.number().int().nullable(),
  currency: z.string(),
  checked: z.boolean(),
  hasFile: z.boolean(),
});
export type InvoiceRow = z.infer<typeof InvoiceRowSchema>;

export const InvoiceListSchema = z
  .object({
    invoices: z.array(InvoiceRowSchema),
    /** The page header's gross income in cents: `grossIncomeCents` of figures.ts (issued tax base). */
    grossIncomeCents: z.number().int(),
    needsReviewCount: z.number().int(),
    /**
     * Uploads the payer (the client's owner) can still pay for: balance minus credits held for documents in
     * flight. The spec's "monthly limit"; the upload panel shows only when it is above 0.
     */
    scansAvailable: z.number().int(),
    /** Pass as `cursor` for the next page (same sort, order and filters); null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'InvoiceList' });
export type InvoiceList = z.infer<typeof InvoiceListSchema>;

export const InvoiceListQuerySchema = z
  .object({
    sort: z.enum([...INVOICE_SORTS, 'date_invoice']).default('date'),
    order: z.enum(['asc', 'desc']).default('desc'),
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** Issuer, recipient, number or tax id; accents, case and tax-id separators ignored. */
    q: z.string().trim().max(100).optional(),
  })
  .extend(PageQuerySchema.shape);

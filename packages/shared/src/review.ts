import { z } from 'zod';
import { PAGE_SIZE, PAGE_SIZE_MAX } from './paging';

/** A document's place on the review desk; derived from the document's status and its invoice. */
export const REVIEW_STATES = ['processing', 'needs_review', 'reviewed', 'failed', 'duplicate'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Page size of the review queue: 50 unless asked, never more than 200. */
export const REVIEW_PAGE_SIZE = PAGE_SIZE;
export const REVIEW_PAGE_SIZE_MAX = PAGE_SIZE_MAX;

export const ReviewQueueQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(REVIEW_PAGE_SIZE_MAX).default(REVIEW_PAGE_SIZE),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  /** One state, or several separated by commas (the desk's to-do: `needs_review,duplicate`). */
  state: z
    .string()
    .max(100)
    .transform((value) => value.split(','))
    .pipe(z.array(z.enum(REVIEW_STATES)).min(1))
    .optional(),
  clientId: z.uuid().optional(),
  /** Issuer, recipient, number or tax id; accents, case and tax-id separators ignored. */
  q: z.string().trim().max(100).optional(),
});
export type ReviewQueueQuery = z.input<typeof ReviewQueueQuerySchema>;
export type ReviewQueueParams = z.output<typeof ReviewQueueQuerySchema>;

export const ReviewItemSchema = z
  .object({
    /** The document. */
    id: z.string(),
    invoiceId: z.string().nullable(),
    clientId: z.string(),
    clientName: z.string(),
    state: z.enum(REVIEW_STATES),
    fileName: z.string(),
    issuerName: z.string().nullable(),
    issueDate: z.string().nullable(),
    totalCents: z.number().int().nullable(),
    currency: z.string().nullable(),
    type: z.enum(['issued', 'received']).nullable(),
    /**
     * A possible duplicate (issue 36 item 3): the invoice it seems to repeat, its number and issuer, for
     * "possible duplicate of …"; the accountant keeps both or discards it.
     */
    duplicateOfInvoiceId: z.string().nullable(),
    duplicateOf: z.object({ number: z.string().nullable(), issuerName: z.string().nullable() }).nullable(),
    /** Fields the extraction read; of them, how many two sources agree on, and how many it was unsure of. */
    fieldCount: z.number().int(),
    verifiedCount: z.number().int(),
    lowConfidenceCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'ReviewItem' });
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

export const ReviewQueueSchema = z
  .object({ items: z.array(ReviewItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ReviewQueue' });
export type ReviewQueue = z.infer<typeof ReviewQueueSchema>;

/** `POST /api/v1/review-queue/accept`: accept, in one action, the documents whose fields are all verified. */
export const AcceptReviewRequestSchema = z
  .object({
    ids: z.array(z.uuid()).min(1).max(REVIEW_PAGE_SIZE_MAX),
    /**
     * The accountant confirmed, in a second explicit step, documents whose figures do not add up (issue 36
     * item 8); without it they are skipped and named in `figuresDisagree`.
     */
    confirmFigures: z.boolean().default(false),
  })
  .meta({ id: 'AcceptReviewRequest' });
export type AcceptReviewRequest = z.input<typeof AcceptReviewRequestSchema>;

export const AcceptReviewResultSchema = z
  .object({
    /** Documents whose invoice is now reviewed. */
    accepted: z.array(z.string()),
    /** Documents left for a person: a field not verified, no type, no invoice, or not the caller's. */
    skipped: z.array(z.string()),
    /** Of the skipped, those whose figures do not add up (base + taxes + surcharge − IRPF, VAT = base × rate). */
    figuresDisagree: z.array(z.string()),
  })
  .meta({ id: 'AcceptReviewResult' });
export type AcceptReviewResult = z.infer<typeof AcceptReviewResultSchema>;

/**
 * Fields the desk remembers per client and supplier (by tax id) after a correction. `vatRate`: the one VAT
 * rate the accountant set on a supplier's invoice, applied to the next one only where its amounts agree.
 */
export const MEMORY_FIELDS = ['issuerName', 'type', 'vatRate'] as const;
export type MemoryField = (typeof MEMORY_FIELDS)[number];

export const SupplierMemorySchema = z
  .object({
    supplierTaxId: z.string(),
    field: z.enum(MEMORY_FIELDS),
    value: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SupplierMemory' });
export type SupplierMemory = z.infer<typeof SupplierMemorySchema>;

export const SupplierMemoryListSchema = z
  .object({
    items: z.array(SupplierMemorySchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'SupplierMemoryList' });
export type SupplierMemoryList = z.infer<typeof SupplierMemoryListSchema>;

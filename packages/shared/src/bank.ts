import { z } from 'zod';

/**
 * Bank statements and their movements matched to invoices (issue 39). Amounts in integer cents; a movement's
 * amount is signed as the bank books it: positive a credit (money in), negative a charge (money out).
 */

export const STATEMENT_FORMATS = ['norma43', 'camt053', 'camt054', 'csv', 'xlsx'] as const;
export const StatementFormatSchema = z.enum(STATEMENT_FORMATS);
export type StatementFormat = z.infer<typeof StatementFormatSchema>;

/** `proposed`: a likely invoice is suggested and waits for the accountant; `matched`: applied. */
export const MOVEMENT_STATUSES = ['unmatched', 'proposed', 'matched', 'ignored'] as const;
export const MovementStatusSchema = z.enum(MOVEMENT_STATUSES);
export type MovementStatus = z.infer<typeof MovementStatusSchema>;

/** Why an invoice is proposed for a movement; the UI translates each. */
export const MATCH_REASONS = [
  'amount_exact',
  'amount_grouped',
  'amount_partial',
  'amount_converted',
  'number_in_concept',
  'iban_known',
  'name_similar',
  'date_near',
  'date_late',
  /** The client sent this invoice for this movement, asked by a request for missing documents. */
  'requested',
] as const;
export const MatchReasonSchema = z.enum(MATCH_REASONS);
export type MatchReason = z.infer<typeof MatchReasonSchema>;

export const IGNORE_REASONS = ['fee', 'tax', 'payroll', 'own_transfer', 'other'] as const;
export const IgnoreReasonSchema = z.enum(IGNORE_REASONS);
export type IgnoreReason = z.infer<typeof IgnoreReasonSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const BankStatementSchema = z.object({
  id: z.string(),
  iban: z.string(),
  format: StatementFormatSchema,
  fileName: z.string(),
  periodFrom: isoDate,
  periodTo: isoDate,
  currency: z.string(),
  openingCents: z.number().int(),
  closingCents: z.number().int(),
  movementCount: z.number().int(),
  /** Movements this file added; the rest were already known from an overlapping statement. */
  newMovementCount: z.number().int(),
  createdAt: z.string(),
});
export type BankStatement = z.infer<typeof BankStatementSchema>;

export const MatchedInvoiceSchema = z.object({
  invoiceId: z.string(),
  number: z.string().nullable(),
  counterparty: z.string().nullable(),
  issueDate: z.string().nullable(),
  totalCents: z.number().int().nullable(),
  currency: z.string(),
  /** The part of the movement that pays this invoice. */
  amountCents: z.number().int(),
});
export type MatchedInvoice = z.infer<typeof MatchedInvoiceSchema>;

export const BankMovementSchema = z.object({
  id: z.string(),
  statementId: z.string(),
  iban: z.string(),
  bookingDate: isoDate,
  valueDate: isoDate.nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  concept: z.string(),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  reference: z.string().nullable(),
  /** Line of the imported file where the movement starts. */
  sourceLine: z.number().int(),
  status: MovementStatusSchema,
  /** `auto`: applied by the matcher (undoable); `user`: by the accountant. */
  matchedBy: z.enum(['auto', 'user']).nullable(),
  ignoreReason: IgnoreReasonSchema.nullable(),
  /** 0–100 for a proposal or a match; null otherwise. */
  score: z.number().int().nullable(),
  reasons: z.array(MatchReasonSchema),
  /** The matched invoices, or the proposed ones while `proposed`. */
  invoices: z.array(MatchedInvoiceSchema),
});
export type BankMovement = z.infer<typeof BankMovementSchema>;

/** Movements a page holds at most; past it the list goes on with `offset` = the `nextOffset` given. */
export const MOVEMENT_PAGE_MAX = 500;

export const MovementQuerySchema = z.object({
  status: MovementStatusSchema.optional(),
  statementId: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(MOVEMENT_PAGE_MAX).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});
export type MovementQuery = z.infer<typeof MovementQuerySchema>;

export const MovementTotalsSchema = z.object({
  count: z.number().int(),
  byStatus: z.record(MovementStatusSchema, z.number().int()),
  creditsCents: z.number().int(),
  debitsCents: z.number().int(),
});
export type MovementTotals = z.infer<typeof MovementTotalsSchema>;

export const MovementListSchema = z.object({
  movements: z.array(BankMovementSchema),
  /** Where the next page starts (`offset`); null on the last page. */
  nextOffset: z.number().int().nullable(),
  /** Over the whole client (or statement), whatever the status filter. */
  totals: MovementTotalsSchema,
});
export type MovementList = z.infer<typeof MovementListSchema>;

export const StatementListSchema = z.object({ statements: z.array(BankStatementSchema) });
export type StatementList = z.infer<typeof StatementListSchema>;

export const ImportResultSchema = z.object({
  statements: z.array(BankStatementSchema),
  imported: z.number().int(),
  duplicates: z.number().int(),
  matched: z.number().int(),
  proposed: z.number().int(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** Match a movement: the given invoices, or (none given) the standing proposal. */
export const MatchBodySchema = z.object({
  invoiceIds: z.array(z.string().uuid()).min(1).max(20).optional(),
});
export type MatchBody = z.infer<typeof MatchBodySchema>;

/** `remember`: also save a rule that sets aside, from now on, the movements whose concept reads the same. */
export const IgnoreBodySchema = z.object({
  reason: IgnoreReasonSchema.default('other'),
  remember: z.boolean().default(false),
});

export const BankRuleSchema = z.object({
  id: z.string(),
  /** Words the movement's concept must contain (accents, case and figures dropped). */
  pattern: z.string(),
  direction: z.enum(['debit', 'credit']),
  reason: IgnoreReasonSchema,
  createdAt: z.string(),
});
export type BankRule = z.infer<typeof BankRuleSchema>;
export const RuleListSchema = z.object({ rules: z.array(BankRuleSchema) });
export type RuleList = z.infer<typeof RuleListSchema>;

/** How long the link of a request for missing documents works (docs/decisions/0021). */
export const BANK_REQUEST_TTL_DAYS = 14;

/** Ask the client for the documents of the unmatched movements of a period, above a threshold. */
export const BankRequestBodySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Movements below this many cents (either way) are not asked for. */
  thresholdCents: z.number().int().min(0).max(100_000_000).default(0),
  /** Remind the client every so many days while lines wait, until the link expires; 0: never. */
  remindEveryDays: z.number().int().min(0).max(BANK_REQUEST_TTL_DAYS).default(0),
});
export type BankRequestBody = z.infer<typeof BankRequestBodySchema>;

export const RequestedLineSchema = z.object({
  id: z.string(),
  bookingDate: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  concept: z.string(),
  counterpartyName: z.string().nullable(),
  /** The client dropped a file for it. */
  uploaded: z.boolean(),
});
export type RequestedLine = z.infer<typeof RequestedLineSchema>;

export const BankRequestSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lines: z.array(RequestedLineSchema),
});
export type BankRequest = z.infer<typeof BankRequestSchema>;

/** The Bank tab's line: "N movements, M matched, K requested D days ago". */
export const BankRequestSummarySchema = z.object({
  movements: z.number().int(),
  matched: z.number().int(),
  /** Movements asked for and not answered yet (no file dropped). */
  requested: z.number().int(),
  lastRequestedAt: z.string().nullable(),
  /** Whom the request would be sent to; null when the client has no email (not linked, not invited). */
  email: z.string().nullable(),
});
export type BankRequestSummary = z.infer<typeof BankRequestSummarySchema>;

/** What the drop page shows to the client holding the link. */
export const PublicBankRequestSchema = z.object({
  clientName: z.string(),
  accountantName: z.string(),
  locale: z.enum(['en', 'es']),
  expiresAt: z.string(),
  lines: z.array(RequestedLineSchema),
});
export type PublicBankRequest = z.infer<typeof PublicBankRequestSchema>;

/**
 * Aging of what is still owed (issue 39 item 5): days past the due date (the issue date without one),
 * counted from the day asked for; an invoice not due yet is 0 days old.
 */
export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export const AgingBucketSchema = z.enum(AGING_BUCKETS);
export type AgingBucket = z.infer<typeof AgingBucketSchema>;

/** The bucket of an age in days: 0–30, 31–60, 61–90, more than 90. */
export function agingBucketOf(days: number): AgingBucket {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

export const PendingQuerySchema = z.object({
  /** The day the ages are counted to; today in Spain when not given. */
  asOf: isoDate.optional(),
  /** `issued`: what the client's customers still owe; `received`: what the client still owes. */
  type: z.enum(['issued', 'received']).optional(),
});
export type PendingQuery = z.infer<typeof PendingQuerySchema>;

export const PendingInvoiceSchema = z.object({
  invoiceId: z.string(),
  type: z.enum(['issued', 'received']),
  number: z.string().nullable(),
  counterparty: z.string().nullable(),
  issueDate: isoDate,
  dueDate: isoDate.nullable(),
  currency: z.string(),
  totalCents: z.number().int(),
  /** Paid so far by matched bank movements, in the invoice's currency. */
  paidCents: z.number().int(),
  /** Still owed, in the invoice's currency. */
  pendingCents: z.number().int(),
  /** Still owed in euros at the ECB rate of the invoice date; null when no rate is known (then never summed). */
  pendingEurCents: z.number().int().nullable(),
  /** The ECB rate used (units per euro); null for euros or when none is known. */
  rate: z.string().nullable(),
  /** Days past the due date (issue date without one); negative while not due yet. */
  days: z.number().int(),
  bucket: AgingBucketSchema,
  reviewed: z.boolean(),
});
export type PendingInvoice = z.infer<typeof PendingInvoiceSchema>;

const BucketTotalsSchema = z.record(AgingBucketSchema, z.number().int());
export const PendingListSchema = z.object({
  asOf: isoDate,
  invoices: z.array(PendingInvoiceSchema),
  /** Euro cents per bucket, for each side; invoices without an ECB rate are left out (see `noRateCount`). */
  totals: z.object({ issued: BucketTotalsSchema, received: BucketTotalsSchema }),
  noRateCount: z.number().int(),
});
export type PendingList = z.infer<typeof PendingListSchema>;

/**
 * The columns of a CSV or XLSX export, as the accountant confirms them once per bank (issue 39 item 1): the
 * 0-based index of each; a date, a concept and an amount (or a charge and a credit column) are needed.
 */
export const CSV_COLUMNS = [
  'date',
  'valueDate',
  'concept',
  'amount',
  'debit',
  'credit',
  'balance',
  'reference',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
const columnIndex = z.number().int().min(0).max(200);
export const CsvColumnsSchema = z
  .object({
    date: columnIndex,
    valueDate: columnIndex.optional(),
    concept: columnIndex,
    amount: columnIndex.optional(),
    debit: columnIndex.optional(),
    credit: columnIndex.optional(),
    balance: columnIndex.optional(),
    reference: columnIndex.optional(),
  })
  .refine((c) => c.amount !== undefined || (c.debit !== undefined && c.credit !== undefined), {
    message: 'an amount column, or a charge and a credit column',
  });
export type CsvColumns = z.infer<typeof CsvColumnsSchema>;

/** Sent back with the file: the header row the proposal named (`line`, 1-based) and the columns confirmed. */
export const CsvMappingSchema = z.object({
  line: z.number().int().min(1).max(1000),
  columns: CsvColumnsSchema,
});
export type CsvMapping = z.infer<typeof CsvMappingSchema>;

/** `details` of STATEMENT_MAPPING_REQUIRED: the header row, a guess at the columns and a few rows to judge by. */
export type MappingProposal = {
  line: number;
  headers: string[];
  proposal: Partial<Record<CsvColumn, number>>;
  sample: string[][];
};

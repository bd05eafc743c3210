import { z } from 'zod';
import { LegalFormSchema } from './forms';

/** spec-2 §5 and §9: a report covers at most 2 years. */
export const REPORT_MAX_RANGE_DAYS = 730;
/** spec-2 §4 "Report type label": 95 days or fewer is quarterly, 350 or more annual, anything else custom. */
export const REPORT_QUARTERLY_MAX_DAYS = 95;
export const REPORT_ANNUAL_MIN_DAYS = 350;

export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_KINDS = ['quarterly', 'annual', 'custom'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Why a range is not valid; each is an error code with the spec's message (see errors.ts). */
export type ReportRangeProblem =
  | 'REPORT_DATES_REQUIRED'
  | 'REPORT_START_AFTER_END'
  | 'REPORT_RANGE_TOO_LONG'
  | 'REPORT_END_IN_FUTURE';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A calendar date (YYYY-MM-DD) as a day number, or null when it is not a real date. */
export function dayNumber(date: string): number | null {
  if (!ISO_DATE.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return null;
  return Math.round(ms / DAY_MS);
}

/** Days from `from` to `to` (0 when they are the same day). */
export function rangeDays(from: string, to: string): number {
  return (dayNumber(to) ?? 0) - (dayNumber(from) ?? 0);
}

/**
 * The first problem with a report range, or null when it is valid: both dates set, the start not after
 * the end (one day is a valid range), at most 730 days apart, and the end not after `today`.
 * Used by the form (to disable the button and say why) and by the server alike.
 */
export function checkReportRange(
  from: string | null | undefined,
  to: string | null | undefined,
  today: string,
): ReportRangeProblem | null {
  const start = from ? dayNumber(from) : null;
  const end = to ? dayNumber(to) : null;
  if (start === null || end === null) return 'REPORT_DATES_REQUIRED';
  if (start > end) return 'REPORT_START_AFTER_END';
  if (end - start > REPORT_MAX_RANGE_DAYS) return 'REPORT_RANGE_TOO_LONG';
  const now = dayNumber(today);
  if (now !== null && end > now) return 'REPORT_END_IN_FUTURE';
  return null;
}

/** Whole calendar periods, as the report dialog's shortcuts pick them. */
export const REPORT_PERIODS = ['annual', 'quarterly'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

const QUARTER_ENDS: Record<string, string> = { '01': '03-31', '04': '06-30', '07': '09-30', '10': '12-31' };

/**
 * The calendar periods `from` to `to` covers whole: a year from 1 January, a quarter from its first day,
 * to their last day or to `today` while the period is still running (the end is capped at today).
 */
function wholePeriods(from: string, to: string, today: string): ReportPeriod[] {
  const [year, month, day] = from.split('-');
  const quarterEnd = QUARTER_ENDS[month ?? ''];
  if (day !== '01' || quarterEnd === undefined) return [];
  const covers = (end: string) => to === end || (to === today && end > today);
  const periods: ReportPeriod[] = [];
  if (month === '01' && covers(`${year}-12-31`)) periods.push('annual');
  if (covers(`${year}-${quarterEnd}`)) periods.push('quarterly');
  return periods;
}

/**
 * The spec's label rule, on the number of days between the two dates, except that a whole calendar year
 * or quarter is annual or quarterly even when its end is capped at `today`: "Año 2026" picked in November
 * is the annual report, not 327 days of custom. In the first quarter, 1 January to today is both the year
 * so far and the quarter so far; `period` (which shortcut was picked) decides, else the day rule does.
 */
export function reportKind(
  from: string,
  to: string,
  context?: { today: string; period?: ReportPeriod },
): ReportKind {
  if (context) {
    const periods = wholePeriods(from, to, context.today);
    if (context.period && periods.includes(context.period)) return context.period;
    if (periods.length === 1) return periods[0] as ReportPeriod;
  }
  const days = rangeDays(from, to);
  if (days <= REPORT_QUARTERLY_MAX_DAYS) return 'quarterly';
  if (days >= REPORT_ANNUAL_MIN_DAYS) return 'annual';
  return 'custom';
}

/** Today's date in Spain, where the invoices are dated: the server's notion of "today" for the range. */
export function todayInSpain(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}

/** `POST /api/v1/clients/:id/reports`. Dates are checked by `checkReportRange` for the spec's messages. */
export const ReportRequestSchema = z
  .object({
    from: z.string().max(10).optional(),
    to: z.string().max(10).optional(),
    format: z.enum(REPORT_FORMATS).default('xlsx'),
    /** The shortcut that picked the range, if any: names the report when the range is that whole period. */
    period: z.enum(REPORT_PERIODS).optional(),
  })
  .meta({ id: 'ReportRequest' });
export type ReportRequest = z.input<typeof ReportRequestSchema>;

export const ReportLinkSchema = z
  .object({
    /** Relative URL; fetch it with the same Bearer token before `expiresAt`. */
    downloadUrl: z.string(),
    kind: z.enum(REPORT_KINDS),
    filename: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'ReportLink' });
export type ReportLink = z.infer<typeof ReportLinkSchema>;

const cents = z.number().int();

export const VatRateLineSchema = z.object({
  rate: z.string(),
  baseCents: cents,
  vatCents: cents,
  surchargeCents: cents,
});
export type VatRateLine = z.infer<typeof VatRateLineSchema>;

export const Modelo303QuarterSchema = z.object({
  quarter: z.number().int().min(1).max(4),
  charged: z.array(VatRateLineSchema),
  chargedTotalCents: cents,
  deductible: z.array(VatRateLineSchema),
  deductibleTotalCents: cents,
  /** Charged minus deductible for the quarter alone. */
  regimeResultCents: cents,
  /** Negative results of earlier quarters of the year applied against this one (compensation). */
  compensationAppliedCents: cents,
  toPayCents: cents,
  /** Left to compensate in later quarters (in Q4: to refund or carry into next year). */
  carryForwardCents: cents,
});

export const Modelo130QuarterSchema = z.object({
  quarter: z.number().int().min(1).max(4),
  /** Box 01: income since 1 January. */
  incomeCents: cents,
  /** Box 02: expenses since 1 January. */
  expensesCents: cents,
  /** Box 03. */
  netYieldCents: cents,
  /** Box 04: 20 % of box 03 when positive. */
  twentyPercentCents: cents,
  /** Box 05: positive results of earlier quarters of the year. */
  earlierPaymentsCents: cents,
  /** Box 06: withholdings borne since 1 January. */
  withholdingsCents: cents,
  /** Box 07 (= 12): box 04 − 05 − 06, may be negative. */
  resultCents: cents,
  /** Box 13 applied this quarter (art. 110.3.c RIRPF). */
  reductionCents: cents,
  /** What to pay: never below zero. */
  toPayCents: cents,
});

export const FiscalSummarySchema = z
  .object({
    clientId: z.string(),
    year: z.number().int(),
    includeUnreviewed: z.boolean(),
    invoiceCount: z.number().int(),
    unreviewedCount: z.number().int(),
    /** Invoices without a type or date that no figure can count. */
    unusableCount: z.number().int(),
    /** The client's legal form (its tax profile): companies never file Modelo 130 nor pay IRPF. */
    legalForm: LegalFormSchema,
    modelo303: z.array(Modelo303QuarterSchema),
    /** Empty for a company: its instalments are Modelo 202 (the forms), not 130. */
    modelo130: z.array(Modelo130QuarterSchema),
    priorYear: z.object({
      year: z.number().int(),
      invoiceCount: z.number().int(),
      netYieldCents: cents,
      incomeCents: cents,
      incomeWithWithholdingCents: cents,
      /** Box 13 per quarter, 0 when not applicable or unknown. */
      reductionPerQuarterCents: cents,
      /** At least 70 % of the prior year's income bore withholding: Modelo 130 need not be filed. */
      filingNotRequired: z.boolean(),
    }),
    annual: z
      .object({
        incomeCents: cents,
        expensesCents: cents,
        taxableBaseCents: cents,
        withholdingsCents: cents,
        estimatedTaxCents: cents,
        stateTaxCents: cents,
        regionalTaxCents: cents,
        fractionalPaymentsCents: cents,
        /** Estimated tax − withholdings − fractional payments: positive to pay, negative to refund. */
        differentialCents: cents,
        bracket: z.object({ fromCents: cents, toCents: cents.nullable(), rateBasisPoints: z.number().int() }),
        /** A quarter of what the estimated tax leaves after withholdings: what to set aside each quarter. */
        quarterlyPaymentCents: cents,
        scaleYear: z.number().int(),
        region: z.string(),
        personalMinimumCents: cents,
      })
      /** The IRPF estimate of an individual; null for a company, which pays corporate tax. */
      .nullable(),
  })
  .meta({ id: 'FiscalSummary' });
export type FiscalSummary = z.infer<typeof FiscalSummarySchema>;
export type Modelo303Quarter = z.infer<typeof Modelo303QuarterSchema>;
export type Modelo130Quarter = z.infer<typeof Modelo130QuarterSchema>;

export const FiscalSummaryQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  includeUnreviewed: z.enum(['true', 'false']).default('false'),
});
